"""From texts to statistics matrices: every system's per-segment statistics for one metric,
with the formula that scores their sums and sacreBLEU's name of the metric.

BLEU tokenizes as sacreBLEU's ``BLEU(tokenize=..., lowercase=...)`` (each reference once, for
every system); chrF and chrF++ keep each segment's best reference as sacreBLEU does; TER's
reference lengths are averages, scaled to integers in portable mode.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mtcompute.fast.chrf.shared_references import kept_statistics
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.scores import (
    BleuFormula,
    ChrfFormula,
    Formula,
    Matrix,
    TerFormula,
)
from mtcompute.fast.resampling.statistics import bleu_rows, ter_matrix, ter_scale
from mtcompute.fast.ter import corpus_statistics_fast
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.chrf import ChrfOptions
from mtcompute.metrics.smoothing import Smoothing
from mtcompute.metrics.ter.options import TerOptions

Texts = Sequence[str]
_EXP = Smoothing.of("exp")  # sacreBLEU's corpus BLEU smoothing
# Segments whose tokens (every system's) are held at a time: a few megabytes.
SEGMENTS_PER_BLOCK = 100


@dataclass(frozen=True, slots=True)
class BleuOptions:
    """BLEU as sacreBLEU's ``BLEU`` takes it."""

    tokenizer: str = "13a"
    lowercase: bool = False
    smoothing: Smoothing = _EXP
    max_order: int = 4


MetricOptions = BleuOptions | ChrfOptions | TerOptions


@dataclass(frozen=True, slots=True)
class MetricStatistics:
    """One metric's statistics matrix for each system, the formula and sacreBLEU's name."""

    name: str
    formula: Formula
    matrices: list[Matrix]


def metric_statistics(
    options: MetricOptions,
    systems: Sequence[Texts],
    references: Sequence[Texts],
    resampling: Resampling,
) -> MetricStatistics:
    """``references[i]`` lists segment i's references; every system has one text a segment."""
    if isinstance(options, BleuOptions):
        return _bleu(options, systems, references)
    if isinstance(options, ChrfOptions):
        return _chrf(options, systems, references)
    return _ter(options, systems, references, resampling)


def _bleu(
    options: BleuOptions, systems: Sequence[Texts], references: Sequence[Texts]
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


def _chrf(
    options: ChrfOptions, systems: Sequence[Texts], references: Sequence[Texts]
) -> MetricStatistics:
    rows = kept_statistics(systems, references, options)
    name = f"chrF{options.beta}" + "+" * options.word_order
    return MetricStatistics(
        name, ChrfFormula(options.order_count, options.beta, options.eps_smoothing), list(rows)
    )


def _ter(
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
