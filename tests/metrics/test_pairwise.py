"""Each cell of a pairwise matrix is the one-pair oracle's score of that hypothesis against that
one reference, and MBR selection takes each row's left-to-right mean and its first largest."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.metrics.chrf import ChrfOptions, segment_statistics
from mtcompute.metrics.pairwise import (
    MbrSelection,
    first_largest,
    mbr_select,
    pairwise_bleu,
    pairwise_chrf,
)
from mtcompute.metrics.sentence import sentence_bleu
from mtcompute.metrics.smoothing import Smoothing
from tests.metrics.pairwise_cases import (
    chrf_options,
    smoothings,
    text_lists,
    token_list_lists,
)


@settings(max_examples=300)
@given(text_lists(), text_lists(), chrf_options)
def test_every_chrf_cell_is_the_segment_score_against_that_one_reference(
    hypotheses: list[str], references: list[str], options: ChrfOptions
) -> None:
    matrix = pairwise_chrf(hypotheses, references, options)
    assert [len(row) for row in matrix] == [len(references)] * len(hypotheses)
    for hypothesis, row in zip(hypotheses, matrix, strict=True):
        for reference, cell in zip(references, row, strict=True):
            assert cell == segment_statistics(hypothesis, [reference], options).chrf


@settings(max_examples=300)
@given(token_list_lists(), token_list_lists(), st.integers(1, 6), smoothings(), st.booleans())
def test_every_bleu_cell_is_the_sentence_bleu_against_that_one_reference(
    hypotheses: list[list[str]],
    references: list[list[str]],
    max_order: int,
    smoothing: Smoothing,
    effective_order: bool,
) -> None:
    matrix = pairwise_bleu(
        hypotheses,
        references,
        max_order,
        smoothing=smoothing,
        use_effective_order=effective_order,
    )
    for hypothesis, row in zip(hypotheses, matrix, strict=True):
        for reference, cell in zip(references, row, strict=True):
            expected = sentence_bleu(
                hypothesis,
                [reference],
                max_order,
                smoothing=smoothing,
                use_effective_order=effective_order,
            )
            assert cell == expected.bleu


def test_a_text_scores_one_against_itself_and_zero_against_an_empty_text() -> None:
    matrix = pairwise_chrf(["The cat sat.", ""], ["The cat sat.", "", "   "], ChrfOptions())
    assert matrix == [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]


def test_an_empty_list_of_hypotheses_gives_no_rows() -> None:
    assert pairwise_chrf([], ["a"], ChrfOptions()) == []
    assert pairwise_bleu([], [["a"]]) == []


def test_the_expected_utility_is_the_row_added_left_to_right_then_divided() -> None:
    # 0.6 is lost when 1e16 is added and not found again: a compensated sum would give 0.12.
    assert mbr_select([[0.1, 0.2, 0.3, 1e16, -1e16]]).expected_utility == (0.0,)
    assert mbr_select([[0.1, 0.2, 0.3]]).expected_utility == (((0.1 + 0.2) + 0.3) / 3,)


def test_the_first_hypothesis_with_the_largest_utility_is_selected() -> None:
    selection = mbr_select([[0.5, 0.5], [1.0, 0.0], [0.2, 0.1], [0.25, 0.75]])
    assert selection == MbrSelection((0.5, 0.5, 0.15000000000000002, 0.5), 0)


def test_a_later_larger_utility_is_selected() -> None:
    assert mbr_select([[0.1], [0.3], [0.2]]).best_index == 1


@pytest.mark.parametrize("scores", [[], [[]], [[0.5], []]])
def test_selection_needs_a_hypothesis_and_a_reference_in_every_row(
    scores: list[list[float]],
) -> None:
    with pytest.raises(ValueError, match="at least one hypothesis and one reference"):
        mbr_select(scores)


@given(st.lists(st.floats(min_value=0, max_value=1), min_size=1))
def test_the_first_largest_is_the_first_index_of_the_maximum(values: list[float]) -> None:
    assert first_largest(values) == values.index(max(values))
