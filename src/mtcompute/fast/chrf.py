"""chrF and chrF++ statistics, vectorised with numpy: the same integers, kept references and
doubles as ``metrics.chrf``, which stays the oracle. How it works:

- Texts are laid end to end segment by segment (each hypothesis, then its references) and read
  as code points in one ``utf-32`` buffer; whitespace is dropped with a lookup table.
- An n-gram is named by (the id of its (n-1)-gram prefix, its last unit), a unit being a code
  point, or a word token's id; a unigram's key also holds its segment. Ids come from a hash
  table: the occurrences that hash to a bucket take the id of the one written there when their
  keys are equal (exact: keys are compared, not hashes), and try again with another hash
  otherwise. A block's table fits the processor's caches: no sort at all.
- An id is an occurrence's index, so ids run in segment order: per id one ``bincount`` counts
  the hypothesis and each reference (columns), ``min`` of the hypothesis column with each other
  gives the matches, and a cumulative sum gives them per segment and reference.
- An (n+1)-gram can match only where both n-grams inside it are in the hypothesis and in some
  reference of the segment, so every other occurrence is dropped before the next order.
- Word tokens are named by a hash of their code points that is then checked code point by code
  point against the token whose id they take; should two tokens ever share a hash, the oracle
  computes the block.
- Scores (F per segment and reference, the selection key, the first largest key) are the
  oracle's formulas applied to whole arrays, one IEEE-754 operation at a time in the same order,
  so each double is the oracle's.

A large corpus is computed a block of segments at a time by ``fast.blocks`` (the helper process
taking some blocks on a second core): a block's arrays stay in the processor's caches and peak
memory is a block's. Blocks' results come back in any order; each knows its first segment.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.blocks import BlockWork, HelperTask, sum_in_blocks
from mtcompute.fast.collector import collector_paused
from mtcompute.metrics.chrf import (
    DEFAULT_BETA,
    DEFAULT_CHAR_ORDER,
    EPSILON,
    PUNCTUATION,
    WHITESPACE_CODE_POINTS,
    ChrfOptions,
    ChrfResult,
    ChrfSegment,
    ChrfStatistics,
    ChrfWords,
    chrf_result,
    corpus_segments,
    segment_words,
    summed_statistics,
)

Ints = NDArray[np.int64]
Keys = NDArray[np.uint64]
Floats = NDArray[np.float64]
Flags = NDArray[np.bool_]

# Below about this many code points (twice the hypotheses', for them and their references)
# numpy's fixed costs exceed the oracle's whole work: measured, both cost 0.4 ms there.
SMALL_INPUT_CODE_POINTS = 500
# A block's code points (hypotheses', times one plus their reference count): measured fastest
# on 340,000-token corpora, between the caches' size and numpy's fixed costs per block.
CODE_POINTS_PER_BLOCK = 2**16
# A code point needs 21 bits; a prefix id (an occurrence index) and one fit in a 64-bit key.
_CODE_POINT_BITS = 21
# Odd multipliers with well-spread bits, one per attempt at a bucket (splitmix64's and the golden
# ratio's); the bucket is taken from the product's bits 32 and up.
_MIXES = tuple(
    np.uint64(mix) for mix in (0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
)
_BUCKET_SHIFT = np.uint64(32)
_WHITESPACE_TABLE = np.zeros(max(WHITESPACE_CODE_POINTS) + 2, dtype=np.bool_)
_WHITESPACE_TABLE[list(WHITESPACE_CODE_POINTS)] = True
_PUNCTUATION_TABLE = np.zeros(129, dtype=np.bool_)
_PUNCTUATION_TABLE[[ord(character) for character in PUNCTUATION]] = True


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
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
    decimals: int | None = None,
    return_words: bool = True,
    share_with_helper: bool = True,
) -> ChrfResult:
    """``metrics.chrf.chrf``, computed with numpy: the same result. Without
    ``share_with_helper`` (a server keeping its cores for its requests) every block is computed
    in this thread."""
    options = ChrfOptions(char_order, word_order, beta, eps_smoothing, include_whitespace)
    with_words = word_order > 0 and return_words
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
    if not _is_large(hypotheses, references):
        return _oracle_block(hypotheses, references, options, with_words, 0)
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


def block_of(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
    start: int,
) -> ChrfBlock:
    """The block of segments that starts at segment ``start``, computed with numpy where it can
    be (the oracle computes what it cannot)."""
    corpus = _Corpus.read(hypotheses, references)
    computed = None if corpus is None else _block(corpus, options, with_words)
    if computed is None:
        return _oracle_block(hypotheses, references, options, with_words, start)
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


def _oracle_block(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    with_words: bool,
    start: int,
) -> ChrfBlock:
    segments = corpus_segments(hypotheses, references, options)
    word_lists = list(map(segment_words, hypotheses, references)) if with_words else None
    statistics = summed_statistics(segments, options.order_count)
    return ChrfBlock(((start, segments, word_lists),), statistics)


def _is_large(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> bool:
    """Whether the texts have enough code points to pay for numpy's fixed costs."""
    size = sum(map(len, hypotheses))  # references are about as long, once or more each
    return 2 * size >= SMALL_INPUT_CODE_POINTS


