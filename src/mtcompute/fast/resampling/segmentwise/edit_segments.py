"""WER and CER resampled: each segment's errors (S + D + I), reference items (H + S + D) and
insertions, integers, scored by jiwer's formula times 100.

jiwer's corpus rate is ``100 * ((S + D + I) / (H + S + D))`` on the summed counts, and the number
of insertions where no reference has an item; the sums are exact integers and the formula is
float64 in both resamplings (sacreBLEU has no WER, so there is no float32 arithmetic of its to
emulate), so a resample's score is the corpus score of the segments it drew, bit for bit.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mtcompute.errors import InputError, Violation
from mtcompute.fast.edits import pair_statistics_fast
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import (
    MetricStatistics,
    ResampledMetric,
    Segments,
    Texts,
    register,
)
from mtcompute.fast.resampling.scores import Matrix, Scores


@dataclass(frozen=True, slots=True)
class EditRateFormula:
    """WER or CER times 100; columns: errors, reference items, insertions."""

    @property
    def columns(self) -> int:
        return 3

    def sacrebleu(self, sums: Matrix, *, float32: bool) -> Scores:
        del float32  # float64 in both: see the module's docstring
        return self.portable(sums)

    def portable(self, sums: Matrix) -> NDArray[np.float64]:
        errors, length, insertions = sums[:, 0], sums[:, 1], sums[:, 2]
        with np.errstate(divide="ignore", invalid="ignore"):
            score = 100.0 * (errors / length)
        empty = length <= 0
        score[empty] = 100.0 * insertions[empty]
        return score


def _no_options(given: Mapping[str, Any]) -> None:
    if given:
        raise ValueError(f"takes no options, got {sorted(given)}")


def _matrix(hypotheses: Texts, references: Sequence[Texts], by_characters: bool) -> Matrix:
    one = []
    for i, segment in enumerate(references):
        if len(segment) != 1:
            message = f"expected one reference a segment, got {len(segment)} for segment {i}"
            raise InputError([Violation(code="one_reference", pointer="", message=message)])
        one.append(segment[0])
    each = pair_statistics_fast(list(hypotheses), one, by_characters=by_characters)
    rows = np.zeros((len(each), 3))
    for i, stats in enumerate(each):
        rows[i] = (stats.errors, stats.reference_length, stats.insertions)
    return rows


def _statistics(name: str, by_characters: bool) -> Any:
    def statistics(
        options: None, systems: Sequence[Texts], references: Sequence[Texts], resampling: Resampling
    ) -> MetricStatistics:
        del options, resampling  # exact integers either way
        matrices = [_matrix(texts, references, by_characters) for texts in systems]
        return MetricStatistics(name, EditRateFormula(), matrices)

    return statistics


def _from_segments(name: str) -> Any:
    def from_segments(options: None, segments: Segments) -> MetricStatistics:
        """Per segment ``hits``, ``substitutions``, ``deletions`` and ``insertions``, as
        ``wer-compute`` and ``cer-compute`` answer them."""
        del options
        matrices = []
        for system in segments:
            counts = np.array(
                [(s["hits"], s["substitutions"], s["deletions"], s["insertions"]) for s in system],
                dtype=np.float64,
            ).reshape(len(system), 4)
            hits, substitutions, deletions, insertions = counts.T
            errors = substitutions + deletions + insertions
            reference = hits + substitutions + deletions
            matrices.append(np.stack([errors, reference, insertions], axis=1))
        return MetricStatistics(name, EditRateFormula(), matrices)

    return from_segments


def _edit_rate(name: str, by_characters: bool) -> ResampledMetric:
    label = name.upper()
    return ResampledMetric(
        name,
        name,
        _no_options,
        _statistics(label, by_characters),
        {},
        _from_segments(label),
    )


WER = register(_edit_rate("wer", False))
CER = register(_edit_rate("cer", True))
