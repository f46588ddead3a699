"""Deterministic benchmark corpora: noisy copies of base sentences over a Zipf-like vocabulary.

Every hypothesis and reference is a noisy copy of one base sentence, so that BLEU lands around
0.3 as it does for real systems. Tokens are lowercase ASCII words, so that peers which take
whitespace-joined strings (and tokenize them with 13a) see the very same tokens.
"""

import itertools
import random
import string
from dataclasses import dataclass

Segment = tuple[list[str], list[list[str]]]

VOCABULARY_SIZE = 20_000
ZIPF_EXPONENT = 1.1
MIN_LENGTH, MAX_LENGTH = 5, 60
SUBSTITUTE_SHARE = 0.75  # of the tokens not kept; the others are dropped
INSERT = 0.05


@dataclass(frozen=True)
class CorpusShape:
    """How many segments, how many references each, and the median sentence length."""

    name: str
    segments: int
    min_references: int
    max_references: int
    median_length: float
    keep: float  # chance that a copy keeps a token of its base: sets BLEU near 0.3
    max_total_tokens: int | None = None


SHAPES = {
    "S": CorpusShape("S", 1_000, 1, 4, 13.0, keep=0.72, max_total_tokens=50_000),
    "M": CorpusShape("M", 3_000, 4, 4, 21.0, keep=0.67),
    "L": CorpusShape("L", 100_000, 1, 1, 20.3, keep=0.82),
    # A few segments for the quick mode that CI runs.
    "tiny": CorpusShape("tiny", 40, 1, 4, 13.0, keep=0.72),
}


def vocabulary(rng: random.Random) -> list[str]:
    words: dict[str, None] = {}
    while len(words) < VOCABULARY_SIZE:
        size = rng.randint(2, 10)
        words["".join(rng.choices(string.ascii_lowercase, k=size))] = None
    return list(words)


class _Sampler:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.words = vocabulary(self.rng)
        weights = [1.0 / (rank**ZIPF_EXPONENT) for rank in range(1, VOCABULARY_SIZE + 1)]
        self.cumulative = list(itertools.accumulate(weights))

    def tokens(self, count: int) -> list[str]:
        return self.rng.choices(self.words, cum_weights=self.cumulative, k=count)

    def length(self, median: float) -> int:
        drawn = round(self.rng.lognormvariate(0.0, 0.5) * median)
        return min(max(drawn, MIN_LENGTH), MAX_LENGTH)

    def noisy_copy(self, base: list[str], keep: float) -> list[str]:
        substitute = keep + (1.0 - keep) * SUBSTITUTE_SHARE
        copy: list[str] = []
        for token in base:
            roll = self.rng.random()
            if roll < keep:
                copy.append(token)
            elif roll < substitute:
                copy.extend(self.tokens(1))
            if self.rng.random() < INSERT:
                copy.extend(self.tokens(1))
        return copy or base[:1]


def generate(shape: CorpusShape, seed: int = 2026) -> list[Segment]:
    """The corpus of ``shape``: the same segments for the same seed on every machine."""
    sampler = _Sampler(seed)
    corpus: list[Segment] = []
    for _ in range(shape.segments):
        base = sampler.tokens(sampler.length(shape.median_length))
        count = sampler.rng.randint(shape.min_references, shape.max_references)
        references = [sampler.noisy_copy(base, shape.keep) for _ in range(count)]
        corpus.append((sampler.noisy_copy(base, shape.keep), references))
    if shape.max_total_tokens is not None:
        _trim_to(corpus, shape.max_total_tokens)
    return corpus


def total_tokens(corpus: list[Segment]) -> int:
    return sum(len(h) + sum(map(len, refs)) for h, refs in corpus)


def _trim_to(corpus: list[Segment], budget: int) -> None:
    """Shorten the longest sentences by one token at a time until the corpus fits ``budget``."""
    excess = total_tokens(corpus) - budget
    sentences = [s for h, refs in corpus for s in (h, *refs)]
    while excess > 0:
        longest = max(sentences, key=len)
        longest.pop()
        excess -= 1


def as_request(corpus: list[Segment]) -> dict[str, object]:
    """The tool's input object for ``corpus``."""
    return {"hypotheses": [h for h, _ in corpus], "references": [refs for _, refs in corpus]}
