"""Summed statistics of resamples: every system's at once, exactly.

A bootstrap resample takes some segments (with repetition); a randomization trial keeps some
segments of each system and the other system's for the rest, so its sums are the kept
segments' sums and the totals less them. Every system's statistics sit side by side, so each
resample's sums are one pass for all systems.

Integer statistics are first reduced to a ``Basis``: many columns are others plus a constant
(one reference's lengths are every system's, BLEU's first total is the hypothesis length, a
text's n-gram counts are its length less n - 1 wherever it is long enough), so only the
distinct columns are summed and each statistic's sum is rebuilt from its column's. Where the
package has its compiled kernels (``_resampling.c``), integer sums are int32 additions, exact in
any order while no sum of magnitudes reaches 2**31; otherwise they are matrix products in
blocks of rows, in float32 where every partial sum of the integer statistics' magnitudes stays
below 2**24 (so that any order of addition gives the exact sum) and in float64 otherwise.
Integer statistics (every metric's, TER's reference lengths scaled to integers in portable
mode) give exact sums while they stay below 2**53, which ``exact_in_float64`` checks.

Doubles whose sum must be that of a corpus (ROUGE's F-measures in ``sacrebleu`` mode: a corpus's
mean adds them left to right) are summed ``in_draw_order``: a resample's in the order it takes
its segments, a trial's pseudo-system's in segment order, each a left-to-right float64 sum.
"""

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import compiled
from mtcompute.fast.resampling.draws import Coins, Indexes

Matrix = NDArray[np.float64]
Segments = NDArray[np.integer[Any]]  # per bootstrap resample (row), the segments it takes
_ROWS = 512  # resamples per block: a block of counts is 512 * n numbers (a multiple of 8)
_FLOAT32_EXACT = float(2**24)
_INT32_EXACT = float(2**31)


def exact_in_float64(statistics: NDArray[np.generic]) -> bool:
    """Whether every sum of up to n rows of these (integer) statistics is an exact double."""
    n = max(len(statistics), 1)
    return bool(np.abs(statistics).max(initial=0) * float(n) < 2.0**53)


def integers(values: NDArray[np.floating[Any]]) -> bool:
    """Whether every value is a finite integer."""
    with np.errstate(invalid="ignore"):  # infinities and NaN leave NaN, not 0
        return bool(np.all(values - np.floor(values) == 0.0))


def _dtype(bound: float) -> Any:
    """float32 where integer statistics keep every partial sum exact in it, else float64."""
    return np.float32 if bound < _FLOAT32_EXACT else np.float64


@dataclass(frozen=True, slots=True)
class Basis:
    """Integer statistics (n rows) as fewer columns: statistic ``a`` is basis column ``of[a]``
    plus ``first[a]`` in every row. ``columns`` holds the distinct columns of the statistics
    less their first row, then a column of ones, whose sum counts the rows summed; so the sums
    of any weighted rows are ``expand``ed from the sums of the basis, exactly."""

    columns: Matrix
    of: NDArray[np.intp]
    first: Matrix

    @classmethod
    def of_matrices(cls, matrices: Sequence[Matrix]) -> "Basis | None":
        """The basis of the matrices side by side; None unless every value is an integer.
        A system at a time, so that no copy of all the statistics is made."""
        n = len(matrices[0])
        if n == 0:
            width = sum(matrix.shape[1] for matrix in matrices)
            return cls(np.zeros((0, width + 1)), np.arange(width), np.zeros(width))
        if not all(integers(matrix) for matrix in matrices):
            return None
        found: dict[bytes, int] = {}  # equal integer columns have equal bytes (x - x is +0.0)
        distinct: list[Matrix] = []
        of = []
        for matrix in matrices:
            for column in (matrix - matrix[0]).T.copy():  # each column contiguous
                index = found.setdefault(column.tobytes(), len(distinct))
                if index == len(distinct):
                    distinct.append(column)
                of.append(index)
        columns = np.empty((n, len(distinct) + 1))
        for index, column in enumerate(distinct):
            columns[:, index] = column
        columns[:, -1] = 1.0
        first = np.concatenate([matrix[0] for matrix in matrices])
        return cls(columns, np.array(of, dtype=np.intp), first)

    def expand(self, sums: NDArray[Any], columns: slice = slice(None)) -> Matrix:
        """The sums of the statistics ``columns`` from ``sums`` of the basis, as float64."""
        counted = sums[:, -1:].astype(np.float64)
        return sums[:, self.of[columns]].astype(np.float64) + counted * self.first[columns]

    def bound(self) -> float:
        """The largest sum of one basis column's magnitudes."""
        return float(np.abs(self.columns).sum(axis=0).max(initial=0))


