"""The beam edit distance of TER: a word-level Levenshtein distance from a hypothesis to a
reference, computed only in a band around the matrix's pseudo-diagonal, with the trace of edits.

Row i of the matrix belongs to the first i hypothesis words; only the cells within ``width`` of
``floor(i * n_ref / n_hyp)`` are computed (the last row whole), the others stay at ``INFINITY``.
Ties go to a match or substitution, then to dropping a hypothesis word, then to adding a
reference word (tercom's preference, with its insertions and deletions swapped because the
trace is read from the reference's side).

Shift search computes the distance of many hypotheses that share a prefix with one another;
rows of a prefix seen before are taken from a trie instead of computed again. A row depends
only on the prefix and on the hypothesis length, which a shift leaves unchanged, so the trie
saves time and changes no result.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

INFINITY = 10**16  # a cell outside the band
BEAM_WIDTH = 25
MAX_CACHED_ROWS = 10_000  # sacreBLEU's cap on the trie: a bound on memory, not on results

# The trace's operations, read from the hypothesis to the reference.
MATCH, SUBSTITUTE = " ", "s"
EXTRA_HYPOTHESIS_WORD = "d"  # a hypothesis word with no reference word: up one row
MISSING_REFERENCE_WORD = "i"  # a reference word with no hypothesis word: left one column
UNDEFINED = "x"


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the matrix: the cost and the last operation of each cell."""

    costs: list[int]
    operations: list[str]


# A trie over hypothesis words: each word leads to the row of its prefix and the next level.
_Trie = dict[str, tuple["_Trie", Row]]


def band_width(length_ratio: float) -> int:
    """The cells each side of the pseudo-diagonal: wider when the reference is so much longer
    that consecutive rows' bands would not overlap."""
    if length_ratio / 2 > BEAM_WIDTH:
        return math.ceil(length_ratio / 2 + BEAM_WIDTH)
    return BEAM_WIDTH


class BeamEditDistance:
    """The distance of any hypothesis of one length to one reference, remembering rows."""

    def __init__(self, reference: Sequence[str]) -> None:
        self._reference = reference
        n = len(reference)
        self._first_row = Row(list(range(n + 1)), [MISSING_REFERENCE_WORD] * (n + 1))
        self._trie: _Trie = {}
        self._cached_rows = 0

    def __call__(self, hypothesis: Sequence[str]) -> tuple[int, str]:
        """The distance and the trace of edits (one operation per step, first step first)."""
        rows = self._known_rows(hypothesis)
        self._compute_rows(hypothesis, rows)
        self._remember(hypothesis, rows)
        return rows[-1].costs[-1], _trace(rows)

    def _known_rows(self, hypothesis: Sequence[str]) -> list[Row]:
        rows = [self._first_row]
        node = self._trie
        for word in hypothesis:
            if word not in node:
                break
            node, row = node[word]
            rows.append(row)
        return rows

    def _compute_rows(self, hypothesis: Sequence[str], rows: list[Row]) -> None:
        n_hyp, n_ref = len(hypothesis), len(self._reference)
        ratio = n_ref / n_hyp if n_hyp else 1
        width = band_width(ratio)
        for i in range(len(rows), n_hyp + 1):
            diagonal = math.floor(i * ratio)
            low = max(0, diagonal - width)
            high = n_ref + 1 if i == n_hyp else min(n_ref + 1, diagonal + width)
            rows.append(self._next_row(rows[-1], hypothesis[i - 1], low, high))

    def _next_row(self, previous: Row, word: str, low: int, high: int) -> Row:
        n_ref = len(self._reference)
        costs = [INFINITY] * (n_ref + 1)
        operations = [UNDEFINED] * (n_ref + 1)
        before, reference = previous.costs, self._reference
        for j in range(low, high):
            if j == 0:
                costs[0], operations[0] = before[0] + 1, EXTRA_HYPOTHESIS_WORD
                continue
            same = word == reference[j - 1]
            best, operation = INFINITY, UNDEFINED
            for cost, candidate in (
                (before[j - 1] + (0 if same else 1), MATCH if same else SUBSTITUTE),
                (before[j] + 1, EXTRA_HYPOTHESIS_WORD),
                (costs[j - 1] + 1, MISSING_REFERENCE_WORD),
            ):
                if cost < best:
                    best, operation = cost, candidate
            costs[j], operations[j] = best, operation
        return Row(costs, operations)

    def _remember(self, hypothesis: Sequence[str], rows: list[Row]) -> None:
        """Adds the rows not in the trie yet, unless it is full (then it stays as it is)."""
        if self._cached_rows >= MAX_CACHED_ROWS:
            return
        node = self._trie
        for i, word in enumerate(hypothesis, start=1):
            if word not in node:
                node[word] = ({}, rows[i])
                self._cached_rows += 1
            node = node[word][0]


def _trace(rows: list[Row]) -> str:
    """The operations on the path back from the last cell, in forward order."""
    i, j = len(rows) - 1, len(rows[0].costs) - 1
    steps: list[str] = []
    while i > 0 or j > 0:
        operation = rows[i].operations[j]
        steps.append(operation)
        if operation in (MATCH, SUBSTITUTE):
            i, j = i - 1, j - 1
        elif operation == MISSING_REFERENCE_WORD:
            j -= 1
        elif operation == EXTRA_HYPOTHESIS_WORD:
            i -= 1
        else:
            raise ValueError(f"the trace reached a cell outside the band at ({i}, {j})")
    return "".join(reversed(steps))
