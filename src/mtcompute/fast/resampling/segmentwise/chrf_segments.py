"""chrF and chrF++ resampled: per order, each segment's kept hypothesis, reference and match
counts (the reference sacreBLEU keeps: the best of the segment's), scored by chrF's formula.
``lowercase`` lowercases every text first, as sacreBLEU's ``CHRF(lowercase=True)`` does."""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.fast.chrf.shared_references import kept_statistics
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import MetricStatistics, ResampledMetric, Texts, register
from mtcompute.fast.resampling.scores import ChrfFormula
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
    chrf = options.chrf
    rows = kept_statistics(systems, references, chrf)
    name = f"chrF{chrf.beta}" + "+" * chrf.word_order
    return MetricStatistics(
        name, ChrfFormula(chrf.order_count, chrf.beta, chrf.eps_smoothing), list(rows)
    )


def _with_word_order(word_order: int) -> Callable[[Mapping[str, Any]], ResampledChrf]:
    def options(given: Mapping[str, Any]) -> ResampledChrf:
        values = {"word_order": word_order, **given}
        lowercase = bool(values.pop("lowercase", False))
        return ResampledChrf(ChrfOptions(**values), lowercase)

    return options


CHRF = register(ResampledMetric("chrf", "chrf", _with_word_order(0), chrf_statistics))
CHRF_PLUS_PLUS = register(
    ResampledMetric("chrf++", "chrf", _with_word_order(DEFAULT_WORD_ORDER), chrf_statistics)
)
