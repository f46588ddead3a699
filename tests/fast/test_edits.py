"""The fast WER and CER counts (``fast.edits`` and its kernel ``_edits.c``) are the oracle's: on
generated hostile text, per pair and summed, on the compiled path and as installed without a C
compiler, and on the long pairs rapidfuzz splits first (Hirschberg), which the kernel splits as
the oracle does."""

import random
import shutil
import sysconfig

import jiwer
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.edits import (
    packed_counts_fast,
    pair_statistics_fast,
    percent_error_rates_fast,
    summed_statistics_fast,
)
from mtcompute.metrics.wer.alignment import distance
from mtcompute.metrics.wer.corpus import character_statistics, word_statistics
from mtcompute.metrics.wer.rates import error_rate
from mtcompute.metrics.wer.statistics import EditStatistics, packed, summed
from tests.metrics.wer.hostile import hostile_text, noisy, sentence, texts

PATHS = ["compiled", "pure Python"]


@pytest.fixture(params=PATHS)
def path(request: pytest.FixtureRequest) -> str:
    """Each test runs on the compiled kernel, then as installed without a C compiler."""
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def test_the_kernel_is_built_where_a_c_compiler_is() -> None:
    command = str(sysconfig.get_config_var("CC") or "cc").split()
    has_compiler = bool(command) and shutil.which(command[0]) is not None
    assert (compiled.edit_statistics is not None) == has_compiler


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(texts, texts), max_size=8))
def test_the_kernel_counts_the_oracles_words_and_characters(pairs: list[tuple[str, str]]) -> None:
    hypotheses = [h for h, _ in pairs]
    references = [r for _, r in pairs]
    words = word_statistics(hypotheses, references)
    chars = character_statistics(hypotheses, references)
    assert pair_statistics_fast(hypotheses, references) == words
    assert pair_statistics_fast(hypotheses, references, by_characters=True) == chars
    assert summed_statistics_fast(hypotheses, references) == summed(words)
    assert summed_statistics_fast(hypotheses, references, by_characters=True) == summed(chars)
    assert percent_error_rates_fast(hypotheses, references) == [100 * error_rate(s) for s in words]
    assert packed_counts_fast(hypotheses, references) == packed(words)
    assert packed_counts_fast(hypotheses, references, by_characters=True) == packed(chars)
    assert percent_error_rates_fast(hypotheses, references, by_characters=True) == [
        100 * error_rate(s) for s in chars
    ]


def test_seeded_hostile_lists_count_as_in_the_oracle(path: str) -> None:
    rng = random.Random(path)
    hypotheses = [hostile_text(rng, rng.randint(0, 60)) for _ in range(500)]
    references = [hostile_text(rng, rng.randint(0, 60)) for _ in range(500)]
    for by_characters, oracle in ((False, word_statistics), (True, character_statistics)):
        expected = oracle(hypotheses, references)
        found = pair_statistics_fast(hypotheses, references, by_characters=by_characters)
        assert found == expected
        assert summed_statistics_fast(
            hypotheses, references, by_characters=by_characters
        ) == summed(expected)
        rates = percent_error_rates_fast(hypotheses, references, by_characters=by_characters)
        assert rates == [100 * error_rate(s) for s in expected]
        counts = packed_counts_fast(hypotheses, references, by_characters=by_characters)
        assert counts == packed(expected)


