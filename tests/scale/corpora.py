"""Generated test sets for the scale tests: short sentences of a small vocabulary, with
punctuation, accents and a few empty lines, so that every metric has matches to count."""

import random

_WORDS = [
    "the",
    "a",
    "cat",
    "dog",
    "sat",
    "on",
    "mat",
    "über",
    "café",
    "naïve",
    "東京",
    "house",
    ",",
    ".",
    "!",
    "?",
    "run",
    "ran",
    "(see)",
    "don't",
]


def sentence(rng: random.Random) -> str:
    if rng.random() < 0.02:
        return ""
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 14)))


def generated_test_set(
    segments: int, *, references: int = 1, seed: int = 0
) -> tuple[list[str], list[list[str]]]:
    """Hypotheses, and ``references`` streams of as many lines."""
    rng = random.Random(seed)
    hypotheses = [sentence(rng) for _ in range(segments)]
    streams = [[sentence(rng) for _ in range(segments)] for _ in range(references)]
    return hypotheses, streams
