"""Scoring text segments with the library, the way ``mtcompute score`` reports them: one
``Scored`` per metric (or per metric and segment), each with sacreBLEU's name, 0-100 score,
signature and verbose part beside the tool's own result object.

Every metric comes from the registry (``registry.metric_named``) and goes through the library
functions, so the contracts' rules apply and their request limits do not.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from mtcompute.scoring.metric import ScoringMetric, Streams, Texts
from mtcompute.scoring.registry import metric_named
from mtcompute.scoring.scored import Scored


def score_order(names: Sequence[str], *, paired: bool) -> tuple[str, ...]:
    """The metrics once each, in the order ``score`` reports them: as named for a paired test,
    else sorted by name, case aside (sacreBLEU's); bleu alone if none is named."""
    chosen = tuple(dict.fromkeys(names)) or ("bleu",)
    return chosen if paired else tuple(sorted(chosen, key=str.upper))


def chosen_metrics(
    names: Sequence[str], settings: Mapping[str, Any], *, sentence_level: bool
) -> list[ScoringMetric]:
    """Each named metric with its options taken from ``settings``; every refusal at once."""
    return [metric_named(name)(settings, sentence_level=sentence_level) for name in names]


def score_corpus(
    hypotheses: Texts,
    references: Streams,
    names: Sequence[str],
    settings: Mapping[str, Any] | None = None,
) -> list[Scored]:
    """One ``Scored`` per metric (ROUGE: per type); ``references[k]`` is the k-th reference of
    every segment."""
    chosen = chosen_metrics(names, settings or {}, sentence_level=False)
    return [
        scored
        for metric in chosen
        for scored in metric.corpus_scores(
            metric.statistics(hypotheses, references), len(references)
        )
    ]


def score_corpus_in_chunks(
    chunks: Iterable[tuple[Texts, Streams]],
    names: Sequence[str],
    settings: Mapping[str, Any] | None = None,
) -> list[Scored]:
    """``score_corpus`` of a test set given in consecutive chunks (each chunk's hypotheses and
    reference streams): each metric's statistics added chunk by chunk (``fold``), the same
    scores as of the whole texts."""
    chosen = chosen_metrics(names, settings or {}, sentence_level=False)
    totals: list[Any] | None = None
    nrefs = 0
    for hypotheses, references in chunks:
        parts = [metric.statistics(hypotheses, references) for metric in chosen]
        totals = (
            parts
            if totals is None
            else [m.fold(t, p) for m, t, p in zip(chosen, totals, parts, strict=True)]
        )
        nrefs = len(references)
    if totals is None:
        raise ValueError("expected one chunk of segments or more, got none")
    return [
        scored
        for metric, total in zip(chosen, totals, strict=True)
        for scored in metric.corpus_scores(total, nrefs)
    ]


def score_sentences(
    hypotheses: Texts,
    references: Streams,
    names: Sequence[str],
    settings: Mapping[str, Any] | None = None,
) -> Iterator[Scored]:
    """Per segment, one ``Scored`` per metric (ROUGE: per type), in line order."""
    chosen = chosen_metrics(names, settings or {}, sentence_level=True)
    per_metric = [list(metric.sentence_groups(hypotheses, references)) for metric in chosen]
    for segment_scores in zip(*per_metric, strict=True):
        for group in segment_scores:
            yield from group
