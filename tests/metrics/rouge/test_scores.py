"""Each type's arithmetic on small cases worked by hand."""

from mtcompute.metrics.rouge.scores import (
    ZERO,
    Score,
    fmeasure,
    lcs_positions,
    rouge_l,
    rouge_lsum,
    rouge_n,
)


def test_identical_texts_score_one() -> None:
    tokens = ["the", "cat", "sat", "on", "the", "mat"]
    assert rouge_n(tokens, tokens, 1) == Score(1.0, 1.0, 1.0)
    assert rouge_n(tokens, tokens, 2) == Score(1.0, 1.0, 1.0)
    assert rouge_l(tokens, tokens) == Score(1.0, 1.0, 1.0)
    assert rouge_lsum([tokens], [tokens]) == Score(1.0, 1.0, 1.0)


def test_rouge_n_clips_and_divides_by_each_side() -> None:
    # Reference "a a b", hypothesis "a c": one clipped unigram match.
    assert rouge_n(["a", "a", "b"], ["a", "c"], 1) == Score(1 / 2, 1 / 3, fmeasure(1 / 2, 1 / 3))


def test_texts_without_ngrams_score_zero() -> None:
    assert rouge_n(["a"], ["a"], 2) == ZERO
    assert rouge_n([], [], 1) == ZERO
    assert rouge_l([], ["a"]) == ZERO
    assert rouge_lsum([[]], [["a"]]) == ZERO


def test_fmeasure_is_evaluated_in_rouge_scores_order() -> None:
    precision, recall = 0.1, 0.7
    assert fmeasure(precision, recall) == 2 * precision * recall / (precision + recall)
    assert fmeasure(0.0, 0.0) == 0.0


def test_lcs_positions_read_back_as_rouge_score_does() -> None:
    # Two LCS of length 1 ("a" or "b"); going up on ties keeps the earlier reference token.
    assert lcs_positions(["a", "b"], ["b", "a"]) == [0]
    assert lcs_positions(["a", "b", "c"], ["a", "c"]) == [0, 2]


def test_lsum_counts_a_union_token_once_per_occurrence_left() -> None:
    reference = [["a", "b"], ["a", "c"]]
    hypothesis = [["a", "b", "c"]]
    # Union LCS: [a, b] then [a, c]; the second "a" has no hypothesis occurrence left.
    assert rouge_lsum(reference, hypothesis) == Score(3 / 3, 3 / 4, fmeasure(1.0, 0.75))
