"""Where rapidfuzz 3 splits a long pair before aligning its halves (Hirschberg's step), exactly as
it chooses it, since the split decides the path among equal-cost ones.

The hypothesis is cut at its middle (``len // 2``). The reference is cut where the distances of
the two halves add up least, the first such position, but rapidfuzz reads those distances off
two rows of its banded bit-parallel matrix (Hyyrö 2003 in 64-item blocks, with Ukkonen's band
that follows a bound ``max`` on the distance): one row computed forwards, the other on both
sequences reversed. Only the blocks the band holds at that row are looked at, and a block that
enters the band starts from an estimate, so the positions compared and the sums found are the
band's, not always the full matrix's. This module computes those rows as rapidfuzz does, block
by block and band step by band step; ``alignment`` calls it for the pairs it splits.

Where the band loses the end of the matrix (the bound was too small), the split is searched
again with the bound doubled, as rapidfuzz does.
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

Items = Sequence[Hashable]

_WORD = 64
_ONES = (1 << _WORD) - 1


@dataclass(frozen=True, slots=True)
class BandRow:
    """The band's blocks at the row asked for, the score before its first block, and every
    block's vertical differences (``VP``, ``VN``) there."""

    first_block: int
    last_block: int
    previous_score: int
    positive: list[int]
    negative: list[int]


