"""Runs of whole segments of about equal size: corpus BLEU statistics add up over any split of the
segments, so a large corpus can be computed a block at a time.

Blocks keep the vectorised statistics' arrays small enough to stay in the processor's caches and
to be reused by the allocator, which makes a large corpus several times faster than one pass
over all of it, and its peak memory a block's rather than the corpus's.
"""

import numpy as np
from numpy.typing import NDArray


def segment_blocks(segment_sizes: NDArray[np.int64], size_per_block: int) -> list[slice]:
    """Consecutive slices that cover every segment once, in order, in as many blocks as it
    takes to hold at most about ``size_per_block`` each (sizes in tokens, or estimates of
    them), and about equally much. Adding up the sizes one segment after another, a block closes
    at each segment that brings the sum to a mark (total * k / blocks) or past it; one large
    segment may make a block larger."""
    if len(segment_sizes) == 0:
        return []
    ends = np.cumsum(segment_sizes)
    total = int(ends[-1])
    block_count = max(-(-total // size_per_block), 1)
    marks = np.arange(1, block_count, dtype=np.int64) * total // block_count
    # The segment whose size reaches a mark closes a block; a large segment may reach several.
    closing = np.unique(np.searchsorted(ends, marks, side="left"))
    stops = [*(closing + 1).tolist(), len(segment_sizes)]
    starts = [0, *stops[:-1]]
    return [slice(start, stop) for start, stop in zip(starts, stops, strict=True) if stop > start]


def segment_halves(segment_sizes: NDArray[np.int64], first_share: float) -> list[slice]:
    """Two consecutive slices that cover every segment once, in order, the first holding about
    ``first_share`` of the total size: it closes at the segment that brings the sum to that
    share or past it. One slice when there is one segment; none when there are none."""
    count = len(segment_sizes)
    if count < 2:
        return [slice(0, count)] if count else []
    ends = np.cumsum(segment_sizes)
    reaching = int(np.searchsorted(ends, int(ends[-1]) * first_share, side="left"))
    cut = min(reaching + 1, count - 1)  # the second keeps at least the last segment
    return [slice(0, cut), slice(cut, count)]
