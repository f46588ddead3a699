"""The parts functions: a corpus scored in parts gives the whole-corpus function's typed result
bit for bit, from the library's statistics or the tools' JSON, without the tools' size limits;
a result passed where statistics are due is pointed at with its fix."""

import itertools
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtcompute
from mtcompute import (
    BleuStatistics,
    ChrfStatistics,
    InputError,
    TerStatistics,
    chrf,
    chrf_from_statistics,
    corpus_bleu,
    corpus_bleu_from_statistics,
    corpus_bleu_statistics,
    ter,
    ter_from_statistics,
)

TOKENS = [["the", "cat", "sat", "on", "the", "mat"], ["dog"], ["a", "cat", "on", "a", "mat"]]
TOKEN_REFERENCES = [
    [["the", "cat", "sat", "on", "a", "mat"], ["a", "cat", "was", "on", "the", "mat"]],
    [["a", "dog", "barked"], ["the", "dog"]],
    [["the", "cat", "on", "the", "mat"]],
]
TEXTS = ["The cat sat on the mat.", "Dog!", "a cat on a mat", "the mat"]
# Three references a segment, 13 or 14 words each time: ref_length 13/3 and 14/3, whose doubles
# add up differently two by two than in order.
TEXT_REFERENCES = [
    ["The cat sat on", "a cat sat on", "the cat sat on it"],
    ["a dog sat on", "the dog sat on", "a dog sat on it"],
    ["the mat is red", "a mat is red", "the mat is very red"],
    ["on the mat sat", "on a mat a cat", "on the mat a cat"],
]


def fix_of(error: InputError, pointer: str) -> str:
    (message,) = [e["message"] for e in error.errors if e["pointer"] == pointer]
    return message


# -- BLEU ----------------------------------------------------------------------------------------


def test_corpus_bleu_statistics_are_the_tools_result_as_a_typed_value() -> None:
    statistics = corpus_bleu_statistics(TOKENS, TOKEN_REFERENCES, max_order=3)
    raw = {"hypotheses": TOKENS, "references": TOKEN_REFERENCES, "max_order": 3}
    assert statistics.to_dict() == mtcompute.execute("bleu-corpus-statistics", "1.0.0", raw)
    assert isinstance(statistics, BleuStatistics)


@pytest.mark.parametrize("decimals", [None, 4])
def test_corpus_bleu_of_a_split_corpus_is_corpus_bleu_of_the_whole(decimals: int | None) -> None:
    parts = [
        corpus_bleu_statistics(TOKENS[a:b], TOKEN_REFERENCES[a:b]) for a, b in ((0, 1), (1, 3))
    ]
    combined = corpus_bleu_from_statistics(parts, decimals=decimals)
    assert combined == corpus_bleu(TOKENS, TOKEN_REFERENCES, decimals=decimals)


def test_corpus_bleu_from_statistics_takes_the_tools_json_beside_typed_statistics() -> None:
    first = corpus_bleu_statistics(TOKENS[:1], TOKEN_REFERENCES[:1])
    rest = {"hypotheses": TOKENS[1:], "references": TOKEN_REFERENCES[1:]}
    answered = mtcompute.execute("bleu-corpus-statistics", "1.0.0", rest)
    assert corpus_bleu_from_statistics((first, answered)) == corpus_bleu(TOKENS, TOKEN_REFERENCES)


def test_corpus_bleu_from_statistics_points_at_a_score_given_as_a_part() -> None:
    with pytest.raises(InputError) as raised:
        corpus_bleu_from_statistics([corpus_bleu(TOKENS, TOKEN_REFERENCES)])  # type: ignore[list-item]
    message = fix_of(raised.value, "/parts/0")
    assert message.startswith("expected an object, got a Python BleuResult at /parts/0")
    assert message.endswith(
        "a part is statistics, not a score: `corpus_bleu_statistics(...)` gives them"
    )


def test_corpus_bleu_from_statistics_refuses_parts_of_other_orders_with_a_pointer() -> None:
    parts = [corpus_bleu_statistics(TOKENS, TOKEN_REFERENCES, max_order=order) for order in (4, 2)]
    with pytest.raises(InputError) as raised:
        corpus_bleu_from_statistics(parts)
    assert [e["pointer"] for e in raised.value.errors] == ["/parts/1/matches", "/parts/1/totals"]


