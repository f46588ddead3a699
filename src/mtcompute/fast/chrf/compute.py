"""chrF of a corpus: every segment in one call of the compiled kernel of ``sentences.py`` where
it was built (3 to 6 times numpy's speed on real-length corpora, and a long text in a few bytes
a code point); without it, with numpy, a block of segments at a time: small inputs go segment by
segment (the oracle), large ones to ``fast.blocks`` (the helper process taking some blocks on a
second core)."""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mtcompute.fast.blocks import BlockWork, HelperTask, sum_in_blocks
from mtcompute.fast.chrf.corpus import Corpus, Counts, whitespace, without_whitespace
from mtcompute.fast.chrf.occurrences import order_counts
from mtcompute.fast.chrf.scores import kept_references
from mtcompute.fast.chrf.segment import chrf_segment
from mtcompute.fast.chrf.sentences import compiled_statistics
from mtcompute.fast.chrf.words import Tokens
from mtcompute.fast.collector import collector_paused
from mtcompute.metrics.chrf import (
    ChrfOptions,
    ChrfResult,
    ChrfSegment,
    ChrfStatistics,
    ChrfWords,
    chrf_result,
    segment_words,
    summed_statistics,
)

# Below about this many code points (twice the hypotheses', for them and their references)
# numpy's fixed costs exceed the oracle's whole work: measured, both cost 0.4 ms there.
SMALL_INPUT_CODE_POINTS = 500


# A block's code points (hypotheses', times one plus their reference count): measured fastest
# on 340,000-token corpora, between the caches' size and numpy's fixed costs per block.
CODE_POINTS_PER_BLOCK = 2**16


# A code point needs 21 bits; a prefix id (an occurrence index) and one fit in a 64-bit key.
CODE_POINT_BITS = 21


@dataclass(frozen=True)
class ChrfBlock:
    """Blocks of segments' results, each with its first segment's index, in any order, and the
    sum of their kept statistics; blocks add up with ``+``."""

    parts: tuple[tuple[int, list[ChrfSegment], list[ChrfWords] | None], ...]
    statistics: ChrfStatistics

    def __add__(self, other: "ChrfBlock") -> "ChrfBlock":
        return ChrfBlock(self.parts + other.parts, self.statistics + other.statistics)

    @property
    def segments(self) -> list[ChrfSegment]:
        """Every segment's result, in segment order."""
        ordered = sorted(self.parts, key=lambda part: part[0])
        return [segment for _, segments, _ in ordered for segment in segments]

    @property
    def words(self) -> list[ChrfWords] | None:
        """Every segment's words in segment order, when they were asked for."""
        ordered = sorted(self.parts, key=lambda part: part[0])
        if any(words is None for _, _, words in ordered):
            return None
        return [word for _, _, words in ordered for word in words or ()]


def chrf_fast(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    *,
    decimals: int | None = None,
    return_words: bool = True,
    share_with_helper: bool = True,
) -> ChrfResult:
    """``metrics.chrf.chrf``, computed with numpy: the same result. Without
    ``share_with_helper`` (a server keeping its cores for its requests) every block is computed
    in this thread."""
    with_words = options.word_order > 0 and return_words
    counted = _counted_by_the_kernel(hypotheses, references, options, with_words)
    if counted is not None:
        return chrf_result(counted.segments, counted.statistics, options, decimals, counted.words)
    if not _is_large(hypotheses, references):
        # A few segments (one a call, as in sentence scoring): no block to assemble.
        segments, word_lists = _each_segment(hypotheses, references, options, with_words)
        statistics = summed_statistics(segments, options.order_count)
        return chrf_result(segments, statistics, options, decimals, word_lists)
    block = segment_statistics_fast(
        hypotheses, references, options, with_words=with_words, share_with_helper=share_with_helper
    )
    return chrf_result(block.segments, block.statistics, options, decimals, block.words)


