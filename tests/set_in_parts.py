"""A 3,000-segment test set, and the one ``execute_batch`` request that scores it in parts
within the default limits: six BLEU parts of 500 segments, then their combination; three chrF
parts of 1,000, then theirs. Shared by the tests of every interface that sends it."""

import random
from typing import Any

from mtcompute import jsonio
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

SEGMENTS = 3000
BLEU_PART = 500
CHRF_PART = 1000
_WORDS = [
    "the",
    "a",
    "cat",
    "dog",
    "sat",
    "ran",
    "on",
    "under",
    "mat",
    "house",
    "red",
    "green",
    "quickly",
    "slowly",
    "and",
    "but",
    "with",
    "of",
    "to",
    "in",
    "report",
    "council",
    "member",
    "state",
    "policy",
    "water",
    "said",
    "would",
    "could",
    "new",
    "old",
    "year",
    "people",
    "time",
]


def make_test_set(seed: int = 30) -> tuple[list[list[str]], list[list[list[str]]]]:
    """Hypothesis tokens and one or two reference token lists per segment, 10 to 40 tokens."""
    rng = random.Random(seed)

    def sentence() -> list[str]:
        return [rng.choice(_WORDS) for _ in range(rng.randint(10, 40))]

    hypotheses = [sentence() for _ in range(SEGMENTS)]
    references = [
        [_edited(hypothesis, rng) for _ in range(rng.randint(1, 2))] for hypothesis in hypotheses
    ]
    return hypotheses, references


def _edited(tokens: list[str], rng: random.Random) -> list[str]:
    """A reference near the hypothesis: some words changed, dropped or added."""
    out = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.15:
            out.append(rng.choice(_WORDS))
        elif roll < 0.2:
            continue
        else:
            out.append(token)
        if rng.random() < 0.05:
            out.append(rng.choice(_WORDS))
    return out


def texts(tokens: list[list[str]]) -> list[str]:
    return [" ".join(sentence) for sentence in tokens]


def batch_in_parts(
    hypotheses: list[list[str]], references: list[list[list[str]]]
) -> dict[str, Any]:
    """The recipe: statistics of each part (results left out), then the combining tools."""
    operations: list[dict[str, Any]] = []

    def parts(tool_id: str, size: int, hyps: list[Any], refs: list[Any]) -> list[int]:
        steps = []
        for start in range(0, len(hyps), size):
            steps.append(len(operations))
            part = {
                "hypotheses": hyps[start : start + size],
                "references": refs[start : start + size],
            }
            operations.append(
                {"id": tool_id, "version": "1.0.0", "input": part, "include_result": False}
            )
        return steps

    def combine(tool_id: str, steps: list[int], pointer: str) -> None:
        bindings = [{"step": step, "pointer": pointer} for step in steps]
        operations.append(
            {"id": tool_id, "version": "1.0.0", "input": {}, "bind": {"parts": bindings}}
        )

    combine(
        "bleu-corpus-from-statistics",
        parts("bleu-corpus-statistics", BLEU_PART, hypotheses, references),
        "",
    )
    text_references = [texts(refs) for refs in references]
    chrf_steps = parts("chrf-compute", CHRF_PART, texts(hypotheses), text_references)
    combine("chrf-from-statistics", chrf_steps, "/statistics")
    batch = {"operations": operations}
    assert len(jsonio.dumps(batch)) < DEFAULT_MAX_BODY_BYTES
    return batch
