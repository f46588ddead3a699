"""Summed statistics of resamples, as matrix products.

A bootstrap resample is a row of counts (how often it takes each segment), so the sums of all
resamples are ``counts @ statistics``; a randomization trial swaps some segments between two
systems, so its two pseudo-systems are ``baseline_total + swapped @ (system - baseline)`` and
``system_total - swapped @ (system - baseline)``. Every system's statistics sit side by side in
one matrix, so each is one product for all systems. The products are taken in blocks of rows,
in float32 where every partial sum of the integer statistics' magnitudes stays below 2**24 (so
that any order of addition gives the exact sum) and in float64 otherwise; statistics that are
integers (every metric's, TER's reference lengths scaled to integers in portable mode) give
exact sums while they stay below 2**53, which ``exact_in_float64`` checks.
"""

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.resampling.draws import Indexes, Mask

Matrix = NDArray[np.float64]
_ROWS = 512  # resamples per block: a block of counts is 512 * n numbers
_FLOAT32_EXACT = float(2**24)


def exact_in_float64(statistics: NDArray[np.generic]) -> bool:
    """Whether every sum of up to n rows of these (integer) statistics is an exact double."""
    n = max(len(statistics), 1)
    return bool(np.abs(statistics).max(initial=0) * float(n) < 2.0**53)


def _dtype(bound: float, statistics: Matrix) -> Any:
    """float32 where integer statistics keep every partial sum exact in it, else float64."""
    integral = bool(np.all(statistics == np.round(statistics)))
    return np.float32 if integral and bound < _FLOAT32_EXACT else np.float64


def counts(indexes: Indexes) -> NDArray[np.float32]:
    """Per resample (row), how many times it takes each segment (column): small integers, exact
    in float32."""
    samples, n = indexes.shape
    out = np.empty((samples, n), dtype=np.float32)
    for start in range(0, samples, _ROWS):
        block = indexes[start : start + _ROWS]
        rows = np.arange(len(block), dtype=np.int64)[:, None] * n
        flat = np.bincount((rows + block).ravel(), minlength=len(block) * n)
        out[start : start + _ROWS] = flat.reshape(len(block), n)
    return out


def bootstrap_sums(resample_counts: NDArray[np.float32], statistics: Matrix) -> Matrix:
    """Row s: the statistics summed over the segments resample s takes (with repetition)."""
    samples, n = resample_counts.shape
    bound = float(np.abs(statistics).max(initial=0)) * n
    dtype = _dtype(bound, statistics)
    if dtype is np.float32:
        return (resample_counts @ statistics.astype(np.float32)).astype(np.float64)
    out = np.empty((samples, statistics.shape[1]), dtype=np.float64)
    for start in range(0, samples, _ROWS):
        out[start : start + _ROWS] = (
            resample_counts[start : start + _ROWS].astype(np.float64) @ statistics
        )
    return out


def randomization_sums(mask: Mask, baseline: Matrix, system: Matrix) -> tuple[Matrix, Matrix]:
    """Per trial, the summed statistics of the two pseudo-systems: the first takes the
    baseline's segment where ``mask`` is True and the system's elsewhere, the second the
    other."""
    difference = system - baseline
    baseline_total = baseline.sum(axis=0)
    system_total = system.sum(axis=0)
    bound = float(np.abs(difference).sum(axis=0).max(initial=0))
    dtype = _dtype(bound, difference)
    right = difference.astype(dtype)
    trials = len(mask)
    first = np.empty((trials, baseline.shape[1]), dtype=np.float64)
    second = np.empty_like(first)
    for start in range(0, trials, _ROWS):
        swapped = (~mask[start : start + _ROWS]).astype(dtype) @ right
        first[start : start + _ROWS] = baseline_total + swapped
        second[start : start + _ROWS] = system_total - swapped
    return first, second


def randomization_pair_sums(
    mask: Mask, matrices: Sequence[Matrix], pairs: Sequence[tuple[int, int]]
) -> Iterator[tuple[Matrix, Matrix]]:
    """Per pair (i, j), per trial, the two pseudo-systems' sums, from one product for any
    number of pairs: with K_k = kept @ system k (``mask`` True) and T_k its total, the first
    takes i's kept segments and j's others, K_i + T_j - K_j, the second K_j + T_i - K_i.
    Integer statistics only (every sum exact in float64). A pair's sums are made when it is
    reached, so that every pair of many systems does not hold them all at once."""
    width = matrices[0].shape[1]
    stacked = np.hstack(matrices)
    totals = stacked.sum(axis=0)
    bound = float(np.abs(stacked).sum(axis=0).max(initial=0))
    dtype = _dtype(bound, stacked)
    right = stacked.astype(dtype)
    kept = np.empty((len(mask), stacked.shape[1]), dtype=dtype)  # exact in either
    for start in range(0, len(mask), _ROWS):
        kept[start : start + _ROWS] = mask[start : start + _ROWS].astype(dtype) @ right
    for i, j in pairs:
        first_i, first_j = slice(i * width, (i + 1) * width), slice(j * width, (j + 1) * width)
        kept_i = kept[:, first_i].astype(np.float64)
        kept_j = kept[:, first_j].astype(np.float64)
        yield kept_i + (totals[first_j] - kept_j), kept_j + (totals[first_i] - kept_i)
