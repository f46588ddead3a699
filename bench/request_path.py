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

from mtcompute import api, jsonio
from mtcompute.contracts.bleu_corpus_compute_1_0_0 import PARSER
from mtcompute.fast.bleu import corpus_statistics_fast
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


def time_steps(data: bytes, rounds: int) -> list[StepTiming]:
    """Median seconds of each step over ``rounds`` interleaved rounds, and its ratio to loads."""
    seconds: dict[str, list[float]] = {step.name: [] for step in STEPS}
    for step in STEPS:  # warm-up
        step.run(step.setup(data))
    for _ in range(rounds):
        for step in STEPS:
            prepared = step.setup(data)
            gc.collect()
            start = time.perf_counter()
            step.run(prepared)
            seconds[step.name].append(time.perf_counter() - start)
    loads = statistics.median(seconds[_ORJSON_STEP])
    medians = {name: statistics.median(values) for name, values in seconds.items()}
    return [StepTiming(name, median, median / loads) for name, median in medians.items()]
