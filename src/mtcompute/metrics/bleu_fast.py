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
- A large corpus is computed a block of segments at a time (``segment_blocks``) and the
  statistics summed: a block's arrays stay in the processor's caches.

Ids stay below twice the number of tokens, so an n-gram key (prefix id, last id) stays below
four times its square; inputs for which that could overflow 63 bits go to the simple one.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from mtcompute.metrics.bleu import BleuStatistics, Tokens, corpus_statistics
from mtcompute.metrics.ranks import Ints, dense_ranks
from mtcompute.metrics.segment_blocks import segment_blocks
from mtcompute.metrics.token_bytes import TokenBytes, sentences_of
from mtcompute.metrics.token_ids import ids_from_bytes, ids_from_strings

# Below this many tokens numpy's fixed costs exceed the whole pure-Python computation.
SMALL_INPUT_TOKENS = 200
# Larger blocks spill the processor's caches; smaller ones pay numpy's fixed costs too often.
TOKENS_PER_BLOCK = 2**14
# Up to this many blocks, one pass over all of them costs less than their fixed costs.
BLOCKS_IN_ONE_PASS = 4
_LARGEST_SAFE_TOKEN_COUNT = 2**30


def corpus_statistics_fast(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
    encoded: TokenBytes | None = None,
) -> BleuStatistics:
    """``corpus_statistics`` for any input size: numpy for all but the smallest inputs, a block
    of segments at a time for large ones.

    ``encoded``, when given, holds the tokens of ``sentences_of(hypotheses, references)``, as the
    validation of a request makes it: encoding them once serves both, so such a corpus (a
    request's, never much larger than a block) is computed in one piece.
    """
    if sum(map(len, hypotheses)) * 4 < SMALL_INPUT_TOKENS:  # references are about 3x as many
        return corpus_statistics(hypotheses, references, max_order)
    if encoded is not None or _refused(hypotheses, references):
        return corpus_statistics_vectorised(hypotheses, references, max_order, encoded)
    blocks = segment_blocks(hypotheses, references, TOKENS_PER_BLOCK)
    if len(blocks) <= BLOCKS_IN_ONE_PASS:
        return corpus_statistics_vectorised(hypotheses, references, max_order)
    return sum(
        (
            corpus_statistics_vectorised(hypotheses[block], references[block], max_order)
            for block in blocks
        ),
        start=BleuStatistics.zero(max_order),
    )


def _refused(hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]) -> bool:
    """Inputs the simple implementation raises on: it is called for them, to raise the same."""
    return len(hypotheses) != len(references) or not all(references)


def corpus_statistics_vectorised(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
    encoded: TokenBytes | None = None,
) -> BleuStatistics:
    """The statistics computed with numpy; every segment needs at least one reference."""
    if _refused(hypotheses, references):
        return corpus_statistics(hypotheses, references, max_order)
    corpus = _FlatCorpus.build(hypotheses, references, encoded)
    if corpus.token_count >= _LARGEST_SAFE_TOKEN_COUNT:
        return corpus_statistics(hypotheses, references, max_order)
    hypothesis_lengths = corpus.lengths[: len(hypotheses)]
    return BleuStatistics(
        matches=_clipped_matches(corpus, max_order),
        totals=tuple(
            int(np.maximum(hypothesis_lengths - (n - 1), 0).sum()) for n in range(1, max_order + 1)
        ),
        candidate_length=int(hypothesis_lengths.sum()),
        reference_length=_closest_reference_length_sum(corpus),
    )


@dataclass(frozen=True)
class _FlatCorpus:
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

    @classmethod
    def build(
        cls,
        hypotheses: Sequence[Tokens],
        references: Sequence[Sequence[Tokens]],
        encoded: TokenBytes | None,
    ) -> "_FlatCorpus":
        segments, streams = _sentence_places(references)
        encoded = encoded or TokenBytes.encode(sentences_of(hypotheses, references))
        if encoded is None:  # a token with NUL in it, say: the strings are read again, rarely
            sentences = sentences_of(hypotheses, references)
            lengths = _int_array(map(len, sentences), len(sentences))
            token_segments = np.repeat(segments, lengths)
            ids, id_count = ids_from_strings(sentences, token_segments)
        else:
            lengths = encoded.sentence_lengths
            token_segments = np.repeat(segments, lengths)
            ids, id_count = ids_from_bytes(encoded, token_segments)
        return cls(ids, id_count, lengths, segments, streams)