def _patterns(reference: Items, words: int) -> dict[Hashable, list[int]]:
    patterns: dict[Hashable, list[int]] = {}
    for i, item in enumerate(reference):
        pattern = patterns.get(item)
        if pattern is None:
            pattern = patterns[item] = [0] * words
        pattern[i // _WORD] |= 1 << (i % _WORD)
    return patterns


class _Band:
    """The state of rapidfuzz's banded rows: each block's vectors and score, the band's blocks,
    the bound, and the carries of the row being computed."""

    def __init__(self, reference: Items, hypothesis: Items, bound: int) -> None:
        n, m = len(reference), len(hypothesis)
        self.n, self.m = n, m
        self.words = (n + _WORD - 1) // _WORD
        self.patterns = _patterns(reference, self.words)
        self.positive = [_ONES] * self.words
        self.negative = [0] * self.words
        self.scores = [(i + 1) * _WORD for i in range(self.words)]
        self.scores[-1] = n
        self.last_bit = 1 << ((n - 1) % _WORD)
        self.bound = min(bound, max(n, m))
        self.first = 0
        limit = min(self.bound, (self.bound + n - m) // 2) + 1
        self.last = min(self.words, _ceil_div(limit, _WORD)) - 1
        self.carry_positive, self.carry_negative = 1, 0

    def row_of(self, block: int) -> int:
        """The last reference position of ``block``."""
        return self.n - 1 if block + 1 == self.words else (block + 1) * _WORD - 1

    def advance(self, block: int, pattern: list[int]) -> int:
        """One block of a row, carries in and out; the change of the block's score."""
        x = pattern[block] | self.carry_negative
        vp, vn = self.positive[block], self.negative[block]
        d0 = ((((x & vp) + vp) & _ONES) ^ vp) | x | vn
        hp = (vn | ~(d0 | vp)) & _ONES
        hn = d0 & vp
        hp_in, hn_in = self.carry_positive, self.carry_negative
        if block < self.words - 1:
            self.carry_positive, self.carry_negative = hp >> 63, hn >> 63
        else:
            self.carry_positive = int(bool(hp & self.last_bit))
            self.carry_negative = int(bool(hn & self.last_bit))
        hp = ((hp << 1) | hp_in) & _ONES
        hn = ((hn << 1) | hn_in) & _ONES
        self.positive[block] = (hn | ~(d0 | hp)) & _ONES
        self.negative[block] = hp & d0
        return self.carry_positive - self.carry_negative

    def row(self, row: int, item: Hashable) -> None:
        """Row ``row`` over the band's blocks, the bound tightened, the band widened by a block
        below where it may reach it."""
        pattern = self.patterns.get(item) or [0] * self.words
        self.carry_positive, self.carry_negative = 1, 0
        for block in range(self.first, self.last + 1):
            self.scores[block] += self.advance(block, pattern)
        n, m, last = self.n, self.m, self.last
        tail = max(m - row - 1, n - ((1 + last) * _WORD - 1 - 1))
        self.bound = min(self.bound, self.scores[last] + tail)
        if last + 1 < self.words:
            condition = (self.bound + 2 * _WORD + row + n) - (self.scores[last] + 2 + m)
            if self.row_of(last) < condition:
                self.last = last = last + 1
                self.positive[last], self.negative[last] = _ONES, 0
                in_block = (n - 1) % _WORD + 1 if last + 1 == self.words else _WORD
                entering = self.scores[last - 1] + in_block
                self.scores[last] = entering - self.carry_positive + self.carry_negative
                self.scores[last] += self.advance(last, pattern)

    def narrow(self, row: int) -> bool:
        """The band's blocks after ``row`` (Ukkonen's conditions); False where none is left."""
        n, m = self.n, self.m
        while self.last >= self.first:
            score = self.scores[self.last]
            condition = (self.bound + 2 * _WORD + row + n + 1) - (score + 2 + m)
            if score < self.bound + _WORD and self.row_of(self.last) <= condition:
                break
            self.last -= 1
        while self.first <= self.last:
            score = self.scores[self.first]
            condition = (score + n + row) - (self.bound + m)
            if score < self.bound + _WORD and self.row_of(self.first) >= condition:
                break
            self.first += 1
        return self.first <= self.last

    def recorded(self, stop_row: int) -> BandRow:
        first = self.first
        if first == 0:
            previous = stop_row + 1
        else:
            relevant = min((first + 1) * _WORD, self.n) % _WORD
            mask = _ONES >> (_WORD - relevant) if relevant else _ONES
            previous = (
                self.scores[first]
                + (self.negative[first] & mask).bit_count()
                - (self.positive[first] & mask).bit_count()
            )
        return BandRow(first, self.last, previous, self.positive, self.negative)


def band_row(reference: Items, hypothesis: Items, bound: int, stop_row: int) -> BandRow | None:
    """rapidfuzz's ``levenshtein_hyrroe2003_block`` recording row ``stop_row``; None where the
    band vanishes before it (the distance is over ``bound``)."""
    if bound < abs(len(reference) - len(hypothesis)):
        return None
    band = _Band(reference, hypothesis, bound)
    for row in range(stop_row + 1):
        band.row(row, hypothesis[row])
        if not band.narrow(row):
            return None
    return band.recorded(stop_row)


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _bit(vectors: list[int], position: int) -> int:
    return vectors[position // _WORD] >> (position % _WORD) & 1


@dataclass(frozen=True, slots=True)
class Split:
    """Where the pair is cut, and the two halves' distances as the band found them."""

    reference_cut: int
    hypothesis_cut: int
    left_score: int
    right_score: int


def split(reference: Items, hypothesis: Items, bound: int) -> Split:
    """rapidfuzz's ``find_hirschberg_pos``."""
    while True:
        found = _split_within(reference, hypothesis, bound)
        if found is not None:
            return found
        bound *= 2


def _split_within(reference: Items, hypothesis: Items, bound: int) -> Split | None:
    n, m = len(reference), len(hypothesis)
    left_size = m // 2
    right_size = m - left_size
    right = band_row(reference[::-1], hypothesis[::-1], bound, right_size - 1)
    if right is None:
        return None
    right_first = right.first_block * _WORD
    right_last = min(n, right.last_block * _WORD + _WORD)
    right_scores = [right.previous_score]
    for i in range(right_first, right_last):
        step = _bit(right.positive, i) - _bit(right.negative, i)
        right_scores.append(right_scores[-1] + step)
    left = band_row(reference, hypothesis, bound, left_size - 1)
    if left is None:
        return None
    left_first = left.first_block * _WORD
    left_last = min(n, left.last_block * _WORD + _WORD)
    left_score = left.previous_score
    best: int | None = None
    found = Split(0, left_size, 0, 0)
    for i in range(left_first, left_last):
        left_score += _bit(left.positive, i) - _bit(left.negative, i)
        if n < i + 1 + right_first:
            continue
        right_index = n - i - 1 - right_first
        if right_index >= len(right_scores):
            continue
        total = right_scores[right_index] + left_score
        if best is None or total < best:
            best = total
            found = Split(i + 1, left_size, left_score, right_scores[right_index])
    if found.left_score + found.right_score > bound:
        return None
    return found
