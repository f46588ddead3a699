"""Corpus BLEU statistics, vectorised with numpy: the same integers as ``bleu.corpus_statistics``.

The simple implementation in ``bleu`` stays the oracle; this one is checked against it on every
shape of input. How it works:

- Sentences are laid end to end: every hypothesis, then every reference, segment after segment.
  Every token becomes an integer that names "this string in this segment" (``token_ids``), from
  the tokens' UTF-8 bytes when they can be had (``token_bytes``), else from the strings.
- An n-gram's id comes from its (n-1)-gram prefix's id and its last token's id, ranked by a
  radix sort (``ranks``), so it too names "this n-gram in this segment", and clipping every
  segment at once is one ``bincount`` of (id, stream) pairs: column 0 counts the hypothesis,
  the others each reference.
- An (n+1)-gram can match only if the two n-grams inside it are both in the hypothesis and in a
  reference of its segment, so every other position is dropped before the next order: the
  arrays shrink fast.
- A large corpus is computed a block of segments at a time (``blocks``) and the statistics
  summed: a block's arrays stay in the processor's caches.

Where ``_segment.c`` was built, ``corpus_statistics_fast`` sums its per-segment counts over the
corpus in one compiled call instead: no numpy call at all, and faster than the arrays at every
corpus size measured (bench/). The arrays serve without a compiler, and for lists that are not
plain lists of exact str tokens.

A corpus takes a few hundred numpy calls, so their fixed costs count: arrays are indexed by
positions rather than boolean masks, and array methods are called rather than numpy's functions
of the same name, which add a layer of Python to each call.

Ids stay below twice the number of tokens, so an n-gram key (prefix id, last id) stays below
four times its square; inputs for which that could overflow 63 bits go to the simple one.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import blocks, compiled
from mtcompute.fast.bleu.ranks import Ints, dense_ranks
from mtcompute.fast.bleu.token_bytes import (
    TokenBytes,
    sentences_of,
    separates_tokens,
    utf8_joined,
)
from mtcompute.fast.bleu.token_ids import ids_from_bytes, ids_from_strings
from mtcompute.fast.blocks import BlockWork, HelperTask, sum_in_blocks
from mtcompute.metrics.bleu import BleuStatistics, Tokens, corpus_statistics

# Below this many tokens numpy's fixed costs exceed the whole pure-Python computation.
SMALL_INPUT_TOKENS = 200
LARGEST_SAFE_TOKEN_COUNT = 2**30
# The compiled counts take orders up to this one.
COMPILED_MAX_ORDER = 64


def corpus_statistics_fast(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
    encoded: TokenBytes | None = None,
) -> BleuStatistics:
    """``corpus_statistics`` for any input size: the compiled counts of every segment summed in
    one call where they were built and take the input, else ``corpus_statistics_arrays``.
    ``encoded`` serves the arrays (see there)."""
    counted = compiled.corpus_counts
    if counted is not None and 1 <= max_order <= COMPILED_MAX_ORDER:
        counts = counted(hypotheses, references, max_order)
        if counts is not None:
            return BleuStatistics(*counts)
    return corpus_statistics_arrays(hypotheses, references, max_order, encoded)


def corpus_statistics_arrays(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
    encoded: TokenBytes | None = None,
) -> BleuStatistics:
    """``corpus_statistics`` for any input size with numpy: for all but the smallest inputs, and
    for large ones a block of segments at a time, shared with the helper process (``blocks``).

    ``encoded``, when given, holds the tokens of ``sentences_of(hypotheses, references)``, as the
    validation of a request makes it: encoding them once serves both.
    """
    hypothesis_lengths = int_array(map(len, hypotheses), len(hypotheses))
    if int(hypothesis_lengths.sum()) * 4 < SMALL_INPUT_TOKENS:  # references are about 3x as many
        return corpus_statistics(hypotheses, references, max_order)
    reference_counts = reference_counts_of(hypotheses, references)
    if reference_counts is None:
        return corpus_statistics(hypotheses, references, max_order)  # to raise what it raises

    def all_at_once() -> BleuStatistics:
        return _vectorised(hypotheses, references, reference_counts, max_order, encoded)

    # A request's tokens come encoded by its validation, and a server keeps its cores for its
    # requests: those up to a request's size are computed in one pass, without the helper.
    few_blocks = blocks.BLOCKS_IN_ONE_PASS * blocks.TOKENS_PER_BLOCK
    if encoded is not None and encoded.token_count <= few_blocks:
        return all_at_once()
    work = BlockWork(
        zero=BleuStatistics.zero(max_order),
        all_at_once=all_at_once,
        block=lambda block: _vectorised(
            hypotheses[block], references[block], reference_counts[block], max_order
        ),
        helper_task=lambda block: _block_task(
            hypotheses[block], references[block], reference_counts[block], max_order
        ),
    )
    # References about as long as their hypotheses: an estimate that reads no reference yet,
    # good enough to size blocks (whose sizes only decide how fast).
    return sum_in_blocks(hypothesis_lengths * (1 + reference_counts), work)


def _block_task(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    reference_counts: Ints,
    max_order: int,
) -> HelperTask | None:
    """``statistics_of_utf8`` and its arguments for a block, or None when its tokens have no
    such bytes (not strings, not valid Unicode, or with NUL in them)."""
    block = utf8_block(hypotheses, references)
    if block is None:
        return None
    return statistics_of_utf8, (*block, reference_counts, max_order)


def utf8_block(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]
) -> tuple[NDArray[np.uint8], Ints] | None:
    """A block's tokens as ``utf8_joined`` bytes and its sentences' lengths, what a helper
    task takes; None when its tokens have no such bytes."""
    sentences = sentences_of(hypotheses, references)
    data = utf8_joined(sentences)
    sentence_lengths = int_array(map(len, sentences), len(sentences))
    token_count = int(sentence_lengths.sum())
    if data is None or token_count >= LARGEST_SAFE_TOKEN_COUNT:
        return None
    if not separates_tokens(data, token_count):
        return None
    # As an array, the bytes go to the helper as they are, not copied into a pickle.
    return np.frombuffer(data, dtype=np.uint8), sentence_lengths


def statistics_of_utf8(
    data: bytes | NDArray[np.uint8], sentence_lengths: Ints, reference_counts: Ints, max_order: int
) -> BleuStatistics:
    """The statistics of a corpus from its tokens' ``utf8_joined`` bytes, its sentences' lengths
    and its segments' reference counts: what the helper process computes for a block."""
    encoded = TokenBytes.from_utf8(data, sentence_lengths)
    if encoded is None:
        raise ValueError("a token contains NUL: the bytes do not tell the tokens apart")
    return _statistics(FlatCorpus.from_bytes(encoded, reference_counts), max_order)


