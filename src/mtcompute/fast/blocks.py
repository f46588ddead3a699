"""Additive statistics of a large corpus, a block of segments at a time, on two cores.

Any statistics that add up over a split of the segments (BLEU's matches and totals, chrF's
n-gram counts) can be computed in blocks and summed: a block's arrays stay in the processor's
caches, peak memory is a block's, and the helper process (``mtcompute.helper``) can take some
blocks while the caller computes the others. How many blocks, and who computes which, decides
only how fast: the sum is the same.

- Up to one block's size, the caller computes everything in one pass.
- Up to a few blocks, one pass costs less than their fixed costs, unless the helper is ready:
  then the corpus is cut in two parts, the helper's (a little more than half) first.
- A larger corpus goes in blocks of about equal size; the helper takes a block whenever it has
  fewer than ``HELPER_QUEUE`` waiting, the caller the others and always the last. Then the
  caller takes back the blocks the helper has not started, newest first, and waits only for
  the one it is at (on a core shared with other work, a helper can be slow).
"""

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.bleu.segment_blocks import segment_blocks, segment_halves
from mtcompute.helper import process as helper

# Larger blocks spill the processor's caches; smaller ones pay numpy's fixed costs too often.
TOKENS_PER_BLOCK = 2**14
# Up to this many blocks, one pass over all of them costs less than their fixed costs, unless the
# helper process computes some of them.
BLOCKS_IN_ONE_PASS = 4
# Blocks waiting in the helper process: enough that it never idles while the caller prepares the
# next block, few enough that the caller keeps computing too.
HELPER_QUEUE = 2
# The helper's share of a corpus of a few blocks, computed as one part beside the caller's:
# more than half, as the caller also prepares the helper's part.
HELPER_SHARE = 0.55


class Additive(Protocol):
    def __add__(self, other: Any, /) -> Any: ...


S = TypeVar("S", bound=Additive)
HelperTask = tuple[Callable[..., Any], tuple[Any, ...]]


@dataclass(frozen=True)
class BlockWork(Generic[S]):
    """How to compute one corpus's statistics: all at once, a block of segments here, or a
    block in the helper process (a module-level function and picklable arguments; None when
    the block cannot be sent, and the caller computes it)."""

    zero: S
    all_at_once: Callable[[], S]
    block: Callable[[slice], S]
    helper_task: Callable[[slice], HelperTask | None]


def sum_in_blocks(
    segment_sizes: NDArray[np.int64],
    work: BlockWork[S],
    block_size: int | None = None,
    *,
    share_with_helper: bool = True,
) -> S:
    """The statistics of the whole corpus, however it is split (sizes per segment, in tokens or
    in estimates of them; blocks of about ``TOKENS_PER_BLOCK`` unless told). Without
    ``share_with_helper`` every block is computed here."""
    block_size = block_size or TOKENS_PER_BLOCK
    size = int(segment_sizes.sum())
    if size <= block_size:
        return work.all_at_once()
    lease = helper.lease() if share_with_helper else contextlib.nullcontext()
    with lease as lane:
        if size <= BLOCKS_IN_ONE_PASS * block_size:
            if lane is None:
                return work.all_at_once()
            blocks = segment_halves(segment_sizes, HELPER_SHARE)
        else:
            blocks = segment_blocks(segment_sizes, block_size)
        return _sum_over(blocks, work, lane)


def _sum_over(blocks: list[slice], work: BlockWork[S], lane: helper.Lane | None) -> S:
    total = work.zero
    for index, block in enumerate(blocks):
        for_helper = lane is not None and lane.waiting < HELPER_QUEUE and index < len(blocks) - 1
        task = work.helper_task(block) if for_helper else None
        if lane is not None and task is not None:
            lane.send(task[0], *task[1])
        else:
            total = total + work.block(block)
        for answer in lane.answers(wait=False) if lane else ():
            total = total + answer
    if lane is not None:
        while (taken_back := lane.take_back()) is not None:
            total = total + taken_back[0](*taken_back[1])
            for answer in lane.answers(wait=False):
                total = total + answer
        for answer in lane.answers(wait=True):
            total = total + answer
    return total
