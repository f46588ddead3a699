"""Over stdio a line past the body limit is refused unread, and no more lines are read while
enough calls are computing."""

import io
from typing import Any

import anyio
import pytest
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage

from mtcompute.mcp.stdio_reading import TOO_LONG, StdinLine, bounded_lines
from mtcompute.mcp.stdio_relay import MOST_IN_FLIGHT, Incoming, relay
from tests.mcp.pipe import HANDSHAKE, piped_answers, tools_call

LIMIT = 1000
SMALL = {"hypotheses": [["a"]], "references": [[["a"]]]}


def _lines(data: bytes, block: int = 7) -> list[StdinLine]:
    """``bounded_lines`` of ``data`` read ``block`` bytes at a time, as a pipe may give them."""

    class Trickle(io.BytesIO):
        def read1(self, size: int | None = -1) -> bytes:
            return super().read1(block if size is None or size < 0 else min(size, block))

    async def collect() -> list[StdinLine]:
        return [line async for line in bounded_lines(Trickle(data), 10)]

    return anyio.run(collect)


def test_lines_within_the_limit_come_whole_and_longer_ones_as_too_long() -> None:
    data = b"short\n" + b"x" * 50 + b"\n" + b"0123456789\n" + b"y" * 11 + b"\nlast"
    assert _lines(data) == [b"short\n", TOO_LONG, b"0123456789\n", TOO_LONG, b"last"]
    assert _lines(data, block=1000) == _lines(data)


@pytest.mark.live
def test_a_line_past_the_body_limit_is_an_invalid_request_and_the_next_is_served() -> None:
    long_call = tools_call(1, "bleu-corpus-compute", {**SMALL, "pad": "x" * 50_000})
    lines = [*HANDSHAKE, long_call, tools_call(2, "bleu-corpus-compute", SMALL)]
    answers = piped_answers(lines, env={"MTCOMPUTE_MAX_BODY_BYTES": str(LIMIT)})
    refused = [answer for answer in answers if answer["id"] is None]
    assert refused == [
        {
            "jsonrpc": "2.0",
            "id": None,
            "error": {
                "code": -32600,
                "message": f"Invalid Request: expected a line of at most {LIMIT} bytes, got more",
            },
        }
    ]
    assert [answer["id"] for answer in answers if answer["id"] not in (0, None)] == [2]


def test_no_line_is_read_while_the_most_calls_are_in_flight() -> None:
    calls = MOST_IN_FLIGHT + 4
    pulled: list[int] = []
    release = anyio.Event()
    answered: list[Any] = []

    async def lines() -> Any:
        for request_id in range(calls):
            pulled.append(request_id)
            yield tools_call(request_id, "bleu-corpus-compute", SMALL).encode()

    async def held_server(
        requests: MemoryObjectReceiveStream[Incoming],
        answers: MemoryObjectSendStream[SessionMessage],
    ) -> None:
        # A server that answers nothing until the test lets it, then everything.
        async with requests, answers, anyio.create_task_group() as group:
            async for item in requests:
                assert isinstance(item, SessionMessage)
                group.start_soon(_answer_when, release, item, answers.clone())

    class Output:
        async def write(self, data: bytes) -> None:
            answered.append(data)

        async def aclose(self) -> None:
            pass

    async def scenario() -> None:
        async with anyio.create_task_group() as group:
            group.start_soon(relay, held_server, lines(), Output(), LIMIT)
            await anyio.wait_all_tasks_blocked()
            assert len(pulled) == MOST_IN_FLIGHT
            release.set()

    anyio.run(scenario)
    assert len(pulled) == calls
    assert len(answered) == calls


async def _answer_when(
    release: anyio.Event, item: SessionMessage, answers: MemoryObjectSendStream[SessionMessage]
) -> None:
    async with answers:
        await release.wait()
        request = item.message
        assert isinstance(request, types.JSONRPCRequest)
        response = types.JSONRPCResponse(jsonrpc="2.0", id=request.id, result={})
        await answers.send(SessionMessage(response))