def test_corpus_bleu_from_statistics_refuses_statistics_no_corpus_gives_at_the_count() -> None:
    impossible = BleuStatistics((3, 0, 1), (4, 3, 3), 4, 4)  # totals that do not fall
    with pytest.raises(InputError) as raised:
        corpus_bleu_from_statistics([impossible])
    assert [(e["code"], e["pointer"]) for e in raised.value.errors] == [
        ("inconsistent_statistics", "/parts/0/matches/2"),
        ("inconsistent_statistics", "/parts/0/totals/2"),
    ]


def test_corpus_bleu_from_statistics_refuses_sums_a_javascript_client_cannot_read() -> None:
    def tokens(count: int) -> BleuStatistics:
        return BleuStatistics((count,), (count,), count, count)

    largest = corpus_bleu_from_statistics([tokens(2**52), tokens(2**52 - 1)])
    assert largest.candidate_length == 2**53 - 1
    with pytest.raises(InputError) as raised:
        corpus_bleu_from_statistics([tokens(2**52), tokens(2**52)])
    assert ("sum_too_large", "/parts/1/candidate_length") in [
        (e["code"], e["pointer"]) for e in raised.value.errors
    ]


def test_the_bleu_parts_functions_have_no_size_limits() -> None:
    part = corpus_bleu_statistics([["a", "b"]] * 1500, [[["a", "b"]]] * 1500, max_order=2)
    combined = corpus_bleu_from_statistics([part] * 1500)
    assert (combined.bleu, combined.candidate_length) == (1.0, 1500 * 1500 * 2)


# -- chrF ----------------------------------------------------------------------------------------

CHRF_REFERENCES = [refs[:2] for refs in TEXT_REFERENCES]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"word_order": 2, "decimals": 3},
        {"char_order": 4, "beta": 1, "eps_smoothing": True, "include_whitespace": True},
    ],
)
def test_chrf_of_a_split_corpus_is_chrf_of_the_whole_without_its_segments(
    options: dict[str, Any],
) -> None:
    whole = chrf(TEXTS, CHRF_REFERENCES, **options)
    parts = [
        chrf(TEXTS[a:b], CHRF_REFERENCES[a:b], **options).statistics for a, b in ((0, 3), (3, 4))
    ]
    assert chrf_from_statistics(parts, **options) == replace(whole, segments=())


def test_chrf_from_statistics_takes_the_statistics_a_chrf_tool_answers() -> None:
    raw = {"hypotheses": TEXTS[2:], "references": CHRF_REFERENCES[2:]}
    answered = mtcompute.execute("chrf-compute", "1.0.0", raw)["statistics"]
    parts: list[ChrfStatistics | dict[str, object]] = [
        chrf(TEXTS[:2], CHRF_REFERENCES[:2]).statistics,
        answered,
    ]
    assert chrf_from_statistics(parts).chrf == chrf(TEXTS, CHRF_REFERENCES).chrf


def test_chrf_from_statistics_points_at_a_result_given_as_a_part() -> None:
    with pytest.raises(InputError) as raised:
        chrf_from_statistics([chrf(TEXTS, CHRF_REFERENCES)])  # type: ignore[list-item]
    assert fix_of(raised.value, "/parts/0").endswith("pass each result's `.statistics`")


def test_chrf_from_statistics_refuses_chrf_plus_plus_statistics_scored_as_chrf() -> None:
    statistics = chrf(TEXTS, CHRF_REFERENCES, word_order=2).statistics
    with pytest.raises(InputError) as raised:
        chrf_from_statistics([statistics])
    assert "expected 6 counts, one per order" in raised.value.errors[0]["message"]


def test_chrf_from_statistics_refuses_statistics_no_corpus_gives_at_the_count() -> None:
    words_above_characters = ChrfStatistics((2, 1, 3), (2, 1, 3), (1, 0, 1))
    with pytest.raises(InputError) as raised:
        chrf_from_statistics([words_above_characters], char_order=2, word_order=1)
    assert [(e["code"], e["pointer"]) for e in raised.value.errors] == [
        ("inconsistent_statistics", "/parts/0/hypothesis/2"),
        ("inconsistent_statistics", "/parts/0/reference/2"),
    ]


def test_chrf_from_statistics_has_no_size_limits() -> None:
    statistics = chrf(["ab"], [["ab"]]).statistics
    assert chrf_from_statistics([statistics] * 1500).chrf == 1.0


