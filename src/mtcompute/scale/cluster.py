"""Chunks scored on a running Dask cluster (``distributed``, the ``mtcompute[dask]`` extra):
each chunk is a task of ``run_chunk``, at most a few per worker thread in flight, and the
results come back in input order. Every worker needs mtcompute installed, at the version that
sends the work (the signature names it).

Every wait is bounded:

- reaching the scheduler, its handshake included, takes at most ``CONNECT_SECONDS`` (Dask's own
  client waits without end for the handshake of an address that accepts and never answers, or
  a server that is not Dask's): past that, or for an address that answers as no scheduler
  does, ``scheduler_unreachable``;
- a chunk whose result does not come while no worker is connected, for ``NO_WORKER_SECONDS``
  in a row, ends the run with a ``ServiceError`` saying so. A worker lost while others remain
  is Dask's to handle: its chunks are scheduled again, and the output is the same bytes.
"""

import asyncio
import contextlib
import math
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from mtcompute.errors import InputError, ServiceError, Violation
from mtcompute.scale.chunks import Chunk
from mtcompute.scale.runners import IN_FLIGHT_PER_WORKER, in_order
from mtcompute.scale.work import ChunkResult, Plan, run_chunk

# How long to wait for the scheduler, connection and handshake, before saying it cannot be
# reached.
CONNECT_SECONDS = 5
# How long a chunk may wait with no worker connected before the run gives up (seconds, or
# those the environment variable names).
NO_WORKER_SECONDS = 60
NO_WORKER_SECONDS_ENV = "MTCOMPUTE_NO_WORKER_SECONDS"
# How often a wait for a chunk looks at whether any worker is connected.
_POLL_SECONDS = 1.0
# The states of a chunk's future whose result (or error) is there to fetch.
_SETTLED = frozenset({"finished", "error", "cancelled"})


@dataclass(frozen=True, slots=True)
class DaskModules:
    """The modules of the ``mtcompute[dask]`` extra, imported when first needed."""

    distributed: Any
    bag: Any
    delayed: Any
    pandas: Any


def dask_modules() -> DaskModules:
    """Dask's modules, or an ``InputError`` saying how to install them."""
    try:
        import dask.bag  # noqa: PLC0415 (an optional extra)
        import distributed  # noqa: PLC0415
        import pandas  # noqa: PLC0415
        from dask.delayed import delayed  # noqa: PLC0415
    except ImportError as error:
        message = (
            "expected the Dask extra to score on a cluster (pip install 'mtcompute[dask]'), "
            f"but it is not installed ({error})"
        )
        raise InputError([Violation(code="dask_missing", pointer="", message=message)]) from None
    return DaskModules(distributed, dask.bag, delayed, pandas)


def _no_worker_seconds_set() -> float:
    raw = os.environ.get(NO_WORKER_SECONDS_ENV, "")
    try:
        seconds = float(raw)
    except ValueError:
        return NO_WORKER_SECONDS
    return seconds if math.isfinite(seconds) and seconds > 0 else NO_WORKER_SECONDS


def _unreachable(address: str, reason: str) -> InputError:
    message = f"expected a Dask scheduler at {address!r}, but it cannot be reached: {reason}"
    return InputError([Violation(code="scheduler_unreachable", pointer="", message=message)])


def check_scheduler(distributed: Any, address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Connect to ``address``, shake hands and ask who it is, all within ``seconds``; an
    ``InputError`` (``scheduler_unreachable``) unless a Dask scheduler answers."""

    async def identity() -> object:
        comm = await distributed.comm.connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identity(), seconds))
    except TimeoutError:
        raise _unreachable(address, f"no Dask handshake within {seconds:g} s") from None
    except (OSError, ValueError, TypeError) as error:
        raise _unreachable(address, str(error) or type(error).__name__) from None
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        shown = f"a Dask {kind}" if isinstance(kind, str) else "something else"
        raise _unreachable(address, f"{shown} answered there, not a scheduler")


def _quiet_about_closing(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    if type(context.get("exception")).__name__ != "AllExit":
        loop.default_exception_handler(context)


class DaskCluster:
    """A client of the scheduler at ``address`` (``tcp://HOST:PORT``); a chunk waits at most
    ``no_worker_seconds`` in a row with no worker connected."""

    def __init__(self, address: str, *, no_worker_seconds: float | None = None) -> None:
        distributed = dask_modules().distributed
        check_scheduler(distributed, address)
        try:
            self._client = distributed.Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as error:
            raise _unreachable(address, str(error)) from None
        # A fetch cut short by the client's closing is no news: the run has already failed.
        self._client.loop.asyncio_loop.set_exception_handler(_quiet_about_closing)
        self._address = address
        self._wait = distributed.wait
        self._no_worker_seconds = (
            _no_worker_seconds_set() if no_worker_seconds is None else no_worker_seconds
        )
        self._futures: list[Any] = []

    def __enter__(self) -> "DaskCluster":
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if kind is not None:
            self._client.cancel(self._futures)
        self._client.close()

    def threads(self) -> int:
        threads: dict[str, int] = self._client.nthreads()
        return max(1, sum(threads.values()))

    def map(self, plan: Plan, chunks: Iterable[Chunk]) -> Iterator[ChunkResult]:
        def submit(chunk: Chunk) -> Any:
            future = self._client.submit(run_chunk, plan, chunk, pure=False)
            self._futures = [f for f in self._futures if not f.done()] + [future]
            return future

        return in_order(submit, chunks, self.threads() * IN_FLIGHT_PER_WORKER, self._result)

    def _result(self, future: Any) -> ChunkResult:
        """The chunk's result, or a ``ServiceError`` once no worker has been connected for
        ``no_worker_seconds`` in a row while it waits."""
        alone_since: float | None = None
        while True:
            try:
                # Waited for apart from fetched: a fetch timed out would leave a task behind.
                self._wait(future, timeout=_POLL_SECONDS)
            except TimeoutError:
                pass
            else:
                if future.status in _SETTLED:
                    with contextlib.suppress(TimeoutError):  # its worker gone: run again
                        result: ChunkResult = future.result(timeout=_POLL_SECONDS)
                        return result
                else:
                    time.sleep(_POLL_SECONDS)  # lost with its worker, waiting to run again
            if self._workers() > 0:
                alone_since = None
                continue
            now = time.monotonic()
            alone_since = now if alone_since is None else alone_since
            if now - alone_since >= self._no_worker_seconds:
                raise ServiceError(
                    f"no worker is connected to the Dask scheduler at {self._address} and no "
                    f"chunk finished for {self._no_worker_seconds:g} s: giving up (start "
                    "workers, then run again)"
                )

    def _workers(self) -> int:
        try:
            return len(self._client.nthreads())
        except (OSError, TimeoutError):
            return 0  # the scheduler itself is gone: no worker either
