"""The beam edit distance is sacreBLEU's: the same distance and trace, band and trie included."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import BeamEditDistance as SacrebleuBeam

from mtcompute.metrics.ter.beam import BEAM_WIDTH, BeamEditDistance, band_width

_words = st.lists(st.sampled_from("abcde"), max_size=30)


def _levenshtein(a: list[str], b: list[str]) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


@settings(max_examples=300)
@given(_words, _words)
def test_the_distance_and_trace_are_sacrebleus(hypothesis: list[str], reference: list[str]) -> None:
    assert BeamEditDistance(reference)(hypothesis) == SacrebleuBeam(reference)(hypothesis)


@settings(max_examples=200)
@given(_words, _words)
def test_within_the_band_the_distance_is_levenshteins(
    hypothesis: list[str], reference: list[str]
) -> None:
    # At most 30 words each side: the band of 25 each side of the diagonal covers every cell.
    assert BeamEditDistance(reference)(hypothesis)[0] == _levenshtein(hypothesis, reference)


def test_remembered_rows_give_the_results_of_a_fresh_computation() -> None:
    rng = random.Random(5)
    reference = rng.choices("abcd", k=60)
    remembering = BeamEditDistance(reference)
    base = rng.choices("abcd", k=55)
    for _ in range(200):
        words = list(base)
        i, j = sorted(rng.sample(range(len(words)), 2))
        words[i], words[j] = words[j], words[i]
        assert remembering(words) == BeamEditDistance(reference)(words)
        assert remembering(words) == SacrebleuBeam(reference)(words)


def test_long_segments_of_unequal_lengths_follow_the_band_as_sacrebleu_does() -> None:
    rng = random.Random(9)
    for _ in range(30):
        hypothesis = rng.choices("abc", k=rng.randint(1, 150))
        reference = rng.choices("abc", k=rng.randint(1, 400))
        assert BeamEditDistance(reference)(hypothesis) == SacrebleuBeam(reference)(hypothesis)


def test_the_band_widens_only_when_the_reference_is_over_fifty_times_longer() -> None:
    assert band_width(50.0) == BEAM_WIDTH
    assert band_width(50.5) == 51  # ceil(25.25 + 25)
    assert band_width(0.01) == BEAM_WIDTH


def test_the_trace_spells_matches_substitutions_and_both_kinds_of_gap() -> None:
    # "a x c e" to "a b c d e": a match, a substitution, a match, a missing "d", a match.
    assert BeamEditDistance(list("abcde"))(list("axce")) == (2, " s i ")
    # "a b z c" to "a b c": the extra "z" is dropped.
    assert BeamEditDistance(list("abc"))(list("abzc")) == (1, "  d ")
