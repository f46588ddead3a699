"""One segment's chrF (chrF++ with word orders) in one compiled call: the kept reference, its
statistics and F exactly as ``metrics.chrf.segment_statistics`` gives them, for a caller that
scores one segment per call, where numpy's fixed costs and the oracle's Counters dominate.

Compiled where the package has it (``_pairwise.c``'s ``chrf_segment``); otherwise the oracle.
"""

from collections.abc import Sequence

from mtcompute.fast import compiled
from mtcompute.metrics.chrf import (
    DEFAULT_BETA,
    DEFAULT_CHAR_ORDER,
    ChrfOptions,
    ChrfResult,
    ChrfSegment,
    ChrfStatistics,
    chrf_result,
    segment_statistics,
    segment_words,
)

# What the kernel holds: orders in a 4-bit field beside an empty slot's, chrF++'s word orders.
_MAX_COMPILED_ORDERS = 14
_MAX_COMPILED_WORD_ORDER = 2
_MAX_COMPILED_BETA = 1000


def chrf_segment(hypothesis: str, references: Sequence[str], options: ChrfOptions) -> ChrfSegment:
    """``metrics.chrf.segment_statistics``: the same kept reference, statistics and F."""
    scorer = compiled.chrf_segment
    if scorer is None or not _compiled_supports(options, references):
        return segment_statistics(hypothesis, references, options)
    index, f, hypothesis_counts, reference_counts, matches = scorer(
        hypothesis,
        list(references),
        options.char_order,
        options.word_order,
        options.beta,
        options.eps_smoothing,
        options.include_whitespace,
    )
    return ChrfSegment(f, index, ChrfStatistics(hypothesis_counts, reference_counts, matches))


def chrf_of_one_segment(
    hypothesis: str,
    references: Sequence[str],
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
    decimals: int | None = None,
    return_words: bool = True,
) -> ChrfResult:
    """``metrics.chrf.chrf([hypothesis], [references], ...)``: the same result, in few steps."""
    options = ChrfOptions(char_order, word_order, beta, eps_smoothing, include_whitespace)
    segment = chrf_segment(hypothesis, references, options)
    words = None
    if word_order > 0 and return_words:
        words = [segment_words(hypothesis, references)]
    return chrf_result([segment], segment.statistics, options, decimals, words)


def _compiled_supports(options: ChrfOptions, references: Sequence[str]) -> bool:
    return (
        len(references) > 0
        and options.char_order >= 1
        and options.order_count <= _MAX_COMPILED_ORDERS
        and 0 <= options.word_order <= _MAX_COMPILED_WORD_ORDER
        and 0 <= options.beta <= _MAX_COMPILED_BETA
    )