def counts(indexes: Indexes) -> NDArray[np.float32]:
    """Per resample (row), how many times it takes each segment (column): small integers, exact
    in float32."""
    samples, n = indexes.shape
    out = np.empty((samples, n), dtype=np.float32)
    counted = compiled.resample_counts
    if counted is not None and n > 0:
        counted(np.ascontiguousarray(indexes, dtype=np.int64), n, out)
        return out
    for start in range(0, samples, _ROWS):
        block = indexes[start : start + _ROWS]
        rows = np.arange(len(block), dtype=np.int64)[:, None] * n
        flat = np.bincount((rows + block).ravel(), minlength=len(block) * n)
        out[start : start + _ROWS] = flat.reshape(len(block), n)
    return out


def bootstrap_sums(indexes: Segments, matrices: Sequence[Matrix]) -> Matrix:
    """Row s: every system's statistics (side by side) summed over the segments resample s
    takes (``indexes[s]``, with repetition)."""
    samples, n = indexes.shape
    basis = Basis.of_matrices(matrices)
    if basis is None:  # fractions (TER's averages): the statistics themselves, in float64
        return _blocked_products(_counts_in_blocks(indexes), np.hstack(matrices), np.float64)
    bound = float(np.abs(basis.columns).max(initial=0)) * n
    summed = compiled.resample_sums
    if summed is not None and n > 0 and bound < _INT32_EXACT:
        out = np.empty((samples, basis.columns.shape[1]), dtype=np.int32)
        taken = indexes if indexes.dtype in (np.uint16, np.int32) else indexes.astype(np.int32)
        summed(np.ascontiguousarray(taken), basis.columns.astype(np.int32), out)
        return basis.expand(out)
    products = _blocked_products(_counts_in_blocks(indexes), basis.columns, _dtype(bound))
    return basis.expand(products)


def _counts_in_blocks(indexes: Segments) -> NDArray[np.float32]:
    samples, n = indexes.shape
    out = np.empty((samples, n), dtype=np.float32)
    for start in range(0, samples, _ROWS):
        out[start : start + _ROWS] = counts(indexes[start : start + _ROWS].astype(np.int64))
    return out


def _blocked_products(weights: NDArray[Any], right: Matrix, dtype: Any) -> NDArray[Any]:
    """``weights @ right`` in ``dtype``, a block of rows at a time (each converted once)."""
    factor = right.astype(dtype)
    out = np.empty((len(weights), right.shape[1]), dtype=dtype)
    for start in range(0, len(weights), _ROWS):
        block = weights[start : start + _ROWS]
        np.matmul(block.astype(dtype, copy=False), factor, out=out[start : start + len(block)])
    return out


def _kept_products(
    coins: Coins, right: Matrix, integral: bool, *, swapped: bool = False
) -> NDArray[Any]:
    """Per trial, the rows of ``right`` that it keeps (``swapped``: that it swaps) summed:
    int32 from the compiled kernel (integers whose magnitudes sum below 2**31), else a
    product in float32 or float64."""
    bound = float(np.abs(right).sum(axis=0).max(initial=0))
    summed = compiled.kept_sums
    if summed is not None and integral and bound < _INT32_EXACT and coins.n > 0:
        out = np.empty((coins.trials, right.shape[1]), dtype=np.int32)
        statistics = np.ascontiguousarray(right, dtype=np.int32)
        summed(coins.data, coins.trials, coins.n, statistics, out)
        # The swapped rows' sums are the total less the kept: exact, integers.
        return statistics.sum(axis=0, dtype=np.int32) - out if swapped else out
    dtype = _dtype(bound) if integral else np.float64
    factor = np.ascontiguousarray(right, dtype=dtype)
    out = np.zeros((coins.trials, right.shape[1]), dtype=dtype)
    for start in range(0, coins.trials if coins.n > 0 else 0, _ROWS):
        stop = min(start + _ROWS, coins.trials)
        taken = coins.floats(start, stop).astype(dtype, copy=False)
        if swapped:
            np.subtract(1, taken, out=taken)
        out[start:stop] = taken @ factor
    return out


def randomization_sums(coins: Coins, baseline: Matrix, system: Matrix) -> tuple[Matrix, Matrix]:
    """Per trial, the summed statistics of the two pseudo-systems: the first takes the
    baseline's segment where the coin is 1 and the system's elsewhere, the second the other.
    For fractions, each sum is a float64 product over the swapped segments."""
    difference = system - baseline
    baseline_total = baseline.sum(axis=0)
    system_total = system.sum(axis=0)
    swapped = _kept_products(coins, difference, integers(difference), swapped=True)
    swapped = swapped.astype(np.float64)
    return baseline_total + swapped, system_total - swapped


