"""Pairwise score matrices for minimum Bayes risk (MBR) decoding, and the selection they feed.

Cell [i][j] scores hypothesis i against reference j alone, exactly as the one-pair oracles do:
chrF (chrF++ with word orders) as ``chrf.segment_statistics`` with that one reference, sentence
BLEU as ``sentence.sentence_bleu``. Each text's n-gram counts are taken once (n + m countings,
not n * m); a cell then costs only the comparison of two sets of counts.

MBR picks the hypothesis with the largest expected utility: the mean of its row, summed left to
right in reference order with one IEEE-754 addition at a time (not ``sum()``, whose compensated
sum differs from a JavaScript engine's plain one), then divided by m.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuStatistics, Tokens
from mtcompute.metrics.bleu import ngram_counts as token_ngram_counts
from mtcompute.metrics.chrf import ChrfOptions, Ngram, f_score, ngram_counts, pair_statistics
from mtcompute.metrics.sentence import DEFAULT, sentence_score
from mtcompute.metrics.smoothing import Smoothing

Matrix = list[list[float]]
CHRF = ChrfOptions()  # chrF: character 6-grams, beta 2
TokenCounts = list[Counter[tuple[str, ...]]]


@dataclass(frozen=True, slots=True)
class MbrSelection:
    """Each hypothesis's expected utility (its row's mean) and the first with the largest."""

    expected_utility: tuple[float, ...]
    best_index: int

    def to_dict(self) -> dict[str, object]:
        """The selection as the pairwise tools report it (without their matrix)."""
        return {"expected_utility": list(self.expected_utility), "best_index": self.best_index}


def pairwise_chrf(
    hypotheses: Sequence[str], references: Sequence[str], options: ChrfOptions = CHRF
) -> Matrix:
    """chrF (0-1 scale) of every hypothesis against every single reference: [i][j]."""
    reference_counts = [ngram_counts(reference, options) for reference in references]
    matrix = []
    for hypothesis in hypotheses:
        counts = ngram_counts(hypothesis, options)
        matrix.append([_chrf_cell(counts, other, options) for other in reference_counts])
    return matrix


def _chrf_cell(
    hypothesis: Sequence[Counter[Ngram]], reference: Sequence[Counter[Ngram]], options: ChrfOptions
) -> float:
    statistics = pair_statistics(hypothesis, reference)
    return f_score(statistics, options.beta, options.eps_smoothing)


def pairwise_bleu(
    hypotheses: Sequence[Tokens],
    references: Sequence[Tokens],
    max_order: int = DEFAULT_MAX_ORDER,
    *,
    smoothing: Smoothing = DEFAULT,
    use_effective_order: bool = True,
) -> Matrix:
    """Sentence BLEU (0-1 scale) of every tokenized hypothesis against every single reference."""
    reference_counts = [_token_counts(reference, max_order) for reference in references]
    matrix = []
    for hypothesis in hypotheses:
        counts = _token_counts(hypothesis, max_order)
        row = []
        for reference, other in zip(references, reference_counts, strict=True):
            statistics = _bleu_statistics(hypothesis, counts, reference, other)
            row.append(sentence_score(statistics, smoothing, use_effective_order).bleu)
        matrix.append(row)
    return matrix


def _token_counts(tokens: Tokens, max_order: int) -> TokenCounts:
    return [token_ngram_counts(tokens, n) for n in range(1, max_order + 1)]


def _bleu_statistics(
    hypothesis: Tokens, counts: TokenCounts, reference: Tokens, other: TokenCounts
) -> BleuStatistics:
    """``bleu.segment_statistics`` of one hypothesis and one reference, from their counts."""
    matches = tuple(
        sum(min(count, reference_grams[gram]) for gram, count in hypothesis_grams.items())
        for hypothesis_grams, reference_grams in zip(counts, other, strict=True)
    )
    totals = tuple(max(len(hypothesis) - n + 1, 0) for n in range(1, len(counts) + 1))
    return BleuStatistics(matches, totals, len(hypothesis), len(reference))


def mbr_select(scores: Sequence[Sequence[float]]) -> MbrSelection:
    """Expected utilities of a score matrix's rows and the first row with the largest.

    Every row needs at least one score, and there must be at least one row.
    """
    if not scores or not all(scores):
        raise ValueError("mbr_select needs at least one hypothesis and one reference")
    utilities = tuple(_row_mean(row) for row in scores)
    return MbrSelection(utilities, first_largest(utilities))


def _row_mean(row: Sequence[float]) -> float:
    total = 0.0
    for score in row:
        total += score  # one addition at a time, left to right
    return total / len(row)


def first_largest(values: Sequence[float]) -> int:
    """The index of the first largest value."""
    best = 0
    for index, value in enumerate(values):
        if value > values[best]:
            best = index
    return best
