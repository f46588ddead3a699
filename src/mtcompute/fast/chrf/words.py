"""chrF++'s word tokens in bulk: split at whitespace, one ASCII punctuation mark split off a
word's end (or else its start) as the oracle does, each token named by a hash of its code points
that is checked code point by code point."""

import itertools

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast.chrf.corpus import Corpus
from mtcompute.fast.chrf.keys import MIXES, Flags, Ints, mixed
from mtcompute.fast.chrf.occurrences import Occurrences
from mtcompute.metrics.chrf import (
    PUNCTUATION,
    ChrfWords,
)

_PUNCTUATION_TABLE = np.zeros(129, dtype=np.bool_)
_PUNCTUATION_TABLE[[ord(character) for character in PUNCTUATION]] = True


class Tokens:
    """chrF++'s word tokens of every text, as spans of its code points."""

    def __init__(
        self, code_points: NDArray[np.uint32], firsts: Ints, lengths: Ints, per_text: Ints
    ) -> None:
        self.code_points = code_points
        self.firsts = firsts  # per token: its first code point's position
        self.lengths = lengths  # per token: its code points
        self.per_text = per_text

    @classmethod
    def of(cls, corpus: Corpus, is_space: Flags) -> "Tokens":
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

    def ids(self, corpus: Corpus) -> Ints | None:
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
        code_point_keys = mixed(values, offsets.view(np.uint64))
        hashes = np.add.reduceat(code_point_keys, starts)
        hashes ^= self.lengths.view(np.uint64) * MIXES[2]
        occurrences = Occurrences(corpus, self.per_text)
        hashes ^= occurrences.segment.view(np.uint64) * MIXES[0]
        ids = occurrences.ids(hashes)
        same_segment = occurrences.segment[ids] == occurrences.segment
        if not (same_segment.all() and (self.lengths[ids] == self.lengths).all()):
            return None
        same_text = self.code_points[self.firsts[ids][token_of] + offsets] == values
        return ids if same_text.all() else None

    def word_lists(self, corpus: Corpus) -> list[ChrfWords]:
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
