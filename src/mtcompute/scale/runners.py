"""Where the chunks are scored: in this process, in a pool of worker processes, or on a Dask
cluster. Each runner maps ``run_chunk`` over the chunks and yields the results in input order,
with a bounded number of chunks in flight, so that memory stays bounded by the chunk size.

A worker ignores Ctrl-C (the terminal sends it to the whole process group); the process that
reads the files stops the pool when it is interrupted or fails: the chunks not yet started are
dropped, the workers finish the one they hold and exit, so that none is left behind.
"""

import itertools
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from mtcompute.scale.chunks import Chunk
from mtcompute.scale.work import ChunkResult, Plan, run_chunk

if TYPE_CHECKING:  # a pool's modules are imported when one starts: most runs need none
    import multiprocessing.context
    from concurrent.futures import Future

# Chunks in flight per worker: one being scored, one waiting, so that no worker idles.
IN_FLIGHT_PER_WORKER = 2


class Runner(AbstractContextManager["Runner"], Protocol):
    def map(self, plan: Plan, chunks: Iterable[Chunk]) -> Iterator[ChunkResult]:
        """``run_chunk(plan, chunk)`` of each chunk, in input order."""


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class InProcess:
    """Every chunk scored here, one after another."""

    def __enter__(self) -> "InProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, plan: Plan, chunks: Iterable[Chunk]) -> Iterator[ChunkResult]:
        for chunk in chunks:
            yield run_chunk(plan, chunk)


def in_order(
    submit: Callable[[Chunk], Any],
    chunks: Iterable[Chunk],
    window: int,
    wait: Callable[[Any], ChunkResult] = lambda future: future.result(),
) -> Iterator[ChunkResult]:
    """Each submitted chunk's result (``wait(future)``), oldest first, with at most ``window``
    in flight."""
    pending: deque[Any] = deque()
    for chunk in chunks:
        pending.append(submit(chunk))
        if len(pending) >= window:
            yield wait(pending.popleft())
    while pending:
        yield wait(pending.popleft())


# Linux's prctl option: the signal a process gets when its parent dies.
_PR_SET_PDEATHSIG = 1


def _quiet_worker(parent: int) -> None:
    """A worker ignores Ctrl-C, and on Linux ends with the process that started it, however
    that one ended (killed, say): no worker is left waiting for chunks that will not come. A
    parent killed before the worker asked for that signal is seen gone, and the worker ends."""
    import ctypes  # noqa: PLC0415 - in a worker only

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:
            os._exit(1)


@contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Ctrl-C held back until a worker has started: one interrupted half-way would be left
    running. The signal is blocked too, so that the fork server (started by the first submit)
    and every worker it forks inherit it blocked until they ignore it."""
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _start_method() -> "multiprocessing.context.BaseContext":
    """Linux forks the workers from this process, which has the scoring modules loaded: they
    start in milliseconds and share its memory. The pool forks every worker before its first
    thread starts, and this process runs no other thread then (the progress bar has none), so
    the fork copies no lock another thread holds. Elsewhere a fork server, preloaded."""
    import multiprocessing  # noqa: PLC0415 - when a pool starts

    if sys.platform == "linux":
        return multiprocessing.get_context("fork")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["mtcompute.scale.work", "mtcompute.scoring.registry"])
    return context


class ProcessPool:
    """Chunks scored by ``jobs`` worker processes."""

    def __init__(self, jobs: int) -> None:
        from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 - as it starts

        self.jobs = jobs
        self._executor = ProcessPoolExecutor(
            jobs, mp_context=_start_method(), initializer=_quiet_worker, initargs=(os.getpid(),)
        )

    def __enter__(self) -> "ProcessPool":
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        # Interrupted or failed: the chunks not started are dropped and the workers finish the
        # ones they hold, then exit. A worker killed mid-answer would leave the pool's reader
        # waiting for the rest of it, and this process could not exit.
        self._executor.shutdown(wait=True, cancel_futures=kind is not None)

    def map(self, plan: Plan, chunks: Iterable[Chunk]) -> Iterator[ChunkResult]:
        def submit(chunk: Chunk) -> "Future[ChunkResult]":
            with _interrupts_deferred():  # a submit may start a worker (and the fork server)
                return self._executor.submit(run_chunk, plan, chunk)

        return in_order(submit, chunks, self.jobs * IN_FLIGHT_PER_WORKER)


class WorkersIfNeeded:
    """A pool of ``jobs`` workers started only once a second chunk comes: a test set of one
    chunk (a pipe's length is not known beforehand) is scored here, without their start-up."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool: ProcessPool | None = None

    def __enter__(self) -> "WorkersIfNeeded":
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self._pool is not None:
            self._pool.__exit__(kind, *exc)

    def map(self, plan: Plan, chunks: Iterable[Chunk]) -> Iterator[ChunkResult]:
        ahead = iter(chunks)
        first = next(ahead, None)
        if first is None:
            return
        second = next(ahead, None)
        if second is None:
            yield run_chunk(plan, first)
            return
        self._pool = ProcessPool(self.jobs)
        yield from self._pool.map(plan, itertools.chain((first, second), ahead))
