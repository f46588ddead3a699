"""Small synthetic test sets: references and systems that are noisy copies of them, close
enough to each other that p-values fall anywhere between 0 and 1."""

import random
from collections.abc import Sequence
from typing import Any

from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF
from sacrebleu.metrics.ter import TER
from sacrebleu.significance import PairedTest

_WORDS = [
    "the",
    "a",
    "cat",
    "dog",
    "sat",
    "on",
    "mat",
    "house",
    "big",
    "small",
    "red",
    "blue",
    ",",
    ".",
    "runs",
    "fast",
    "slowly",
    "went",
    "to",
    "Über",
    "naïve",
    "café",
    "東京",
    "in",
    "out",
]


def corpus(
    segments: int, systems: int, *, seed: int = 1, references: int = 1
) -> tuple[list[list[str]], list[list[str]]]:
    """(systems' hypotheses, reference streams): ``references[k][i]`` is segment i's k-th."""
    rng = random.Random(seed)
    streams = [
        [" ".join(rng.choice(_WORDS) for _ in range(rng.randint(0, 18))) for _ in range(segments)]
        for _ in range(references)
    ]

    def noisy(text: str, p: float) -> str:
        return " ".join(w if rng.random() > p else rng.choice(_WORDS) for w in text.split())

    levels = [0.30, 0.31, 0.33, 0.29, 0.36, 0.30, 0.32, 0.34, 0.28, 0.35]
    hypotheses = [[noisy(r, levels[k % len(levels)]) for r in streams[0]] for k in range(systems)]
    return hypotheses, streams


def sacrebleu_metric(name: str) -> Any:
    """sacreBLEU 2.6's metric object for one of our metric names."""
    if name == "bleu":
        return BLEU()
    if name in {"chrf", "chrf++"}:
        return CHRF(word_order=2 if name == "chrf++" else 0)
    return TER()


def sacrebleu_paired(
    systems: list[list[str]], metric: str, streams: list[list[str]], test: str, samples: int
) -> list[Any]:
    """sacreBLEU's ``PairedTest`` results (its ``Result`` objects), baseline first."""
    named: list[tuple[str, Sequence[str]]] = [(f"s{k}", hyps) for k, hyps in enumerate(systems)]
    scores: dict[str, list[Any]] = PairedTest(
        named, {"m": sacrebleu_metric(metric)}, streams, test, samples
    )()[1]
    (column,) = [name for name in scores if name != "System"]
    return scores[column]
