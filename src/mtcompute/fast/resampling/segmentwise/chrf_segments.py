"""chrF and chrF++ resampled: per order, each segment's kept hypothesis, reference and match
counts (the reference sacreBLEU keeps: the best of the segment's), scored by chrF's formula."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mtcompute.fast.chrf.shared_references import kept_statistics
from mtcompute.fast.resampling.draws import Resampling
from mtcompute.fast.resampling.registry import MetricStatistics, ResampledMetric, Texts, register
from mtcompute.fast.resampling.scores import ChrfFormula
from mtcompute.metrics.chrf import DEFAULT_WORD_ORDER, ChrfOptions


def chrf_statistics(
    options: ChrfOptions,
    systems: Sequence[Texts],
    references: Sequence[Texts],
    resampling: Resampling,
) -> MetricStatistics:
    rows = kept_statistics(systems, references, options)
    name = f"chrF{options.beta}" + "+" * options.word_order
    return MetricStatistics(
        name, ChrfFormula(options.order_count, options.beta, options.eps_smoothing), list(rows)
    )


def _with_word_order(word_order: int) -> Callable[[Mapping[str, Any]], ChrfOptions]:
    def options(given: Mapping[str, Any]) -> ChrfOptions:
        return ChrfOptions(**{"word_order": word_order, **given})

    return options


CHRF = register(ResampledMetric("chrf", "chrf", _with_word_order(0), chrf_statistics))
CHRF_PLUS_PLUS = register(
    ResampledMetric("chrf++", "chrf", _with_word_order(DEFAULT_WORD_ORDER), chrf_statistics)
)