@dataclass(frozen=True)
class _Corpus:
    """Every text's code points in one array, segment by segment: a hypothesis (stream 0), then
    its references (streams 1, 2, ...)."""

    code_points: NDArray[np.uint32]
    lengths: Ints  # per text, in code points
    text_segment: Ints  # per text: its segment
    text_stream: Ints  # per text: 0 for the hypothesis, j + 1 for reference j
    pair_text: Ints  # per (segment, reference) pair, in text order: the reference's text
    pair_segment: Ints
    pair_reference: Ints  # the reference's index in its segment
    hypothesis_text: Ints  # per segment: its hypothesis's text
    texts: list[str]

    @property
    def segment_count(self) -> int:
        return len(self.hypothesis_text)

    @property
    def width(self) -> int:
        """Streams per segment at most: the hypothesis and the most references."""
        return int(self.text_stream.max(initial=0)) + 1

    @classmethod
    def read(
        cls, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> "_Corpus | None":
        """The corpus of these texts; None when one has no UTF-32 form (a lone surrogate) or
        a segment has no reference: the oracle then does what it does with them."""
        texts = [
            text
            for hypothesis, refs in zip(hypotheses, references, strict=True)
            for text in (hypothesis, *refs)
        ]
        try:
            data = "".join(texts).encode("utf-32-le")
        except UnicodeEncodeError:
            return None
        reference_counts = np.fromiter(map(len, references), dtype=np.int64, count=len(references))
        if not reference_counts.all():
            return None
        streams_per_segment = reference_counts + 1
        segment_count = len(reference_counts)
        text_segment = np.repeat(np.arange(segment_count, dtype=np.int64), streams_per_segment)
        hypothesis_text = np.cumsum(streams_per_segment) - streams_per_segment
        text_stream = np.arange(len(texts), dtype=np.int64) - hypothesis_text[text_segment]
        pair_text = (text_stream > 0).nonzero()[0]
        return cls(
            code_points=np.frombuffer(data, dtype=np.uint32),
            lengths=np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)),
            text_segment=text_segment,
            text_stream=text_stream,
            pair_text=pair_text,
            pair_segment=text_segment[pair_text],
            pair_reference=text_stream[pair_text] - 1,
            hypothesis_text=hypothesis_text,
            texts=texts,
        )


_Counts = tuple[Ints, Ints, Ints]  # per pair and order: hypothesis, reference, matches


def _block(
    corpus: _Corpus, options: ChrfOptions, with_words: bool
) -> tuple[tuple[list[ChrfSegment], ChrfStatistics], list[ChrfWords] | None] | None:
    """The block's segments and summed statistics (and words); None when the word tokens'
    hashes collide and the oracle must compute it."""
    is_space = _whitespace(corpus.code_points)
    if options.include_whitespace:
        characters, character_lengths = corpus.code_points, corpus.lengths
    else:
        characters, character_lengths = _without(corpus.code_points, is_space, corpus.lengths)
    counts = _order_counts(
        corpus,
        characters.astype(np.uint64),
        character_lengths,
        options.char_order,
        _CODE_POINT_BITS,
    )
    word_lists = None
    if options.word_order > 0:
        tokens = _Tokens.of(corpus, is_space)
        ids = tokens.ids(corpus)
        if ids is None:
            return None
        word_counts = _order_counts(
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
    return _kept(corpus, counts, options), word_lists


def _joined(characters: _Counts, words: _Counts) -> _Counts:
    """Per pair, the character orders' counts, then the word orders'."""
    h, r, m = (np.hstack(pair) for pair in zip(characters, words, strict=True))
    return h, r, m


def _whitespace(code_points: NDArray[np.uint32]) -> Flags:
    last = len(_WHITESPACE_TABLE) - 1  # not whitespace: stands for every larger code point
    return _WHITESPACE_TABLE[np.minimum(code_points, last)]


def _without(
    code_points: NDArray[np.uint32], is_space: Flags, lengths: Ints
) -> tuple[NDArray[np.uint32], Ints]:
    """The code points that are not whitespace, and how many each text keeps."""
    kept_before = np.zeros(len(code_points) + 1, dtype=np.int64)
    np.cumsum(~is_space, out=kept_before[1:])
    ends = np.cumsum(lengths)
    return code_points[~is_space], kept_before[ends] - kept_before[ends - lengths]


def _order_counts(
    corpus: _Corpus, units: Keys, lengths: Ints, order_count: int, unit_bits: int
) -> _Counts:
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
        _Occurrences(corpus, lengths).matches(units, order_count, unit_bits),
    )


