"""The fast WER and CER counts (``fast.edits`` and its kernel ``_edits.c``) are the oracle's: on
generated hostile text, per pair and summed, on the compiled path and as installed without a C
compiler, and on the long pairs rapidfuzz splits first (Hirschberg), which the kernel splits as
the oracle does."""

import random
import shutil
import sysconfig

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
from mtcompute.metrics.wer.statistics import packed, summed
from tests.metrics.wer.hostile import hostile_text, sentence, texts

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
