"""bleu-ngrams-count's per-segment counts and clipping tables, vectorised with numpy: the same
result as ``ngrams.corpus_ngram_counts``, its oracle.

It walks the n-gram ids of ``fast.bleu.corpus`` (per token an id of (segment, string); an
n-gram's id from its prefix's and its last token's), with two additions:

- Per-segment sums: an id names an n-gram in one segment, so a ``bincount`` by each id's segment
  splits the clipped matches by segment.
- Tables: every distinct hypothesis n-gram needs a row, so hypothesis positions are all kept
  from order to order, and only reference positions are dropped where their n-gram cannot be in
  the hypothesis. A row is its id's first hypothesis position (``minimum.at``, no sort); the rows
  stay in position order, which is segment order, then order of first occurrence.

Work and memory stay linear in the tokens: every array has one item per kept position or per id.
A large corpus goes a block of segments at a time (``blocks``); each block's part carries its
first segment, since parts may come back from the helper in any order.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import blocks
from mtcompute.fast.bleu.corpus import (
    SMALL_INPUT_TOKENS,
    FlatCorpus,
    continuations,
    counts_by_stream,
    int_array,
    reference_counts_of,
    utf8_block,
)
from mtcompute.fast.bleu.ranks import Ints, dense_ranks
from mtcompute.fast.bleu.token_bytes import TokenBytes, sentences_of
from mtcompute.fast.blocks import BlockWork, HelperTask, sum_in_blocks
from mtcompute.fast.collector import collector_paused
from mtcompute.metrics.bleu import Tokens
from mtcompute.metrics.ngrams import (
    ClippingTable,
    NgramCountsResult,
    NgramSegment,
    Row,
    Rows,
    corpus_ngram_counts,
)

# Per order, one row per distinct hypothesis n-gram: segment (of its block), start,
# hypothesis_count, max_reference_count.
_RowArrays = tuple[Ints, ...]


@dataclass(frozen=True)
class _Part:
    """The counts of a block of consecutive segments, the first of them ``first_segment``."""

    first_segment: int
    matches: Ints  # (segments, max_order)
    rows: _RowArrays | None


@dataclass(frozen=True)
class _Parts:
    """Blocks' parts as they come; adding them only collects them (``blocks`` sums its work)."""

    parts: tuple[_Part, ...] = ()

    def __add__(self, other: "_Parts") -> "_Parts":
        return _Parts(self.parts + other.parts)


def ngram_counts_fast(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
    clipping_table: ClippingTable = "none",
    encoded: TokenBytes | None = None,
) -> NgramCountsResult:
    """``corpus_ngram_counts`` for any input size: numpy for all but the smallest inputs, and
    for large ones a block of segments at a time. ``encoded``, when given, holds the tokens of
    ``sentences_of(hypotheses, references)`` as the validation of a request made them."""
    hypothesis_lengths = int_array(map(len, hypotheses), len(hypotheses))
    reference_counts = reference_counts_of(hypotheses, references)
    small = int(hypothesis_lengths.sum()) * 4 < SMALL_INPUT_TOKENS  # as in fast.bleu
    if small or reference_counts is None:  # the oracle raises what it raises on bad input
        return corpus_ngram_counts(hypotheses, references, max_order, clipping_table)

    def part(block: slice, encoded: TokenBytes | None = None) -> _Parts:
        return _Parts(
            (
                _part_of(
                    hypotheses[block],
                    references[block],
                    _Options(reference_counts[block], max_order, clipping_table, block.start),
                    encoded,
                ),
            )
        )

    whole = slice(0, len(hypotheses))
    few_blocks = blocks.BLOCKS_IN_ONE_PASS * blocks.TOKENS_PER_BLOCK
    if encoded is not None and encoded.token_count <= few_blocks:
        parts = part(whole, encoded)  # a request's size: one pass, the helper left to others
    else:
        work = BlockWork(
            zero=_Parts(),
            all_at_once=lambda: part(whole, encoded),
            block=part,
            helper_task=lambda block: _block_task(
                hypotheses[block],
                references[block],
                _Options(reference_counts[block], max_order, clipping_table, block.start),
            ),
        )
        parts = sum_in_blocks(hypothesis_lengths * (1 + reference_counts), work)
    return _result(parts, hypothesis_lengths, max_order, clipping_table)


@dataclass(frozen=True)
class _Options:
    reference_counts: Ints
    max_order: int
    clipping_table: ClippingTable
    first_segment: int


