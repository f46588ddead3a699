"""Hits, substitutions, deletions and insertions add up, and the rates come from their sums with
jiwer's edge cases."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.metrics.wer.corpus import character_statistics, segment_distances, word_statistics
from mtcompute.metrics.wer.rates import error_rate, word_rates
from mtcompute.metrics.wer.statistics import (
    EditStatistics,
    packed,
    packed_total,
    summed,
    unpacked,
)
from mtcompute.metrics.wer.transforms import characters, words
from tests.metrics.wer.hostile import texts

_counts = st.builds(EditStatistics, *[st.integers(0, 50)] * 4)


@given(st.lists(_counts, max_size=10), st.integers(0, 10))
def test_statistics_add_over_any_split(parts: list[EditStatistics], cut: int) -> None:
    assert summed(parts[:cut]) + summed(parts[cut:]) == summed(parts)


def test_the_lengths_follow_from_the_counts() -> None:
    counts = EditStatistics(hits=3, substitutions=2, deletions=1, insertions=4)
    assert (counts.reference_length, counts.hypothesis_length, counts.errors) == (6, 9, 7)
    assert counts.to_dict() == {"hits": 3, "substitutions": 2, "deletions": 1, "insertions": 4}


def test_a_pair_counts_its_words_and_characters() -> None:
    [words] = word_statistics(["the cat sat"], ["the cat sat down"])
    assert words == EditStatistics(3, 0, 1, 0)
    [chars] = character_statistics(["ab"], ["abc"])
    assert chars == EditStatistics(2, 0, 1, 0)


def test_rates_use_jiwers_formulas() -> None:
    rates = word_rates(EditStatistics(hits=3, substitutions=1, deletions=1, insertions=1))
    assert rates.wer == 3 / 5
    assert rates.mer == 3 / 6
    assert rates.wip == (3 / 5) * (3 / 5)  # 5 reference words, 5 hypothesis words
    assert rates.wil == 1 - (3 / 5) * (3 / 5)


def test_empty_references_make_the_wer_the_number_of_insertions() -> None:
    rates = word_rates(EditStatistics(0, 0, 0, 3))
    assert (rates.wer, rates.mer, rates.wil, rates.wip) == (3.0, 1.0, 1.0, 0.0)
    assert error_rate(EditStatistics(0, 0, 0, 3)) == 3.0


def test_nothing_against_nothing_is_no_error() -> None:
    rates = word_rates(EditStatistics.zero())
    assert (rates.wer, rates.mer, rates.wil, rates.wip) == (0.0, 0.0, 0.0, 1.0)


def test_an_empty_hypothesis_preserves_no_information() -> None:
    rates = word_rates(EditStatistics(0, 0, 2, 0))
    assert (rates.wer, rates.mer, rates.wil, rates.wip) == (1.0, 1.0, 1.0, 0.0)


def test_lists_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="1 hypotheses but 0 references"):
        word_statistics(["a"], [])


@given(st.lists(_counts, max_size=10))
def test_packed_counts_unpack_and_sum_as_the_statistics(parts: list[EditStatistics]) -> None:
    counts = packed(parts)
    assert len(counts) == 4 * len(parts)
    assert unpacked(counts) == tuple(parts)
    assert packed_total(counts) == summed(parts)


@given(st.lists(st.tuples(texts, texts), max_size=6))
def test_distances_are_the_errors_and_reference_items_of_every_path(
    pairs: list[tuple[str, str]],
) -> None:
    hypotheses, references = [h for h, _ in pairs], [r for _, r in pairs]
    for items, oracle in ((words, word_statistics), (characters, character_statistics)):
        expected = [(s.errors, s.reference_length) for s in oracle(hypotheses, references)]
        assert segment_distances(hypotheses, references, items) == expected
