"""Blocks of segments cover the corpus once, in order, about equally large, none much larger."""

import itertools
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.fast.bleu.segment_blocks import segment_blocks, segment_halves


def _blocks(sizes: list[int], size_per_block: int) -> list[slice]:
    return segment_blocks(np.array(sizes, dtype=np.int64), size_per_block)


@given(st.lists(st.integers(0, 40), max_size=40), st.integers(min_value=1, max_value=50))
def test_blocks_cover_every_segment_once_and_close_where_the_sum_reaches_a_mark(
    sizes: list[int], size_per_block: int
) -> None:
    blocks = _blocks(sizes, size_per_block)
    covered = [index for block in blocks for index in range(len(sizes))[block]]
    assert covered == list(range(len(sizes)))
    assert all(block.stop > block.start for block in blocks)
    running = list(itertools.accumulate(sizes))
    total = running[-1] if running else 0
    block_count = max(math.ceil(total / size_per_block), 1)
    marks = [total * k // block_count for k in range(1, block_count)]
    reaching = {next(index for index, sum_ in enumerate(running) if sum_ >= mark) for mark in marks}
    # The last segment closes the last block whatever the sum.
    assert [block.stop - 1 for block in blocks[:-1]] == sorted(reaching - {len(sizes) - 1})


def test_a_corpus_smaller_than_a_block_is_one_block() -> None:
    assert _blocks([3], 100) == [slice(0, 1)]


def test_a_segment_larger_than_a_block_is_a_block_of_its_own() -> None:
    assert _blocks([2, 60, 2], 10) == [slice(0, 2), slice(2, 3)]


def test_blocks_are_about_equally_large() -> None:
    blocks = _blocks([10] * 100, 300)  # 1,000 in all: four blocks of 250
    assert blocks == [slice(0, 25), slice(25, 50), slice(50, 75), slice(75, 100)]


def test_no_segments_make_no_blocks() -> None:
    assert _blocks([], 10) == []


def _halves(sizes: list[int], first_share: float) -> list[slice]:
    return segment_halves(np.array(sizes, dtype=np.int64), first_share)


@given(st.lists(st.integers(0, 40), min_size=2, max_size=40), st.floats(0.05, 0.95))
def test_halves_cover_every_segment_once_and_the_first_closes_where_the_sum_reaches_its_share(
    sizes: list[int], first_share: float
) -> None:
    first, second = _halves(sizes, first_share)
    assert (first.start, second.start, second.stop) == (0, first.stop, len(sizes))
    assert 0 < first.stop < len(sizes)
    running = list(itertools.accumulate(sizes))
    share = running[-1] * first_share
    reaching = next(index for index, sum_ in enumerate(running) if sum_ >= share)
    assert first.stop == min(reaching + 1, len(sizes) - 1)


def test_halves_split_at_the_share_of_the_sizes() -> None:
    assert _halves([10] * 10, 0.6) == [slice(0, 6), slice(6, 10)]


def test_one_segment_is_one_half_and_none_are_none() -> None:
    assert _halves([7], 0.5) == [slice(0, 1)]
    assert _halves([], 0.5) == []