class _Occurrences:
    """The unit positions of a corpus (units laid out as its texts are), with what each
    position belongs to, and the hash table that names their n-grams."""

    def __init__(self, corpus: _Corpus, lengths: Ints) -> None:
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
        buckets = (((keys * _MIXES[0]) >> _BUCKET_SHIFT) & self.mask).view(np.int64)
        self.table[buckets] = self.indices[: len(keys)]
        ids = self.table.take(buckets)
        waiting = (keys.take(ids) != keys).nonzero()[0]  # keys are compared, not their hashes
        for mix in _MIXES[1:]:
            if not len(waiting):
                return ids
            waiting_keys = keys[waiting]
            buckets = (((waiting_keys * mix) >> _BUCKET_SHIFT) & self.mask).view(np.int64)
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


class _Tokens:
    """chrF++'s word tokens of every text, as spans of its code points."""

    def __init__(
        self, code_points: NDArray[np.uint32], firsts: Ints, lengths: Ints, per_text: Ints
    ) -> None:
        self.code_points = code_points
        self.firsts = firsts  # per token: its first code point's position
        self.lengths = lengths  # per token: its code points
        self.per_text = per_text

    @classmethod
    def of(cls, corpus: _Corpus, is_space: Flags) -> "_Tokens":
        """Words are maximal runs without whitespace in a text; a word of two or more code
        points loses its last one if it is ASCII punctuation, else its first if that is."""
        code_points, lengths = corpus.code_points, corpus.lengths
        size = len(code_points)
        in_word = ~is_space
        text_starts = np.zeros(size + 1, dtype=np.bool_)
        text_starts[np.cumsum(lengths) - lengths] = True  # an empty text marks the next start
        text_starts[size] = True
        starts_word = in_word.copy()
        starts_word[1:] &= ~in_word[:-1] | text_starts[1:size]
        ends_word = in_word.copy()
        ends_word[:-1] &= ~in_word[1:] | text_starts[1:size]
        firsts, lasts = starts_word.nonzero()[0], ends_word.nonzero()[0]
        long_word = lasts > firsts
        last_splits = long_word & _punctuation(code_points[lasts])
        first_splits = long_word & ~last_splits & _punctuation(code_points[firsts])
        starts_token = starts_word
        starts_token[lasts[last_splits]] = True
        starts_token[firsts[first_splits] + 1] = True
        ends_token = ends_word
        ends_token[lasts[last_splits] - 1] = True
        ends_token[firsts[first_splits]] = True
        token_firsts = starts_token.nonzero()[0]
        token_lengths = ends_token.nonzero()[0] - token_firsts + 1
        text_ends = np.cumsum(lengths)
        texts_of = np.searchsorted(text_ends, token_firsts, side="right")
        per_text = np.bincount(texts_of, minlength=len(lengths)).astype(np.int64)
        return cls(code_points, token_firsts, token_lengths, per_text)

    def ids(self, corpus: _Corpus) -> Ints | None:
        """Per token, the index of a token of the same segment with the same code points; None
        in the rare case that two different tokens hash alike."""
        count = len(self.firsts)
        if count == 0:
            return np.zeros(0, dtype=np.int64)
        token_of = np.repeat(np.arange(count, dtype=np.int64), self.lengths)
        offsets = np.arange(len(token_of), dtype=np.int64)
        starts = np.cumsum(self.lengths) - self.lengths
        offsets -= starts[token_of]
        positions = self.firsts[token_of] + offsets
        values = self.code_points[positions].astype(np.uint64)
        mixed = _mixed(values, offsets.view(np.uint64))
        hashes = np.add.reduceat(mixed, starts)
        hashes ^= self.lengths.view(np.uint64) * _MIXES[2]
        occurrences = _Occurrences(corpus, self.per_text)
        hashes ^= occurrences.segment.view(np.uint64) * _MIXES[0]
        ids = occurrences.ids(hashes)
        same_segment = occurrences.segment[ids] == occurrences.segment
        if not (same_segment.all() and (self.lengths[ids] == self.lengths).all()):
            return None
        same_text = self.code_points[self.firsts[ids][token_of] + offsets] == values
        return ids if same_text.all() else None

    def word_lists(self, corpus: _Corpus) -> list[ChrfWords]:
        """Every segment's tokens as strings: one string of all tokens, a space after each."""
        count = len(self.firsts)
        joined = np.full(int(self.lengths.sum()) + count, ord(" "), dtype=np.uint32)
        token_of = np.repeat(np.arange(count, dtype=np.int64), self.lengths)
        starts = np.cumsum(self.lengths) - self.lengths
        offsets = np.arange(len(token_of), dtype=np.int64) - starts[token_of]
        joined[starts[token_of] + token_of + offsets] = self.code_points[
            self.firsts[token_of] + offsets
        ]
        tokens = joined.tobytes().decode("utf-32-le").split(" ")  # no token holds a space
        bounds = [0, *np.cumsum(self.per_text).tolist()]
        per_text = [tuple(tokens[a:b]) for a, b in itertools.pairwise(bounds)]
        firsts = [*corpus.hypothesis_text.tolist(), len(per_text)]
        return [
            ChrfWords(per_text[first], tuple(per_text[first + 1 : end]))
            for first, end in itertools.pairwise(firsts)
        ]


