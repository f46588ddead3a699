"""What the trace of edits says about each position: which hypothesis and reference words are
in error, and where each reference word sits in the hypothesis. Shift search reads it."""

from dataclasses import dataclass

from mtcompute.metrics.ter.beam import (
    EXTRA_HYPOTHESIS_WORD,
    MATCH,
    MISSING_REFERENCE_WORD,
    SUBSTITUTE,
)


@dataclass(frozen=True, slots=True)
class Alignment:
    """``position[r]``: the hypothesis position reference word r is aligned with or, for a
    reference word missing from the hypothesis, the position before it (-1 at the start).
    ``reference_errors[r]`` and ``hypothesis_errors[h]`` are 1 where the word is not matched."""

    position: list[int]
    reference_errors: list[int]
    hypothesis_errors: list[int]


def alignment(trace: str) -> Alignment:
    """The alignment that a trace of ``BeamEditDistance`` describes."""
    h = r = -1
    position: list[int] = []
    reference_errors: list[int] = []
    hypothesis_errors: list[int] = []
    for operation in trace:
        if operation in (MATCH, SUBSTITUTE):
            h, r = h + 1, r + 1
            error = 0 if operation == MATCH else 1
            position.append(h)
            reference_errors.append(error)
            hypothesis_errors.append(error)
        elif operation == EXTRA_HYPOTHESIS_WORD:
            h += 1
            hypothesis_errors.append(1)
        elif operation == MISSING_REFERENCE_WORD:
            r += 1
            position.append(h)
            reference_errors.append(1)
        else:
            raise ValueError(f"unknown operation {operation!r} in a trace")
    return Alignment(position, reference_errors, hypothesis_errors)