def segment_statistics_fast(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    *,
    with_words: bool = False,
    share_with_helper: bool = True,
) -> ChrfBlock:
    """Every segment's kept reference, statistics and F, as ``metrics.chrf.corpus_segments``
    gives them, and their sum; every segment needs at least one reference."""
    counted = _counted_by_the_kernel(hypotheses, references, options, with_words)
    if counted is not None:
        return counted
    if not _is_large(hypotheses, references):
        return _segment_by_segment(hypotheses, references, options, with_words, 0)
    hypothesis_sizes = np.fromiter(map(len, hypotheses), dtype=np.int64, count=len(hypotheses))
    reference_counts = np.fromiter(map(len, references), dtype=np.int64, count=len(references))
    work = BlockWork(
        zero=ChrfBlock((), ChrfStatistics.zero(options.order_count)),
        all_at_once=lambda: block_of(hypotheses, references, options, with_words, 0),
        block=lambda block: block_of(
            hypotheses[block], references[block], options, with_words, block.start
        ),
        helper_task=lambda block: _block_task(hypotheses, references, options, with_words, block),
    )
    # References about as long as their hypotheses: an estimate that reads no reference yet,
    # good enough to size blocks (whose sizes only decide how fast).
    sizes = hypothesis_sizes * (1 + reference_counts)
    return sum_in_blocks(sizes, work, CODE_POINTS_PER_BLOCK, share_with_helper=share_with_helper)


def _counted_by_the_kernel(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
) -> ChrfBlock | None:
    """Every segment from the compiled kernel, which counts a segment in one pass over its
    texts (3 to 6 times numpy's speed on real-length corpora: no sort, no array a block) and a
    long one one order at a time, where numpy's arrays would take over a hundred bytes a code
    point. None where the kernel was not built or does not take the input."""
    segments = compiled_statistics(hypotheses, references, options)
    if segments is None:
        return None
    word_lists = list(map(segment_words, hypotheses, references)) if with_words else None
    statistics = summed_statistics(segments, options.order_count)
    return ChrfBlock(((0, segments, word_lists),), statistics)


def block_of(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
    start: int,
) -> ChrfBlock:
    """The block of segments that starts at segment ``start``, computed with numpy where it can
    be (the oracle computes what it cannot)."""
    corpus = Corpus.read(hypotheses, references)
    computed = None if corpus is None else block_counts(corpus, options, with_words)
    if computed is None:
        return _segment_by_segment(hypotheses, references, options, with_words, start)
    (segments, statistics), word_lists = computed
    return ChrfBlock(((start, segments, word_lists),), statistics)


def _block_task(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
    block: slice,
) -> HelperTask:
    texts = list(hypotheses[block]), [list(refs) for refs in references[block]]
    return block_of, (*texts, options, with_words, block.start)


def _segment_by_segment(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
    start: int,
) -> ChrfBlock:
    segments, word_lists = _each_segment(hypotheses, references, options, with_words)
    statistics = summed_statistics(segments, options.order_count)
    return ChrfBlock(((start, segments, word_lists),), statistics)


def _each_segment(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
) -> tuple[list[ChrfSegment], list[ChrfWords] | None]:
    """One compiled call a segment where the package has it (the oracle's doubles either way)."""
    pairs = zip(hypotheses, references, strict=True)
    segments = [chrf_segment(hypothesis, refs, options) for hypothesis, refs in pairs]
    word_lists = list(map(segment_words, hypotheses, references)) if with_words else None
    return segments, word_lists


def _is_large(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> bool:
    """Whether the texts have enough code points to pay for numpy's fixed costs."""
    size = sum(map(len, hypotheses))  # references are about as long, once or more each
    return 2 * size >= SMALL_INPUT_CODE_POINTS


def block_counts(
    corpus: Corpus, options: ChrfOptions, with_words: bool
) -> tuple[tuple[list[ChrfSegment], ChrfStatistics], list[ChrfWords] | None] | None:
    """The block's segments and summed statistics (and words); None when the word tokens'
    hashes collide and the oracle must compute it."""
    is_space = whitespace(corpus.code_points)
    if options.include_whitespace:
        characters, character_lengths = corpus.code_points, corpus.lengths
    else:
        characters, character_lengths = without_whitespace(
            corpus.code_points, is_space, corpus.lengths
        )
    counts = order_counts(
        corpus,
        characters.astype(np.uint64),
        character_lengths,
        options.char_order,
        CODE_POINT_BITS,
    )
    word_lists = None
    if options.word_order > 0:
        tokens = Tokens.of(corpus, is_space)
        ids = tokens.ids(corpus)
        if ids is None:
            return None
        word_counts = order_counts(
            corpus,
            ids.view(np.uint64),
            tokens.per_text,
            options.word_order,
            max(len(ids) - 1, 1).bit_length(),
        )
        counts = _joined(counts, word_counts)
        if with_words:
            with collector_paused():
                word_lists = tokens.word_lists(corpus)
    return kept_references(corpus, counts, options), word_lists


def _joined(characters: Counts, words: Counts) -> Counts:
    """Per pair, the character orders' counts, then the word orders'."""
    h, r, m = (np.hstack(pair) for pair in zip(characters, words, strict=True))
    return h, r, m
