"""The BLEU corpus brevity penalty from lengths alone: closest reference lengths, c, r, ratio.

The rule is bleu-corpus-compute's (``bleu.brevity_penalty``), applied here to lengths a caller
already has; the lengths are exact integers and floats appear only in the penalty and the ratio.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.metrics.bleu import brevity_penalty
from mtcompute.metrics.display import length_ratio
from mtcompute.numerics.tofixed import to_fixed


@dataclass(frozen=True, slots=True)
class BrevityPenaltyResult:
    """The brevity penalty with the lengths it was made from.

    Fields: ``brevity_penalty``, ``candidate_length`` (c, the candidate lengths summed),
    ``reference_length`` (r, the closest reference lengths summed), ``closest_reference_lengths``
    (each segment's) and ``ratio`` (c / r, 0 when r is 0).
    """

    brevity_penalty: float
    candidate_length: int
    reference_length: int
    closest_reference_lengths: tuple[int, ...]
    ratio: float

    def to_dict(self) -> dict[str, object]:
        """The contract's result object (plain floats, ints and lists)."""
        return {
            "brevity_penalty": self.brevity_penalty,
            "candidate_length": self.candidate_length,
            "reference_length": self.reference_length,
            "closest_reference_lengths": list(self.closest_reference_lengths),
            "ratio": self.ratio,
        }

    def __str__(self) -> str:
        return (
            f"BP = {self.brevity_penalty:.3f} ratio = {self.ratio:.3f}"
            f" hyp_len = {self.candidate_length} ref_len = {self.reference_length}"
        )


def closest_length(candidate_length: int, reference_lengths: Sequence[int]) -> int:
    """The reference length nearest the candidate length; a tie goes to the shorter one."""
    return min(reference_lengths, key=lambda r: (abs(r - candidate_length), r))


def brevity_penalty_of(
    candidate_lengths: Sequence[int],
    reference_lengths: Sequence[Sequence[int]],
    decimals: int | None = None,
) -> BrevityPenaltyResult:
    """The corpus brevity penalty of segments with these candidate and reference lengths;
    ``candidate_lengths`` and ``reference_lengths`` pair up one to one."""
    closest = tuple(
        closest_length(c, references)
        for c, references in zip(candidate_lengths, reference_lengths, strict=True)
    )
    c, r = sum(candidate_lengths), sum(closest)  # exact integer sums
    bp, ratio = brevity_penalty(c, r), length_ratio(c, r)
    if decimals is not None:
        bp, ratio = to_fixed(bp, decimals), to_fixed(ratio, decimals)
    return BrevityPenaltyResult(bp, c, r, closest, ratio)
