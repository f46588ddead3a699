"""TER resampled: each segment's edits and average reference length (scaled to an integer in
portable mode), scored by TER's formula."""

import math
from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

import numpy as np

from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import (
    MetricStatistics,
    ResampledMetric,
    Segments,
    Texts,
    register,
    stacked_matrices,
)
from mtcompute.fast.resampling.scores import TerFormula
from mtcompute.fast.resampling.statistics import reference_count, ter_matrix, ter_scale
from mtcompute.fast.ter import corpus_statistics_fast
from mtcompute.metrics.ter.options import TerOptions


def ter_options(given: Mapping[str, Any]) -> TerOptions:
    """``normalized``, ``no_punct``, ``asian_support`` and ``case_sensitive``."""
    return TerOptions(**given)


def ter_statistics(
    options: TerOptions,
    systems: Sequence[Texts],
    references: Sequence[Texts],
    resampling: Resampling,
) -> MetricStatistics:
    counts = [len(refs) for refs in references]
    scale = ter_scale(counts) if resampling == "portable" else None
    matrices = [
        ter_matrix(corpus_statistics_fast(list(texts), references, options), counts, scale)
        for texts in systems
    ]
    return MetricStatistics("TER", TerFormula(scale or 1), matrices)


def ter_from_segments(options: TerOptions, segments: Segments) -> MetricStatistics:
    """Per segment ``num_edits`` and ``ref_length`` (the references' average length), as
    ``ter-compute`` answers them, scaled as in portable mode: each average is the exact
    fraction of the fewest references it can be an average of (``reference_count``), and TER
    of a sum is the same double whatever common multiple of the counts scales it."""
    del options  # the texts were scored already
    averages = [[segment["ref_length"] for segment in system] for system in segments]
    counts = {average: reference_count(average) or 1 for system in averages for average in system}
    scale = ter_scale(sorted(set(counts.values())))
    scaled = {average: round(average * k) * (scale // k) for average, k in counts.items()}
    matrices = [
        np.array(
            [
                (segment["num_edits"], scaled[average])
                for segment, average in zip(system, lengths, strict=True)
            ],
            dtype=np.float64,
        ).reshape(len(system), 2)
        for system, lengths in zip(segments, averages, strict=True)
    ]
    return MetricStatistics("TER", TerFormula(scale), matrices)


def ter_join(parts: Sequence[MetricStatistics]) -> MetricStatistics:
    """Chunks' statistics as the whole set's: in portable mode each chunk's lengths are scaled
    by the least common multiple of its reference counts, the whole set's by that of every
    chunk's (``ter_scale`` of all the counts), so each chunk's are multiplied by the whole
    scale over its own: integers still, the very integers of the whole texts."""
    scales = [_scale(part) for part in parts]
    whole = math.lcm(*scales)
    rescaled = []
    for part, scale in zip(parts, scales, strict=True):
        factor = np.array([1.0, float(whole // scale)])
        rescaled.append([matrix * factor if scale != whole else matrix for matrix in part.matrices])
    first = parts[0]
    return replace(first, formula=TerFormula(whole), matrices=stacked_matrices(rescaled))


def _scale(part: MetricStatistics) -> int:
    assert isinstance(part.formula, TerFormula)
    return part.formula.scale


_DEFAULTS = {field.name: field.default for field in fields(TerOptions)}
TER = register(
    ResampledMetric(
        "ter", "ter", ter_options, ter_statistics, _DEFAULTS, ter_from_segments, join=ter_join
    )
)
