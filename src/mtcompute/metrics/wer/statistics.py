"""Hits, substitutions, deletions and insertions: integers that add up over segments.

A pair's counts come from its edit operations (``alignment``): every substitution, deletion and
insertion is one operation, and the hits are the reference items left, ``len(reference) - S -
D``. jiwer sums them over its list of sentences; so does ``+`` here, in any grouping.
"""

from array import array
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from mtcompute.metrics.wer.alignment import EditOperation, edit_operations


@dataclass(frozen=True, slots=True)
class EditStatistics:
    """The counts of one pair or of many summed; the lengths follow from them."""

    hits: int
    substitutions: int
    deletions: int
    insertions: int

    @classmethod
    def zero(cls) -> "EditStatistics":
        return cls(0, 0, 0, 0)

    @property
    def reference_length(self) -> int:
        """Reference items: hits, substitutions and deletions."""
        return self.hits + self.substitutions + self.deletions

    @property
    def hypothesis_length(self) -> int:
        """Hypothesis items: hits, substitutions and insertions."""
        return self.hits + self.substitutions + self.insertions

    @property
    def errors(self) -> int:
        """Substitutions, deletions and insertions: the Levenshtein distance."""
        return self.substitutions + self.deletions + self.insertions

    def __add__(self, other: "EditStatistics") -> "EditStatistics":
        return EditStatistics(
            self.hits + other.hits,
            self.substitutions + other.substitutions,
            self.deletions + other.deletions,
            self.insertions + other.insertions,
        )

    def to_dict(self) -> dict[str, int]:
        return {
            "hits": self.hits,
            "substitutions": self.substitutions,
            "deletions": self.deletions,
            "insertions": self.insertions,
        }


def counted(operations: Sequence[EditOperation], reference_length: int) -> EditStatistics:
    """The counts of a pair from its edit operations."""
    substitutions = deletions = insertions = 0
    for operation in operations:
        if operation.kind == "replace":
            substitutions += 1
        elif operation.kind == "delete":
            deletions += 1
        else:
            insertions += 1
    return EditStatistics(
        reference_length - substitutions - deletions, substitutions, deletions, insertions
    )


def pair_statistics(
    reference: Sequence[Hashable], hypothesis: Sequence[Hashable]
) -> EditStatistics:
    """One pair's counts, its items (words or characters) already made."""
    return counted(edit_operations(reference, hypothesis), len(reference))


def summed(statistics: Sequence[EditStatistics]) -> EditStatistics:
    """The statistics added left to right, from zero."""
    total = EditStatistics.zero()
    for segment in statistics:
        total += segment
    return total


def packed(statistics: Sequence[EditStatistics]) -> "array[int]":
    """The counts of each in order, four int64 each: a compact form of many segments'."""
    counts = array("q")
    for s in statistics:
        counts.extend((s.hits, s.substitutions, s.deletions, s.insertions))
    return counts


def unpacked(counts: "array[int]") -> tuple[EditStatistics, ...]:
    """``packed``'s statistics back."""
    return tuple(EditStatistics(*counts[i : i + 4]) for i in range(0, len(counts), 4))


def packed_total(counts: "array[int]") -> EditStatistics:
    """The sum of ``packed`` statistics, each count added in one pass (integers: exact)."""
    return EditStatistics(
        sum(counts[0::4]), sum(counts[1::4]), sum(counts[2::4]), sum(counts[3::4])
    )
