"""TER resampled: each segment's edits and average reference length (scaled to an integer in
portable mode), scored by TER's formula."""

from collections.abc import Mapping, Sequence
from typing import Any

from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import MetricStatistics, ResampledMetric, Texts, register
from mtcompute.fast.resampling.scores import TerFormula
from mtcompute.fast.resampling.statistics import ter_matrix, ter_scale
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


TER = register(ResampledMetric("ter", "ter", ter_options, ter_statistics))
