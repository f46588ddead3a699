"""Confidence intervals and paired tests on per-segment statistics matrices.

Every system's statistics of one metric are a matrix (a row per segment, a column per
statistic). The resamples are drawn once (``draws``), summed for every system in one product
(``sums``) and scored row by row (``scores``). In ``sacrebleu`` mode each step is sacreBLEU 2.6's
(``significance.py``): ``estimate_ci`` (sorted scores, the 1/40 and 39/40 order statistics,
NumPy's mean), the bootstrap p-value of the centred absolute differences and the randomization
p-value of the absolute differences, both ``(count(> delta) + 1) / (samples + 1)``. In
``portable`` mode the same definitions hold with float64 scores and the mean a left-to-right
sum divided by the count. A formula ``in_order`` (``scores``) has its statistics summed in each
resample's order of segments (``sums``), and a corpus's in segment order, as ever.
"""

import functools
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.resampling import draws, sums
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.scores import Formula, Matrix, Scores, in_order

Test = Literal["bootstrap", "randomization"]
TESTS: tuple[Test, ...] = ("bootstrap", "randomization")
Pair = tuple[int, int]
Resamples = sums.Segments  # per bootstrap resample (row), the segments it takes
_INDEX_ROWS = 128  # bootstrap resamples drawn at a time


@dataclass(frozen=True, slots=True)
class Interval:
    """A bootstrap mean and the half-width of its 95% interval."""

    mean: float
    ci: float


@dataclass(frozen=True, slots=True)
class PairedOutcome:
    """What one metric's test found: each system's score and interval (None where none was
    asked), and each pair's p-value."""

    scores: tuple[float, ...]
    intervals: tuple[Interval | None, ...]
    p_values: dict[Pair, float]


def corpus_score(formula: Formula, matrix: Matrix, resampling: Resampling) -> float:
    """The score of the whole corpus: the statistics summed in segment order."""
    total = (
        np.add.accumulate(matrix, axis=0)[-1:] if len(matrix) else np.zeros((1, matrix.shape[1]))
    )
    if resampling == "portable":
        return float(formula.portable(total)[0])
    return float(formula.sacrebleu(total, float32=False)[0])


def _mean(scores: Scores, resampling: Resampling) -> float:
    if resampling == "portable":
        return float(np.add.accumulate(scores.astype(np.float64))[-1] / len(scores))
    return float(scores.mean())


