"""Runs of whole segments, each about a given number of tokens: corpus BLEU statistics add up over
any split of the segments, so a large corpus can be computed a block at a time.

Blocks keep the vectorised statistics' arrays small enough to stay in the processor's caches and
to be reused by the allocator, which makes a large corpus several times faster than one pass
over all of it, and its peak memory a block's rather than the corpus's.
"""

import itertools
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from mtcompute.metrics.bleu import Tokens


def segment_blocks(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    tokens_per_block: int,
) -> list[slice]:
    """Consecutive slices that cover every segment once, in order, in as many blocks as it
    takes to hold at most about ``tokens_per_block`` tokens (hypotheses and references) each,
    and about equally many. Counting the tokens of the segments one after another, a block
    closes at each segment that brings the count to a mark (total * k / blocks) or past it; one
    long segment may make a block larger. Hypotheses and references must have equal counts."""
    segment_tokens = _segment_token_counts(hypotheses, references)
    if len(segment_tokens) == 0:
        return []
    ends = np.cumsum(segment_tokens)
    total = int(ends[-1])
    block_count = max(-(-total // tokens_per_block), 1)
    marks = np.arange(1, block_count, dtype=np.int64) * total // block_count
    # The segment whose tokens reach a mark closes a block; a long segment may reach several.
    closing = np.unique(np.searchsorted(ends, marks, side="left"))
    stops = [*(closing + 1).tolist(), len(segment_tokens)]
    starts = [0, *stops[:-1]]
    return [slice(start, stop) for start, stop in zip(starts, stops, strict=True) if stop > start]


def _segment_token_counts(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]
) -> NDArray[np.int64]:
    """Per segment: the tokens of its hypothesis and of all its references."""
    counts = np.fromiter(map(len, hypotheses), dtype=np.int64, count=len(hypotheses))
    reference_counts = np.fromiter(map(len, references), dtype=np.int64, count=len(references))
    reference_tokens = np.fromiter(
        map(len, itertools.chain.from_iterable(references)),
        dtype=np.int64,
        count=int(reference_counts.sum()),
    )
    # Per segment, the sum of its references' lengths: differences of a running total.
    running = np.concatenate([[0], np.cumsum(reference_tokens)])
    last = np.cumsum(reference_counts)
    counts += running[last] - running[last - reference_counts]
    return counts
