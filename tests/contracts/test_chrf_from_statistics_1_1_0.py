"""chrf-from-statistics@1.1.0: the statistics of every generated corpus, with every option and
split anyhow, pass its laws and score bit for bit as 1.0.0 and the chrF tools score them;
statistics no corpus could give and sums past 2^53 - 1 are refused at the count; what it
answers, a JavaScript engine reads back as written."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import InputError, execute, jsonio
from mtcompute.contracts.chrf_from_statistics_1_1_0 import PARSER
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.errors import Violation
from tests.contracts.checked_parts import (
    assert_checked_as_released,
    assert_sums_read_as_written,
)
from tests.contracts.refusals import assert_refused_at_places, refused_case
from tests.contracts.test_chrf_from_statistics_1_0_0 import Input, Make, body

TOOL = "chrf-from-statistics"
HALF = 2**52
ONE_TEXT = ([6, 5, 4, 3, 2, 0], [5, 4, 3, 2, 1, 0], [4, 3, 2, 1, 0, 0])


def part(h: object = ONE_TEXT[0], r: object = ONE_TEXT[1], m: object = ONE_TEXT[2]) -> Input:
    return {"hypothesis": h, "reference": r, "matches": m}


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


def characters(count: int) -> list[int]:
    """The six character orders' n-grams of one text of ``count`` characters."""
    return [max(count - n, 0) for n in range(6)]


LARGEST = [characters(HALF), characters(HALF - 1)]  # 2^53 - 1 characters in all