def reference_counts_of(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]
) -> Ints | None:
    """Each segment's number of references; None for inputs the simple implementation raises
    on (counts that differ, a segment without references): it is called for them, to raise the
    same."""
    counts = int_array(map(len, references), len(references))
    return counts if len(hypotheses) == len(references) and counts.all() else None


def corpus_statistics_vectorised(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
    encoded: TokenBytes | None = None,
) -> BleuStatistics:
    """The statistics computed with numpy; every segment needs at least one reference."""
    reference_counts = reference_counts_of(hypotheses, references)
    if reference_counts is None:
        return corpus_statistics(hypotheses, references, max_order)
    return _vectorised(hypotheses, references, reference_counts, max_order, encoded)


def _vectorised(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    reference_counts: Ints,
    max_order: int,
    encoded: TokenBytes | None = None,
) -> BleuStatistics:
    """``corpus_statistics_vectorised`` of segments known to have ``reference_counts`` (none 0)
    references each."""
    encoded = encoded or TokenBytes.encode(sentences_of(hypotheses, references))
    if encoded is None:  # a token with NUL in it, say: the strings are read again, rarely
        corpus = FlatCorpus.from_strings(sentences_of(hypotheses, references), reference_counts)
    else:
        corpus = FlatCorpus.from_bytes(encoded, reference_counts)
    if corpus.token_count >= LARGEST_SAFE_TOKEN_COUNT:
        return corpus_statistics(hypotheses, references, max_order)
    return _statistics(corpus, max_order)


