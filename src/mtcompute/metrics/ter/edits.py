"""The number of edits of TER from one hypothesis to one reference: shifts, then the beam edit
distance of the shifted words."""

from collections.abc import Sequence

from mtcompute.metrics.ter.beam import BeamEditDistance
from mtcompute.metrics.ter.shifts import MAX_SHIFT_CANDIDATES, best_shift


def translation_edits(hypothesis: Sequence[str], reference: Sequence[str]) -> int:
    """Shifts are taken greedily, the best each time, while one lowers the distance; each counts
    one edit. Once the candidate budget is spent the search stops, and the shift of that last
    search is not taken."""
    if not reference:
        return len(hypothesis)  # every hypothesis word is deleted
    distance = BeamEditDistance(reference)
    words = list(hypothesis)
    shifts = checked = 0
    while True:
        gain, shifted_words, checked = best_shift(words, reference, distance, checked)
        if checked >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        words = shifted_words
    return shifts + distance(words)[0]
