"""A segment keeps its fewest edits and its references' average length; statistics add up in
order; the score is edits over length, with sacreBLEU's rules for empty references."""

import pytest

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.statistics import (
    TerStatistics,
    average_length,
    corpus_statistics,
    segment_statistics,
    summed,
    ter_score,
    word_statistics,
)

GOLD = [
    # (hypothesis, references, edits, average reference length)
    ("a b c", ["a b d", "a x c d"], 1, 3.5),  # 1 substitution vs 2 edits: the first is kept
    ("a b c", ["a x c d", "a b d"], 1, 3.5),  # the order of the references does not matter
    ("a b c", ["a b x", "x b c"], 1, 3.0),  # a tie: both need one substitution
    ("a b", [""], 2, 0.0),  # an empty reference: two deletions, length 0
    ("a b", ["", "a b"], 0, 1.0),  # the empty reference counts in the average
    ("", ["a b c"], 3, 3.0),  # an empty hypothesis: three insertions
    ("The Cat", ["the cat"], 0, 2.0),  # lowercased by default
    ("x", ["a", "a b", "a b"], 1, 5 / 3),  # an average that is not a short binary fraction
]


@pytest.mark.parametrize(("hypothesis", "references", "edits", "length"), GOLD)
def test_the_gold_segments(
    hypothesis: str, references: list[str], edits: int, length: float
) -> None:
    assert segment_statistics(hypothesis, references, TerOptions()) == TerStatistics(edits, length)


def test_the_edits_are_integers() -> None:
    statistics = segment_statistics("b a c", ["a b c d", "c"], TerOptions())
    assert type(statistics.num_edits) is int


def test_a_segment_without_references_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="at least one reference"):
        word_statistics(["a"], [])


def test_hypotheses_and_references_must_pair_up() -> None:
    with pytest.raises(ValueError, match="2 hypotheses but references for 1 segments"):
        corpus_statistics(["a", "b"], [["a"]], TerOptions())


def test_the_average_length_is_one_correctly_rounded_division() -> None:
    assert average_length([["a"], ["a", "b"], ["a", "b"]]) == 5 / 3


def test_statistics_add_left_to_right_from_zero() -> None:
    parts = [TerStatistics(1, 0.1), TerStatistics(2, 0.2), TerStatistics(0, 0.3)]
    assert summed(parts) == TerStatistics(3, ((0.0 + 0.1) + 0.2) + 0.3)
    assert summed([]) == TerStatistics.zero()


@pytest.mark.parametrize(
    ("statistics", "ter"),
    [
        (TerStatistics(1, 4.0), 0.25),
        (TerStatistics(3, 2.0), 1.5),  # more edits than reference words: above 1
        (TerStatistics(2, 0.0), 1.0),  # edits against empty references
        (TerStatistics(0, 0.0), 0.0),  # nothing on either side
        (TerStatistics(1, 3.5), 1 / 3.5),
    ],
)
def test_the_score_is_edits_over_length(statistics: TerStatistics, ter: float) -> None:
    assert ter_score(statistics) == ter