def _block_task(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], options: _Options
) -> HelperTask | None:
    block = utf8_block(hypotheses, references)
    return None if block is None else (counts_of_utf8, (*block, options))


def counts_of_utf8(
    data: bytes | NDArray[np.uint8], sentence_lengths: Ints, options: _Options
) -> _Parts:
    """A block's part from its tokens' ``utf8_joined`` bytes: what the helper process computes."""
    encoded = TokenBytes.from_utf8(data, sentence_lengths)
    if encoded is None:
        raise ValueError("a token contains NUL: the bytes do not tell the tokens apart")
    corpus = FlatCorpus.from_bytes(encoded, options.reference_counts)
    return _Parts((_counted(corpus, options),))


def _part_of(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    options: _Options,
    encoded: TokenBytes | None,
) -> _Part:
    sentences = sentences_of(hypotheses, references)
    encoded = encoded or TokenBytes.encode(sentences)
    if encoded is None:  # a token with NUL in it, say: the strings are read instead
        corpus = FlatCorpus.from_strings(sentences, options.reference_counts)
    else:
        corpus = FlatCorpus.from_bytes(encoded, options.reference_counts)
    return _counted(corpus, options)


@dataclass(frozen=True)
class _Grams:
    """The n-gram occurrences still in play: where they start, their stream, their prefix's id.
    Positions ascend, so the hypotheses' (the first tokens of the corpus) come first."""

    positions: Ints
    streams: Ints
    prefix_ids: Ints


def _counted(corpus: FlatCorpus, options: _Options) -> _Part:
    """Per-segment clipped matches of every order, and the tables when asked for."""
    segment_count, max_order = corpus.segment_count, options.max_order
    tables = options.clipping_table != "none"
    width = int(corpus.streams.max(initial=0)) + 1
    continues = continuations(corpus)
    token_segments = corpus.segments.repeat(corpus.lengths)
    positions = np.arange(corpus.token_count, dtype=np.int64)
    grams = _Grams(positions, corpus.streams.repeat(corpus.lengths), corpus.ids)
    ids, id_count = corpus.ids, corpus.id_count
    matches = np.zeros((segment_count, max_order), dtype=np.int64)
    rows: list[Ints] = []
    for n in range(1, max_order + 1):
        if n > 1:
            ids, id_count = _ngram_ids(corpus, grams, n, id_count)
        in_hypothesis, most_in_a_reference = counts_by_stream(
            ids * width + grams.streams, id_count, width
        )
        id_segments = np.zeros(id_count, dtype=np.int64)
        id_segments[ids] = token_segments[grams.positions]  # an id is in one segment only
        clipped = np.minimum(in_hypothesis, most_in_a_reference)
        matches[:, n - 1] = np.bincount(id_segments, weights=clipped, minlength=segment_count)
        counts = (in_hypothesis, most_in_a_reference)
        if tables:
            rows.append(_rows(corpus, grams, ids, counts, options.clipping_table))
        if n < max_order:
            grams = _next_grams(grams, ids, counts, continues, n, tables=tables)
    return _Part(options.first_segment, matches, tuple(rows) if tables else None)


def _ngram_ids(corpus: FlatCorpus, grams: _Grams, n: int, prefix_count: int) -> tuple[Ints, int]:
    """Ids of the n-grams at ``grams``, from their prefix's id and their last token's id."""
    last_ids = corpus.ids[grams.positions + (n - 1)]
    keys = (grams.prefix_ids * corpus.id_count + last_ids).view(np.uint64)
    return dense_ranks(keys, prefix_count * corpus.id_count)


def _next_grams(
    grams: _Grams,
    ids: Ints,
    counts: tuple[Ints, Ints],
    continues: NDArray[np.bool_],
    n: int,
    *,
    tables: bool,
) -> _Grams:
    """The occurrences of order n + 1 still in play, with their n-gram ids as prefixes.

    An (n+1)-gram can be in the hypothesis only if the n-grams at its start and at the next
    position (in the same sentence) are; without tables it can match only if both are also in a
    reference. With tables every hypothesis (n+1)-gram that fits in its sentence stays."""
    in_hypothesis, most_in_a_reference = counts
    wanted = in_hypothesis > 0 if tables else (in_hypothesis > 0) & (most_in_a_reference > 0)
    wanted_here = wanted[ids]
    wanted_at = np.zeros(len(continues), dtype=np.bool_)
    wanted_at[grams.positions] = wanted_here
    keep = wanted_here & continues[grams.positions] & wanted_at[grams.positions + 1]
    if tables:
        hypothesis_count = _hypothesis_count(grams)
        # The n-gram fits, so the (n+1)-gram does when its last token has a successor.
        keep[:hypothesis_count] = continues[grams.positions[:hypothesis_count] + (n - 1)]
    kept = keep.nonzero()[0]
    return _Grams(grams.positions[kept], grams.streams[kept], ids[kept])


