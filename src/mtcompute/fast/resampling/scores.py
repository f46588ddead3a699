"""Each metric's corpus score of every row of summed statistics, vectorised over the rows.

A formula scores rows two ways:

``sacrebleu(sums, float32=...)``
    sacreBLEU 2.6's ``_compute_score_from_stats`` under NumPy 2, operation for operation. Its
    bootstrap sums statistics in float32 and, by NumPy 2's promotion rules, then computes BLEU's
    precisions, chrF's and TER's whole formula in float32 (``float32=True`` emulates that: the
    exact sums are rounded to float32, which is sacreBLEU's float32 running sum whenever every
    partial sum is a float32, as integer sums below 2**24 and TER's reference lengths with 1, 2,
    4 or 8 references are); its randomization sums integers exactly and computes in float64
    (``float32=False``), as it scores the corpus itself. Logarithms and exponentials are
    Python's ``math.log``/``math.exp`` as sacreBLEU calls them, and BLEU's sum of logarithms is
    left to right, as Python 3.11's ``sum`` adds (3.12's compensates, and may move the last
    bit). The dtype of the result is that of sacreBLEU's score array: float32 for chrF and TER
    in its bootstrap unless a row falls in a branch that returns a Python float.

``portable(sums)``
    Exact integer sums (TER's reference lengths scaled to integers), scored by mtcompute's own
    formulas in float64: BLEU is ``metrics.sentence.sentence_score`` without effective order
    (fdlibm logarithms and exponential), chrF is ``metrics.chrf.f_score``, TER is
    ``(edits * L) / scaled_reference_length``; every number 100 times the 0-1 score. The same
    doubles on every platform.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import compiled
from mtcompute.fast.bleu.sentence_score import sentence_score_fast
from mtcompute.fast.compiled import compiled_function
from mtcompute.metrics.bleu import BleuStatistics
from mtcompute.metrics.smoothing import ADD_K, EXP, FLOOR, NONE, Smoothing
from mtcompute.numerics import fdlibm

Scores = NDArray[Any]  # float64, or float32 where sacreBLEU's scores are
Matrix = NDArray[np.float64]
_NO_MATCH_LOG = -9999999999.0  # sacreBLEU's my_log(0)
# fdlibm's log and exp: compiled where the package has them, else the Python port (the same).
_LOG: Callable[[float], float] = compiled_function("_sentence_score", "log") or fdlibm.log
_EXP: Callable[[float], float] = compiled_function("_sentence_score", "exp") or fdlibm.exp


class Formula(Protocol):
    """A metric's score of rows of summed statistics."""

    @property
    def columns(self) -> int: ...

    def sacrebleu(self, sums: Matrix, *, float32: bool) -> Scores: ...

    def portable(self, sums: Matrix) -> NDArray[np.float64]: ...


def in_order(formula: Formula) -> bool:
    """Whether the formula's statistics are doubles that a resample sums in the order it takes
    its segments, left to right (a formula says so with ``in_order = True``: ROUGE's mean
    F-measures in ``sacrebleu`` mode), so that its score is that of its segments as a corpus,
    bit for bit; other statistics are summed in any order, exactly."""
    return bool(getattr(formula, "in_order", False))


