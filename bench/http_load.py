"""HTTP latency and throughput of the service, next to a parse-only endpoint of the same stack.

The server is the service's own app (``mtcompute.http.app.create_app``) under uvicorn, started in a
subprocess, with one extra route that reads the body and parses it with ``orjson`` in the thread
pool, as the execute route does, and answers a constant: what the stack costs before any
validation or computation. Clients run in this process, on the same (shared, 2-core) machine.
"""

import math
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mtcompute.http.app import HttpSettings, create_app

EXECUTE_PATH = "/v1/tools/bleu-corpus-compute/versions/1.0.0/execute"
PARSE_ONLY_PATH = "/bench/parse-only"
SMALL_REQUEST = orjson.dumps(
    {"hypotheses": [["this", "is", "a", "test"]], "references": [[["this", "is", "a", "test"]]]}
)
_JSON = {"Content-Type": "application/json"}
_ROOT = Path(__file__).resolve().parent.parent
_STARTUP_SECONDS = 60.0


async def _parse_only(request: Request) -> Response:
    body = await request.body()
    await run_in_threadpool(orjson.loads, body)
    return Response(b'{"result":{}}', media_type="application/json")


def app_with_parse_only_endpoint() -> Starlette:
    """The service's app plus the parse-only route; uvicorn's factory in each worker."""
    app = create_app(HttpSettings.from_environ(os.environ))
    app.router.routes.insert(0, Route(PARSE_ONLY_PATH, _parse_only, methods=["POST"]))
    return app


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_until_healthy(base_url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + _STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}")
        try:
            if httpx.get(f"{base_url}/healthz", timeout=1.0).status_code == httpx.codes.OK:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise TimeoutError(f"the server did not answer within {_STARTUP_SECONDS} s")


@contextmanager
def running_server(workers: int) -> Iterator[str]:
    """A uvicorn server of the app with ``workers`` processes; yields its base URL."""
    port = _free_port()
    app = "bench.http_load:app_with_parse_only_endpoint"
    command = [sys.executable, "-m", "uvicorn", app, "--factory", "--port", str(port)]
    command += ["--workers", str(workers), "--no-access-log", "--log-level", "warning"]
    process = subprocess.Popen(
        command, cwd=_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        base_url = f"http://127.0.0.1:{port}"
        _wait_until_healthy(base_url, process)
        yield base_url
    finally:
        process.terminate()
        process.wait(timeout=30)


@dataclass(frozen=True)
class Latency:
    endpoint: str
    request: str
    p50_seconds: float
    p99_seconds: float
    count: int


def _post(client: httpx.Client, path: str, body: bytes) -> None:
    client.post(path, content=body, headers=_JSON).raise_for_status()


def latency(base_url: str, path: str, body: bytes, count: int) -> tuple[float, float]:
    """p50 and p99 of ``count`` sequential requests on one keep-alive connection."""
    seconds = []
    with httpx.Client(base_url=base_url, timeout=120.0) as client:
        _post(client, path, body)  # warm-up
        for _ in range(count):
            start = time.perf_counter()
            _post(client, path, body)
            seconds.append(time.perf_counter() - start)
    ranked = sorted(seconds)
    return statistics.median(ranked), ranked[max(math.ceil(0.99 * len(ranked)) - 1, 0)]


def throughput(base_url: str, path: str, body: bytes, clients: int, seconds: float) -> float:
    """Requests answered per second by ``clients`` concurrent clients during ``seconds``."""
    done = [0] * clients
    deadline = time.perf_counter() + seconds

    def client_loop(index: int) -> None:
        with httpx.Client(base_url=base_url, timeout=120.0) as client:
            while time.perf_counter() < deadline:
                _post(client, path, body)
                done[index] += 1

    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sum(done) / (time.perf_counter() - start)


@dataclass(frozen=True)
class HttpPlan:
    """How many requests the latency runs send, and how long each throughput run lasts."""

    large_requests: int
    small_requests: int
    throughput_seconds: float
    clients: int
    workers: tuple[int, ...]


@dataclass(frozen=True)
class Throughput:
    workers: int
    endpoint: str
    clients: int
    per_second: float


@dataclass(frozen=True)
class HttpResult:
    latencies: list[Latency]
    throughputs: list[Throughput]


def _latencies(base_url: str, plan: HttpPlan, large: bytes, name: str) -> list[Latency]:
    found = []
    for request, body, count in (
        (name, large, plan.large_requests),
        ("small", SMALL_REQUEST, plan.small_requests),
    ):
        for endpoint in (EXECUTE_PATH, PARSE_ONLY_PATH):
            p50, p99 = latency(base_url, endpoint, body, count)
            found.append(Latency(endpoint, request, p50, p99, count))
    return found


def measure_http(plan: HttpPlan, large: bytes, name: str) -> HttpResult:
    """Latency with one worker, then throughput of the ``large`` request (called ``name``) per
    worker count."""
    latencies: list[Latency] = []
    throughputs = []
    for workers in plan.workers:
        with running_server(workers) as base_url:
            if not latencies:
                latencies = _latencies(base_url, plan, large, name)
            for endpoint in (EXECUTE_PATH, PARSE_ONLY_PATH):
                rate = throughput(base_url, endpoint, large, plan.clients, plan.throughput_seconds)
                throughputs.append(Throughput(workers, endpoint, plan.clients, rate))
    return HttpResult(latencies, throughputs)
