"""BLEU resampled: each segment's hypothesis length, closest reference length, matches and
totals per order, tokenized as sacreBLEU's ``BLEU(tokenize=..., lowercase=...)`` (each
reference once, for every system), scored by corpus BLEU's formula."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import (
    MetricStatistics,
    ResampledMetric,
    Segments,
    Texts,
    register,
)
from mtcompute.fast.resampling.scores import BleuFormula
from mtcompute.fast.resampling.statistics import bleu_rows
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.smoothing import EXP, Smoothing
from mtcompute.metrics.tokenizers import DEFAULT_TOKENIZER

_EXP = Smoothing.of(EXP)  # sacreBLEU's corpus BLEU smoothing

# Segments whose tokens (every system's) are held at a time: a few megabytes.
SEGMENTS_PER_BLOCK = 100


@dataclass(frozen=True, slots=True)
class BleuOptions:
    """BLEU as sacreBLEU's ``BLEU`` takes it (its corpus smoothing is exp)."""

    tokenizer: str = DEFAULT_TOKENIZER
    lowercase: bool = False
    smoothing: Smoothing = _EXP
    max_order: int = DEFAULT_MAX_ORDER


def bleu_options(given: Mapping[str, Any]) -> BleuOptions:
    """``tokenizer``, ``lowercase``, ``smoothing``, ``smoothing_value`` and ``max_order``."""
    values = dict(given)
    smoothing = Smoothing.of(values.pop("smoothing", EXP), values.pop("smoothing_value", None))
    return BleuOptions(smoothing=smoothing, **values)


def bleu_statistics(
    options: BleuOptions,
    systems: Sequence[Texts],
    references: Sequence[Texts],
    resampling: Resampling,
) -> MetricStatistics:
    width = 2 + 2 * options.max_order
    rows = np.empty((len(systems), len(references), width))
    # A block of segments at a time: every system's tokens of the whole test set at once would
    # take far more memory than the texts.
    for start in range(0, len(references), SEGMENTS_PER_BLOCK):
        block = slice(start, start + SEGMENTS_PER_BLOCK)
        refs = _tokenized_references(references[block], options)
        hypotheses = [
            tokenize_many(list(texts[block]), options.tokenizer, options.lowercase)
            for texts in systems
        ]
        rows[:, block] = bleu_rows(hypotheses, refs, options.max_order)
    return MetricStatistics("BLEU", BleuFormula(options.smoothing, options.max_order), list(rows))


def _tokenized_references(
    references: Sequence[Texts], options: BleuOptions
) -> list[list[list[str]]]:
    """Each segment's references tokenized, in one call for all."""
    flat = tokenize_many(
        [text for refs in references for text in refs], options.tokenizer, options.lowercase
    )
    per_segment, start = [], 0
    for refs in references:
        per_segment.append(flat[start : start + len(refs)])
        start += len(refs)
    return per_segment


def _defaults() -> dict[str, Any]:
    """The keyword options left out, as ``bleu_options`` takes them."""
    defaults: dict[str, Any] = {field.name: field.default for field in fields(BleuOptions)}
    smoothing: Smoothing = defaults.pop("smoothing")
    return {**defaults, "smoothing": smoothing.method, "smoothing_value": smoothing.value}


def bleu_from_segments(options: BleuOptions, segments: Segments) -> MetricStatistics:
    """Per segment ``candidate_length``, ``reference_length``, ``matches`` and ``totals`` (of
    ``max_order`` orders each), as ``bleu-sentence-components`` answers them."""
    matrices = [
        np.array(
            [
                [s["candidate_length"], s["reference_length"], *s["matches"], *s["totals"]]
                for s in system
            ],
            dtype=np.float64,
        ).reshape(len(system), 2 + 2 * options.max_order)
        for system in segments
    ]
    return MetricStatistics("BLEU", BleuFormula(options.smoothing, options.max_order), matrices)


BLEU = register(
    ResampledMetric("bleu", "bleu", bleu_options, bleu_statistics, _defaults(), bleu_from_segments)
)
