"""Shift search enumerates, moves and ranks candidates exactly as sacreBLEU does."""

from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import BeamEditDistance as SacrebleuBeam
from sacrebleu.metrics.lib_ter import _find_shifted_pairs, _perform_shift, _shift

from mtcompute.metrics.ter.beam import BeamEditDistance
from mtcompute.metrics.ter.shifts import (
    MAX_SHIFT_DISTANCE,
    MAX_SHIFT_SIZE,
    best_shift,
    matching_runs,
    shifted,
)

_words = st.lists(st.sampled_from("abc"), max_size=25)


@given(_words, _words)
def test_the_runs_are_sacrebleus_in_its_order(hypothesis: list[str], reference: list[str]) -> None:
    assert list(matching_runs(hypothesis, reference)) == list(
        _find_shifted_pairs(hypothesis, reference)
    )


def test_runs_stop_at_ten_words_and_fifty_positions_apart() -> None:
    runs = list(matching_runs(["a"] * 70, ["a"] * 70))
    assert max(length for _, _, length in runs) == MAX_SHIFT_SIZE
    assert max(abs(h - r) for h, r, _ in runs) == MAX_SHIFT_DISTANCE


def test_every_move_is_sacrebleus() -> None:
    words = [str(i) for i in range(8)]
    for start in range(8):
        for length in range(1, 9 - start):
            for target in range(9):
                assert shifted(words, start, length, target) == _perform_shift(
                    words, start, length, target
                )


def test_a_run_moves_before_the_target_word() -> None:
    assert shifted(list("cdab"), 2, 2, 0) == list("abcd")
    assert shifted(list("abxcd"), 2, 1, 5) == list("abcdx")


@settings(max_examples=200)
@given(_words, _words, st.integers(min_value=0, max_value=999))
def test_the_best_shift_and_the_candidates_counted_are_sacrebleus(
    hypothesis: list[str], reference: list[str], checked: int
) -> None:
    ours = best_shift(hypothesis, reference, BeamEditDistance(reference), checked)
    theirs = _shift(hypothesis, reference, SacrebleuBeam(reference), checked)
    assert tuple(ours) == theirs