def _sentence_places(references: Sequence[Sequence[Tokens]]) -> tuple[Ints, Ints]:
    """Per sentence, in the order of ``sentences_of``: its segment, and its stream."""
    segment_count = len(references)
    per_segment = _int_array(map(len, references), segment_count)
    reference_segments = np.repeat(np.arange(segment_count, dtype=np.int64), per_segment)
    first_reference = np.cumsum(per_segment) - per_segment
    segments = np.concatenate([np.arange(segment_count, dtype=np.int64), reference_segments])
    streams = np.zeros(len(segments), dtype=np.int64)
    streams[segment_count:] = (
        np.arange(len(reference_segments), dtype=np.int64) - first_reference[reference_segments] + 1
    )
    return segments, streams


def _int_array(values: Iterable[int], count: int) -> Ints:
    return np.fromiter(values, dtype=np.int64, count=count)


def _closest_reference_length_sum(corpus: _FlatCorpus) -> int:
    """Sum over segments of the reference length nearest the hypothesis's, ties to the shorter."""
    is_reference = corpus.streams > 0
    hypothesis_lengths = corpus.lengths[~is_reference]
    reference_lengths = corpus.lengths[is_reference]
    distance = np.abs(reference_lengths - hypothesis_lengths[corpus.segments[is_reference]])
    # One key orders by distance, then by length: its minimum per segment is the choice.
    scale = int(reference_lengths.max(initial=0)) + 1
    keys = distance * scale + reference_lengths
    first_reference = np.flatnonzero(np.diff(corpus.segments[is_reference], prepend=-1))
    return int((np.minimum.reduceat(keys, first_reference) % scale).sum())


def _clipped_matches(corpus: _FlatCorpus, max_order: int) -> tuple[int, ...]:
    """Clipped matches m_n of every order, each summed over all segments."""
    width = int(corpus.streams.max(initial=0)) + 1
    continues = _continues(corpus)
    streams = np.repeat(corpus.streams, corpus.lengths)
    ids, id_count = corpus.ids, corpus.id_count
    in_hypothesis, most_in_a_reference = _counts(ids * width + streams, id_count, width)
    matches = [int(np.minimum(in_hypothesis, most_in_a_reference).sum())]
    shared = ((in_hypothesis > 0) & (most_in_a_reference > 0))[ids]
    grams = _Grams.after_order_one(ids, shared, streams, continues)
    for n in range(2, max_order + 1):
        ids, id_count = _ngram_ids(corpus, grams, n, id_count)
        in_hypothesis, most_in_a_reference = _counts(ids * width + grams.streams, id_count, width)
        matches.append(int(np.minimum(in_hypothesis, most_in_a_reference).sum()))
        if n < max_order:
            shared = ((in_hypothesis > 0) & (most_in_a_reference > 0))[ids]
            grams = grams.extendable(ids, shared, continues)
    return tuple(matches)


def _ngram_ids(corpus: _FlatCorpus, grams: "_Grams", n: int, prefix_count: int) -> tuple[Ints, int]:
    """Ids of the n-grams at ``grams``, from their prefix's id and their last token's id."""
    last_ids = corpus.ids[grams.positions + (n - 1)]
    keys = (grams.prefix_ids * corpus.id_count + last_ids).view(np.uint64)
    return dense_ranks(keys, prefix_count * corpus.id_count)


def _continues(corpus: _FlatCorpus) -> NDArray[np.bool_]:
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
        return cls(positions=np.flatnonzero(keep), streams=streams[keep], prefix_ids=ids[keep])

    def extendable(
        self, ids: Ints, shared: NDArray[np.bool_], continues: NDArray[np.bool_]
    ) -> "_Grams":
        """The occurrences of order n + 1 that can match, with their n-gram ids as prefixes."""
        shared_at = np.zeros(len(continues), dtype=np.bool_)
        shared_at[self.positions] = shared
        keep = shared & continues[self.positions] & shared_at[self.positions + 1]
        return _Grams(
            positions=self.positions[keep],
            streams=self.streams[keep],
            prefix_ids=ids[keep],
        )


def _counts(keys: Ints, id_count: int, width: int) -> tuple[Ints, Ints]:
    """Per n-gram id: its count in the hypothesis, and the most of it in any one reference."""
    counts = np.bincount(keys, minlength=id_count * width).reshape(id_count, width)
    most_in_a_reference = np.zeros(id_count, dtype=np.int64)
    for stream in range(1, width):
        np.maximum(most_in_a_reference, counts[:, stream], out=most_in_a_reference)
    return counts[:, 0], most_in_a_reference
