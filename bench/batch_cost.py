"""What the largest batch costs over HTTP, and that other clients are answered meanwhile.

    python -m bench.batch_cost [--rounds N]

For each tool, a batch of 20 operations each at every limit of the tool's input is posted to
``mtcompute serve`` (one worker, its body limit raised so that the batch fits: 20 maximum-size
inputs are larger than the default limit), then the largest such batch the default limit lets
through. Printed: the request and response sizes, the batch's
wall time against 20 single executes of the same input, the server's peak resident memory, and
the latency of another client's small request sent every 50 ms while the batch runs, and how
many such operations a batch under the default body limit can hold.
"""

import argparse
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
from typing import Any

import httpx

from bench import procfs
from mtcompute import jsonio
from mtcompute.contracts.bleu_corpus_compute_1_0_0 import LIMITS as BLEU_LIMITS
from mtcompute.contracts.inputs.chrf import LIMITS as CHRF_LIMITS
from mtcompute.meta.batch.schema import MAX_OPERATIONS
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

_BODY_LIMIT = 256 * 1024 * 1024
_STARTUP_SECONDS = 30.0
_PROBE_EVERY_SECONDS = 0.05
_HEADERS = {"content-type": "application/json"}
_SMALL = {"hypotheses": ["a cat"], "references": [["the cat"]]}
_SMALL_PATH = "/v1/tools/chrf-compute/versions/1.0.0/execute"


