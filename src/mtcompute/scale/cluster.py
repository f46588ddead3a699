"""Chunks scored on a running Dask cluster (``distributed``, the ``mtcompute[dask]`` extra):
each chunk is a task of ``run_chunk``, at most a few per worker thread in flight, and the
results come back in input order. Every worker needs mtcompute installed, at the version that
sends the work (the signature names it)."""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from mtcompute.errors import InputError, Violation
from mtcompute.scale.chunks import Chunk
from mtcompute.scale.runners import IN_FLIGHT_PER_WORKER, in_order
from mtcompute.scale.work import ChunkResult, Plan, run_chunk

# How long to wait for the scheduler before saying it cannot be reached.
CONNECT_SECONDS = 5


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


class DaskCluster:
    """A client of the scheduler at ``address`` (``tcp://HOST:PORT``)."""

    def __init__(self, address: str) -> None:
        distributed = dask_modules().distributed
        try:
            self._client = distributed.Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as error:
            message = f"expected a Dask scheduler at {address!r}, but it cannot be reached: {error}"
            violation = Violation(code="scheduler_unreachable", pointer="", message=message)
            raise InputError([violation]) from None
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

        return in_order(submit, chunks, self.threads() * IN_FLIGHT_PER_WORKER)