def estimate_ci(scores: Scores, resampling: Resampling) -> Interval:
    """sacreBLEU's ``estimate_ci``: the mean, and half the distance between the n//40-th and
    the (n - n//40 - 1)-th smallest score."""
    ordered = np.sort(scores)
    lower = ordered[len(ordered) // 40]
    upper = ordered[len(ordered) - len(ordered) // 40 - 1]
    return Interval(_mean(ordered, resampling), float(0.5 * (upper - lower)))


def estimate_ci_single(scores: Scores) -> Interval:
    """sacreBLEU's ``Score.estimate_ci`` (one system's ``--confidence``): the same bounds, the
    mean of ``statistics.mean``."""
    raw: list[float] = scores.tolist() if scores.dtype == np.float64 else list(scores)
    ordered = sorted(raw)
    lower = ordered[len(ordered) // 40]
    upper = ordered[len(ordered) - len(ordered) // 40 - 1]
    return Interval(float(statistics.mean(ordered)), float(0.5 * (upper - lower)))


def _score_rows(formula: Formula, rows: Matrix, resampling: Resampling) -> Scores:
    if resampling == "portable":
        return formula.portable(rows)
    return formula.sacrebleu(rows, float32=True)


def bootstrap_scores(
    formula: Formula,
    matrices: Sequence[Matrix],
    indexes: Resamples,
    resampling: Resampling,
) -> list[Scores]:
    """Every system's score on each bootstrap resample (``indexes[s]``: the segments resample s
    takes): one sum of all systems' statistics per resample."""
    if in_order(formula):
        summed = sums.ordered_bootstrap_sums(indexes, matrices)
    else:
        summed = sums.bootstrap_sums(indexes, matrices)
    width = formula.columns
    return [
        _score_rows(formula, summed[:, k * width : (k + 1) * width], resampling)
        for k in range(len(matrices))
    ]


def _bootstrap_p(system: Scores, baseline: Scores, delta: float, resampling: Resampling) -> float:
    sample_diffs = np.abs(system - baseline)
    centred = sample_diffs - _mean(sample_diffs, resampling)
    return (int(np.sum(centred > delta)) + 1) / (len(centred) + 1)


def _randomization_p(first: Scores, second: Scores, delta: float) -> float:
    differences = np.abs(np.asarray(first) - np.asarray(second))
    return (int(np.sum(differences > delta)) + 1) / (len(differences) + 1)


def bootstrap_resamples(
    resampling: Resampling, seed: int | None, samples: int, n: int
) -> Resamples:
    """The resamples' segments (uint16 or int32); a seeded draw is kept for the next metric."""
    if seed is None:
        return _drawn_resamples(resampling, seed, samples, n)
    return _remembered_resamples(resampling, seed, samples, n)


@functools.lru_cache(maxsize=1)
def _remembered_resamples(resampling: Resampling, seed: int, samples: int, n: int) -> Resamples:
    found = _drawn_resamples(resampling, seed, samples, n)
    found.flags.writeable = False
    return found


def _drawn_resamples(resampling: Resampling, seed: int | None, samples: int, n: int) -> Resamples:
    # Fewer than 2**16 segments (test sets are): each index in two bytes.
    dtype = np.uint16 if n <= 1 << 16 else np.int32
    if resampling == "portable":
        chosen = draws.entropy_seed() if seed is None else seed
        return draws.portable_indexes_as(chosen, samples, n, dtype)
    # sacreBLEU's draw a block at a time: its int64 whole would be four times what is kept.
    out = np.empty((samples, n), dtype=dtype)
    start = 0
    for block in draws.sacrebleu_index_blocks(seed, samples, n, _INDEX_ROWS):
        out[start : start + len(block)] = block
        start += len(block)
    return out


def bootstrap_indexes(
    resampling: Resampling, seed: int | None, samples: int, n: int
) -> draws.Indexes:
    if resampling == "portable":
        return draws.portable_indexes(draws.entropy_seed() if seed is None else seed, samples, n)
    return draws.sacrebleu_indexes(seed, samples, n)


def confidence_intervals(
    formula: Formula,
    matrices: Sequence[Matrix],
    *,
    samples: int,
    seed: int | None,
    resampling: Resampling,
    single: bool = False,
) -> list[Interval]:
    """Each system's bootstrap interval, every system on the same resamples (sacreBLEU's with
    one seed); ``single`` takes ``Score.estimate_ci``'s mean, as sacreBLEU's ``--confidence``
    for one system does."""
    n = len(matrices[0])
    per_system = bootstrap_scores(
        formula, matrices, bootstrap_resamples(resampling, seed, samples, n), resampling
    )
    if single and resampling == "sacrebleu":
        return [estimate_ci_single(scores) for scores in per_system]
    return [estimate_ci(scores, resampling) for scores in per_system]


def compare_pairs(
    formula: Formula,
    matrices: Sequence[Matrix],
    *,
    test: Test,
    samples: int,
    seed: int | None,
    resampling: Resampling,
    pairs: Sequence[Pair] | None = None,
    confidence: int = 0,
) -> PairedOutcome:
    """Each pair (baseline index, system index; by default the first system against each
    other) tested by paired bootstrap or approximate randomization with ``samples`` resamples
    or trials; intervals come with the bootstrap, and with randomization when ``confidence``
    (its resamples) is positive, as sacreBLEU's ``n_ar_confidence``."""
    chosen = list(pairs) if pairs is not None else [(0, k) for k in range(1, len(matrices))]
    n = len(matrices[0])
    scores = tuple(corpus_score(formula, matrix, resampling) for matrix in matrices)
    if resampling == "portable" and seed is None:
        seed = draws.entropy_seed()
    p_values: dict[Pair, float] = {}
    intervals: list[Interval | None] = [None] * len(matrices)
    if test == "bootstrap":
        taken = bootstrap_resamples(resampling, seed, samples, n)
        resampled = bootstrap_scores(formula, matrices, taken, resampling)
        intervals = [estimate_ci(each, resampling) for each in resampled]
        for base, system in chosen:
            delta = abs(scores[base] - scores[system])
            p_values[base, system] = _bootstrap_p(
                resampled[system], resampled[base], delta, resampling
            )
        return PairedOutcome(scores, tuple(intervals), p_values)
    coins, system_indexes = _trials(resampling, seed, samples, n, confidence)
    pair_sums: Iterable[tuple[Matrix, Matrix]]
    if in_order(formula):
        pair_sums = sums.ordered_randomization_pair_sums(coins, matrices, chosen)
    elif _exact_kept_sums(matrices):
        pair_sums = sums.randomization_pair_sums(coins, matrices, chosen)
    else:  # fractions (TER's averages): the pair's differences, as before
        pair_sums = _pair_differences(coins, matrices, chosen, formula.columns)
    for (base, system), (first_sums, second_sums) in zip(chosen, pair_sums, strict=True):
        first = _trial_scores(formula, first_sums, resampling)
        second = _trial_scores(formula, second_sums, resampling)
        delta = abs(scores[base] - scores[system])
        p_values[base, system] = _randomization_p(first, second, delta)
    if confidence > 0:
        intervals = _randomization_intervals(
            formula, matrices, chosen, resampling, seed, confidence, system_indexes
        )
    return PairedOutcome(scores, tuple(intervals), p_values)


def _exact_kept_sums(matrices: Sequence[Matrix]) -> bool:
    return all(sums.integers(matrix) and sums.exact_in_float64(matrix) for matrix in matrices)


def _pair_differences(
    coins: draws.Coins, matrices: Sequence[Matrix], chosen: Sequence[Pair], width: int
) -> list[tuple[Matrix, Matrix]]:
    firsts = np.hstack([matrices[base] for base, _ in chosen])
    seconds = np.hstack([matrices[system] for _, system in chosen])
    first_sums, second_sums = sums.randomization_sums(coins, firsts, seconds)
    return [
        (first_sums[:, k * width : (k + 1) * width], second_sums[:, k * width : (k + 1) * width])
        for k in range(len(chosen))
    ]


def _trial_scores(formula: Formula, rows: Matrix, resampling: Resampling) -> Scores:
    if resampling == "portable":
        return formula.portable(rows)
    return formula.sacrebleu(rows, float32=False)


def _trials(
    resampling: Resampling, seed: int | None, trials: int, n: int, confidence: int
) -> tuple[draws.Coins, draws.Indexes | None]:
    if seed is None:
        return _drawn_trials(resampling, seed, trials, n, confidence)
    return _remembered_trials(resampling, seed, trials, n, confidence)


@functools.lru_cache(maxsize=1)
def _remembered_trials(
    resampling: Resampling, seed: int, trials: int, n: int, confidence: int
) -> tuple[draws.Coins, draws.Indexes | None]:
    coins, indexes = _drawn_trials(resampling, seed, trials, n, confidence)
    coins.data.flags.writeable = False
    return coins, indexes


def _drawn_trials(
    resampling: Resampling, seed: int | None, trials: int, n: int, confidence: int
) -> tuple[draws.Coins, draws.Indexes | None]:
    if resampling == "portable":
        assert seed is not None
        indexes = draws.portable_indexes(seed, confidence, n) if confidence > 0 else None
        return draws.portable_coins(seed, trials, n), indexes
    return draws.sacrebleu_coins(seed, trials, n, confidence)


def _randomization_intervals(  # noqa: PLR0917
    formula: Formula,
    matrices: Sequence[Matrix],
    chosen: Sequence[Pair],
    resampling: Resampling,
    seed: int | None,
    confidence: int,
    system_indexes: NDArray[np.int64] | None,
) -> list[Interval | None]:
    """sacreBLEU's intervals beside randomization: a baseline's from a fresh generator, a
    system's from the one that drew its trials (portable: both from the bootstrap stream)."""
    n = len(matrices[0])
    assert system_indexes is not None
    fresh = bootstrap_indexes(resampling, seed, confidence, n)
    intervals: list[Interval | None] = [None] * len(matrices)
    bases = {base for base, _ in chosen}
    for k in range(len(matrices)):
        indexes = fresh if k in bases else system_indexes
        (scores,) = bootstrap_scores(formula, [matrices[k]], indexes, resampling)
        intervals[k] = estimate_ci(scores, resampling)
    return intervals
