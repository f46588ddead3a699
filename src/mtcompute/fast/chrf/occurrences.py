"""Matches per order: n-grams named by (their prefix's id, their last unit), ids from an exact
hash table, counted per stream with ``bincount``; an (n+1)-gram is looked for only where both
n-grams inside it are in the hypothesis and a reference of the segment."""

import numpy as np

from mtcompute.fast.chrf.corpus import Corpus, Counts
from mtcompute.fast.chrf.keys import BUCKET_SHIFT, MIXES, Ints, Keys


def order_counts(
    corpus: Corpus, units: Keys, lengths: Ints, order_count: int, unit_bits: int
) -> Counts:
    """Per pair and order 1..order_count: hypothesis n-grams (zeroed where the reference has
    none), reference n-grams and matches, for texts of these units (``lengths`` per text)."""
    hypothesis_lengths = lengths[corpus.hypothesis_text][corpus.pair_segment]
    reference_lengths = lengths[corpus.pair_text]
    orders = np.arange(order_count, dtype=np.int64)
    in_reference = np.maximum(reference_lengths[:, None] - orders, 0)
    in_hypothesis = np.maximum(hypothesis_lengths[:, None] - orders, 0)
    in_hypothesis[in_reference == 0] = 0
    return (
        in_hypothesis,
        in_reference,
        Occurrences(corpus, lengths).matches(units, order_count, unit_bits),
    )


class Occurrences:
    """The unit positions of a corpus (units laid out as its texts are), with what each
    position belongs to, and the hash table that names their n-grams."""

    def __init__(self, corpus: Corpus, lengths: Ints) -> None:
        self.corpus = corpus
        text_of = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
        self.size = len(text_of)
        self.stream = corpus.text_stream[text_of]
        self.segment = corpus.text_segment[text_of]
        self.width = corpus.width  # read at every order: computed once
        self.continues = np.ones(self.size + 1, dtype=np.bool_)
        self.continues[np.cumsum(lengths) - 1] = False  # an empty text marks the one before
        self.continues[-1] = False
        # Every segment has two texts or more, so no range of reduceat is empty.
        per_segment = np.add.reduceat(lengths, corpus.hypothesis_text)
        self.segment_starts = np.zeros(corpus.segment_count + 1, dtype=np.int64)
        np.cumsum(per_segment, out=self.segment_starts[1:])
        # A power of two at least four times the positions: at most a quarter full. A block's
        # table stays within the processor's caches.
        table_size = 1 << max(4 * self.size - 1, 1).bit_length()
        self.mask = np.uint64(table_size - 1)
        self.table = np.empty(table_size, dtype=np.int64)
        self.indices = np.arange(self.size, dtype=np.int64)

    def matches(self, units: Keys, order_count: int, unit_bits: int) -> Ints:
        """Per pair and order: the matches between the hypothesis and the reference."""
        matches = np.zeros((len(self.corpus.pair_text), order_count), dtype=np.int64)
        positions, streams = self.indices, self.stream
        shift = np.uint64(unit_bits)
        # A unigram's key holds its segment; a longer n-gram's, its prefix's id, which does.
        keys = (self.segment.view(np.uint64) << shift) | units
        for order in range(order_count):
            ids = self.ids(keys)
            # Only an id's own occurrence (the first of its n-gram in its segment) heads a row.
            heads = ids == self.indices[: len(ids)]
            rows = np.cumsum(heads) - 1
            row_of = rows.take(ids)
            counts = self._counts(row_of, streams, int(rows[-1]) + 1 if len(rows) else 0)
            matches[:, order] = self._per_pair(counts, positions[heads])
            if order + 1 == order_count:
                break
            kept = self._extendable(positions, row_of, counts, order == 0)
            positions, streams = positions[kept], streams[kept]
            keys = (ids[kept].view(np.uint64) << shift) | units.take(positions + (order + 1))
        return matches

    def ids(self, keys: Keys) -> Ints:
        """Per occurrence, the index of an occurrence with the same key: equal exactly where
        the keys are, and in segment order when the keys hold their segment.

        Occurrences write their index at their bucket and read back the last one written:
        that one's key equal to theirs, it is their id (all with one key share a bucket);
        else they try again with another hash, and the last few with a dict.
        """
        buckets = (((keys * MIXES[0]) >> BUCKET_SHIFT) & self.mask).view(np.int64)
        self.table[buckets] = self.indices[: len(keys)]
        ids = self.table.take(buckets)
        waiting = (keys.take(ids) != keys).nonzero()[0]  # keys are compared, not their hashes
        for mix in MIXES[1:]:
            if not len(waiting):
                return ids
            waiting_keys = keys[waiting]
            buckets = (((waiting_keys * mix) >> BUCKET_SHIFT) & self.mask).view(np.int64)
            self.table[buckets] = waiting
            owners = self.table.take(buckets)
            ids[waiting] = owners
            waiting = waiting[keys.take(owners) != waiting_keys]
        first: dict[int, int] = {}
        for occurrence, key in zip(waiting.tolist(), keys[waiting].tolist(), strict=True):
            ids[occurrence] = first.setdefault(key, occurrence)
        return ids

    def _counts(self, rows: Ints, streams: Ints, row_count: int) -> Ints:
        """Per row (an n-gram of a segment): its occurrences in the hypothesis (column 0) and
        in each reference, from each occurrence's row and stream."""
        width = self.width
        keys = rows * width
        keys += streams
        return np.bincount(keys, minlength=row_count * width).reshape(row_count, width)

    def _per_pair(self, counts: Ints, positions: Ints) -> Ints:
        """Per pair: the sum over rows of min(hypothesis count, that reference's count).

        Rows are in the order of their first occurrences (``positions``), which run in segment
        order, so each segment's rows form one range.
        """
        corpus = self.corpus
        minimums = np.minimum(counts[:, :1], counts[:, 1:])
        summed = np.zeros((len(counts) + 1, minimums.shape[1]), dtype=np.int64)
        np.cumsum(minimums, axis=0, out=summed[1:])
        bounds = positions.searchsorted(self.segment_starts)
        per_segment = summed[bounds[1:]] - summed[bounds[:-1]]
        return per_segment[corpus.pair_segment, corpus.pair_reference]

    def _extendable(self, positions: Ints, rows: Ints, counts: Ints, first_order: bool) -> Ints:
        """The indices in ``positions`` of the n-grams that start an (n+1)-gram that can match:
        it and the next position's are both in the hypothesis and in some reference.

        Past order 1 the next position is always in the same text: an n-gram at the last
        position of a text has n = 1.
        """
        # Counts are never negative: OR-ing the reference columns, column by column (ten times
        # faster than a max along rows of a few items), is positive where one of them is.
        in_references = counts[:, 1].copy()
        for column in range(2, counts.shape[1]):
            in_references |= counts[:, column]
        shared = ((counts[:, 0] > 0) & (in_references > 0)).take(rows)
        extendable = np.zeros(len(positions), dtype=np.bool_)
        np.equal(positions[1:], positions[:-1] + 1, out=extendable[:-1])
        extendable[:-1] &= shared[1:]
        extendable &= shared
        if first_order:
            extendable &= self.continues[:-1]
        return extendable.nonzero()[0]