def _statistics(corpus: "FlatCorpus", max_order: int) -> BleuStatistics:
    hypothesis_lengths = corpus.lengths[: corpus.segment_count]
    return BleuStatistics(
        matches=_clipped_matches(corpus, max_order),
        totals=tuple(
            int(np.maximum(hypothesis_lengths - (n - 1), 0).sum()) for n in range(1, max_order + 1)
        ),
        candidate_length=int(hypothesis_lengths.sum()),
        reference_length=_closest_reference_length_sum(corpus),
    )


@dataclass(frozen=True)
class FlatCorpus:
    """Every sentence's tokens as integers in one array, with per-sentence facts beside it.

    Sentences run hypotheses first (stream 0), then each segment's references (streams 1, 2, ...).
    """

    ids: Ints  # per token: an id of (segment, string)
    id_count: int  # a bound on the ids
    lengths: Ints  # per sentence
    segments: Ints  # per sentence: its segment index
    streams: Ints  # per sentence: 0 for the hypothesis, j for the j-th reference

    @property
    def token_count(self) -> int:
        return len(self.ids)

    @property
    def segment_count(self) -> int:
        """The number of segments: the first that many sentences are their hypotheses."""
        return len(self.streams) - int(np.count_nonzero(self.streams))

    @classmethod
    def from_bytes(cls, encoded: TokenBytes, reference_counts: Ints) -> "FlatCorpus":
        segments, streams = _sentence_places(reference_counts)
        token_segments = segments.repeat(encoded.sentence_lengths)
        ids, id_count = ids_from_bytes(encoded, token_segments)
        return cls(ids, id_count, encoded.sentence_lengths, segments, streams)

    @classmethod
    def from_strings(cls, sentences: Sequence[Tokens], reference_counts: Ints) -> "FlatCorpus":
        segments, streams = _sentence_places(reference_counts)
        lengths = int_array(map(len, sentences), len(sentences))
        ids, id_count = ids_from_strings(sentences, np.repeat(segments, lengths))
        return cls(ids, id_count, lengths, segments, streams)


def _sentence_places(per_segment: Ints) -> tuple[Ints, Ints]:
    """Per sentence, in the order of ``sentences_of``: its segment, and its stream; from the
    number of references of each segment."""
    segment_count = len(per_segment)
    reference_segments = np.repeat(np.arange(segment_count, dtype=np.int64), per_segment)
    first_reference = np.cumsum(per_segment) - per_segment
    segments = np.concatenate([np.arange(segment_count, dtype=np.int64), reference_segments])
    streams = np.zeros(len(segments), dtype=np.int64)
    streams[segment_count:] = (
        np.arange(len(reference_segments), dtype=np.int64) - first_reference[reference_segments] + 1
    )
    return segments, streams


def int_array(values: Iterable[int], count: int) -> Ints:
    return np.fromiter(values, dtype=np.int64, count=count)


def _closest_reference_length_sum(corpus: FlatCorpus) -> int:
    """Sum over segments of the reference length nearest the hypothesis's, ties to the shorter."""
    # The references follow the hypotheses segment by segment, each segment's from stream 1.
    segment_count = corpus.segment_count
    hypothesis_lengths = corpus.lengths[:segment_count]
    reference_lengths = corpus.lengths[segment_count:]
    distance = np.abs(reference_lengths - hypothesis_lengths[corpus.segments[segment_count:]])
    # One key orders by distance, then by length: its minimum per segment is the choice.
    scale = int(reference_lengths.max(initial=0)) + 1
    keys = distance * scale + reference_lengths
    first_reference = (corpus.streams[segment_count:] == 1).nonzero()[0]
    return int((np.minimum.reduceat(keys, first_reference) % scale).sum())


