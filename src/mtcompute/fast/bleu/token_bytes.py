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
# After the separator that follows the last token: the buffer then ends with a word of NULs.
_PADDING = _SEPARATOR * (_WORD_BYTES - 1)
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

    data: NDArray[np.uint8]  # the tokens' bytes, a NUL between tokens, 8 NULs after the last
    starts: Ints  # per token: its first byte in ``data``
    lengths: Ints  # per token: its size in UTF-8 bytes
    sentence_lengths: Ints  # per sentence: its number of tokens

    @classmethod
    def encode(cls, sentences: Sequence[Sequence[str]]) -> "TokenBytes | None":
        """The buffer of the tokens of ``sentences``, lists of strings; None when a token is not
        a string, is not valid Unicode or contains NUL."""
        sentence_lengths = np.fromiter(map(len, sentences), dtype=np.int64, count=len(sentences))
        data = utf8_joined(sentences)
        return None if data is None else cls.from_utf8(data, sentence_lengths)

    @classmethod
    def from_utf8(
        cls, data: bytes | NDArray[np.uint8], sentence_lengths: Ints
    ) -> "TokenBytes | None":
        """The buffer read from ``utf8_joined`` bytes of sentences with these lengths; None when
        their tokens are not as many as the lengths say (a token contained NUL)."""
        token_count = int(sentence_lengths.sum())
        if token_count == 0:
            return cls._empty(sentence_lengths)
        buffer = np.frombuffer(data, dtype=np.uint8)
        content_end = len(buffer) - _WORD_BYTES
        starts = _token_starts(buffer[:content_end])
        if len(starts) != token_count:
            return None
        lengths = np.empty_like(starts)
        np.subtract(starts[1:], starts[:-1], out=lengths[:-1])
        lengths[:-1] -= 1  # the separator
        lengths[-1] = content_end - starts[-1]
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
        return int(self.lengths.sum())

    def words(self) -> list[Words]:
        """The tokens as little-endian 64-bit words: word j of a token is its bytes 8j to 8j + 7,
        zeros past its end. No token contains NUL, so the words of two tokens are equal exactly
        when the tokens are."""
        # Every 8-byte window of the buffer, one per byte offset: a view, nothing copied. The
        # padding keeps the window at any token's start inside the buffer.
        windows = np.ndarray(
            (max(len(self.data) - _WORD_BYTES + 1, 0),),
            dtype="<u8",
            buffer=self.data,
            strides=(1,),
        )
        # take: about twice as fast as indexing where the words are not aligned.
        first = windows.take(self.starts)
        first &= _LOW_BYTES.take(np.minimum(self.lengths, _WORD_BYTES))
        longest = int(self.lengths.max(initial=0))
        return [
            first,
            *(self._later_word(windows, j) for j in range(1, -(-longest // _WORD_BYTES))),
        ]

    def _later_word(self, windows: Words, j: int) -> Words:
        """Word j > 0 of every token: gathered for the few tokens that long, zero for the rest."""
        offset = _WORD_BYTES * j
        long = (self.lengths > offset).nonzero()[0]
        word = np.zeros(self.token_count, dtype=np.uint64)
        word[long] = windows.take(self.starts[long] + offset) & _LOW_BYTES.take(
            np.minimum(self.lengths[long] - offset, _WORD_BYTES)
        )
        return word


def utf8_joined(sentences: Sequence[Sequence[str]]) -> bytes | None:
    """The tokens' UTF-8 bytes with NUL between them and NULs after the last, as many as a word
    has bytes; None when a token is not a string or is not valid Unicode.

    A join per sentence, then one of those: C loops over the strings, and no list of them.
    """
    sentence_texts = map(_SEPARATOR.join, filter(None, sentences))
    try:
        return _SEPARATOR.join(itertools.chain(sentence_texts, (_PADDING,))).encode("utf-8")
    except (TypeError, UnicodeEncodeError):
        return None


def separates_tokens(data: bytes, token_count: int) -> bool:
    """Whether ``utf8_joined`` bytes of ``token_count`` tokens tell them apart: their only NULs
    are the separator after each token and the padding, so no token held one."""
    nuls = int(np.count_nonzero(np.frombuffer(data, dtype=np.uint8) == 0))
    return nuls == token_count + _WORD_BYTES - 1


def _token_starts(content: NDArray[np.uint8]) -> Ints:
    """Where each token starts: at 0 and after each separator."""
    starts_token = np.empty(len(content) + 1, dtype=np.bool_)
    starts_token[0] = True
    np.equal(content, 0, out=starts_token[1:])
    return starts_token.nonzero()[0]
