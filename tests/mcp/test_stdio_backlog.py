"""Over stdio a call counts until its answer is written, the answers waiting for a client that
does not read stdout are bounded, and no line is read past either bound; an answer that cannot
be written as JSON is answered -32603 and the next is served."""

import json
import os
import subprocess
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

import anyio
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage

from mtcompute.mcp import stdio_relay
from mtcompute.mcp.stdio_relay import MOST_IN_FLIGHT, UNWRITABLE_MESSAGE, Incoming, relay
from tests.mcp.clients import stdio_command
from tests.mcp.pipe import HANDSHAKE, tools_call

LIMIT = 1000


def _pulled_lines(count: int, pulled: list[int]) -> AsyncIterator[bytes]:
    async def lines() -> AsyncIterator[bytes]:
        for request_id in range(count):
            pulled.append(request_id)
            yield json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "ping"}).encode()

    return lines()


def _server_answering(result: dict[str, Any]) -> stdio_relay.ServerRun:
    """A server that answers every request at once with ``result``."""

    async def run(
        requests: MemoryObjectReceiveStream[Incoming],
        answers: MemoryObjectSendStream[SessionMessage],
    ) -> None:
        async with requests, answers:
            async for item in requests:
                assert isinstance(item, SessionMessage)
                request = item.message
                assert isinstance(request, types.JSONRPCRequest)
                response = types.JSONRPCResponse(jsonrpc="2.0", id=request.id, result=result)
                await answers.send(SessionMessage(response))

    return run


class HeldStdout:
    """A stdout nobody reads until the test lets it; then every line is kept."""

    def __init__(self) -> None:
        self.release = anyio.Event()
        self.lines: list[bytes] = []

    async def write(self, data: bytes) -> None:
        await self.release.wait()
        self.lines.append(data)

    async def aclose(self) -> None:
        pass


def _run_held(count: int, result: dict[str, Any]) -> tuple[list[int], HeldStdout, int]:
    """``count`` requests through the relay to a server answering ``result`` at once, stdout
    held: the requests pulled while held, the stdout, and the count pulled before release."""
    pulled: list[int] = []
    stdout = HeldStdout()
    held = 0

    async def scenario() -> None:
        nonlocal held
        async with anyio.create_task_group() as group:
            lines = _pulled_lines(count, pulled)
            group.start_soon(relay, _server_answering(result), lines, stdout, LIMIT)
            await anyio.wait_all_tasks_blocked()
            held = len(pulled)
            stdout.release.set()

    anyio.run(scenario)
    return pulled, stdout, held


def test_a_computed_call_counts_until_its_answer_is_written() -> None:
    pulled, stdout, held = _run_held(MOST_IN_FLIGHT * 3, {})
    # Every answer computed at once, none written: no line past the most in flight is read.
    assert held == MOST_IN_FLIGHT
    assert len(pulled) == MOST_IN_FLIGHT * 3
    assert len(stdout.lines) == MOST_IN_FLIGHT * 3


def test_no_line_is_read_while_the_answers_waiting_for_stdout_reach_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stdio_relay, "MOST_WAITING_BYTES", 3000)
    big = {"text": "x" * 1000}  # each answer's line is a little over 1000 bytes
    _, stdout, held = _run_held(MOST_IN_FLIGHT, big)
    # The third answer's bytes reach the bound (one more line may be read as it is computed):
    # far fewer calls than the most in flight.
    assert 3 <= held <= 4
    assert len(stdout.lines) == MOST_IN_FLIGHT


def test_an_answer_that_cannot_be_written_is_an_internal_error_of_its_id_and_the_next_comes() -> (
    None
):
    results = iter([{"name": "a\ud800"}, {}])

    async def run(
        requests: MemoryObjectReceiveStream[Incoming],
        answers: MemoryObjectSendStream[SessionMessage],
    ) -> None:
        async with requests, answers:
            async for item in requests:
                assert isinstance(item, SessionMessage)
                request = item.message
                assert isinstance(request, types.JSONRPCRequest)
                result = next(results)
                response = types.JSONRPCResponse(jsonrpc="2.0", id=request.id, result=result)
                await answers.send(SessionMessage(response))

    class Stdout:
        def __init__(self) -> None:
            self.lines: list[bytes] = []

        async def write(self, data: bytes) -> None:
            self.lines.append(data)

        async def aclose(self) -> None:
            pass

    stdout = Stdout()
    anyio.run(relay, run, _pulled_lines(2, []), stdout, LIMIT)
    assert [json.loads(line) for line in stdout.lines] == [
        {"jsonrpc": "2.0", "id": 0, "error": {"code": -32603, "message": UNWRITABLE_MESSAGE}},
        {"jsonrpc": "2.0", "id": 1, "result": {}},
    ]


# A call whose answer is a line of about 10 MiB (a 512 x 512 matrix, as text and structured).
SIDE = 512
MATRIX_CALL = {
    "hypotheses": [f"h{i} word{i % 7}" for i in range(SIDE)],
    "references": [f"r{i} word{i % 5}" for i in range(SIDE)],
    "char_order": 1,
}
CALLS = 40
# Without the bounds the process held ~400 MiB here (16 answers computed and unwritten);
# with them ~220 MiB.
MOST_RSS_MIB = 320


def _rss_mib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    raise AssertionError("no VmRSS")


@pytest.mark.live
@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads /proc")
def test_mtcompute_mcp_whose_stdout_is_not_read_stops_reading_and_stays_bounded() -> None:
    command = stdio_command()
    process = subprocess.Popen(
        [command.command, command.args[0]],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert process.stdin is not None
    assert process.stdout is not None
    written = 0

    def feed() -> None:
        nonlocal written
        assert process.stdin is not None
        lines = [*HANDSHAKE, *(tools_call(i, "chrf-pairwise-compute", MATRIX_CALL) for i in
                 range(1, CALLS + 1))]  # fmt: skip
        for line in lines:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
            written += 1
        process.stdin.close()

    feeder = threading.Thread(target=feed, daemon=True)
    try:
        feeder.start()
        peak, settled, last = 0, 0, -1
        deadline = time.monotonic() + 90
        while settled < 5 and time.monotonic() < deadline:  # until 5 s with no line taken
            time.sleep(1)
            peak = max(peak, _rss_mib(process.pid))
            settled = settled + 1 if written == last else 0
            last = written
        assert written < len(HANDSHAKE) + CALLS  # it stopped reading
        assert peak < MOST_RSS_MIB
        answers = [json.loads(line) for line in process.stdout]  # now read: every call answered
        feeder.join(timeout=60)
        calls = sorted(answer["id"] for answer in answers if answer["id"] != 0)
        assert calls == list(range(1, CALLS + 1))
        assert all(not answer["result"]["isError"] for answer in answers if answer["id"] != 0)
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