@pytest.mark.parametrize("words", [64, 65, 128, 129, 700])
def test_references_of_several_machine_words_count_as_in_the_oracle(words: int) -> None:
    rng = random.Random(words)
    references = [sentence(rng, words, vocabulary=5) for _ in range(3)]
    hypotheses = [sentence(rng, rng.randint(words // 2, words * 2), vocabulary=5) for _ in range(3)]
    assert pair_statistics_fast(hypotheses, references) == word_statistics(hypotheses, references)


def test_pairs_rapidfuzz_would_split_are_counted_by_the_kernel_as_the_oracle_counts_them() -> None:
    rng = random.Random(1)
    reference = "".join(rng.choice("ab") for _ in range(2_100))
    hypothesis = "".join(rng.choice("ab") for _ in range(2_900))
    assert compiled.edit_statistics is not None
    _, left = compiled.edit_statistics([hypothesis, "a"], [reference, "a"], True, 1)
    assert left == []
    expected = character_statistics([hypothesis, "a"], [reference, "a"])
    assert pair_statistics_fast([hypothesis, "a"], [reference, "a"], by_characters=True) == expected
    assert summed_statistics_fast(
        [hypothesis, "a"], [reference, "a"], by_characters=True
    ) == summed(expected)
    rates = percent_error_rates_fast([hypothesis, "a"], [reference, "a"], by_characters=True)
    assert rates == [100 * error_rate(s) for s in expected]
    counts = packed_counts_fast([hypothesis, "a"], [reference, "a"], by_characters=True)
    assert counts == packed(expected)


def test_error_rates_of_pairs_rapidfuzz_would_split_are_computed_by_the_kernel() -> None:
    # A rate needs the distance alone, the same on every path: no pair is left to the oracle.
    rng = random.Random(2)
    reference = "".join(rng.choice("ab") for _ in range(2_100))
    hypothesis = "".join(rng.choice("abc") for _ in range(2_900))
    assert compiled.edit_statistics is not None
    rates, left = compiled.edit_statistics([hypothesis, "a"], [reference, ""], True, 2)
    assert left == []
    assert rates == [100 * (distance(list(reference), list(hypothesis)) / 2_100), 100.0]


def test_lists_of_different_lengths_are_refused(path: str) -> None:
    del path
    with pytest.raises(ValueError, match="2 hypotheses but 1 references"):
        pair_statistics_fast(["a", "b"], ["a"])
    with pytest.raises(ValueError, match="2 hypotheses but 1 references"):
        summed_statistics_fast(["a", "b"], ["a"])


def test_the_kernel_refuses_what_is_not_a_text() -> None:
    assert compiled.edit_statistics is not None
    with pytest.raises(TypeError, match="hypothesis 1 is int, not a str"):
        compiled.edit_statistics(["a", 3], ["a", "b"], False, 1)  # type: ignore[list-item]


def test_the_kernel_refuses_an_unknown_mode() -> None:
    assert compiled.edit_statistics is not None
    with pytest.raises(ValueError, match="mode is 0"):
        compiled.edit_statistics(["a"], ["a"], False, 4)


# References a little over where rapidfuzz splits (4 Mi cells), at and beside block edges.
_SPLIT_LENGTHS = [2_559, 2_560, 2_561, 2_623, 2_624, 2_625, 3_071, 3_072, 3_073]


def _edited(rng: random.Random, text: str, alphabet: str, keep: float) -> str:
    """A copy of ``text`` with characters dropped, replaced and inserted."""
    out = []
    for c in text:
        roll = rng.random()
        if roll < keep:
            out.append(c)
        elif roll < (1 + keep) / 2:
            out.append(rng.choice(alphabet))
        if rng.random() < (1 - keep) / 3:
            out.append(rng.choice(alphabet))
    return "".join(out)


def _split_pair(shape: str, length: int, symbols: int, seed: int) -> tuple[str, str]:
    """A reference of ``length`` characters and a hypothesis of ``shape``; every pair is large
    enough that rapidfuzz splits it (Hirschberg) before aligning its halves."""
    rng = random.Random(seed)
    alphabet = "abcdefgh"[:symbols]
    reference = "".join(rng.choice(alphabet) for _ in range(length))
    if shape == "near-equal":
        return _edited(rng, reference, alphabet, keep=0.995), reference
    if shape == "noisy":
        return _edited(rng, reference, alphabet, keep=0.6), reference
    if shape == "different":  # no item in common: every path is as good as every other
        return "".join(rng.choice("stuvwxyz"[:symbols]) for _ in range(length)), reference
    if shape == "longer hypothesis":  # a reference of 65 to 128 items, a hypothesis of 90,000
        short = reference[: 65 + length % 64]  # ends apart, so that it keeps all its items
        return f"z{_edited(rng, short * (90_000 // len(short)), alphabet, keep=0.8)}z", short
    long_reference = reference * 40  # and a reference 2,000 times the hypothesis's length
    return _edited(rng, long_reference[:60], alphabet, keep=0.8), long_reference


_SHAPES = ["near-equal", "noisy", "different", "longer hypothesis", "longer reference"]


@settings(max_examples=8, deadline=None)
@given(
    st.sampled_from(_SHAPES),
    st.sampled_from(_SPLIT_LENGTHS),
    st.integers(2, 4),
    st.integers(0, 2**32 - 1),
)
def test_the_kernel_splits_long_pairs_of_characters_as_the_oracle_does(
    shape: str, length: int, symbols: int, seed: int
) -> None:
    hypothesis, reference = _split_pair(shape, length, symbols, seed)
    assert compiled.edit_statistics is not None
    counts, left = compiled.edit_statistics([hypothesis], [reference], True, 0)
    assert left == []
    assert counts == [_as_tuple(character_statistics([hypothesis], [reference])[0])]


@settings(max_examples=8, deadline=None)
@given(
    st.sampled_from(_SPLIT_LENGTHS),
    st.sampled_from([0.6, 0.9, 0.99]),
    st.sampled_from([3, 300]),  # 300 words: more than the kernel keeps a dense pattern row for
    st.integers(0, 2**32),
)
def test_the_kernel_splits_long_pairs_of_words_as_the_oracle_does(
    length: int, keep: float, vocabulary: int, seed: int
) -> None:
    rng = random.Random(seed)
    reference = sentence(rng, length, vocabulary=vocabulary)
    hypothesis = noisy(rng, reference, keep=keep)
    assert compiled.edit_statistics is not None
    counts, left = compiled.edit_statistics([hypothesis], [reference], False, 0)
    assert left == []
    assert counts == [_as_tuple(word_statistics([hypothesis], [reference])[0])]


def _as_tuple(statistics: EditStatistics) -> tuple[int, int, int, int]:
    return (
        statistics.hits,
        statistics.substitutions,
        statistics.deletions,
        statistics.insertions,
    )


@pytest.mark.parametrize(
    ("by_characters", "symbols", "keep"),
    [(True, 2, 0.7), (True, 26, 0.9), (True, 4, 0.999), (False, 50, 0.7), (False, 5000, 0.95)],
)
def test_the_kernel_counts_large_pairs_as_jiwer_does(
    by_characters: bool, symbols: int, keep: float
) -> None:
    # From 40,000 to 60,000 items a side: rapidfuzz splits them several times over.
    rng = random.Random(symbols)
    output: jiwer.WordOutput | jiwer.CharacterOutput
    if by_characters:
        alphabet = "abcdefghijklmnopqrstuvwxyz"[:symbols]
        reference = "".join(rng.choice(alphabet) for _ in range(50_000))
        hypothesis = _edited(rng, reference, alphabet, keep=keep)
        output = jiwer.process_characters(reference, hypothesis)
    else:
        reference = sentence(rng, 50_000, vocabulary=symbols)
        hypothesis = noisy(rng, reference, keep=keep)
        output = jiwer.process_words(reference, hypothesis)
    found = pair_statistics_fast([hypothesis], [reference], by_characters=by_characters)
    assert [_as_tuple(s) for s in found] == [
        (output.hits, output.substitutions, output.deletions, output.insertions)
    ]
