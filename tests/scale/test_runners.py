from concurrent.futures import Future

import pytest

from mtcompute.errors import InputError
from mtcompute.scale.chunks import Chunk
from mtcompute.scale.runners import (
    InProcess,
    ProcessPool,
    WorkersIfNeeded,
    default_jobs,
    in_order,
)
from mtcompute.scale.work import Plan, run_chunk
from tests.scale.corpora import chunks_of, generated_test_set

HYPOTHESES, STREAMS = generated_test_set(90, references=2, seed=4)
PLAN = Plan.of(("chrf", "ter"), {}, sentence_level=True)


def _chunks(size: int) -> list[Chunk]:
    return chunks_of(HYPOTHESES, STREAMS, size)


def test_results_come_in_input_order_with_at_most_the_window_in_flight() -> None:
    in_flight: list[int] = []
    collected: list[int] = []

    def submit(chunk: Chunk) -> Future[int]:
        in_flight.append(len(in_flight) + 1 - len(collected))
        future: Future[int] = Future()
        future.add_done_callback(lambda done: None)
        future.set_result(chunk.first_line)
        return future

    for first_line in in_order(submit, _chunks(10), window=3):
        assert isinstance(first_line, int)
        collected.append(first_line)
    assert collected == list(range(1, 91, 10))
    assert max(in_flight) == 3


def test_a_pool_of_workers_gives_what_this_process_gives() -> None:
    with InProcess() as here:
        expected = list(here.map(PLAN, _chunks(90)))
    with ProcessPool(2) as pool:
        outputs = list(pool.map(PLAN, _chunks(7)))
    assert all(isinstance(output, bytes) for output in outputs)
    assert [b"".join(outputs)] == expected  # type: ignore[arg-type]


def test_a_workers_input_error_reaches_the_caller_as_it_was() -> None:
    bad = Chunk.of(1, ["a"], [["b"]])
    bad = Chunk(1, bad.names, (bad.parts[0], bad.parts[0].__class__(b"\xff", 1)))
    with ProcessPool(2) as pool, pytest.raises(InputError, match="line 1 is not UTF-8"):
        list(pool.map(PLAN, [bad]))


def test_the_default_is_every_core_this_process_may_use() -> None:
    assert default_jobs() >= 1


def test_run_chunk_is_what_a_worker_runs() -> None:
    assert run_chunk(PLAN, _chunks(90)[0]) == next(InProcess().map(PLAN, _chunks(90)))


def test_one_chunk_is_scored_here_and_more_by_workers() -> None:
    with WorkersIfNeeded(2) as lazy:
        assert list(lazy.map(PLAN, _chunks(90))) == list(InProcess().map(PLAN, _chunks(90)))
        assert lazy._pool is None
    with WorkersIfNeeded(2) as lazy:
        assert list(lazy.map(PLAN, _chunks(30))) == list(InProcess().map(PLAN, _chunks(30)))
        assert lazy._pool is not None