def _punctuation(code_points: NDArray[np.uint32]) -> Flags:
    last = len(_PUNCTUATION_TABLE) - 1  # not punctuation: stands for every larger code point
    return _PUNCTUATION_TABLE[np.minimum(code_points, last)]


def _mixed(values: Keys, offsets: Keys) -> Keys:
    """A well-spread 64-bit value of each (code point, offset in its token)."""
    mixed = values * _MIXES[0] + offsets * _MIXES[1] + _MIXES[2]
    mixed ^= mixed >> np.uint64(29)
    mixed *= _MIXES[1]
    mixed ^= mixed >> np.uint64(32)
    return mixed


def _kept(
    corpus: _Corpus, counts: _Counts, options: ChrfOptions
) -> tuple[list[ChrfSegment], ChrfStatistics]:
    """Each segment's first reference with the largest key, its statistics and F; their sum."""
    in_hypothesis, in_reference, matches = counts
    f, keys = _scores(in_hypothesis, in_reference, matches, options)
    reference_count = int(corpus.pair_reference.max(initial=0)) + 1
    table = np.full((corpus.segment_count, reference_count), -np.inf)
    table[corpus.pair_segment, corpus.pair_reference] = keys
    kept_reference = table.argmax(axis=1)  # the first largest
    first_pair = np.searchsorted(corpus.pair_segment, np.arange(corpus.segment_count))
    kept_pairs = first_pair + kept_reference
    kept_h, kept_r, kept_m = (
        in_hypothesis[kept_pairs],
        in_reference[kept_pairs],
        matches[kept_pairs],
    )
    with collector_paused():
        segments = [
            ChrfSegment(score, index, ChrfStatistics(tuple(h), tuple(r), tuple(m)))
            for score, index, h, r, m in zip(
                f[kept_pairs].tolist(),
                kept_reference.tolist(),
                kept_h.tolist(),
                kept_r.tolist(),
                kept_m.tolist(),
                strict=True,
            )
        ]
    statistics = ChrfStatistics(
        tuple(kept_h.sum(axis=0).tolist()),
        tuple(kept_r.sum(axis=0).tolist()),
        tuple(kept_m.sum(axis=0).tolist()),
    )
    return segments, statistics


def _scores(
    in_hypothesis: Ints, in_reference: Ints, matches: Ints, options: ChrfOptions
) -> tuple[Floats, Floats]:
    """Per pair: F and the selection key, as ``metrics.chrf.f_score`` and ``selection_key``
    compute them for one pair."""
    b = float(options.beta * options.beta)
    order_count = in_hypothesis.shape[1]
    if options.eps_smoothing:
        total = np.zeros(len(matches))
        for order in range(order_count):
            h, r, m = in_hypothesis[:, order], in_reference[:, order], matches[:, order]
            precision = np.where(h > 0, m / np.maximum(h, 1), EPSILON)
            recall = np.where(r > 0, m / np.maximum(r, 1), EPSILON)
            denominator = b * precision + recall
            positive = denominator > 0
            f = (((1.0 + b) * precision) * recall) / np.where(positive, denominator, 1.0)
            total = total + np.where(positive, f, EPSILON)
        return total / order_count, (100.0 * total) / order_count
    precision = np.zeros(len(matches))
    recall = np.zeros(len(matches))
    orders = np.zeros(len(matches), dtype=np.int64)
    for order in range(order_count):
        h, r, m = in_hypothesis[:, order], in_reference[:, order], matches[:, order]
        both = (h > 0) & (r > 0)
        precision = np.where(both, precision + m / np.maximum(h, 1), precision)
        recall = np.where(both, recall + m / np.maximum(r, 1), recall)
        orders += both
    counted = np.maximum(orders, 1)
    precision = precision / counted
    recall = recall / counted
    positive = (orders > 0) & (precision + recall != 0.0)
    denominator = np.where(positive, (b * precision) + recall, 1.0)
    f = np.where(positive, (((1.0 + b) * precision) * recall) / denominator, 0.0)
    return f, 100.0 * f
