"""Additive statistics summed over blocks: the same total however the corpus is split, and
whoever computes each block."""

import numpy as np
import pytest

from mtcompute.fast import blocks
from mtcompute.fast.blocks import BlockWork, HelperTask, sum_in_blocks
from mtcompute.helper import process as helper

VALUES = list(range(1, 301))
SIZES = np.ones(len(VALUES), dtype=np.int64) * 10  # 3,000 "tokens"


def work(computed: list[slice], *, sendable: bool = True) -> BlockWork[int]:
    """The sum of VALUES: the builtin ``sum`` is a task the helper can import and run."""

    def block(part: slice) -> int:
        computed.append(part)
        return sum(VALUES[part])

    def task(part: slice) -> HelperTask | None:
        return (sum, (VALUES[part],)) if sendable else None

    return BlockWork(zero=0, all_at_once=lambda: block(slice(None)), block=block, helper_task=task)


@pytest.mark.parametrize("block_size", [5_000, 1_000, 100, 7])
def test_the_total_is_the_same_however_the_corpus_is_split(block_size: int) -> None:
    computed: list[slice] = []
    assert sum_in_blocks(SIZES, work(computed), block_size) == sum(VALUES)


def test_a_corpus_within_one_block_is_computed_at_once_by_the_caller() -> None:
    computed: list[slice] = []
    sum_in_blocks(SIZES, work(computed), 3_000)
    assert computed == [slice(None)]


def test_the_helper_takes_some_blocks_when_it_is_ready() -> None:
    assert helper.current_helper().wait_until_ready(60)
    computed: list[slice] = []
    assert sum_in_blocks(SIZES, work(computed), 100) == sum(VALUES)
    covered = sum(part.stop - part.start for part in computed)
    assert 0 < covered < len(VALUES)  # the rest went to the helper
    assert not helper.current_helper().failed


def test_blocks_that_cannot_be_sent_are_computed_by_the_caller() -> None:
    computed: list[slice] = []
    assert sum_in_blocks(SIZES, work(computed, sendable=False), 100) == sum(VALUES)
    assert sum(part.stop - part.start for part in computed) == len(VALUES)


def test_with_the_helper_switched_off_the_caller_computes_every_block(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(helper._Shared, "enabled", False)
    computed: list[slice] = []
    assert sum_in_blocks(SIZES, work(computed), 100) == sum(VALUES)
    assert sum(part.stop - part.start for part in computed) == len(VALUES)


def test_a_few_blocks_without_a_helper_are_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(helper._Shared, "enabled", False)
    computed: list[slice] = []
    sum_in_blocks(SIZES, work(computed), 3_000 // blocks.BLOCKS_IN_ONE_PASS)
    assert computed == [slice(None)]