def _clipped_matches(corpus: FlatCorpus, max_order: int) -> tuple[int, ...]:
    """Clipped matches m_n of every order, each summed over all segments."""
    width = int(corpus.streams.max(initial=0)) + 1
    continues = continuations(corpus)
    streams = corpus.streams.repeat(corpus.lengths)
    ids, id_count = corpus.ids, corpus.id_count
    in_hypothesis, most_in_a_reference = counts_by_stream(ids * width + streams, id_count, width)
    matches = [int(np.minimum(in_hypothesis, most_in_a_reference).sum())]
    shared = ((in_hypothesis > 0) & (most_in_a_reference > 0))[ids]
    grams = _Grams.after_order_one(ids, shared, streams, continues)
    for n in range(2, max_order + 1):
        ids, id_count = _ngram_ids(corpus, grams, n, id_count)
        in_hypothesis, most_in_a_reference = counts_by_stream(
            ids * width + grams.streams, id_count, width
        )
        matches.append(int(np.minimum(in_hypothesis, most_in_a_reference).sum()))
        if n < max_order:
            shared = ((in_hypothesis > 0) & (most_in_a_reference > 0))[ids]
            grams = grams.extendable(ids, shared, continues)
    return tuple(matches)


def _ngram_ids(corpus: FlatCorpus, grams: "_Grams", n: int, prefix_count: int) -> tuple[Ints, int]:
    """Ids of the n-grams at ``grams``, from their prefix's id and their last token's id."""
    last_ids = corpus.ids[grams.positions + (n - 1)]
    keys = (grams.prefix_ids * corpus.id_count + last_ids).view(np.uint64)
    return dense_ranks(keys, prefix_count * corpus.id_count)


def continuations(corpus: FlatCorpus) -> NDArray[np.bool_]:
    """Per position, and one past the end: whether the next position is in the same sentence."""
    continues = np.ones(corpus.token_count + 1, dtype=np.bool_)
    continues[np.cumsum(corpus.lengths) - 1] = False  # an empty sentence marks the one before
    continues[-1] = False
    return continues


@dataclass(frozen=True)
class _Grams:
    """N-gram occurrences that can still match: where they start, their stream, their prefix's id.

    An (n+1)-gram can match only if both n-grams inside it (the one at its start and the one at
    the next position, in the same sentence) are in the hypothesis and in a reference of the
    segment: a shared n-gram fits in its sentence, so the next position's being shared and in
    the same sentence also says that the (n+1)-gram fits.
    """

    positions: Ints
    streams: Ints
    prefix_ids: Ints

    @classmethod
    def after_order_one(
        cls, ids: Ints, shared: NDArray[np.bool_], streams: Ints, continues: NDArray[np.bool_]
    ) -> "_Grams":
        """The bigram occurrences that can match, from every position's unigram (shifts, not
        gathers: at order 1 every position is in play)."""
        keep = shared & continues[:-1]
        keep[:-1] &= shared[1:]
        positions = keep.nonzero()[0]
        return cls(positions=positions, streams=streams[positions], prefix_ids=ids[positions])

    def extendable(
        self, ids: Ints, shared: NDArray[np.bool_], continues: NDArray[np.bool_]
    ) -> "_Grams":
        """The occurrences of order n + 1 that can match, with their n-gram ids as prefixes."""
        shared_at = np.zeros(len(continues), dtype=np.bool_)
        shared_at[self.positions] = shared
        kept = (shared & continues[self.positions] & shared_at[self.positions + 1]).nonzero()[0]
        return _Grams(
            positions=self.positions[kept],
            streams=self.streams[kept],
            prefix_ids=ids[kept],
        )


def counts_by_stream(keys: Ints, id_count: int, width: int) -> tuple[Ints, Ints]:
    """Per n-gram id: its count in the hypothesis, and the most of it in any one reference."""
    counts = np.bincount(keys, minlength=id_count * width).reshape(id_count, width)
    most_in_a_reference = np.zeros(id_count, dtype=np.int64)
    for stream in range(1, width):
        np.maximum(most_in_a_reference, counts[:, stream], out=most_in_a_reference)
    return counts[:, 0], most_in_a_reference