# -- TER -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("decimals", [None, 2])
def test_ter_of_a_split_corpus_is_ter_of_the_whole_segments_included(decimals: int | None) -> None:
    whole = ter(TEXTS, TEXT_REFERENCES, decimals=decimals)
    parts = [ter(TEXTS[a:b], TEXT_REFERENCES[a:b]).segments for a, b in ((0, 2), (2, 4))]
    assert ter_from_statistics(parts, decimals=decimals) == whole
    # What makes the segments necessary: the parts' sums add up to another double.
    halves = [ter(TEXTS[a:b], TEXT_REFERENCES[a:b]).ref_length for a, b in ((0, 2), (2, 4))]
    assert halves[0] + halves[1] != whole.ref_length


def test_ter_from_statistics_carries_the_options_the_parts_were_computed_with() -> None:
    whole = ter(TEXTS, TEXT_REFERENCES, normalized=True, case_sensitive=True)
    parts = [
        ter(TEXTS[a:b], TEXT_REFERENCES[a:b], normalized=True, case_sensitive=True).segments
        for a, b in ((0, 1), (1, 4))
    ]
    assert ter_from_statistics(parts, normalized=True, case_sensitive=True) == whole
    assert ter_from_statistics(parts).options != whole.options


def test_ter_from_statistics_takes_the_segments_ter_compute_answers() -> None:
    raw = {"hypotheses": TEXTS[1:], "references": TEXT_REFERENCES[1:], "decimals": 1}
    answered = mtcompute.execute("ter-compute", "1.0.0", raw)["segments"]
    combined = ter_from_statistics([ter(TEXTS[:1], TEXT_REFERENCES[:1]).segments, answered])
    assert combined == ter(TEXTS, TEXT_REFERENCES)


@pytest.mark.parametrize(
    "part",
    [
        pytest.param(ter(TEXTS, TEXT_REFERENCES), id="a result"),
        pytest.param(ter(TEXTS, TEXT_REFERENCES).statistics, id="summed statistics"),
        pytest.param({"num_edits": 1, "ref_length": 2.0}, id="summed statistics as JSON"),
    ],
)
def test_ter_from_statistics_points_at_a_part_that_is_not_its_segments(part: object) -> None:
    with pytest.raises(InputError) as raised:
        ter_from_statistics([ter(TEXTS, TEXT_REFERENCES).segments, part])  # type: ignore[list-item]
    message = fix_of(raised.value, "/parts/1")
    assert message.startswith("expected an array, got ")
    assert "sums of ref_length need not add up to the whole's bit for bit" in message
    assert message.endswith("give ter_from_statistics each result's `.segments`")


def test_ter_from_statistics_refuses_one_result_for_the_list_of_parts() -> None:
    with pytest.raises(InputError) as raised:
        ter_from_statistics(ter(TEXTS, TEXT_REFERENCES))  # type: ignore[arg-type]
    assert fix_of(raised.value, "/parts") == "expected an array, got a Python TerResult at /parts"


def test_ter_from_statistics_refuses_a_bad_segment_with_its_pointer() -> None:
    parts: list[list[TerStatistics | dict[str, object]]] = [
        [TerStatistics(1, 2.0)],
        [TerStatistics(-1, 2.0), {"num_edits": 1}],
    ]
    with pytest.raises(InputError) as raised:
        ter_from_statistics(parts)
    assert [(e["code"], e["pointer"]) for e in raised.value.errors] == [
        ("below_minimum", "/parts/1/0/num_edits"),
        ("required", "/parts/1/1/ref_length"),
    ]


def test_ter_from_statistics_has_no_size_limits() -> None:
    segments = ter(["a b"] * 60, [["a c", "a b c"]] * 60).segments
    combined = ter_from_statistics([segments] * 1200)
    assert (len(combined.segments), combined.num_edits) == (72_000, 72_000)


WORDS = st.sampled_from(["the", "cat", "sat", "on", "a", "mat", "."])
TEXT = st.lists(WORDS, max_size=7).map(" ".join)
SEGMENT = st.tuples(TEXT, st.lists(TEXT, min_size=1, max_size=7))


@settings(max_examples=80, deadline=None)
@given(st.lists(SEGMENT, min_size=1, max_size=9), st.lists(st.integers(0, 9), max_size=3))
def test_the_segments_of_any_split_give_ter_of_the_whole(
    segments: list[tuple[str, list[str]]], cuts: list[int]
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    bounds = sorted({0, len(segments), *(cut for cut in cuts if cut <= len(segments))})
    parts = [ter(hypotheses[a:b], references[a:b]).segments for a, b in itertools.pairwise(bounds)]
    assert ter_from_statistics(parts) == ter(hypotheses, references)
