"""Every precision, recall and F-measure is ``==`` rouge-score 0.1.2's: every type, with and
without the stemmer, one reference and several, real-length summaries and hostile texts."""

import itertools

import pytest

from bench.rouge_texts import summary_pairs
from mtcompute.metrics.rouge.score import score, score_multi
from tests.metrics.rouge.peer import ALL_TYPES, HOSTILE, peer_score, peer_score_multi


@pytest.mark.parametrize("use_stemmer", [False, True])
def test_hostile_pairs_score_as_rouge_score(use_stemmer: bool) -> None:
    for reference, hypothesis in itertools.product(HOSTILE, repeat=2):
        expected = peer_score(reference, hypothesis, ALL_TYPES, use_stemmer)
        assert score(reference, hypothesis, ALL_TYPES, use_stemmer) == expected


@pytest.mark.parametrize("use_stemmer", [False, True])
def test_each_type_alone_scores_as_rouge_score(use_stemmer: bool) -> None:
    hypothesis, reference = summary_pairs(1, seed=3)[0]
    for rouge_type in ALL_TYPES:
        expected = peer_score(reference, hypothesis, [rouge_type], use_stemmer)
        assert score(reference, hypothesis, [rouge_type], use_stemmer) == expected


@pytest.mark.slow
@pytest.mark.parametrize("use_stemmer", [False, True])
def test_real_length_summaries_score_as_rouge_score(use_stemmer: bool) -> None:
    for hypothesis, reference in summary_pairs(600, seed=11):
        expected = peer_score(reference, hypothesis, ALL_TYPES, use_stemmer)
        assert score(reference, hypothesis, ALL_TYPES, use_stemmer) == expected


@pytest.mark.parametrize("use_stemmer", [False, True])
def test_several_references_keep_the_best_by_f_measure(use_stemmer: bool) -> None:
    pairs = summary_pairs(120, seed=5)
    hostile = list(HOSTILE)
    for i, (hypothesis, reference) in enumerate(pairs):
        others = [pairs[(i + 1) % len(pairs)][1], hostile[i % len(hostile)], reference, reference]
        references = [reference, *others][: 1 + i % 5]
        expected = peer_score_multi(references, hypothesis, ALL_TYPES, use_stemmer)
        assert score_multi(references, hypothesis, ALL_TYPES, use_stemmer) == expected


def test_ties_keep_the_first_reference() -> None:
    # Both references give F = 2/3 for rouge1, with different precision and recall.
    references = ["a", "a y b c"]
    kept = score_multi(references, "a y", ["rouge1"])["rouge1"]
    assert kept == peer_score_multi(references, "a y", ["rouge1"], False)["rouge1"]
    assert kept == score(references[0], "a y", ["rouge1"])["rouge1"]
    assert (kept.precision, kept.recall) == (0.5, 1.0)
