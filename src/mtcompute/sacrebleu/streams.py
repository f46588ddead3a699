"""sacreBLEU's references, as streams (``refs[k][i]``), turned into each segment's."""

from collections.abc import Sequence

from mtcompute.errors import InputError, Violation

Streams = Sequence[Sequence[str | None]]


def per_segment(hypotheses: Sequence[str], references: Streams) -> list[list[str]]:
    """Streams turned into each segment's references, a None (a missing reference) left out;
    ``InputError`` for a stream of another length than the hypotheses, never a truncation."""
    short = [
        Violation(
            code="stream_length_mismatch",
            pointer=f"/references/{k}",
            message=(
                f"expected a reference stream of {len(hypotheses)} lines (one per hypothesis), "
                f"got {len(stream)} at /references/{k}"
            ),
        )
        for k, stream in enumerate(references)
        if len(stream) != len(hypotheses)
    ]
    if short:
        raise InputError(short)
    segments = zip(*references, strict=True) if references else ([] for _ in hypotheses)
    return [[text for text in refs if text is not None] for refs in segments]