def _hypothesis_count(grams: _Grams) -> int:
    """How many of the occurrences are the hypotheses' (they come first)."""
    return int(np.searchsorted(grams.streams != 0, True))


def _rows(
    corpus: FlatCorpus,
    grams: _Grams,
    ids: Ints,
    counts: tuple[Ints, Ints],
    clipping_table: ClippingTable,
) -> Ints:
    """The table of one order: a row per id at its first hypothesis position, in position
    order; for "clipped" only the rows whose hypothesis count exceeds the reference's."""
    in_hypothesis, most_in_a_reference = counts
    hypothesis_count = _hypothesis_count(grams)
    positions, hypothesis_ids = grams.positions[:hypothesis_count], ids[:hypothesis_count]
    first_at = np.full(len(in_hypothesis), corpus.token_count, dtype=np.int64)
    np.minimum.at(first_at, hypothesis_ids, positions)  # unbuffered: the least position wins
    first = (first_at[hypothesis_ids] == positions).nonzero()[0]
    row_ids, row_positions = hypothesis_ids[first], positions[first]
    if clipping_table == "clipped":
        cut = (in_hypothesis[row_ids] > most_in_a_reference[row_ids]).nonzero()[0]
        row_ids, row_positions = row_ids[cut], row_positions[cut]
    # Segment s's hypothesis is sentence s: it starts where the hypotheses before it end.
    lengths = corpus.lengths[: corpus.segment_count]
    starts = np.cumsum(lengths) - lengths
    row_segments = np.searchsorted(starts, row_positions, side="right") - 1
    return np.stack(
        [
            row_segments,
            row_positions - starts[row_segments],
            in_hypothesis[row_ids],
            most_in_a_reference[row_ids],
        ],
        axis=1,
    )


def _result(
    parts: _Parts, hypothesis_lengths: Ints, max_order: int, clipping_table: ClippingTable
) -> NgramCountsResult:
    """The result object of the parts, put back in segment order."""
    ordered = sorted(parts.parts, key=lambda part: part.first_segment)
    matches = np.concatenate([part.matches for part in ordered])
    totals = np.maximum(hypothesis_lengths[:, None] - np.arange(max_order), 0)
    per_segment = zip(map(tuple, matches.tolist()), map(tuple, totals.tolist()), strict=True)
    with collector_paused():
        if clipping_table == "none":
            segments = tuple(NgramSegment(m, t) for m, t in per_segment)
        else:
            tables = _segment_tables(ordered, len(hypothesis_lengths), max_order)
            pairs = zip(per_segment, tables, strict=True)
            segments = tuple(NgramSegment(m, t, table) for (m, t), table in pairs)
    return NgramCountsResult(
        max_order,
        tuple(matches.sum(axis=0).tolist()),
        tuple(totals.sum(axis=0).tolist()),
        segments,
    )


def _segment_tables(
    ordered: Sequence[_Part], segment_count: int, max_order: int
) -> list[tuple[Rows, ...]]:
    """Per segment, per order, its rows (start, hypothesis_count, max_reference_count)."""
    per_order = []
    offsets = [part.first_segment for part in ordered]
    for n in range(max_order):
        arrays = [part.rows[n] for part in ordered if part.rows is not None]
        rows = np.concatenate(arrays)
        row_segments = rows[:, 0] + np.repeat(offsets, [len(a) for a in arrays])
        bounds = np.searchsorted(row_segments, np.arange(segment_count + 1)).tolist()
        # Three columns of ints zipped into tuples: no list per row (see ``ngrams.Row``).
        row_tuples: list[Row] = list(zip(*rows[:, 1:].T.tolist(), strict=True))
        per_order.append([tuple(row_tuples[a:b]) for a, b in itertools.pairwise(bounds)])
    return list(zip(*per_order, strict=True))
