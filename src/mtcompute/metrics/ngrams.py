"""BLEU's clipped n-gram counts per segment, with the clipping tables that explain them.

For each order n, every distinct hypothesis n-gram g counts min(count in the hypothesis, largest
count in any single reference); the tables list those counts per g, in order of g's first
occurrence, so that a caller sees which n-grams were unmatched or cut by clipping. Counts are
exact integers: per-segment statistics add up over any split of a corpus.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, Tokens, ngram_counts

ClippingTable = Literal["none", "clipped", "all"]
CLIPPING_TABLES: tuple[ClippingTable, ...] = ("none", "clipped", "all")
# (start, hypothesis_count, max_reference_count) of one distinct hypothesis n-gram. Tuples:
# the result is immutable, and a tuple of ints leaves the cyclic garbage collector's lists
# at its first pass, where a table's hundreds of thousands of lists would be walked again.
Row = tuple[int, int, int]
Rows = tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class NgramSegment:
    """One segment's clipped matches and totals per order, and its tables when asked for."""

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    clipping: tuple[Rows, ...] | None = None  # per order, its rows

    def to_dict(self) -> dict[str, object]:
        segment: dict[str, object] = {"matches": list(self.matches), "totals": list(self.totals)}
        if self.clipping is not None:
            segment["clipping"] = [[list(row) for row in rows] for rows in self.clipping]
        return segment


@dataclass(frozen=True, slots=True)
class NgramCountsResult:
    """Clipped matches and totals summed over segments, and each segment's own.

    Results of parts of a corpus add with ``+``: the segments follow one another."""

    max_order: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    segments: tuple[NgramSegment, ...]

    def __add__(self, other: "NgramCountsResult") -> "NgramCountsResult":
        if other.max_order != self.max_order:
            raise ValueError(f"max_order {self.max_order} and {other.max_order} do not add up")
        return NgramCountsResult(
            self.max_order,
            tuple(a + b for a, b in zip(self.matches, other.matches, strict=True)),
            tuple(a + b for a, b in zip(self.totals, other.totals, strict=True)),
            self.segments + other.segments,
        )

    def to_dict(self) -> dict[str, object]:
        """The contract's result object (plain ints and lists)."""
        return {
            "max_order": self.max_order,
            "matches": list(self.matches),
            "totals": list(self.totals),
            "segments": [segment.to_dict() for segment in self.segments],
        }

    def __str__(self) -> str:
        matches, totals = "/".join(map(str, self.matches)), "/".join(map(str, self.totals))
        return f"matches = {matches} of {totals} ({len(self.segments)} segments)"


def clipping_rows(hypothesis: Tokens, references: Sequence[Tokens], n: int) -> Rows:
    """A row per distinct hypothesis n-gram, in order of first occurrence."""
    most_in_a_reference: Counter[tuple[str, ...]] = Counter()
    for reference in references:
        most_in_a_reference |= ngram_counts(reference, n)  # | keeps the larger count
    first: dict[tuple[str, ...], int] = {}  # a dict keeps the order of first occurrence
    in_hypothesis: Counter[tuple[str, ...]] = Counter()
    for start in range(len(hypothesis) - n + 1):
        gram = tuple(hypothesis[start : start + n])
        first.setdefault(gram, start)
        in_hypothesis[gram] += 1
    return tuple((start, in_hypothesis[g], most_in_a_reference[g]) for g, start in first.items())


def segment_counts(
    hypothesis: Tokens,
    references: Sequence[Tokens],
    max_order: int = DEFAULT_MAX_ORDER,
    clipping_table: ClippingTable = "none",
) -> NgramSegment:
    """One segment's counts: matches_n sums the rows' min(hypothesis_count, max_reference_count)
    and totals_n = max(0, len(hypothesis) - n + 1)."""
    tables = [clipping_rows(hypothesis, references, n) for n in range(1, max_order + 1)]
    matches = tuple(sum(min(count, most) for _, count, most in rows) for rows in tables)
    totals = tuple(max(len(hypothesis) - n + 1, 0) for n in range(1, max_order + 1))
    if clipping_table == "none":
        return NgramSegment(matches, totals)
    if clipping_table == "clipped":
        tables = [tuple(row for row in rows if row[1] > row[2]) for rows in tables]
    return NgramSegment(matches, totals, tuple(tables))


def summed(segments: Sequence[NgramSegment], max_order: int) -> NgramCountsResult:
    """The result of these segments: their matches and totals summed order by order."""
    matches, totals = [0] * max_order, [0] * max_order
    for segment in segments:
        for n in range(max_order):
            matches[n] += segment.matches[n]
            totals[n] += segment.totals[n]
    return NgramCountsResult(max_order, tuple(matches), tuple(totals), tuple(segments))


def corpus_ngram_counts(
    hypotheses: Sequence[Tokens],
    references: Sequence[Sequence[Tokens]],
    max_order: int = DEFAULT_MAX_ORDER,
    clipping_table: ClippingTable = "none",
) -> NgramCountsResult:
    """Every segment's counts and their sums; ``hypotheses`` and ``references`` pair up one to
    one."""
    segments = [
        segment_counts(hypothesis, segment_references, max_order, clipping_table)
        for hypothesis, segment_references in zip(hypotheses, references, strict=True)
    ]
    return summed(segments, max_order)