def _each(function: Callable[[float], float], values: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.fromiter(map(function, values.tolist()), dtype=np.float64, count=len(values))


def _each_compiled(
    each: compiled.EachValue | None,
    function: Callable[[float], float],
    values: NDArray[np.float64],
) -> NDArray[np.float64]:
    """``function`` of each value: the compiled loop ``each`` where the package has it (the same
    doubles, without a Python call per value), else ``function`` value by value."""
    if each is None:
        return _each(function, values)
    source = np.ascontiguousarray(values, dtype=np.float64)
    out = np.empty_like(source)
    each(source, out)
    return out


def _math_log(values: NDArray[np.float64]) -> NDArray[np.float64]:
    return _each_compiled(compiled.log_each, math.log, values)


def _math_exp(values: NDArray[np.float64]) -> NDArray[np.float64]:
    return _each_compiled(compiled.exp_each, math.exp, values)


def _fdlibm_log(values: NDArray[np.float64]) -> NDArray[np.float64]:
    return _each_compiled(compiled.fdlibm_log_each, _LOG, values)


def _fdlibm_exp(values: NDArray[np.float64]) -> NDArray[np.float64]:
    return _each_compiled(compiled.fdlibm_exp_each, _EXP, values)


def _by_column(sums: Matrix, dtype: Any) -> Scores:
    """The statistics column by column, each contiguous (rows of sums are short: reading a
    column of them strides over every row)."""
    return np.ascontiguousarray(sums.T, dtype=dtype)


@dataclass(frozen=True, slots=True)
class BleuFormula:
    """BLEU; columns: hypothesis length, closest reference length, matches per order, totals
    per order (sacreBLEU's order)."""

    smoothing: Smoothing
    max_order: int = 4

    @property
    def columns(self) -> int:
        return 2 + 2 * self.max_order

    def sacrebleu(self, sums: Matrix, *, float32: bool) -> Scores:
        dtype: Any = np.float32 if float32 else np.float64
        order = self.max_order
        sys_len, ref_len = sums[:, 0], sums[:, 1]
        correct = sums[:, 2 : 2 + order].astype(dtype)
        total = sums[:, 2 + order :].astype(dtype)
        rows = len(sums)
        bp = np.ones(rows)
        short = sys_len < ref_len
        bp[short & (sys_len <= 0)] = 0.0
        shrunk = short & (sys_len > 0)
        bp[shrunk] = _math_exp(1 - ref_len[shrunk] / sys_len[shrunk])
        some_match = (correct != 0).any(axis=1)
        acc = np.zeros(rows)
        going = np.ones(rows, dtype=np.bool_)
        mteval = np.ones(rows, dtype=dtype)
        for n in range(order):
            c, t = correct[:, n], total[:, n]
            if self.smoothing.method == ADD_K and n > 0:
                c, t = c + dtype(self.smoothing.value), t + dtype(self.smoothing.value)
            going &= t != 0  # sacreBLEU stops at the first order without n-grams
            precision, mteval = self._precision(c, t, going, mteval, dtype)
            positive = precision != 0
            logs = _math_log(np.where(positive, precision, 1).astype(np.float64))
            logs = np.where(positive, logs, _NO_MATCH_LOG)
            acc = logs if n == 0 else acc + logs  # left to right, as sacreBLEU's sum()
        score = bp * _math_exp(acc / order)
        score[~some_match] = 0.0
        return score

    def _precision(
        self, c: Scores, t: Scores, going: NDArray[np.bool_], mteval: Scores, dtype: Any
    ) -> tuple[Scores, Scores]:
        """sacreBLEU's precision of one order in every row where it goes on, and the doubled
        mteval divisors; each row's operations are its own, so computing every row and keeping
        the ones that apply gives each row's double (or float) of the row alone."""
        method, value = self.smoothing.method, self.smoothing.value
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            zero = going & (c == 0)
            unmatched: Scores | Any = dtype(0)
            if method == EXP:
                mteval = np.where(zero, mteval * dtype(2), mteval)
                unmatched = dtype(100.0) / (mteval * t)
            elif method == FLOOR:
                unmatched = dtype(100.0 * float(value or 0.0)) / t
            matched = (dtype(100.0) * c) / t
            precision = np.where(going & (c != 0), matched, np.where(zero, unmatched, dtype(0)))
        return precision, mteval

    def portable(self, sums: Matrix) -> NDArray[np.float64]:
        if self.smoothing.method == ADD_K:
            return self._portable_by_row(sums)
        order = self.max_order
        c, r = sums[:, 0], sums[:, 1]
        matches, totals = sums[:, 2 : 2 + order], sums[:, 2 + order :]
        rows = len(sums)
        zero = (matches[:, 0] == 0) | (totals == 0).any(axis=1)
        if self.smoothing.method == NONE:
            zero |= (matches == 0).any(axis=1)
        live = ~zero
        acc = np.zeros(int(live.sum()))
        divisor = np.ones(int(live.sum()))
        m, t = matches[live], totals[live]
        for n in range(order):
            with np.errstate(divide="ignore", invalid="ignore"):
                if self.smoothing.method == EXP:
                    divisor = np.where(m[:, n] > 0, divisor, divisor * 2.0)
                    unmatched = 1.0 / (divisor * t[:, n])
                elif self.smoothing.method == FLOOR:
                    unmatched = float(self.smoothing.value or 0.0) / t[:, n]
                else:
                    unmatched = np.zeros(len(m))
                precision = np.where(m[:, n] > 0, m[:, n] / t[:, n], unmatched)
            acc = acc + _fdlibm_log(precision)
        bp = np.ones(rows)
        bp[c == 0] = 0.0
        short = (c > 0) & (c <= r)
        bp[short] = _fdlibm_exp(1.0 - r[short] / c[short])
        out = np.zeros(rows)
        out[live] = bp[live] * _fdlibm_exp((1.0 / order) * acc)
        return 100.0 * out

    def _portable_by_row(self, sums: Matrix) -> NDArray[np.float64]:
        order = self.max_order
        out = np.empty(len(sums))
        for row, values in enumerate(sums.astype(np.int64).tolist()):
            stats = BleuStatistics(
                tuple(values[2 : 2 + order]), tuple(values[2 + order :]), values[0], values[1]
            )
            out[row] = 100.0 * sentence_score_fast(stats, self.smoothing, False).bleu
        return out


@dataclass(frozen=True, slots=True)
class ChrfFormula:
    """chrF and chrF++; columns: per order (characters, then words) hypothesis n-grams,
    reference n-grams, matches."""

    orders: int
    beta: int = 2
    eps_smoothing: bool = False

    @property
    def columns(self) -> int:
        return 3 * self.orders

    def sacrebleu(self, sums: Matrix, *, float32: bool) -> Scores:
        dtype: Any = np.float32 if float32 else np.float64
        return self._score(_by_column(sums, dtype), dtype)

    def portable(self, sums: Matrix) -> NDArray[np.float64]:
        return self._score(_by_column(sums, np.float64), np.float64).astype(np.float64)

    def _score(self, columns: Scores, dtype: Any) -> Scores:
        """F of every row; ``columns[k]`` holds statistic k of every row."""
        factor = self.beta**2
        rows = columns.shape[1]
        if self.eps_smoothing:
            return self._smoothed(columns, dtype, factor)
        precision = np.zeros(rows, dtype=dtype)
        recall = np.zeros(rows, dtype=dtype)
        orders = np.zeros(rows, dtype=np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            for i in range(self.orders):
                h, r, m = columns[3 * i], columns[3 * i + 1], columns[3 * i + 2]
                both = (h > 0) & (r > 0)
                precision = np.where(both, precision + m / h, precision)
                recall = np.where(both, recall + m / r, recall)
                orders += both
            some = orders > 0
            divisor = np.where(some, orders, 1).astype(dtype)
            precision = np.where(some, precision / divisor, dtype(0))
            recall = np.where(some, recall / divisor, dtype(0))
            nonzero = (precision + recall) != 0
            f = ((dtype(1 + factor) * precision) * recall) / (dtype(factor) * precision + recall)
            score: Scores = np.where(nonzero, dtype(100) * f, dtype(0))
        if dtype is np.float32 and not nonzero.all():
            return score.astype(np.float64)  # sacreBLEU returned 0.0, a Python float
        return score

    def _smoothed(self, columns: Scores, dtype: Any, factor: int) -> Scores:
        eps = 1e-16
        total = np.zeros(columns.shape[1], dtype=dtype)
        with np.errstate(divide="ignore", invalid="ignore"):
            for i in range(self.orders):
                h, r, m = columns[3 * i], columns[3 * i + 1], columns[3 * i + 2]
                precision = np.where(h > 0, m / h, dtype(eps))
                recall = np.where(r > 0, m / r, dtype(eps))
                denominator = dtype(factor) * precision + recall
                f = ((dtype(1 + factor) * precision) * recall) / denominator
                total += np.where(denominator > 0, f, dtype(eps))
        smoothed: Scores = (dtype(100) * total) / dtype(self.orders)
        return smoothed


@dataclass(frozen=True, slots=True)
class TerFormula:
    """TER; columns: edits, reference length (average over the segment's references). In
    portable mode the reference lengths are scaled by ``scale`` (a common multiple of the
    reference counts) to integers."""

    scale: int = 1

    @property
    def columns(self) -> int:
        return 2

    def sacrebleu(self, sums: Matrix, *, float32: bool) -> Scores:
        dtype: Any = np.float32 if float32 else np.float64
        edits, length = sums[:, 0].astype(dtype), sums[:, 1].astype(dtype)
        with np.errstate(divide="ignore", invalid="ignore"):
            score: Scores = dtype(100) * (edits / length)
        empty = length <= 0
        if empty.any():
            score = score.astype(np.float64)
            score[empty] = np.where(edits[empty] > 0, 100.0, 0.0)
        return score

    def portable(self, sums: Matrix) -> NDArray[np.float64]:
        edits, length = sums[:, 0], sums[:, 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            score = 100.0 * ((edits * float(self.scale)) / length)
        empty = length <= 0
        score[empty] = np.where(edits[empty] > 0, 100.0, 0.0)
        return score
