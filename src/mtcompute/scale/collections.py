"""Scores over Dask collections (the ``mtcompute[dask]`` extra), for a pipeline that already
holds its segments in Dask: each partition is scored where it lives, and corpus statistics are
made per partition and added in partition order, so every number is the one a single process
gives on the same segments, bit for bit.

A DataFrame names its hypothesis column and its reference columns (one per reference); a Bag
holds ``(hypothesis, references)`` pairs, ``references`` a sequence of strings. The metrics and
their options are ``mtcompute score``'s (``tokenize``, ``lowercase``, ``smoothing``, ...).
"""

from collections.abc import Sequence
from typing import Any

from mtcompute.errors import InputError, Violation
from mtcompute.scale.cluster import dask_modules
from mtcompute.scale.work import Plan
from mtcompute.scoring.metric import ScoringMetric
from mtcompute.scoring.scored import Scored

Pairs = Sequence[tuple[str, Sequence[str]]]


def _metric(name: str, options: dict[str, Any], *, sentence_level: bool) -> ScoringMetric:
    (metric,) = Plan.of((name,), options, sentence_level=sentence_level).scoring_metrics()
    return metric


def _streams(pairs: Pairs) -> tuple[list[str], list[list[str]]]:
    """A Bag partition's pairs as hypotheses and reference streams."""
    hypotheses = [hypothesis for hypothesis, _ in pairs]
    counts = {len(references) for _, references in pairs}
    if len(counts) > 1:
        message = f"expected as many references for every segment, got {sorted(counts)}"
        raise InputError([Violation(code="ragged_references", pointer="", message=message)])
    width = counts.pop() if counts else 0
    return hypotheses, [[refs[k] for _, refs in pairs] for k in range(width)]


def _frame_streams(frame: Any, hypothesis: str, references: Sequence[str]) -> Any:
    return list(frame[hypothesis]), [list(frame[column]) for column in references]


def _partition_scores(pairs: Pairs, name: str, options: dict[str, Any]) -> list[float]:
    metric = _metric(name, options, sentence_level=True)
    hypotheses, streams = _streams(pairs)
    return [item.score for item in metric.sentences(hypotheses, streams)]


def _frame_scores(
    frame: Any, hypothesis: str, references: Sequence[str], name: str, options: dict[str, Any]
) -> Any:
    pandas = dask_modules().pandas
    metric = _metric(name, options, sentence_level=True)
    hypotheses, streams = _frame_streams(frame, hypothesis, references)
    scores = [item.score for item in metric.sentences(hypotheses, streams)]
    return pandas.Series(scores, index=frame.index, dtype="float64", name=name)


def sentence_scores(
    segments: Any,
    metric: str = "chrf",
    *,
    hypothesis: str = "hypothesis",
    references: Sequence[str] = ("reference",),
    **options: Any,
) -> Any:
    """Each segment's sentence-level score (0-100, as ``score --sentence-level``), lazily: a
    Series aligned with a DataFrame's rows, or a Bag of floats in the Bag's order. ROUGE gives
    the first of its ``rouge_types`` (``rouge_types="rougeL"`` names one)."""
    _metric(metric, options, sentence_level=True)  # a bad name or option fails here, not later
    modules = dask_modules()
    if isinstance(segments, modules.bag.Bag):
        return segments.map_partitions(_partition_scores, metric, options)
    meta = modules.pandas.Series(dtype="float64", name=metric)
    return segments.map_partitions(
        _frame_scores, hypothesis, list(references), metric, options, meta=meta
    )


def _partition_statistics(pairs: Pairs, name: str, options: dict[str, Any]) -> Any:
    hypotheses, streams = _streams(list(pairs))
    return len(streams), _metric(name, options, sentence_level=False).statistics(
        hypotheses, streams
    )


def _frame_statistics(
    frame: Any, hypothesis: str, references: Sequence[str], name: str, options: dict[str, Any]
) -> Any:
    hypotheses, streams = _frame_streams(frame, hypothesis, references)
    return len(streams), _metric(name, options, sentence_level=False).statistics(
        hypotheses, streams
    )


def _scored(parts: list[Any], name: str, options: dict[str, Any]) -> Scored:
    """The partitions' statistics added in order (empty partitions add nothing), scored."""
    metric = _metric(name, options, sentence_level=False)
    counted = [(nrefs, part) for nrefs, part in parts if nrefs]
    widths = {nrefs for nrefs, _ in counted}
    if len(widths) != 1:
        message = f"expected one number of references in every partition, got {sorted(widths)}"
        raise InputError([Violation(code="ragged_references", pointer="", message=message)])
    total = counted[0][1]
    for _, part in counted[1:]:
        total = metric.fold(total, part)
    return metric.from_statistics(total, widths.pop())


def corpus_score(
    segments: Any,
    metric: str = "chrf",
    *,
    hypothesis: str = "hypothesis",
    references: Sequence[str] = ("reference",),
    compute: bool = True,
    **options: Any,
) -> Any:
    """The corpus score (a ``Scored``: name, score, signature, verbose part and result with the
    summed statistics), or with ``compute=False`` the Dask ``Delayed`` that makes it. ROUGE gives
    the first of its ``rouge_types`` (``rouge_types="rougeL"`` names one)."""
    _metric(metric, options, sentence_level=False)
    modules = dask_modules()
    delayed = modules.delayed
    if isinstance(segments, modules.bag.Bag):
        parts = [
            delayed(_partition_statistics)(part, metric, options) for part in segments.to_delayed()
        ]
    else:
        parts = [
            delayed(_frame_statistics)(part, hypothesis, list(references), metric, options)
            for part in segments.to_delayed()
        ]
    result = delayed(_scored)(parts, metric, options)
    return result.compute() if compute else result
