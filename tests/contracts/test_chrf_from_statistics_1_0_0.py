"""chrf-from-statistics@1.0.0: the statistics of any split of a test set give bit for bit the
chrf of the chrF tools on the whole, with every option, and every bad part is refused where it
is wrong."""

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import execute, jsonio
from mtcompute.contracts.chrf_from_statistics_1_0_0 import LIMITS, PARSER
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.errors import InputError, Violation
from tests.contracts.refusals import assert_pointers_name_places, assert_refused, refused_case

Input = dict[str, Any]
Make = Callable[[], object]


def part(orders: int = 6, h: int = 5, r: int = 4, m: int = 3) -> Input:
    return {"hypothesis": [h] * orders, "reference": [r] * orders, "matches": [m] * orders}


def body(*parts: object, **options: object) -> Input:
    return {"parts": list(parts), **options}


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


AT_THE_LIMIT = [
    pytest.param(lambda: body(*[part()] * 1000), id="1000 parts pass"),
    pytest.param(lambda: body(part(12), char_order=10, word_order=2), id="12 orders pass"),
    pytest.param(lambda: body(part(1), char_order=1), id="1 order passes"),
    pytest.param(lambda: body(part(8), word_order=2), id="chrF++ statistics pass"),
    pytest.param(lambda: body(part(6, 0, 0, 0)), id="an empty part passes"),
    pytest.param(lambda: body(part(6, MAX_COUNT, MAX_COUNT, MAX_COUNT)), id="2^53-1 passes"),
    pytest.param(lambda: body(part(), beta=10, eps_smoothing=True, decimals=15), id="options"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(make: Make) -> None:
    assert PARSER.parse(make()).parts


ONE_OVER = [
    refused_case(body, [("too_few_items", "/parts")], ("expected a non-empty array",), "none"),
    refused_case(
        lambda: body(*[part()] * 1001),
        [("too_many_items", "/parts")],
        ("expected at most 1000 items", "got an array of 1001 items"),
        "1001 parts",
    ),
    refused_case(
        lambda: body(part(8)),
        [
            ("order_count_mismatch", "/parts/0/hypothesis"),
            ("order_count_mismatch", "/parts/0/reference"),
            ("order_count_mismatch", "/parts/0/matches"),
        ],
        ("expected 6 counts, one per order (char_order + word_order)", "got 8"),
        "chrF++ statistics without word_order",
    ),
    refused_case(
        lambda: body(part(), {**part(), "matches": [1] * 5}),
        [("order_count_mismatch", "/parts/1/matches")],
        ("expected 6 counts", "got 5 at /parts/1/matches"),
        "one array short",
    ),
    refused_case(
        lambda: body(part(6, 2, 9, 3)),
        [("matches_above_count", f"/parts/0/matches/{n}") for n in range(6)],
        ("expected at most 2, the part's hypothesis[0]", "got 3 at /parts/0/matches/0"),
        "matches above the hypothesis n-grams",
    ),
    refused_case(
        lambda: body(part(6, 9, 2, 3)),
        [("matches_above_count", f"/parts/0/matches/{n}") for n in range(6)],
        ("expected at most 2, the part's reference[0]",),
        "matches above the reference n-grams",
    ),
    refused_case(
        lambda: body(part(13), char_order=11, word_order=2),
        [
            ("too_many_items", "/parts/0/hypothesis"),
            ("too_many_items", "/parts/0/reference"),
            ("too_many_items", "/parts/0/matches"),
            ("above_maximum", "/char_order"),
        ],
        ("expected at most 12 items",),
        "13 orders",
    ),
    refused_case(
        lambda: body(part(), word_order=3, beta=0, eps_smoothing="yes"),
        [
            ("above_maximum", "/word_order"),
            ("below_minimum", "/beta"),
            ("type", "/eps_smoothing"),
        ],
        ("expected an integer of at most 2", "got 3 at /word_order"),
        "options out of range",
    ),
    refused_case(
        lambda: body({**part(), "chrf": 0.5}),
        [("unknown_property", "/parts/0/chrf")],
        ("got the unknown property 'chrf' at /parts/0",),
        "a segment result as a part",
    ),
    refused_case(
        lambda: body(part(), include_whitespace=True),
        [("unknown_property", "/include_whitespace")],
        ("got the unknown property 'include_whitespace' at the top level",),
        "include_whitespace, which does not change how statistics score",
    ),
    refused_case(
        lambda: body({"hypothesis": [1.5] * 6, "reference": [-1] * 6}),
        [
            *[("type", f"/parts/0/hypothesis/{n}") for n in range(6)],
            *[("below_minimum", f"/parts/0/reference/{n}") for n in range(6)],
            ("required", "/parts/0/matches"),
        ],
        ("expected an integer", "got the number 1.5"),
        "bad counts and a missing array",
    ),
]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_rule_is_refused_with_code_and_pointer(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    assert_refused(input_errors(make()), expected, says, any_order=True)


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_every_pointer_names_a_place_in_the_input(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    assert_pointers_name_places(raw, input_errors(raw))


def test_the_limits_are_the_pages() -> None:
    assert LIMITS.to_json() == {"max_parts": 1000}


TEXTS = st.text(alphabet="ab c.!\u00e9", max_size=12)
SEGMENT = st.tuples(TEXTS, st.lists(TEXTS, min_size=1, max_size=3))


OPTIONS = st.tuples(st.sampled_from([0, 1, 2]), st.integers(1, 7), st.integers(1, 3), st.booleans())


@settings(max_examples=150, deadline=None)
@given(
    st.lists(SEGMENT, min_size=1, max_size=10),
    st.lists(st.integers(1, 9), max_size=3),
    OPTIONS,
    st.sampled_from([None, 3]),
)
def test_the_statistics_of_any_split_score_bit_for_bit_as_the_whole(
    segments: list[tuple[str, list[str]]],
    cuts: list[int],
    chosen: tuple[int, int, int, bool],
    decimals: int | None,
) -> None:
    word_order, char_order, beta, eps_smoothing = chosen
    tool = "chrf-plus-plus-compute" if word_order else "chrf-compute"
    words: Input = {"word_order": word_order, "return_words": False} if word_order else {}
    options: Input = {"char_order": char_order, "beta": beta, "eps_smoothing": eps_smoothing}
    rounding: Input = {} if decimals is None else {"decimals": decimals}
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]

    def scored(a: int, b: int, **extra: Any) -> Input:
        texts = {"hypotheses": hypotheses[a:b], "references": references[a:b]}
        return execute(tool, "1.0.0", {**texts, **options, **words, **extra})

    whole = scored(0, len(segments), **rounding)
    bounds = sorted({0, len(segments), *(cut for cut in cuts if cut < len(segments))})
    parts = [scored(a, b)["statistics"] for a, b in itertools.pairwise(bounds)]
    combined = execute(
        "chrf-from-statistics",
        "1.0.0",
        {"parts": parts, **options, "word_order": word_order, **rounding},
    )
    assert jsonio.dumps(combined["chrf"]) == jsonio.dumps(whole["chrf"])
    assert combined["statistics"] == whole["statistics"]
    assert (combined["word_order"], combined["beta"]) == (word_order, beta)
