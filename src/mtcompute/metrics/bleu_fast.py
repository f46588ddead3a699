"""Corpus BLEU statistics, vectorised with numpy: the same integers as ``bleu.corpus_statistics``.

The simple implementation in ``bleu`` stays the oracle; this one is checked against it on every
shape of input. How it works:

- Sentences are laid end to end, segment after segment, each hypothesis before its references.
  Every token becomes an integer once: the position where its string is first used in its
  segment, from a small dict per segment. Interning strings costs more than all the rest, so it
  runs as C-level calls only, and an id then already names a (segment, token) pair.
- An n-gram's id comes from its (n-1)-gram prefix's id and its last token
  (``prefix * tokens + last``, ranked by a sort), so it too names "this n-gram in this segment",
  and clipping every segment at once is one ``bincount`` of (id, stream) pairs: column 0 counts
  the hypothesis, the others each reference.
- An (n+1)-gram can match only if the two n-grams inside it are both in the hypothesis and in a
  reference of its segment, so every other position is dropped before the next order: the
  arrays shrink fast.

Ids stay far below 2**63: prefix ids and token ids are each below the number of tokens, and
inputs whose square could overflow go to the simple implementation.
"""

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from mtcompute.metrics.bleu import BleuStatistics, Tokens, corpus_statistics

Ints = NDArray[np.int64]

# Below this many tokens numpy's fixed costs exceed the whole pure-Python computation.
SMALL_INPUT_TOKENS = 200
# Token ids and n-gram ids are below the token count, and a key is id * tokens + id.
_LARGEST_SAFE_TOKEN_COUNT = 2**31


def corpus_statistics_fast(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], max_order: int
) -> BleuStatistics:
    """``corpus_statistics`` for any input size: numpy for all but the smallest inputs."""
    if sum(map(len, hypotheses)) * 4 < SMALL_INPUT_TOKENS:  # references are about 3x as many
        return corpus_statistics(hypotheses, references, max_order)
    return corpus_statistics_vectorised(hypotheses, references, max_order)


def _refused(hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]) -> bool:
    """Inputs the simple implementation raises on: it is called for them, to raise the same."""
    return len(hypotheses) != len(references) or not all(references)


def corpus_statistics_vectorised(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], max_order: int
) -> BleuStatistics:
    """The statistics computed with numpy; every segment needs at least one reference."""
    if _refused(hypotheses, references):
        return corpus_statistics(hypotheses, references, max_order)
    corpus = _FlatCorpus.build(hypotheses, references)
    if corpus.token_count >= _LARGEST_SAFE_TOKEN_COUNT:
        return corpus_statistics(hypotheses, references, max_order)
    hypothesis_lengths = corpus.lengths[corpus.streams == 0]
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

    Sentences run segment after segment, each segment's hypothesis first (stream 0), then its
    references (streams 1, 2, ...).
    """

    tokens: Ints  # per token: the position where its string is first used in its segment
    lengths: Ints  # per sentence
    segments: Ints  # per sentence: its segment index
    streams: Ints  # per sentence: 0 for the hypothesis, j for the j-th reference

    @property
    def token_count(self) -> int:
        return len(self.tokens)

    @classmethod
    def build(
        cls, hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]
    ) -> "_FlatCorpus":
        per_segment = _int_array(map(len, references), len(references)) + 1
        first_sentence = np.cumsum(per_segment) - per_segment
        sentence_count = int(per_segment.sum())
        is_hypothesis = np.zeros(sentence_count, dtype=np.bool_)
        is_hypothesis[first_sentence] = True
        lengths = np.empty(sentence_count, dtype=np.int64)
        lengths[is_hypothesis] = _int_array(map(len, hypotheses), len(hypotheses))
        lengths[~is_hypothesis] = _int_array(
            map(len, itertools.chain.from_iterable(references)), sentence_count - len(hypotheses)
        )
        first_token = np.cumsum(lengths) - lengths  # per sentence
        segment_starts = first_token[first_sentence]
        segment_sizes = np.diff(segment_starts, append=int(lengths.sum()))
        local_ids = _intern_per_segment(hypotheses, references, int(lengths.sum()))
        return cls(
            tokens=local_ids + np.repeat(segment_starts, segment_sizes),
            lengths=lengths,
            segments=np.repeat(np.arange(len(per_segment), dtype=np.int64), per_segment),
            streams=np.arange(sentence_count, dtype=np.int64)
            - np.repeat(first_sentence, per_segment),
        )


def _int_array(values: Iterable[int], count: int) -> Ints:
    return np.fromiter(values, dtype=np.int64, count=count)


def _intern_per_segment(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], count: int
) -> Ints:
    """Per token, where its string is first used in its segment, counted from the segment's start.

    A small dict per segment, filled by ``setdefault`` from a counter, interns with C-level calls
    only: interning strings is the costliest step of all. A counter per segment yields small ints,
    which Python does not allocate (up to 256), where one running counter would.
    """
    ids = itertools.chain.from_iterable(
        _first_uses(itertools.chain(hypothesis, *segment_references))
        for hypothesis, segment_references in zip(hypotheses, references, strict=True)
    )
    return _int_array(ids, count)


def _first_uses(tokens: Iterable[str]) -> Iterator[int]:
    first_use: dict[str, int] = {}
    return map(first_use.setdefault, tokens, itertools.count())


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
    ids, id_count = _dense_unigram_ids(corpus.tokens)
    in_hypothesis, most_in_a_reference = _counts(ids * width + streams, id_count, width)
    matches = [int(np.minimum(in_hypothesis, most_in_a_reference).sum())]
    shared = ((in_hypothesis > 0) & (most_in_a_reference > 0))[ids]
    grams = _Grams.after_order_one(ids, shared, streams, continues)
    for n in range(2, max_order + 1):
        last_tokens = corpus.tokens[grams.positions + (n - 1)]
        ids, id_count = _dense_ranks(grams.prefix_ids * corpus.token_count + last_tokens)
        in_hypothesis, most_in_a_reference = _counts(ids * width + grams.streams, id_count, width)
        matches.append(int(np.minimum(in_hypothesis, most_in_a_reference).sum()))
        if n < max_order:
            shared = ((in_hypothesis > 0) & (most_in_a_reference > 0))[ids]
            grams = grams.extendable(ids, shared, continues)
    return tuple(matches)


def _dense_unigram_ids(tokens: Ints) -> tuple[Ints, int]:
    """Interned ids renumbered 0, 1, ... without a sort: an id is the position of its first use."""
    first_use = tokens == np.arange(len(tokens), dtype=np.int64)
    renumbered = np.cumsum(first_use) - 1
    return renumbered[tokens], int(renumbered[-1]) + 1 if len(tokens) else 0


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


def _dense_ranks(keys: Ints) -> tuple[Ints, int]:
    """Each key's rank among the distinct keys (0, 1, ...), and how many distinct keys there are.

    ``np.unique(return_inverse=True)`` does the same, more slowly; a stable sort is quickest here
    because keys of one segment lie together.
    """
    if len(keys) == 0:
        return keys, 0
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    starts_new = np.empty(len(keys), dtype=np.int64)
    starts_new[0] = 0
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=starts_new[1:], casting="unsafe")
    ranks = np.empty(len(keys), dtype=np.int64)
    ranks[order] = np.cumsum(starts_new)
    return ranks, int(ranks[order[-1]]) + 1
