"""The in-process request path: parsing the S request alone against parse + validate + compute.

Every step starts from the request's bytes or from a fresh parse of them, so no step reuses
strings (or their cached hashes) that an earlier one made.
"""

import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

import orjson

from bench.corpus import Segment
from mtcompute import api, jsonio
from mtcompute.contracts import chrf_compute_1_0_0
from mtcompute.contracts.bleu_corpus_compute_1_0_0 import PARSER
from mtcompute.contracts.inputs import chrf as chrf_input
from mtcompute.fast.bleu.corpus import corpus_statistics_fast
from mtcompute.metrics.bleu import corpus_statistics, score

TOOL_ID, VERSION = "bleu-corpus-compute", "1.0.0"
_ORJSON_STEP = "orjson.loads alone"


@dataclass(frozen=True)
class Step:
    """One stage of the path: its name, its set-up outside the timer, and the timed part."""

    name: str
    setup: Callable[[bytes], object]
    run: Callable[[object], object]


def _loads(data: object) -> object:
    assert isinstance(data, bytes)
    return orjson.loads(data)


def _whole(data: object) -> object:
    assert isinstance(data, bytes)
    return api.execute(TOOL_ID, VERSION, jsonio.loads(data))


def _compute_fast(raw: object) -> object:
    request = PARSER.parse(raw)
    stats = corpus_statistics_fast(request.hypotheses, request.references, request.max_order)
    return score(stats, request.options).to_dict()


def _compute_reference(raw: object) -> object:
    request = PARSER.parse(raw)
    stats = corpus_statistics(request.hypotheses, request.references, request.max_order)
    return score(stats, request.options).to_dict()


def _unchanged(data: bytes) -> object:
    return data


STEPS = (
    Step(_ORJSON_STEP, _unchanged, _loads),
    Step("parse + validate + compute (mtcompute.execute)", _unchanged, _whole),
    Step("validate only (PARSER.parse)", orjson.loads, PARSER.parse),
    Step("validate + compute, numpy statistics", orjson.loads, _compute_fast),
    Step("validate + compute, reference statistics", orjson.loads, _compute_reference),
)


@dataclass(frozen=True)
class StepTiming:
    name: str
    median_seconds: float
    ratio_to_loads: float


def _chrf_whole(data: object) -> object:
    assert isinstance(data, bytes)
    return api.execute("chrf-compute", VERSION, jsonio.loads(data))


CHRF_STEPS = (
    Step(_ORJSON_STEP, _unchanged, _loads),
    Step("parse + validate + compute (mtcompute.execute, chrf-compute)", _unchanged, _chrf_whole),
    Step("validate only (PARSER.parse)", orjson.loads, chrf_compute_1_0_0.PARSER.parse),
)


def chrf_request(generated: list[Segment]) -> bytes:
    """The largest chrf-compute request made of ``generated``: 1,000 segments (each two of the
    corpus's, one after the other) whose texts fill the 1 MiB limit."""
    half = min(len(generated) // 2, chrf_input.LIMITS.max_segments or len(generated))
    hypotheses, references = [], []
    for (h1, refs1), (h2, refs2) in zip(generated[:half], generated[half : 2 * half], strict=True):
        hypotheses.append(" ".join(h1 + h2))
        references.append([" ".join(r1 + r2) for r1, r2 in zip(refs1, refs2, strict=False)])
    budget = chrf_input.LIMITS.max_total_string_bytes or 0
    total = sum(map(len, hypotheses)) + sum(len(r) for refs in references for r in refs)
    for refs in reversed(references):  # the last segments give up references beyond the budget
        while total > budget and len(refs) > 1:
            total -= len(refs.pop())
    return orjson.dumps({"hypotheses": hypotheses, "references": references})


def time_steps(data: bytes, rounds: int, steps: tuple[Step, ...] = STEPS) -> list[StepTiming]:
    """Median seconds of each step over ``rounds`` interleaved rounds, and its ratio to loads."""
    seconds: dict[str, list[float]] = {step.name: [] for step in steps}
    for step in steps:  # warm-up
        step.run(step.setup(data))
    for _ in range(rounds):
        for step in steps:
            prepared = step.setup(data)
            gc.collect()
            start = time.perf_counter()
            step.run(prepared)
            seconds[step.name].append(time.perf_counter() - start)
    loads = statistics.median(seconds[_ORJSON_STEP])
    medians = {name: statistics.median(values) for name, values in seconds.items()}
    return [StepTiming(name, median, median / loads) for name, median in medians.items()]
