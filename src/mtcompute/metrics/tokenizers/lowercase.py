"""Lowercasing as Python 3.11's ``str.lower()`` does it (Unicode 14.0.0), on every Python.

Each code point has a fixed lowercase of one or more code points (U+0130 ``İ`` becomes ``i`` and
U+0307, two code points), except the capital sigma, whose lowercase depends on its neighbours: it
is the final sigma U+03C2 where a cased letter precedes it and none follows it (case-ignorable code
points such as combining marks and apostrophes are passed over on both sides), and U+03C3
elsewhere. The tables are ``unicode_data``'s, read from Python 3.11.
"""

from mtcompute.metrics.tokenizers.unicode_data import (
    CASE_IGNORABLE,
    CASED,
    LOWERCASE_LONGER,
    LOWERCASE_RUNS,
    Ranges,
)

CAPITAL_SIGMA = "\u03a3"
SMALL_SIGMA, FINAL_SIGMA = "\u03c3", "\u03c2"


def _characters(ranges: Ranges) -> frozenset[str]:
    return frozenset(chr(cp) for first, last in ranges for cp in range(first, last + 1))


def _translation() -> dict[int, str]:
    table = {
        cp: chr(cp + delta)
        for first, last, step, delta in LOWERCASE_RUNS
        for cp in range(first, last + 1, step)
    }
    table.update(LOWERCASE_LONGER)
    del table[ord(CAPITAL_SIGMA)]  # decided in context
    return table


_TRANSLATION = _translation()
_CASED = _characters(CASED)
_CASE_IGNORABLE = _characters(CASE_IGNORABLE)


def lowercase(text: str) -> str:
    """``text.lower()`` as Python 3.11 computes it."""
    pieces = text.split(CAPITAL_SIGMA)
    lowered = [pieces[0].translate(_TRANSLATION)]
    at = len(pieces[0])
    for piece in pieces[1:]:
        lowered.append(FINAL_SIGMA if is_final_sigma(text, at) else SMALL_SIGMA)
        lowered.append(piece.translate(_TRANSLATION))
        at += 1 + len(piece)
    return "".join(lowered)


def is_final_sigma(text: str, at: int) -> bool:
    """Whether the capital sigma at ``text[at]`` ends a word: a cased letter before it and none
    after it, case-ignorable code points passed over."""
    before = at - 1
    while before >= 0 and text[before] in _CASE_IGNORABLE:
        before -= 1
    if before < 0 or text[before] not in _CASED:
        return False
    after = at + 1
    while after < len(text) and text[after] in _CASE_IGNORABLE:
        after += 1
    return after == len(text) or text[after] not in _CASED
