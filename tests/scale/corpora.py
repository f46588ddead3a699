"""Generated test sets for the scale tests: short sentences of a small vocabulary, with
punctuation, accents and a few empty lines, so that every metric has matches to count."""

import random
from collections.abc import Sequence

from mtcompute.scale.chunks import Chunk

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


def chunks_of(
    hypotheses: Sequence[str], streams: Sequence[Sequence[str]], size: int
) -> list[Chunk]:
    """The test set cut into chunks of ``size`` segments (the last one shorter)."""
    return [
        Chunk.of(
            start + 1,
            hypotheses[start : start + size],
            [stream[start : start + size] for stream in streams],
        )
        for start in range(0, len(hypotheses), size)
    ]
