"""The fast statistics of one segment are the oracle's, by strings for a short segment and by
``fast.bleu.corpus``'s arrays for a long one."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.bleu.sentence import (
    SHORT_SEGMENT_TOKENS,
    segment_statistics_by_strings,
    segment_statistics_fast,
)
from mtcompute.fast.bleu.token_bytes import TokenBytes
from mtcompute.metrics.bleu import segment_statistics

# Tokens that a string encoding could blur: NUL, the characters used as letters, repeats.
_token = st.sampled_from(["a", "b", "aa", "\x00", "\x01", "\x02", "a b", "é", "😀"])
_tokens = st.lists(_token, max_size=16)
_references = st.lists(_tokens, min_size=1, max_size=5)


@settings(max_examples=1_000, deadline=None)
@given(_tokens, _references, st.integers(min_value=1, max_value=8))
def test_strings_give_the_oracles_statistics(
    hypothesis: list[str], references: list[list[str]], max_order: int
) -> None:
    expected = segment_statistics(hypothesis, references, max_order)
    assert segment_statistics_by_strings(hypothesis, references, max_order) == expected


def _periodic(rng: random.Random, length: int) -> list[str]:
    """Repeats of a short pattern: n-grams that overlap themselves, counted with overlaps."""
    pattern = [rng.choice("ab") for _ in range(rng.randint(1, 3))]
    return [pattern[i % len(pattern)] for i in range(length)]


def test_strings_count_overlapping_repeats_as_the_oracle_does() -> None:
    rng = random.Random(7)
    for _ in range(2_000):
        hypothesis = _periodic(rng, rng.randint(0, 20))
        references = [_periodic(rng, rng.randint(0, 20)) for _ in range(rng.randint(1, 3))]
        max_order = rng.randint(1, 8)
        expected = segment_statistics(hypothesis, references, max_order)
        assert segment_statistics_by_strings(hypothesis, references, max_order) == expected


def _long_segment(rng: random.Random) -> tuple[list[str], list[list[str]]]:
    vocabulary = [f"w{i}" for i in range(rng.randint(2, 400))]
    hypothesis = rng.choices(vocabulary, k=rng.randint(501, 900))
    references = [
        [t if rng.random() < 0.7 else rng.choice(vocabulary) for t in hypothesis]
        for _ in range(rng.randint(1, 4))
    ]
    return hypothesis, references


def test_a_long_segment_gets_the_oracles_statistics_from_the_arrays_with_or_without_bytes() -> None:
    rng = random.Random(8)
    for _ in range(20):
        hypothesis, references = _long_segment(rng)
        assert len(hypothesis) + sum(map(len, references)) > SHORT_SEGMENT_TOKENS
        expected = segment_statistics(hypothesis, references, 4)
        encoded = TokenBytes.encode([hypothesis, *references])
        assert segment_statistics_fast(hypothesis, references, 4) == expected
        assert segment_statistics_fast(hypothesis, references, 4, encoded) == expected


def test_a_short_segment_at_the_threshold_is_counted_by_strings_and_right() -> None:
    rng = random.Random(9)
    hypothesis = rng.choices("abcdefgh", k=SHORT_SEGMENT_TOKENS // 2)
    references = [rng.choices("abcdefgh", k=SHORT_SEGMENT_TOKENS // 2)]
    expected = segment_statistics(hypothesis, references, 8)
    assert segment_statistics_fast(hypothesis, references, 8) == expected


def test_every_hypothesis_token_distinct_at_the_threshold_gets_a_letter_of_its_own() -> None:
    hypothesis = [f"t{i}" for i in range(SHORT_SEGMENT_TOKENS - 1)]
    references = [["t0", "t1", f"t{SHORT_SEGMENT_TOKENS - 2}"]]
    expected = segment_statistics(hypothesis, references, 2)
    assert segment_statistics_fast(hypothesis, references, 2) == expected
