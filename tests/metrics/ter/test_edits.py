"""The edits of one hypothesis against one reference: a gold table checked by hand, and
sacreBLEU's ``translation_edit_rate`` on generated pairs."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import translation_edit_rate

from mtcompute.metrics.ter.beam import BeamEditDistance
from mtcompute.metrics.ter.edits import translation_edits
from mtcompute.metrics.ter.shifts import MAX_SHIFT_CANDIDATES, best_shift

GOLD = [
    ("a b c d", "a b c d", 0),  # identical
    ("a b x d", "a b c d", 1),  # a substitution: x for c
    ("a b d", "a b c d", 1),  # an insertion: c is missing
    ("a b c x d", "a b c d", 1),  # a deletion: x is extra
    ("c d a b", "a b c d", 1),  # a shift of "a b" to the front (no shift: 4 edits)
    ("b a", "a b", 1),  # a shift of one word
    ("the cat sat on the mat", "on the mat the cat sat", 1),  # "on the mat" moves to the front
    ("a b", "", 2),  # an empty reference: every hypothesis word is deleted
    ("", "a b c", 3),  # an empty hypothesis: every reference word is inserted
    ("", "", 0),
    ("x y z", "a b", 3),  # two substitutions and a deletion: more edits than reference words
    ("b a x", "a b c", 2),  # a shift, then a substitution
]


@pytest.mark.parametrize(("hypothesis", "reference", "edits"), GOLD)
def test_the_gold_edits(hypothesis: str, reference: str, edits: int) -> None:
    assert translation_edits(hypothesis.split(), reference.split()) == edits


_words = st.lists(st.sampled_from("abcd"), max_size=20)


@settings(max_examples=300)
@given(_words, _words)
def test_the_edits_are_sacrebleus(hypothesis: list[str], reference: list[str]) -> None:
    assert (
        translation_edits(hypothesis, reference) == translation_edit_rate(hypothesis, reference)[0]
    )


@pytest.mark.slow
def test_the_edits_are_sacrebleus_when_the_candidate_budget_runs_out() -> None:
    # Long texts of two words have runs everywhere: the 1,000-candidate budget ends the search.
    rng = random.Random(3)
    budgets_spent = 0
    for _ in range(3):
        hypothesis, reference = rng.choices("ab", k=45), rng.choices("ab", k=45)
        first = best_shift(hypothesis, reference, BeamEditDistance(reference), 0)
        budgets_spent += first.checked >= MAX_SHIFT_CANDIDATES
        assert (
            translation_edits(hypothesis, reference)
            == translation_edit_rate(hypothesis, reference)[0]
        )
    assert budgets_spent == 2