AT_THE_LIMIT = [
    pytest.param(lambda: body(part()), id="a text against a shorter reference"),
    pytest.param(
        lambda: body(part([9, 8, 0, 0, 0, 0], [2, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0])),
        id="hypothesis n-grams falling to 0 at once, where the reference's do",
    ),
    pytest.param(
        lambda: body(part(*[[7, 6, 5, 4, 3, 2, 7, 6]] * 3), word_order=2),
        id="as many words as characters",
    ),
    pytest.param(
        lambda: body(part(*[[4, 3, 2, 1, 2, 1]] * 3), char_order=4, word_order=2),
        id="word orders starting again, apart from the character orders",
    ),
    pytest.param(lambda: body(*[part(c, c, c) for c in LARGEST]), id="sums of 2^53-1 pass"),
    pytest.param(lambda: body(*[part()] * 1000), id="1000 parts pass"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_or_law_is_accepted(make: Make) -> None:
    assert PARSER.parse(make()).parts


WORDS_ABOVE = [3, 2, 1, 0, 0, 0, 4, 3]  # 3 characters, 4 words

ONE_OVER = [
    refused_case(
        lambda: body(part(r=[5, 4, 4, 3, 2, 1])),
        [("inconsistent_statistics", "/parts/0/reference/2")],
        ("expected at most 3 (below reference[1] = 4", "got 4 at /parts/0/reference/2"),
        "reference n-grams that do not fall",
    ),
    refused_case(
        lambda: body(part(r=[9, 8, 5, 4, 3, 2])),
        [("inconsistent_statistics", "/parts/0/reference/2")],
        ("expected at least 7 (reference[1] less the 1 it fell by", "got 5"),
        "reference n-grams falling by more than before",
    ),
    refused_case(
        lambda: body(part(h=[6, 6, 4, 3, 2, 1])),
        [("inconsistent_statistics", "/parts/0/hypothesis/1")],
        ("expected at most 5 (below hypothesis[0] = 6",),
        "hypothesis n-grams that do not fall",
    ),
    refused_case(
        lambda: body(part(h=[6, 5, 4, 3, 2, 1], r=[4, 3, 2, 1, 0, 0])),
        [("inconsistent_statistics", "/parts/0/hypothesis/4")],
        ("expected 0 (as reference[4] is", "got 2 at /parts/0/hypothesis/4"),
        "hypothesis n-grams where the reference has none",
    ),
    refused_case(
        lambda: body(part(m=[2, 3, 2, 1, 0, 0])),
        [("inconsistent_statistics", "/parts/0/matches/1")],
        ("expected at most 2 (the part's matches[0]", "got 3 at /parts/0/matches/1"),
        "matches that grow",
    ),
    refused_case(
        lambda: body(part(WORDS_ABOVE, WORDS_ABOVE, [3, 2, 1, 0, 0, 0, 1, 0]), word_order=2),
        [
            ("inconsistent_statistics", "/parts/0/hypothesis/6"),
            ("inconsistent_statistics", "/parts/0/reference/6"),
        ],
        ("expected at most 3, the part's hypothesis[0] (each word is one character or more)",),
        "more words than characters",
    ),
    refused_case(
        lambda: body(*[part(c, c, c) for c in [*LARGEST, characters(1)]]),
        [
            ("sum_too_large", f"/parts/2/{name}/0")
            for name in ("hypothesis", "reference", "matches")
        ],
        (f"expected the parts' hypothesis[0] to add up to at most {MAX_COUNT}",),
        "sums past 2^53-1",
    ),
]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_law_is_refused_at_places_in_it(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    assert_refused_at_places(raw, input_errors(raw), expected, says)


# Whitespace of several kinds, ASCII punctuation (which chrF++ splits off words), a non-ASCII
# letter; short texts so that references shorter than the highest order are common.
TEXTS = st.text(alphabet="ab c.!\u00e9\t\u3000", max_size=12)
SEGMENT = st.tuples(TEXTS, st.lists(TEXTS, min_size=1, max_size=4))
OPTIONS = st.tuples(st.sampled_from([0, 1, 2]), st.integers(1, 8), st.booleans(), st.booleans())


@settings(max_examples=300, deadline=None)
@given(st.lists(SEGMENT, min_size=1, max_size=10), st.lists(st.integers(1, 9), max_size=9), OPTIONS)
def test_the_statistics_of_any_corpus_split_anyhow_pass_and_score_as_1_0_0_and_the_whole(
    segments: list[tuple[str, list[str]]],
    cuts: list[int],
    chosen: tuple[int, int, bool, bool],
) -> None:
    word_order, char_order, eps_smoothing, include_whitespace = chosen
    tool = "chrf-plus-plus-compute" if word_order else "chrf-compute"
    words: Input = {"word_order": word_order, "return_words": False} if word_order else {}
    options: Input = {"char_order": char_order, "eps_smoothing": eps_smoothing}
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]

    def scored(a: int, b: int) -> Input:
        texts = {"hypotheses": hypotheses[a:b], "references": references[a:b]}
        extra = {**options, **words, "include_whitespace": include_whitespace}
        return execute(tool, "1.0.0", {**texts, **extra})

    whole = scored(0, len(segments))
    bounds = sorted({0, len(segments), *(cut for cut in cuts if cut < len(segments))})
    parts = [scored(a, b)["statistics"] for a, b in itertools.pairwise(bounds)]
    raw = {"parts": parts, **options, "word_order": word_order}
    combined = execute(TOOL, "1.1.0", raw)
    assert jsonio.dumps(combined) == jsonio.dumps(execute(TOOL, "1.0.0", raw))
    assert jsonio.dumps(combined["chrf"]) == jsonio.dumps(whole["chrf"])
    assert combined["statistics"] == whole["statistics"]


# Small counts three times in four, so that many inputs keep every law; large ones for the sums.
SMALL = st.integers(0, 6)
COUNT = st.one_of(SMALL, SMALL, SMALL, st.sampled_from([HALF, MAX_COUNT]))


@st.composite
def any_statistics(draw: st.DrawFn) -> Input:
    """Parts of 1 to 3 character orders and 0 to 2 word orders, often each law kept and often
    not."""
    char_order, word_order = draw(st.integers(1, 3)), draw(st.integers(0, 2))
    orders, parts = char_order + word_order, []
    for _ in range(draw(st.integers(1, 3))):
        arrays = [draw(st.lists(COUNT, min_size=orders, max_size=orders)) for _ in range(2)]
        for counts in arrays:
            if draw(st.booleans()):
                counts[:char_order] = sorted(counts[:char_order], reverse=True)
        most = [min(h, r) for h, r in zip(*arrays, strict=True)]
        matches = [draw(st.integers(0, m + 1)) if m < 10 else m for m in most]  # m + 1: over
        parts.append(part(arrays[0], arrays[1], matches))
    return body(*parts, char_order=char_order, word_order=word_order)


@settings(max_examples=500, deadline=None)
@given(any_statistics())
def test_an_input_is_answered_as_1_0_0_answers_it_and_checked_in_bulk_as_walked(raw: Input) -> None:
    assert_checked_as_released(TOOL, PARSER, raw)


def test_the_largest_sums_answered_are_read_by_javascript_as_written_and_one_more_is_refused() -> (
    None
):
    largest = body(*[part(c, c, c) for c in LARGEST])
    one_more = body(*[part(c, c, c) for c in [*LARGEST, characters(2)]])
    # 1.0.0 answers 2^53 + 1 character unigrams, which a JavaScript client reads as 2^53.
    assert_sums_read_as_written(TOOL, largest, one_more)
    pointers = [(e["code"], e["pointer"]) for e in input_errors(one_more)]
    assert ("sum_too_large", "/parts/2/hypothesis/0") in pointers
