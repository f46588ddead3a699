"""ROUGE resampled: one score per ROUGE type, each 100 times the mean of the segments'
F-measures (each against its best reference, rouge-score's ``score_multi``), as ``score -m
rouge`` reports a corpus.

A ROUGE mean is not a formula of integer counts: each segment's F-measure is a double, and a
corpus's mean adds them left to right (``rouge-compute``'s means), which rounds differently in
another order. The two resamplings keep the two promises they make for every metric:

``sacrebleu``
    sacreBLEU's way with every metric: a resample's per-segment statistics summed, and the
    corpus formula applied to the sum. A segment's statistics are its F-measure and 1 (the
    count), float64, summed in the order the resample takes its segments, left to right
    (``in_order``, see ``scores``); a randomization trial's pseudo-system adds its segments in
    segment order. So every resample's score is the corpus score of the segments it drew, bit
    for bit: the identity resample's is what ``score -m rouge`` prints for one system. float64
    throughout: sacreBLEU has no ROUGE, so there is no float32 arithmetic of its to emulate (as
    for WER and CER).
``portable``
    Sums exact in any order, so that the compiled integer kernels and matrix products of every
    other metric sum them and any implementation gets the same doubles: every F-measure of a
    type (a double in [0, 1]) is an exact integer at one scale, ``F * 2**shift`` with
    ``shift`` the largest number of binary fraction digits among them, written as base
    2**16 digits (``LIMB_BITS``), one column each, plus the count. The digits' sums are exact
    integers (below 2**53 for fewer than 2**37 segments), so a resample's exact sum of
    F-measures is rebuilt as an integer, and the mean is that integer over ``count *
    2**shift``, rounded once to the nearest double (Python's exact integer division), times
    100. The one rounding makes it the exact mean's nearest double, where a left-to-right sum
    may differ in the last bits: a portable score may differ from ``score``'s by an ulp, as
    portable BLEU's fdlibm logarithms may from the platform's. Chunks of a test set have a
    scale each: ``rouge_join`` shifts each chunk's digits to the largest (exact: a shift of
    integers), the digits the whole texts give.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import (
    MetricStatistics,
    ResampledMetric,
    Texts,
    register,
    stacked,
    stacked_matrices,
)
from mtcompute.fast.resampling.scores import Matrix, Scores
from mtcompute.fast.rouge.scores import score_array
from mtcompute.metrics.rouge.score import TOKENIZERS
from mtcompute.metrics.rouge.types import DEFAULT_TYPES, is_rouge_type

LIMB_BITS = 16  # digits below 2**16: n of them sum below 2**31 (the int32 kernels) to n = 32768
_LIMB = (1 << LIMB_BITS) - 1
_F_MEASURE = 2  # score_array's columns: precision, recall, F-measure


@dataclass(frozen=True, slots=True)
class RougeOptions:
    """ROUGE as ``rouge-compute`` takes it, and a string that stands for a newline in a text
    (``score``'s ``--rouge-sentence-separator``)."""

    rouge_types: tuple[str, ...] = DEFAULT_TYPES
    use_stemmer: bool = False
    tokenizer: str = "rouge-score"
    sentence_separator: str | None = None


def rouge_options(given: Mapping[str, Any]) -> RougeOptions:
    """``rouge_types`` (a list of names), ``use_stemmer``, ``tokenizer`` (``rouge-score`` or
    ``unicode``) and ``sentence_separator``."""
    unknown = sorted(set(given) - set(RougeOptions.__dataclass_fields__))
    if unknown:
        known = ", ".join(RougeOptions.__dataclass_fields__)
        raise TypeError(f"expected options among {known}, got {unknown}")
    options = RougeOptions(**given)
    types = options.rouge_types
    if isinstance(types, str) or not isinstance(types, Sequence) or not types:
        raise ValueError(f"expected rouge_types as a non-empty list of names, got {types!r}")
    for name in types:
        if not isinstance(name, str) or not is_rouge_type(name):
            raise ValueError(
                f"expected ROUGE types (rouge1 to rouge9, rougeL, rougeLsum), got {name!r}"
            )
    if len(set(types)) != len(types):
        raise ValueError(f"expected each ROUGE type once, got {list(types)}")
    if not isinstance(options.use_stemmer, bool):
        raise ValueError(f"expected use_stemmer true or false, got {options.use_stemmer!r}")
    if options.tokenizer not in TOKENIZERS:
        raise ValueError(
            f"expected tokenizer among {sorted(TOKENIZERS)}, got {options.tokenizer!r}"
        )
    separator = options.sentence_separator
    if separator is not None and (not isinstance(separator, str) or not separator):
        raise ValueError(f"expected sentence_separator a non-empty string, got {separator!r}")
    return RougeOptions(tuple(types), options.use_stemmer, options.tokenizer, separator)


@dataclass(frozen=True, slots=True)
class RougeMeanFormula:
    """100 times the mean F-measure. Columns: with ``limbs`` 0 (``sacrebleu``), the summed
    F-measures, then their count; else ``limbs`` base-2**16 digits of the summed F-measures
    times ``2**shift`` (least significant first), then the count."""

    limbs: int = 0
    shift: int = 0

    @property
    def in_order(self) -> bool:
        """Doubles, summed in each resample's order of segments (see the module)."""
        return self.limbs == 0

    @property
    def columns(self) -> int:
        return self.limbs + 1 if self.limbs else 2

    def sacrebleu(self, sums: Matrix, *, float32: bool) -> Scores:
        del float32  # float64 in both: see the module's docstring
        return self.portable(sums)

    def portable(self, sums: Matrix) -> NDArray[np.float64]:
        return _exact_means(sums, self.shift) if self.limbs else _float_means(sums)


def _float_means(sums: Matrix) -> NDArray[np.float64]:
    """Each row's summed F-measures over its count, then 100 times it, as a corpus's mean."""
    total, count = sums[:, 0], sums[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = total / count
    mean[count <= 0] = 0.0
    return 100.0 * mean


def _exact_means(sums: Matrix, shift: int) -> NDArray[np.float64]:
    """Each row's exact sum of F-measures, rebuilt from its digits' sums, over its count times
    2**shift, rounded once (exact integer division), then 100 times it."""
    out = np.zeros(len(sums))
    for row, values in enumerate(sums.tolist()):
        count = int(values[-1])
        if count > 0:
            digits = [int(digit) << (LIMB_BITS * j) for j, digit in enumerate(values[:-1])]
            out[row] = 100.0 * (sum(digits) / (count << shift))
    return out


def _shift(values: Sequence[float]) -> int:
    """The most binary fraction digits of any of the values: each times 2**shift is an
    integer."""
    return max((value.as_integer_ratio()[1].bit_length() - 1 for value in values), default=0)


def digit_matrix(values: Sequence[float], shift: int, limbs: int) -> Matrix:
    """Row i: the base-2**16 digits of ``values[i] * 2**shift`` (an integer), then 1."""
    rows = np.zeros((len(values), limbs + 1))
    rows[:, -1] = 1.0
    for i, value in enumerate(values):
        numerator, denominator = value.as_integer_ratio()
        scaled = numerator << (shift - (denominator.bit_length() - 1))
        for j in range(limbs):
            rows[i, j] = (scaled >> (LIMB_BITS * j)) & _LIMB
    return rows


def _in_lines(texts: Texts, separator: str | None) -> list[str]:
    return [text.replace(separator, "\n") for text in texts] if separator else list(texts)


def rouge_statistics(
    options: RougeOptions,
    systems: Sequence[Texts],
    references: Sequence[Texts],
    resampling: Resampling,
) -> list[MetricStatistics]:
    separator = options.sentence_separator
    refs = [_in_lines(segment, separator) for segment in references]
    f_measures = [
        score_array(
            _in_lines(texts, separator),
            refs,
            options.rouge_types,
            options.use_stemmer,
            options.tokenizer,
        )[:, :, _F_MEASURE]
        for texts in systems
    ]
    each = []
    for t, name in enumerate(options.rouge_types):
        columns = [f[:, t] for f in f_measures]
        if resampling == "portable":
            values = [column.tolist() for column in columns]
            shift = _shift([value for system in values for value in system])
            limbs = shift // LIMB_BITS + 1  # F <= 1: F * 2**shift has at most shift + 1 bits
            matrices = [digit_matrix(system, shift, limbs) for system in values]
            formula = RougeMeanFormula(limbs, shift)
        else:
            matrices = [np.column_stack([column, np.ones(len(column))]) for column in columns]
            formula = RougeMeanFormula()
        each.append(MetricStatistics(name, formula, matrices, key=name))
    return each


def shifted_digits(matrix: Matrix, by: int, limbs: int) -> Matrix:
    """``digit_matrix``'s rows of integers ``x`` as the rows of ``x * 2**by`` in ``limbs``
    digits (enough for them), the count column kept: each digit moved ``by % 16`` bits up, its
    carry into the next, then whole digits ``by // 16`` places up; exact integer arithmetic."""
    whole, bits = divmod(by, LIMB_BITS)
    digits = matrix[:, :-1].astype(np.int64) << bits  # below 2**32
    width = digits.shape[1]
    kept, carried = min(width, limbs - whole), min(width, limbs - whole - 1)
    if np.any(digits[:, kept:]) or np.any(digits[:, carried:] >> LIMB_BITS):
        raise ValueError(f"expected values below 2**{LIMB_BITS * limbs} once shifted")
    moved = np.zeros((len(matrix), limbs + 1))
    moved[:, whole : whole + kept] = digits[:, :kept] & _LIMB
    moved[:, whole + 1 : whole + 1 + carried] += digits[:, :carried] >> LIMB_BITS
    moved[:, -1] = matrix[:, -1]
    return moved


def _mean_formula(part: MetricStatistics) -> RougeMeanFormula:
    assert isinstance(part.formula, RougeMeanFormula)
    return part.formula


def rouge_join(parts: Sequence[MetricStatistics]) -> MetricStatistics:
    """Chunks' statistics of one ROUGE type as the whole set's: in ``sacrebleu`` mode one under
    the other; in ``portable`` mode each chunk's digits shifted to the largest scale of all
    (each value's ``2**shift`` multiple is then the one ``digit_matrix`` makes of the whole)."""
    formulas = [_mean_formula(part) for part in parts]
    if not any(formula.limbs for formula in formulas):
        return stacked(parts)
    shift = max(formula.shift for formula in formulas)
    joined = RougeMeanFormula(shift // LIMB_BITS + 1, shift)
    moved = [
        [
            matrix
            if formula == joined
            else shifted_digits(matrix, shift - formula.shift, joined.limbs)
            for matrix in part.matrices
        ]
        for part, formula in zip(parts, formulas, strict=True)
    ]
    return replace(parts[0], formula=joined, matrices=stacked_matrices(moved))


def _types(options: RougeOptions) -> tuple[str, ...]:
    return options.rouge_types


ROUGE = register(
    ResampledMetric(
        "rouge", "rouge", rouge_options, rouge_statistics, scores=_types, join=rouge_join
    )
)