def randomization_pair_sums(
    coins: Coins, matrices: Sequence[Matrix], pairs: Sequence[tuple[int, int]]
) -> Iterator[tuple[Matrix, Matrix]]:
    """Per pair (i, j), per trial, the two pseudo-systems' sums, from one pass for any number
    of pairs: with K_k the sums of system k's kept segments (coin 1) and T_k its total, the
    first takes i's kept segments and j's others, K_i + T_j - K_j, the second K_j + T_i - K_i.
    Integer statistics only (every sum exact in float64). A pair's sums are made when it is
    reached, so that every pair of many systems does not hold them all at once."""
    width = matrices[0].shape[1]
    basis = Basis.of_matrices(matrices)
    if basis is None:
        raise ValueError("kept sums are exact for integer statistics only")
    kept = _kept_products(coins, basis.columns, True)
    totals = [matrix.sum(axis=0) for matrix in matrices]
    bound = max(float(np.abs(matrix).sum(axis=0).max(initial=0)) for matrix in matrices)
    systems = _KeptSums(basis, kept, width, pairs, narrow=bound < _FLOAT32_EXACT)
    for i, j in pairs:
        kept_i, kept_j = systems.of(i), systems.of(j)
        first = kept_i + (totals[j] - kept_j)
        yield first, (totals[i] + totals[j]) - first  # K_j + T_i - K_i: integers, exact


class _KeptSums:
    """Each system's kept sums, rebuilt from the basis's when a pair first needs them and kept
    while a later pair does (every pair of many systems reuses each system's); ``narrow``,
    in float32, exact where no column's magnitudes sum to 2**24, in half the memory."""

    def __init__(
        self,
        basis: Basis,
        kept: NDArray[Any],
        width: int,
        pairs: Sequence[tuple[int, int]],
        *,
        narrow: bool,
    ) -> None:
        self.basis, self.kept, self.width = basis, kept, width
        self.dtype: Any = np.float32 if narrow else np.float64
        self.uses = Counter(system for pair in pairs for system in pair)
        self.found: dict[int, NDArray[Any]] = {}

    def of(self, system: int) -> NDArray[Any]:
        if system not in self.found:
            columns = slice(system * self.width, (system + 1) * self.width)
            expanded = self.basis.expand(self.kept, columns)
            self.found[system] = expanded.astype(self.dtype, copy=False)
        self.uses[system] -= 1
        return self.found[system] if self.uses[system] else self.found.pop(system)


_ORDERED_VALUES = 1 << 20  # a block's values gathered at once: 8 MB


def _in_order(values: NDArray[np.float64]) -> NDArray[np.float64]:
    """Per row of ``values`` (rows, segments), its values added left to right: an
    accumulation, each partial sum the one before plus the next segment's (one statistic at a
    time, each row contiguous, is the quickest way numpy has)."""
    if values.shape[1] == 0:
        return np.zeros(values.shape[0])
    return np.add.accumulate(values, axis=1)[:, -1]


def _block_rows(n: int) -> int:
    return max(1, _ORDERED_VALUES // max(n, 1))


def ordered_bootstrap_sums(indexes: Segments, matrices: Sequence[Matrix]) -> Matrix:
    """``bootstrap_sums`` added in each resample's order of taking its segments, left to right
    in float64: row s is the statistics of the corpus ``indexes[s]`` summed as that corpus's
    own sum adds them, bit for bit."""
    samples, n = indexes.shape
    statistics = np.hstack(matrices).astype(np.float64)
    out = np.empty((samples, statistics.shape[1]))
    rows = _block_rows(n)
    for start in range(0, samples, rows):
        taken = indexes[start : start + rows]
        for column in range(statistics.shape[1]):
            out[start : start + rows, column] = _in_order(statistics[:, column][taken])
    return out


def ordered_randomization_pair_sums(
    coins: Coins, matrices: Sequence[Matrix], pairs: Sequence[tuple[int, int]]
) -> Iterator[tuple[Matrix, Matrix]]:
    """``randomization_pair_sums`` added in segment order, left to right in float64: per trial,
    the first pseudo-system takes system i's segment where the coin is 1 and j's elsewhere, the
    second the other, each summed as the corpus of its segments is."""
    for i, j in pairs:
        mine, theirs = matrices[i].astype(np.float64), matrices[j].astype(np.float64)
        first = np.empty((coins.trials, mine.shape[1]))
        second = np.empty_like(first)
        rows = _block_rows(coins.n)
        for start in range(0, coins.trials, rows):
            stop = min(start + rows, coins.trials)
            kept = coins.rows(start, stop).astype(np.bool_)
            for column in range(mine.shape[1]):
                ours, others = mine[:, column], theirs[:, column]
                if _exact_integers(ours, others):  # (the count) any order: the exact sum
                    swing = kept.astype(np.float64) @ (ours - others)
                    first[start:stop, column] = others.sum() + swing
                    second[start:stop, column] = ours.sum() - swing
                    continue
                first[start:stop, column] = _in_order(np.where(kept, ours, others))
                second[start:stop, column] = _in_order(np.where(kept, others, ours))
        yield first, second


def _exact_integers(*columns: NDArray[np.float64]) -> bool:
    """Whether the columns hold integers whose every sum is exact, in whatever order."""
    return all(integers(column) and exact_in_float64(column) for column in columns)
