"""One ROUGE type's precision, recall and F-measure from token lists, each double as rouge-score
0.1.2 makes it: a count divided by a count (one correctly rounded division), and
``2 * precision * recall / (precision + recall)`` evaluated left to right, 0 where
``precision + recall`` is 0."""

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple


class Score(NamedTuple):
    """Precision, recall and F-measure of one ROUGE type for one segment: a named tuple, as
    rouge-score's ``Score`` is."""

    precision: float
    recall: float
    fmeasure: float


ZERO = Score(0.0, 0.0, 0.0)


def fmeasure(precision: float, recall: float) -> float:
    """rouge-score's F-measure: the harmonic mean, in its order of operations."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def from_counts(matches: int, hypothesis_total: int, reference_total: int) -> Score:
    """The score of ``matches`` over the hypothesis's and the reference's totals."""
    precision = matches / hypothesis_total
    recall = matches / reference_total
    return Score(precision, recall, fmeasure(precision, recall))


def ngrams(tokens: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    """How many times each n-gram of ``tokens`` occurs."""
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def ngram_counts(
    reference: Sequence[str], hypothesis: Sequence[str], n: int
) -> tuple[int, int, int]:
    """ROUGE-N's counts: clipped n-gram matches, and the hypothesis's and the reference's
    n-grams, each at least 1 (a text with no n-gram counts as having one)."""
    reference_counts = ngrams(reference, n)
    hypothesis_counts = ngrams(hypothesis, n)
    matches = sum(min(count, hypothesis_counts[ngram]) for ngram, count in reference_counts.items())
    return (
        matches,
        max(sum(hypothesis_counts.values()), 1),
        max(sum(reference_counts.values()), 1),
    )


def rouge_n(reference: Sequence[str], hypothesis: Sequence[str], n: int) -> Score:
    """ROUGE-N: clipped n-gram matches over the hypothesis's (precision) and the reference's
    (recall) n-grams; a text with no n-gram scores 0."""
    return from_counts(*ngram_counts(reference, hypothesis, n))


def lcs_table(reference: Sequence[str], hypothesis: Sequence[str]) -> list[list[int]]:
    """``table[i][j]``: the length of the longest common subsequence of the first i reference
    tokens and the first j hypothesis tokens."""
    table = [[0] * (len(hypothesis) + 1) for _ in range(len(reference) + 1)]
    for i in range(1, len(reference) + 1):
        above, row = table[i - 1], table[i]
        token = reference[i - 1]
        for j in range(1, len(hypothesis) + 1):
            if token == hypothesis[j - 1]:
                row[j] = above[j - 1] + 1
            else:
                row[j] = max(above[j], row[j - 1])
    return table


def lcs_counts(reference: Sequence[str], hypothesis: Sequence[str]) -> tuple[int, int, int]:
    """ROUGE-L's counts: the LCS length and each text's length; (0, 1, 1), which scores 0,
    where either is empty."""
    if not reference or not hypothesis:
        return (0, 1, 1)
    return (lcs_table(reference, hypothesis)[-1][-1], len(hypothesis), len(reference))


def rouge_l(reference: Sequence[str], hypothesis: Sequence[str]) -> Score:
    """ROUGE-L: the longest common subsequence over each text's length; 0 where either is empty."""
    return from_counts(*lcs_counts(reference, hypothesis))


def lcs_positions(reference: Sequence[str], hypothesis: Sequence[str]) -> list[int]:
    """The reference positions of one longest common subsequence: rouge-score's, read back from
    the end of the table, going left only where the cell to the left is strictly greater than the
    cell above."""
    table = lcs_table(reference, hypothesis)
    i, j = len(reference), len(hypothesis)
    positions: list[int] = []
    while i > 0 and j > 0:
        if reference[i - 1] == hypothesis[j - 1]:
            positions.append(i - 1)
            i -= 1
            j -= 1
        elif table[i][j - 1] > table[i - 1][j]:
            j -= 1
        else:
            i -= 1
    positions.reverse()
    return positions


def rouge_lsum(reference: Sequence[Sequence[str]], hypothesis: Sequence[Sequence[str]]) -> Score:
    """ROUGE-Lsum of sentences (see ``lsum_counts``): hits over each text's token count."""
    return from_counts(*lsum_counts(reference, hypothesis))


def lsum_counts(
    reference: Sequence[Sequence[str]], hypothesis: Sequence[Sequence[str]]
) -> tuple[int, int, int]:
    """ROUGE-Lsum's counts over sentences: for each reference sentence, the union of the
    positions of its longest common subsequence with each hypothesis sentence; each token of a
    union is a hit while that token has occurrences left to use in both texts (ROUGE 1.5.5's rule
    against counting one twice). The hits and each text's token count; (0, 1, 1), which scores
    0, where either has no token."""
    reference_total = sum(map(len, reference))
    hypothesis_total = sum(map(len, hypothesis))
    if not reference_total or not hypothesis_total:
        return (0, 1, 1)
    reference_left = Counter(token for sentence in reference for token in sentence)
    hypothesis_left = Counter(token for sentence in hypothesis for token in sentence)
    hits = 0
    for sentence in reference:
        union: set[int] = set()
        for other in hypothesis:
            union.update(lcs_positions(sentence, other))
        for position in sorted(union):
            token = sentence[position]
            if hypothesis_left[token] > 0 and reference_left[token] > 0:
                hits += 1
                hypothesis_left[token] -= 1
                reference_left[token] -= 1
    return (hits, hypothesis_total, reference_total)
