"""chrF and chrF++ resampled: per order, each segment's kept hypothesis, reference and match
counts (the reference sacreBLEU keeps: the best of the segment's), scored by chrF's formula.
``lowercase`` lowercases every text first, as sacreBLEU's ``CHRF(lowercase=True)`` does."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from mtcompute.fast.chrf.shared_references import kept_statistics
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import (
    MetricStatistics,
    ResampledMetric,
    Segments,
    Texts,
    register,
)
from mtcompute.fast.resampling.scores import ChrfFormula, Matrix
from mtcompute.metrics.chrf import DEFAULT_WORD_ORDER, ChrfOptions


@dataclass(frozen=True, slots=True)
class ResampledChrf:
    """chrF's options, and whether the texts are lowercased first."""

    chrf: ChrfOptions
    lowercase: bool = False


def chrf_statistics(
    options: ResampledChrf,
    systems: Sequence[Texts],
    references: Sequence[Texts],
    resampling: Resampling,
) -> MetricStatistics:
    if options.lowercase:
        systems = [[text.lower() for text in texts] for texts in systems]
        references = [[text.lower() for text in refs] for refs in references]
    rows = kept_statistics(systems, references, options.chrf)
    return _described(options.chrf, list(rows))


def _described(chrf: ChrfOptions, matrices: list[Matrix]) -> MetricStatistics:
    name = f"chrF{chrf.beta}" + "+" * chrf.word_order
    return MetricStatistics(
        name, ChrfFormula(chrf.order_count, chrf.beta, chrf.eps_smoothing), matrices
    )


def chrf_from_segments(options: ResampledChrf, segments: Segments) -> MetricStatistics:
    """Per segment ``hypothesis``, ``reference`` and ``matches`` (one count per order), the
    kept reference's, as ``chrf-compute`` and ``chrf-plus-plus-compute`` answer them."""
    orders = options.chrf.order_count
    matrices = []
    for system in segments:
        # (segment, statistic, order) to (segment, order, statistic): the columns' order
        counts = np.array(
            [[s["hypothesis"], s["reference"], s["matches"]] for s in system], dtype=np.float64
        ).reshape(len(system), 3, orders)
        matrices.append(np.ascontiguousarray(counts.transpose(0, 2, 1)).reshape(len(system), -1))
    return _described(options.chrf, matrices)


def _with_word_order(word_order: int) -> Callable[[Mapping[str, Any]], ResampledChrf]:
    def options(given: Mapping[str, Any]) -> ResampledChrf:
        values = {"word_order": word_order, **given}
        lowercase = bool(values.pop("lowercase", False))
        return ResampledChrf(ChrfOptions(**values), lowercase)

    return options


def _defaults(word_order: int) -> dict[str, Any]:
    """The keyword options left out, as the options of ``_with_word_order`` take them."""
    defaults = {field.name: field.default for field in fields(ChrfOptions)}
    return {**defaults, "word_order": word_order, "lowercase": False}


def _chrf(name: str, word_order: int) -> ResampledMetric:
    return ResampledMetric(
        name,
        "chrf",
        _with_word_order(word_order),
        chrf_statistics,
        _defaults(word_order),
        chrf_from_segments,
    )


CHRF = register(_chrf("chrf", 0))
CHRF_PLUS_PLUS = register(_chrf("chrf++", DEFAULT_WORD_ORDER))
