"""Every wait of ``DaskCluster`` is bounded: an address that accepts and never answers, or where
a server that is not Dask's listens, is ``scheduler_unreachable`` within the connect bound; a run
whose last worker is gone gives up, saying so; one worker of two lost changes nothing."""

import http.server
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from mtcompute.errors import InputError, ServiceError
from mtcompute.scale.cluster import CONNECT_SECONDS, DaskCluster
from mtcompute.scale.runners import InProcess
from mtcompute.scale.work import Plan
from tests.scale.corpora import chunks_of, generated_test_set

# The connect bound, and the time to import Dask and start its client around it.
WITHIN_SECONDS = CONNECT_SECONDS + 15


@pytest.fixture
def silent_address() -> Iterator[str]:
    """A socket that accepts every connection and never writes a byte."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    accepted: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                accepted.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()
        for connection in accepted:
            connection.close()


@pytest.fixture
def http_address() -> Iterator[str]:
    """An HTTP server's port."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _unreachable_within_the_bound(address: str) -> str:
    started = time.monotonic()
    with pytest.raises(InputError) as raised:
        DaskCluster(address)
    assert time.monotonic() - started < WITHIN_SECONDS
    (error,) = raised.value.errors
    assert error["code"] == "scheduler_unreachable"
    return error["message"]


@pytest.mark.slow
def test_an_address_that_accepts_and_never_answers_is_unreachable_within_the_bound(
    silent_address: str,
) -> None:
    message = _unreachable_within_the_bound(silent_address)
    assert message == (
        f"expected a Dask scheduler at {silent_address!r}, but it cannot be reached: no Dask "
        f"handshake within {CONNECT_SECONDS} s"
    )


@pytest.mark.slow
def test_an_http_servers_port_is_unreachable_within_the_bound(http_address: str) -> None:
    assert _unreachable_within_the_bound(http_address).startswith(
        f"expected a Dask scheduler at {http_address!r}, but it cannot be reached"
    )


def test_a_workers_address_is_not_a_scheduler() -> None:
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0"
    ) as cluster:
        (worker,) = cluster.workers.values()
        message = _unreachable_within_the_bound(worker.address)
    assert message.endswith("a Dask Worker answered there, not a scheduler")


HYPOTHESES, STREAMS = generated_test_set(4000, references=1, seed=5)
PLAN = Plan.of(("bleu", "chrf", "ter"), {}, sentence_level=True)


@pytest.mark.slow
def test_a_run_whose_last_worker_is_closed_gives_up_saying_so() -> None:
    chunks = chunks_of(HYPOTHESES, STREAMS, 20)
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as local,
        DaskCluster(local.scheduler_address, no_worker_seconds=3) as cluster,
    ):
        results = cluster.map(PLAN, chunks)
        next(results)  # the run is under way
        local.scale(0)
        started = time.monotonic()
        with pytest.raises(ServiceError) as raised:
            for _ in results:
                pass
        waited = time.monotonic() - started
    assert 3 <= waited < 30
    assert str(raised.value) == (
        f"no worker is connected to the Dask scheduler at {local.scheduler_address} and no "
        "chunk finished for 3 s: giving up (start workers, then run again)"
    )


@pytest.mark.slow
def test_one_worker_of_two_killed_mid_run_gives_the_same_results() -> None:
    chunks = chunks_of(HYPOTHESES, STREAMS, 20)
    expected = list(InProcess().map(PLAN, chunks))
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as local,
        DaskCluster(local.scheduler_address, no_worker_seconds=3) as cluster,
    ):
        results = cluster.map(PLAN, chunks)
        got = [next(results)]
        nanny = next(iter(local.workers.values()))
        os.kill(nanny.process.process.pid, signal.SIGKILL)  # the worker dies, no goodbye
        got += list(results)
    assert got == expected