def bleu_maximum() -> dict[str, Any]:
    """1,000 segments, 50,000 ASCII tokens, 1 MiB of token bytes; each reference is its
    hypothesis rotated by one token."""
    segments = BLEU_LIMITS.max_segments or 0
    per_list = (BLEU_LIMITS.max_total_tokens or 0) // (2 * segments)
    count = segments * per_list
    length, longer = divmod((BLEU_LIMITS.max_total_token_bytes or 0) // 2, count)
    tokens = [(f"{i:x}-" * length)[: length + (i < longer)] for i in range(count)]
    hypotheses = [tokens[start : start + per_list] for start in range(0, count, per_list)]
    return {"hypotheses": hypotheses, "references": [[h[1:] + h[:1]] for h in hypotheses]}


def chrf_maximum() -> dict[str, Any]:
    """1,000 segments of one hypothesis and one reference, 1 MiB of text in all; the reference
    is its hypothesis with its words rotated by one."""
    segments = CHRF_LIMITS.max_segments or 0
    length = (CHRF_LIMITS.max_total_string_bytes or 0) // (2 * segments)
    words = [" ".join(f"w{i}x{j}" for j in range(length)) for i in range(segments)]
    hypotheses = [text[:length] for text in words]
    references = [[" ".join([*h.split()[1:], *h.split()[:1]])] for h in hypotheses]
    return {"hypotheses": hypotheses, "references": references}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving() -> Iterator[tuple[str, int]]:
    """``mtcompute serve`` with one worker; yields its base URL and process id."""
    port = _free_port()
    command = [str(Path(sys.executable).with_name("mtcompute")), "serve", "--port", str(port)]
    command += ["--max-body-bytes", str(_BODY_LIMIT)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_healthy(base_url, process)
        yield base_url, process.pid
    finally:
        process.terminate()
        process.wait(timeout=30)


def _wait_until_healthy(base_url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + _STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with code {process.returncode}")
        try:
            httpx.get(f"{base_url}/healthz", timeout=1.0).raise_for_status()
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise TimeoutError(f"the server did not answer within {_STARTUP_SECONDS} s")


@dataclass(frozen=True)
class Cost:
    tool: str
    operations: int
    fit_in_default_limit: int  # maximum-size operations a batch under the default body limit holds
    request_bytes: int
    response_bytes: int
    batch_seconds: float
    singles_seconds: float
    peak_rss_mib: float
    probe_p50_ms: float
    probe_max_ms: float
    probes: int


def _timed_post(client: httpx.Client, path: str, body: bytes) -> tuple[float, bytes]:
    start = time.perf_counter()
    response = client.post(path, content=body, headers=_HEADERS)
    response.raise_for_status()
    return time.perf_counter() - start, response.content


def _probe(base_url: str, done: threading.Event, latencies: list[float]) -> None:
    """Another client: a small execute every 50 ms until ``done``."""
    body = jsonio.dumps(_SMALL)
    with httpx.Client(base_url=base_url, timeout=120) as client:
        while not done.is_set():
            latencies.append(_timed_post(client, _SMALL_PATH, body)[0])
            time.sleep(_PROBE_EVERY_SECONDS)


def _batch_with_probe(base_url: str, body: bytes) -> tuple[float, bytes, list[float]]:
    done, latencies = threading.Event(), list[float]()
    prober = threading.Thread(target=_probe, args=(base_url, done, latencies))
    with httpx.Client(base_url=base_url, timeout=600) as client:
        prober.start()
        try:
            seconds, answer = _timed_post(client, "/v1/batch", body)
        finally:
            done.set()
            prober.join()
    return seconds, answer, latencies


def _peak_rss_kib(pid: int) -> int:
    pids = [pid, *_children_of(pid)]
    return sum(procfs.status_kib(each, "VmHWM") for each in pids)


def _children_of(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def measure(tool: str, tool_input: dict[str, Any], rounds: int, count: int) -> Cost:
    """The cost of a batch of ``count`` copies of the operation, on a fresh server."""
    single = jsonio.dumps(tool_input)
    operation = {"id": tool, "version": "1.0.0", "input": tool_input}
    body = jsonio.dumps({"operations": [operation] * count})
    path = f"/v1/tools/{tool}/versions/1.0.0/execute"
    with serving() as (base_url, pid), httpx.Client(base_url=base_url, timeout=600) as client:
        _timed_post(client, path, single)  # warm up: imports, kernels, the helper process
        singles = [sum(_timed_post(client, path, single)[0] for _ in range(count))]
        runs = [_batch_with_probe(base_url, body) for _ in range(rounds)]
        peak = _peak_rss_kib(pid)
    latencies = [latency for run in runs for latency in run[2]]
    return Cost(
        tool=tool,
        operations=count,
        fit_in_default_limit=_operations_that_fit(operation),
        request_bytes=len(body),
        response_bytes=len(runs[0][1]),
        batch_seconds=statistics.median(run[0] for run in runs),
        singles_seconds=statistics.median(singles),
        peak_rss_mib=peak / 1024,
        probe_p50_ms=1000 * statistics.median(latencies) if latencies else 0.0,
        probe_max_ms=1000 * max(latencies, default=0.0),
        probes=len(latencies),
    )


def _operations_that_fit(operation: dict[str, Any]) -> int:
    """How many copies of ``operation`` a batch within the default body limit holds."""
    count = 0
    while count < MAX_OPERATIONS:
        if len(jsonio.dumps({"operations": [operation] * (count + 1)})) > DEFAULT_MAX_BODY_BYTES:
            break
        count += 1
    return count


def report(cost: Cost) -> str:
    return (
        f"{cost.tool}: {cost.operations} maximum-size operations\n"
        f"  request {cost.request_bytes / 2**20:.1f} MiB, response {cost.response_bytes} bytes"
        f" ({cost.response_bytes / 2**10:.1f} KiB)\n"
        f"  batch {cost.batch_seconds:.2f} s wall;"
        f" {cost.operations} single executes one after another {cost.singles_seconds:.2f} s\n"
        f"  server peak RSS {cost.peak_rss_mib:.0f} MiB (server and helper process)\n"
        f"  another client's small request during the batch: p50 {cost.probe_p50_ms:.1f} ms,"
        f" max {cost.probe_max_ms:.1f} ms over {cost.probes} requests\n"
        f"  under the default body limit ({DEFAULT_MAX_BODY_BYTES} bytes) a batch holds"
        f" {cost.fit_in_default_limit} such operations"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="batches per tool (median)")
    rounds = parser.parse_args().rounds
    for tool, tool_input in (
        ("bleu-corpus-compute", bleu_maximum()),
        ("chrf-compute", chrf_maximum()),
    ):
        fit = _operations_that_fit({"id": tool, "version": "1.0.0", "input": tool_input})
        for count in (MAX_OPERATIONS, fit):
            print(report(measure(tool, tool_input, rounds, count)), flush=True)


if __name__ == "__main__":
    main()
