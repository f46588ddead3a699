"""bleu-corpus-from-statistics@1.0.0: the statistics of any split of a test set score bit for bit
as bleu-corpus-compute scores the whole, and every bad part is refused where it is wrong."""

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import execute, jsonio
from mtcompute.contracts.bleu_corpus_from_statistics_1_0_0 import LIMITS, PARSER, parser
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.errors import InputError, Violation
from tests.contracts.refusals import assert_pointers_name_places, assert_refused, refused_case

Input = dict[str, Any]
Make = Callable[[], object]


def part(matches: object = (3, 2), totals: object = (4, 3), c: object = 4, r: object = 5) -> Input:
    matches = list(matches) if isinstance(matches, tuple) else matches
    totals = list(totals) if isinstance(totals, tuple) else totals
    return {"matches": matches, "totals": totals, "candidate_length": c, "reference_length": r}


def body(*parts: object, **options: object) -> Input:
    return {"parts": list(parts), **options}


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


AT_THE_LIMIT = [
    pytest.param(lambda: body(*[part()] * 1000), id="1000 parts pass"),
    pytest.param(lambda: body(part((1,) * 8, (1,) * 8, 1)), id="8 orders pass"),
    pytest.param(lambda: body(part((1,), (1,), 1)), id="1 order passes"),
    pytest.param(lambda: body(part((0, 0), (0, 0), 0, 0)), id="an empty part passes"),
    pytest.param(lambda: body(part((MAX_COUNT,), (MAX_COUNT,), MAX_COUNT)), id="2^53-1 passes"),
    pytest.param(lambda: body(part((3.0, 2.0), (4.0, 3), 4.0, 5.0)), id="integral floats pass"),
    pytest.param(lambda: body({**part(), "max_order": 2}), id="max_order equal to the orders"),
    pytest.param(lambda: body(part(), decimals=15), id="decimals 15 passes"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(make: Make) -> None:
    request = PARSER.parse(make())
    assert all(type(n) is int for p in request.parts for n in p.matches)


ONE_OVER = [
    refused_case(
        body,
        [("too_few_items", "/parts")],
        ("expected a non-empty array", "got an empty array", "at /parts"),
        "no parts",
    ),
    refused_case(
        lambda: body(*[part()] * 1001),
        [("too_many_items", "/parts")],
        ("expected at most 1000 items", "got an array of 1001 items"),
        "1001 parts",
    ),
    refused_case(
        lambda: body(part(), part((1, 1, 1), (1, 1, 1), 1)),
        [("order_count_mismatch", "/parts/1/matches"), ("order_count_mismatch", "/parts/1/totals")],
        ("expected 2 counts, one per order (as many as /parts/0/matches has)", "got 3"),
        "parts of different orders",
    ),
    refused_case(
        lambda: body(part((3, 2), (4, 3, 2))),
        [("order_count_mismatch", "/parts/0/totals")],
        ("expected 2 counts", "got 3 at /parts/0/totals"),
        "totals longer than matches",
    ),
    refused_case(
        lambda: body(part((5, 2))),
        [("matches_above_count", "/parts/0/matches/0")],
        ("expected at most 4, the part's totals[0]", "got 5 at /parts/0/matches/0"),
        "matches above totals",
    ),
    refused_case(
        lambda: body(part(c=5)),
        [("inconsistent_statistics", "/parts/0/totals/0")],
        ("expected 5, the part's candidate_length", "got 4 at /parts/0/totals/0"),
        "unigram totals other than the candidate length",
    ),
    refused_case(
        lambda: body({**part(), "max_order": 4}),
        [("order_count_mismatch", "/parts/0/max_order")],
        ("expected 2, the number of orders of its matches", "got 4 at /parts/0/max_order"),
        "max_order other than the orders",
    ),
    refused_case(
        lambda: body(part((1,) * 9, (1,) * 9, 1)),
        [("too_many_items", "/parts/0/matches"), ("too_many_items", "/parts/0/totals")],
        ("expected at most 8 items", "got an array of 9 items"),
        "9 orders",
    ),
    refused_case(
        lambda: body(part((), (), 0)),
        [("too_few_items", "/parts/0/matches"), ("too_few_items", "/parts/0/totals")],
        ("expected a non-empty array", "at /parts/0/matches"),
        "no orders",
    ),
    refused_case(
        lambda: body(part(r=MAX_COUNT + 1)),
        [("above_maximum", "/parts/0/reference_length")],
        (f"expected an integer of at most {MAX_COUNT}", f"got {MAX_COUNT + 1}"),
        "a count over 2^53-1",
    ),
    refused_case(
        lambda: body(part((3, -1))),
        [("below_minimum", "/parts/0/matches/1")],
        ("expected an integer of at least 0", "got -1 at /parts/0/matches/1"),
        "a negative count",
    ),
    refused_case(
        lambda: body(part((3, 2.5), c=True)),
        [("type", "/parts/0/matches/1"), ("type", "/parts/0/candidate_length")],
        ("expected an integer", "got the number 2.5 at /parts/0/matches/1"),
        "a fraction and a boolean for counts",
    ),
    refused_case(
        lambda: body({"bleu": 1.0, **part()}),
        [("unknown_property", "/parts/0/bleu")],
        ("expected one of the properties", "got the unknown property 'bleu' at /parts/0"),
        "a result of bleu-corpus-compute as a part",
    ),
    refused_case(
        lambda: body({"matches": [1], "totals": [1]}),
        [("required", "/parts/0/candidate_length"), ("required", "/parts/0/reference_length")],
        ("expected the required property 'candidate_length'",),
        "lengths missing",
    ),
    refused_case(
        lambda: body(part(), decimals=16),
        [("above_maximum", "/decimals")],
        ("expected an integer of at most 15", "got 16 at /decimals"),
        "decimals 16",
    ),
    refused_case(
        lambda: {"parts": part()},
        [("type", "/parts")],
        ("expected an array", "got an object at /parts"),
        "one part not in a list",
    ),
    refused_case(
        lambda: [part()],
        [("type", "")],
        ("expected an object", "got an array of 1 item", "at the top level"),
        "input not an object",
    ),
]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_rule_is_refused_with_code_and_pointer(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    assert_refused(input_errors(make()), expected, says)


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_every_pointer_names_a_place_in_the_input(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    assert_pointers_name_places(raw, input_errors(raw))


def test_the_limits_are_the_pages() -> None:
    assert LIMITS.to_json() == {"max_parts": 1000}


def test_the_library_parser_takes_any_number_of_parts() -> None:
    assert len(parser(UNLIMITED).parse(body(*[part()] * 1500)).parts) == 1500


TOKENS = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=7)
SEGMENT = st.tuples(TOKENS, st.lists(TOKENS, min_size=1, max_size=3))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(SEGMENT, min_size=1, max_size=12),
    st.lists(st.integers(1, 11), max_size=4),
    st.integers(1, 8),
    st.sampled_from([None, 0, 4]),
)
def test_the_statistics_of_any_split_score_bit_for_bit_as_the_whole(
    segments: list[tuple[list[str], list[list[str]]]],
    cuts: list[int],
    max_order: int,
    decimals: int | None,
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    options: Input = {"max_order": max_order}
    rounding: Input = {} if decimals is None else {"decimals": decimals}
    whole = execute(
        "bleu-corpus-compute",
        "1.0.0",
        {"hypotheses": hypotheses, "references": references, **options, **rounding},
    )
    bounds = sorted({0, len(segments), *(cut for cut in cuts if cut < len(segments))})
    parts = [
        execute(
            "bleu-corpus-statistics",
            "1.0.0",
            {"hypotheses": hypotheses[a:b], "references": references[a:b], **options},
        )
        for a, b in itertools.pairwise(bounds)
    ]
    combined = execute("bleu-corpus-from-statistics", "1.0.0", {"parts": parts, **rounding})
    assert jsonio.dumps(combined) == jsonio.dumps(whole)
