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


def counts(indexes: Indexes) -> NDArray[np.int64]:
    """Per resample (row), how many times it takes each segment (column)."""
    samples, n = indexes.shape
    rows = np.arange(samples, dtype=np.int64)[:, None] * n
    flat = np.bincount((rows + indexes).ravel(), minlength=samples * n)
    return flat.reshape(samples, n)


def bootstrap_sums(indexes: Indexes, statistics: Matrix) -> Matrix:
    """Row s: the statistics summed over the segments resample s takes (with repetition)."""
    samples = len(indexes)
    bound = float(np.abs(statistics).max(initial=0)) * indexes.shape[1]
    dtype = _dtype(bound, statistics)
    right = statistics.astype(dtype)
    out = np.empty((samples, statistics.shape[1]), dtype=np.float64)
    for start in range(0, samples, _ROWS):
        block = counts(indexes[start : start + _ROWS]).astype(dtype)
        out[start : start + _ROWS] = block @ right
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
