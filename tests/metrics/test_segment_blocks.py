"""Blocks of segments cover the corpus once, in order, about equally large, none much larger."""

import itertools
import math

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.metrics.segment_blocks import segment_blocks

Tokens = list[str]

_sentences = st.lists(st.just("t"), max_size=9)
_segments = st.tuples(_sentences, st.lists(_sentences, min_size=1, max_size=4))


def _tokens_of(segment: tuple[Tokens, list[Tokens]]) -> int:
    hypothesis, references = segment
    return len(hypothesis) + sum(map(len, references))


@given(st.lists(_segments, max_size=40), st.integers(min_value=1, max_value=50))
def test_blocks_cover_every_segment_once_and_close_where_the_count_reaches_a_mark(
    corpus: list[tuple[Tokens, list[Tokens]]], size: int
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    references = [refs for _, refs in corpus]
    blocks = segment_blocks(hypotheses, references, size)
    covered = [index for block in blocks for index in range(len(corpus))[block]]
    assert covered == list(range(len(corpus)))
    assert all(block.stop > block.start for block in blocks)
    running = list(itertools.accumulate(map(_tokens_of, corpus)))
    total = running[-1] if running else 0
    block_count = max(math.ceil(total / size), 1)
    marks = [total * k // block_count for k in range(1, block_count)]
    reaching = {
        next(index for index, count in enumerate(running) if count >= mark) for mark in marks
    }
    # The last segment closes the last block whatever the count.
    assert [block.stop - 1 for block in blocks[:-1]] == sorted(reaching - {len(corpus) - 1})


def test_a_corpus_smaller_than_a_block_is_one_block() -> None:
    assert segment_blocks([["a"]], [[["a"], ["b"]]], 100) == [slice(0, 1)]


def test_a_segment_larger_than_a_block_is_a_block_of_its_own() -> None:
    hypotheses = [["a"], ["a"] * 30, ["a"]]
    references = [[["a"]], [["a"] * 30], [["a"]]]
    assert segment_blocks(hypotheses, references, 10) == [slice(0, 2), slice(2, 3)]


def test_blocks_hold_about_equally_many_tokens() -> None:
    hypotheses = [["a"] * 5] * 100
    references = [[["a"] * 5]] * 100  # 10 tokens a segment, 1,000 in all
    blocks = segment_blocks(hypotheses, references, 300)
    assert blocks == [slice(0, 25), slice(25, 50), slice(50, 75), slice(75, 100)]


def test_no_segments_make_no_blocks() -> None:
    assert segment_blocks([], [], 10) == []
