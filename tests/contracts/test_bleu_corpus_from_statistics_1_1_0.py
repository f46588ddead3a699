"""bleu-corpus-from-statistics@1.1.0: the statistics of every generated corpus, split anyhow, pass
its laws and score bit for bit as 1.0.0 and bleu-corpus-compute score them; statistics no corpus
could give and sums past 2^53 - 1 are refused at the count; what it answers, a JavaScript engine
reads back as written."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import InputError, execute, jsonio
from mtcompute.contracts.bleu_corpus_from_statistics_1_1_0 import CONTRACT, PARSER
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.errors import Violation
from tests.contracts.checked_parts import (
    assert_checked_as_released,
    assert_sums_read_as_written,
)
from tests.contracts.refusals import assert_refused_at_places, refused_case
from tests.contracts.test_bleu_corpus_from_statistics_1_0_0 import Input, Make, body, part

TOOL = "bleu-corpus-from-statistics"
HALF = 2**52


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


AT_THE_LIMIT = [
    pytest.param(lambda: body(part((8, 7, 6, 5), (8, 7, 6, 5), 8)), id="one text's totals"),
    pytest.param(lambda: body(part((3, 2, 0, 0), (3, 2, 1, 0), 3)), id="totals down to 0"),
    pytest.param(lambda: body(part((2, 2, 2), (6, 4, 2), 6)), id="totals falling by as much"),
    pytest.param(lambda: body(part((3, 6), (7, 6), 7)), id="more bigrams than unigrams matched"),
    pytest.param(lambda: body(part((0, 0), (5, 4), 5, 0)), id="nothing matched"),
    pytest.param(
        lambda: body(part((HALF,), (HALF,), HALF, HALF), part((HALF - 1,), (HALF - 1,), HALF - 1)),
        id="sums of 2^53-1 pass",
    ),
    pytest.param(lambda: body(*[part()] * 1000), id="1000 parts pass"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_or_law_is_accepted(make: Make) -> None:
    assert PARSER.parse(make()).parts


ONE_OVER = [
    refused_case(
        lambda: body(part(), part((4, 4), (5, 5), 5)),
        [("inconsistent_statistics", "/parts/1/totals/1")],
        ("expected at most 4 (below totals[0] = 5", "got 5 at /parts/1/totals/1"),
        "totals that do not fall",
    ),
    refused_case(
        lambda: body(part((1, 0, 0), (1, 0, 1), 1)),
        [("inconsistent_statistics", "/parts/0/totals/2")],
        ("expected at most 0", "or 0 after a 0", "got 1 at /parts/0/totals/2"),
        "totals after a 0",
    ),
    refused_case(
        lambda: body(part((4, 3, 2), (9, 8, 5), 9)),
        [("inconsistent_statistics", "/parts/0/totals/2")],
        ("expected at least 7 (totals[1] less the 1 it fell by", "got 5"),
        "totals falling by more than before",
    ),
    refused_case(
        lambda: body(part((3, 0, 1), (4, 3, 2), 4)),
        [("inconsistent_statistics", "/parts/0/matches/2")],
        ("expected 0 (as matches[1] is", "got 1 at /parts/0/matches/2"),
        "matches after an order without any",
    ),
    refused_case(
        lambda: body(part((4, 4, 4), (4, 4, 4), 4)),
        [("inconsistent_statistics", "/parts/0/totals/1")],
        ("expected at most 3",),
        "one report an array, at its lowest breach",
    ),
    refused_case(
        lambda: body(*[part((1,), (1,), 1, MAX_COUNT - 1)] + [part((1,), (1,), 1, 1)] * 3),
        [("sum_too_large", "/parts/2/reference_length")],
        (f"got {MAX_COUNT + 1} up to this part at /parts/2/reference_length",),
        "a sum of lengths past 2^53-1, refused once",
    ),
    refused_case(
        lambda: body(part((1,), (MAX_COUNT,), MAX_COUNT), part((1,), (1,), 1)),
        [("sum_too_large", "/parts/1/totals/0"), ("sum_too_large", "/parts/1/candidate_length")],
        (
            f"expected the parts' totals[0] to add up to at most {MAX_COUNT}",
            f"got {MAX_COUNT + 1} up to this part at /parts/1/totals/0",
        ),
        "a sum of tokens past 2^53-1",
    ),
]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_law_is_refused_at_places_in_it(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    assert_refused_at_places(raw, input_errors(raw), expected, says)


TOKENS = st.lists(st.sampled_from(["a", "b", "c"]), max_size=9)
SEGMENT = st.tuples(TOKENS, st.lists(TOKENS, min_size=1, max_size=8))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    st.lists(SEGMENT, min_size=1, max_size=10),
    st.lists(st.integers(1, 9), max_size=9),
    st.integers(1, 8),
)
def test_the_statistics_of_any_corpus_split_anyhow_pass_and_score_as_1_0_0_and_the_whole(
    segments: list[tuple[list[str], list[list[str]]]], cuts: list[int], max_order: int
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    texts = {"hypotheses": hypotheses, "references": references, "max_order": max_order}
    whole = execute("bleu-corpus-compute", "1.0.0", texts)
    bounds = sorted({0, len(segments), *(cut for cut in cuts if cut < len(segments))})
    parts = [
        execute(
            "bleu-corpus-statistics",
            "1.0.0",
            {"hypotheses": hypotheses[a:b], "references": references[a:b], "max_order": max_order},
        )
        for a, b in itertools.pairwise(bounds)
    ]
    combined = jsonio.dumps(execute(TOOL, "1.1.0", {"parts": parts}))
    assert combined == jsonio.dumps(execute(TOOL, "1.0.0", {"parts": parts}))
    assert combined == jsonio.dumps(whole)


# Small counts three times in four, so that many inputs keep every law; large ones for the sums.
SMALL = st.integers(0, 6)
COUNT = st.one_of(SMALL, SMALL, SMALL, st.sampled_from([HALF, MAX_COUNT]))


@st.composite
def any_statistics(draw: st.DrawFn) -> Input:
    """Parts of 1 to 4 orders, often each law kept and often not."""
    orders, parts = draw(st.integers(1, 4)), []
    for _ in range(draw(st.integers(1, 3))):
        totals = draw(st.lists(COUNT, min_size=orders, max_size=orders))
        if draw(st.booleans()):
            totals.sort(reverse=True)
        matches = [draw(st.integers(0, total)) if total < 10 else total for total in totals]
        length = totals[0] if draw(st.booleans()) else draw(COUNT)
        parts.append(part(tuple(matches), tuple(totals), length, draw(COUNT)))
    return body(*parts)


@settings(max_examples=500, deadline=None)
@given(any_statistics())
def test_an_input_is_answered_as_1_0_0_answers_it_and_checked_in_bulk_as_walked(raw: Input) -> None:
    assert_checked_as_released(TOOL, PARSER, raw)


def test_the_largest_sums_answered_are_read_by_javascript_as_written_and_one_more_is_refused() -> (
    None
):
    largest = CONTRACT.examples[1].input
    one_more = {"parts": [*largest["parts"], part((2, 1), (2, 1), 2, 2)]}
    # 1.0.0 answers 2^53 + 1 tokens, which a JavaScript client reads as 2^53.
    assert_sums_read_as_written(TOOL, largest, one_more)
    errors = input_errors(one_more)
    assert ("sum_too_large", "/parts/2/candidate_length") in [
        (e["code"], e["pointer"]) for e in errors
    ]
