"""Shift search: the one move of a run of hypothesis words that lowers the edit distance most.

Candidates follow tercom's heuristics as sacreBLEU reproduces them. A run is a hypothesis
stretch equal to a reference stretch (at most ``MAX_SHIFT_SIZE`` words, starting at most
``MAX_SHIFT_DISTANCE`` positions apart, never at the same position in both). It is tried only
where both stretches hold an error and the reference stretch is not aligned inside the run; its
targets are just after the hypothesis positions the reference stretch (and the word before it)
is aligned with. Candidates are ranked by the distance they save, then the longer run, the
earlier run, the earlier target; the first found wins a full tie.
"""

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from mtcompute.metrics.ter.alignment import Alignment, alignment
from mtcompute.metrics.ter.beam import BeamEditDistance

MAX_SHIFT_SIZE = 10
MAX_SHIFT_DISTANCE = 50
# Candidates evaluated per hypothesis and reference, over every search: past it, none is taken.
MAX_SHIFT_CANDIDATES = 1000


class Shift(NamedTuple):
    """The best move found: the distance it saves, the words after it, the candidates counted
    so far (those of earlier searches included)."""

    gain: int
    words: list[str]
    checked: int


def matching_runs(
    hypothesis: Sequence[str], reference: Sequence[str]
) -> Iterator[tuple[int, int, int]]:
    """(hypothesis start, reference start, length) of every run of equal words, by hypothesis
    start, then reference start, then length (a run of 3 is also a run of 1 and of 2)."""
    n_hyp, n_ref = len(hypothesis), len(reference)
    for start_h in range(n_hyp):
        for start_r in range(max(0, start_h - MAX_SHIFT_DISTANCE), n_ref):
            if start_r - start_h > MAX_SHIFT_DISTANCE:
                break
            length = 0
            while (
                length < MAX_SHIFT_SIZE
                and start_h + length < n_hyp
                and start_r + length < n_ref
                and hypothesis[start_h + length] == reference[start_r + length]
            ):
                length += 1
                yield start_h, start_r, length


def shifted(words: Sequence[str], start: int, length: int, target: int) -> list[str]:
    """The words with ``words[start:start + length]`` moved to ``target`` (an index in the
    words before the move). A target inside the run, or just after it, moves the run right by
    ``target - start`` words, as sacreBLEU does."""
    run = list(words[start : start + length])
    if target < start:
        return [*words[:target], *run, *words[target:start], *words[start + length :]]
    if target > start + length:
        return [*words[:start], *words[start + length : target], *run, *words[target:]]
    end = length + target
    return [*words[:start], *words[start + length : end], *run, *words[end:]]


def _worth_trying(start_h: int, start_r: int, length: int, aligned: Alignment) -> bool:
    return (
        any(aligned.hypothesis_errors[start_h : start_h + length])
        and any(aligned.reference_errors[start_r : start_r + length])
        and not start_h <= aligned.position[start_r] < start_h + length
    )


def targets(start_r: int, length: int, aligned: Alignment) -> Iterator[int]:
    """Where a run may go: after the position of each reference word from the one before the
    run's reference stretch (or the start) to its last, skipping a repeat of the one before."""
    previous = -1
    for r in range(start_r - 1, start_r + length):
        target = 0 if r == -1 else aligned.position[r] + 1
        if target != previous:
            previous = target
            yield target


def best_shift(
    hypothesis: list[str],
    reference: Sequence[str],
    distance: BeamEditDistance,
    checked: int,
) -> Shift:
    """The best candidate shift, or a gain of 0 and the words unchanged if none was tried."""
    before, trace = distance(hypothesis)
    aligned = alignment(trace)
    best: tuple[int, int, int, int] | None = None
    best_words = hypothesis
    for start_h, start_r, length in matching_runs(hypothesis, reference):
        if not _worth_trying(start_h, start_r, length, aligned):
            continue
        for target in targets(start_r, length, aligned):
            words = shifted(hypothesis, start_h, length, target)
            rank = (before - distance(words)[0], length, -start_h, -target)
            checked += 1
            if best is None or rank > best:
                best, best_words = rank, words
        if checked >= MAX_SHIFT_CANDIDATES:
            break
    return Shift(0 if best is None else best[0], best_words, checked)
