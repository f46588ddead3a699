"""The rates from summed statistics, with jiwer 4.0's formulas and edge cases.

With ``H, S, D, I`` summed over the sentences, ``N = H + S + D`` reference items and ``M = H + S
+ I`` hypothesis items:

- ``wer = (S + D + I) / (H + S + D)``, ``mer = (S + D + I) / (H + S + D + I)``,
  ``wip = (H / N) * (H / M)`` (0 where ``M`` is 0), ``wil = 1 - wip``; ``cer`` is ``wer`` over
  characters. Each is the double jiwer computes, operation for operation.
- Where every reference is empty (``N`` is 0), jiwer does not refuse: ``wer`` (and ``cer``) is
  the number of insertions ``I`` (not a rate: 0 for an empty hypothesis, 3 for three inserted
  words), ``mer`` is 0 and ``wip`` 1 where the hypotheses are empty too, else ``mer`` 1 and
  ``wip`` 0. An empty reference among others is simply counted: its insertions add to the sums.

Nothing is refused here: jiwer 4.0 refuses no empty reference or hypothesis.
"""

from dataclasses import dataclass

from mtcompute.metrics.wer.statistics import EditStatistics


@dataclass(frozen=True, slots=True)
class WordRates:
    """jiwer's four word measures."""

    wer: float
    mer: float
    wil: float
    wip: float


def word_rates(statistics: EditStatistics) -> WordRates:
    """wer, mer, wil and wip from summed statistics."""
    hits = statistics.hits
    errors = statistics.errors
    reference_length = statistics.reference_length
    hypothesis_length = statistics.hypothesis_length
    if reference_length == 0:
        wer = float(statistics.insertions)
        mer, wip = (0.0, 1.0) if hypothesis_length == 0 else (1.0, 0.0)
    else:
        wer = float(errors) / float(reference_length)
        mer = float(errors) / float(reference_length + statistics.insertions)
        if hypothesis_length >= 1:
            wip = (float(hits) / reference_length) * (float(hits) / hypothesis_length)
        else:
            wip = 0.0
    return WordRates(wer, mer, 1 - wip, wip)


def error_rate(statistics: EditStatistics) -> float:
    """wer over words, cer over characters: errors over reference items, or the insertions
    where there are no reference items."""
    if statistics.reference_length == 0:
        return float(statistics.insertions)
    return float(statistics.errors) / float(statistics.reference_length)
