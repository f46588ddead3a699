"""The metrics that can be resampled, by name: everything confidence intervals and paired tests
need of a metric, described once and read by the library's significance functions, ``score``'s
several systems and the ``paired-significance`` contract.

A resampled metric turns keyword options into its options, and several systems' texts into one
per-segment statistics matrix per system with the formula that scores their sums (a metric
that gives several scores, as ROUGE gives one per type, gives a matrix per system and a formula
for each, and names them with ``scores``); or, for a test set scored in parts, the per-segment
statistics its parts tools answer (one mapping a segment, named as those tools name them) into
the same matrices. A test set read in chunks gives each chunk's statistics, which ``joined``
makes the whole set's, the same matrices as of the whole texts. Adding one is one module in
``segmentwise/`` that calls ``register``: every module there is imported the first time the
metrics are read. (``score``'s metric, a layer
above, names it by ``resampled``.)
"""

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.scores import Formula, Matrix

Texts = Sequence[str]
_PACKAGE = "mtcompute.fast.resampling.segmentwise"


@dataclass(frozen=True, slots=True)
class MetricStatistics:
    """One score's statistics matrix for each system, the formula and sacreBLEU's name; ``key``
    names the score among its metric's several (``rouge1``; empty: the metric's only score)."""

    name: str
    formula: Formula
    matrices: list[Matrix]
    key: str = ""


# systems[k][i] is system k's text of segment i; references[i] lists segment i's references.
# A metric's statistics are one score's, or each of its scores' in the order ``scores`` names.
Statistics = Callable[
    [Any, Sequence[Texts], Sequence[Texts], Resampling],
    MetricStatistics | Sequence[MetricStatistics],
]


def _only(name: str) -> Callable[[Any], tuple[str, ...]]:
    def scores(options: Any) -> tuple[str, ...]:
        del options  # one score, whatever the options
        return (name,)

    return scores


# segments[k][i] is system k's statistics of segment i, as the metric's parts tools name them.
Segments = Sequence[Sequence[Mapping[str, Any]]]
FromSegments = Callable[[Any, Segments], MetricStatistics]
# One score's statistics of consecutive chunks of a test set, in order, to the whole set's.
Join = Callable[[Sequence[MetricStatistics]], MetricStatistics]


def stacked(parts: Sequence[MetricStatistics]) -> MetricStatistics:
    """The chunks' matrices one under the other, system by system, where every chunk's formula
    is the same (statistics that do not depend on the other segments')."""
    first = parts[0]
    if any(part.formula != first.formula for part in parts):
        raise ValueError(f"{first.name}: the chunks' formulas differ, expected one formula")
    return replace(first, matrices=stacked_matrices([part.matrices for part in parts]))


def stacked_matrices(parts: Sequence[Sequence[Matrix]]) -> list[Matrix]:
    """Each system's matrices of the chunks (``parts[c][k]``: chunk c's of system k), one
    under the other."""
    return [np.concatenate(chunks) for chunks in zip(*parts, strict=True)]


@dataclass(frozen=True, slots=True)
class ResampledMetric:
    """A metric as resampling takes it: its ``name`` (as ``score -m`` names it), the keyword
    ``group`` its options arrive under in the library's older keywords (``chrf`` for chrF++),
    ``options`` (keywords to its options; ``TypeError`` or ``ValueError`` for a bad one),
    ``statistics`` (the matrices of every system), ``defaults`` (each keyword option's value
    when it is left out), ``from_segments`` (the matrices, in portable mode, of per-segment
    statistics as the metric's parts tools answer them; the caller has checked their shape;
    ``None`` for a metric without parts tools), for a metric that gives several scores,
    ``scores`` (the key of each, from its options; by default its name alone), and for one
    whose statistics of a segment depend on the others' (a scale common to all), ``join``:
    chunks' statistics to the whole set's (by default ``stacked``)."""

    name: str
    group: str
    options: Callable[[Mapping[str, Any]], Any]
    statistics: Statistics
    defaults: Mapping[str, Any] = field(default_factory=dict)
    from_segments: FromSegments | None = None
    scores: Callable[[Any], tuple[str, ...]] | None = None
    join: Join = stacked

    def score_keys(self, options: Any) -> tuple[str, ...]:
        """The key of each score the metric gives with these options, in its order."""
        return (self.scores or _only(self.name))(options)

    def each_score(
        self,
        options: Any,
        systems: Sequence[Texts],
        references: Sequence[Texts],
        resampling: Resampling,
    ) -> list[MetricStatistics]:
        """Each score's statistics, keyed (``MetricStatistics.key``) as ``score_keys`` names
        them."""
        made = self.statistics(options, systems, references, resampling)
        if isinstance(made, MetricStatistics):
            return [replace(made, key=made.key or self.name)]
        return list(made)

    def joined(self, chunks: Sequence[Sequence[MetricStatistics]]) -> list[MetricStatistics]:
        """Each score's statistics of the whole test set from ``each_score``'s of its chunks
        (``chunks[c]``: chunk c's, in order): what ``each_score`` gives of the whole texts."""
        if not chunks:
            raise ValueError("expected the statistics of one chunk or more, got none")
        return [self.join(list(score)) for score in zip(*chunks, strict=True)]


_METRICS: dict[str, ResampledMetric] = {}


def register(metric: ResampledMetric) -> ResampledMetric:
    """Make ``metric`` one that confidence intervals and paired tests resample."""
    if metric.name in _METRICS:
        raise ValueError(f"a resampled metric named {metric.name!r} is registered already")
    _METRICS[metric.name] = metric
    return metric


def resampled_metrics() -> dict[str, ResampledMetric]:
    """Every resampled metric by name, in registration order."""
    package = importlib.import_module(_PACKAGE)
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        importlib.import_module(f"{_PACKAGE}.{module.name}")  # once: Python caches modules
    return _METRICS


def resampled_metric(name: str) -> ResampledMetric | None:
    """The resampled metric called ``name``, or None."""
    return resampled_metrics().get(name)
