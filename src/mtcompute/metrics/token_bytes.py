"""Every token of a corpus as UTF-8 bytes in one buffer: one pass over the strings serves both
validation (byte sizes) and the vectorised statistics (token identities).

Tokens are joined with NUL between them and encoded once. The join refuses anything but strings
and the encoding refuses lone surrogates, so that a buffer exists only for tokens that are
strings of valid Unicode; a token that itself contains NUL would blur the boundaries, so such a
corpus gets no buffer either (and goes the slower way, which handles it exactly).
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Words = NDArray[np.uint64]

_SEPARATOR = "\x00"
_WORD_BYTES = 8
# _LOW_BYTES[k] keeps the first k bytes of a little-endian word: the bytes that belong to a token.
_LOW_BYTES = np.array([(1 << (8 * k)) - 1 for k in range(_WORD_BYTES + 1)], dtype=np.uint64)


def sentences_of(
    hypotheses: Sequence[Sequence[str]], references: Sequence[Sequence[Sequence[str]]]
) -> list[Sequence[str]]:
    """Every sentence of a corpus in the order its buffer holds them: the hypotheses, then each
    segment's references, segment after segment."""
    return [*hypotheses, *itertools.chain.from_iterable(references)]


@dataclass(frozen=True)
class TokenBytes:
    """The UTF-8 bytes of every token, in sentence order, and where each token starts and ends."""

    data: NDArray[np.uint8]  # the tokens' bytes, a NUL between tokens
    starts: Ints  # per token: its first byte in ``data``
    lengths: Ints  # per token: its size in UTF-8 bytes
    sentence_lengths: Ints  # per sentence: its number of tokens

    @classmethod
    def encode(cls, sentences: Sequence[Sequence[str]]) -> "TokenBytes | None":
        """The buffer of the tokens of ``sentences``, lists of strings; None when a token is not
        a string, is not valid Unicode or contains NUL."""
        sentence_lengths = np.fromiter(map(len, sentences), dtype=np.int64, count=len(sentences))
        token_count = int(sentence_lengths.sum())
        try:
            # A join per sentence, then one of those: a C loop over the strings, no list of them.
            text = _SEPARATOR.join(map(_SEPARATOR.join, filter(None, sentences)))
            data = text.encode("utf-8")
        except (TypeError, UnicodeEncodeError):
            return None
        if token_count == 0:
            return cls._empty(sentence_lengths)
        buffer = np.frombuffer(data, dtype=np.uint8)
        separators = np.flatnonzero(buffer == 0)
        if len(separators) != token_count - 1:
            return None
        starts = np.empty(token_count, dtype=np.int64)
        starts[0] = 0
        starts[1:] = separators + 1
        lengths = np.diff(starts, append=len(data) + 1) - 1
        return cls(buffer, starts, lengths, sentence_lengths)

    @classmethod
    def _empty(cls, sentence_lengths: Ints) -> "TokenBytes":
        none = np.zeros(0, dtype=np.int64)
        return cls(np.zeros(0, dtype=np.uint8), none, none, sentence_lengths)

    @property
    def token_count(self) -> int:
        return len(self.starts)

    @property
    def total_bytes(self) -> int:
        """The UTF-8 bytes of all tokens, separators not counted."""
        return len(self.data) - max(self.token_count - 1, 0)

    def words(self) -> list[Words]:
        """The tokens as little-endian 64-bit words: word j of a token is its bytes 8j to 8j + 7,
        zeros past its end. No token contains NUL, so the words of two tokens are equal exactly
        when the tokens are."""
        longest = int(self.lengths.max(initial=0))
        word_count = max(-(-longest // _WORD_BYTES), 1)
        padded = np.zeros(len(self.data) + _WORD_BYTES * (word_count + 1), dtype=np.uint8)
        padded[: len(self.data)] = self.data
        # Every 8-byte window of the buffer, one per byte offset: a view, nothing copied.
        windows = np.ndarray(
            (len(padded) - _WORD_BYTES + 1,), dtype="<u8", buffer=padded.data, strides=(1,)
        )
        return [
            windows[self.starts + _WORD_BYTES * j]
            & _LOW_BYTES[np.clip(self.lengths - _WORD_BYTES * j, 0, _WORD_BYTES)]
            for j in range(word_count)
        ]
