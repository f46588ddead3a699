"""Between stdin, the server and the SDK's stdio output: an answer for every line, written
before the end.

- Each line is read here (``stdio_lines``): a line the server would leave unanswered or misread
  is answered at once, and every other goes to the server.
- When the input ends, the server would stop at once and the calls still computing would be lost;
  here the server's input is held open until every request read has been answered.
- A request made before the handshake is told so (``stdio_handshake``), not that its
  parameters are invalid.
- While ``MOST_IN_FLIGHT`` requests read are unanswered, no further line is read: a client that
  writes calls faster than they are computed waits, its lines in the pipe, and holds no more
  memory than that many calls.
"""

from collections.abc import AsyncIterable, Awaitable, Callable
from typing import Protocol

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage

from mtcompute.mcp.stdio_handshake import Handshake
from mtcompute.mcp.stdio_lines import read_line, too_long
from mtcompute.mcp.stdio_reading import StdinLine

MOST_IN_FLIGHT = 16

Incoming = SessionMessage | Exception
ServerRun = Callable[
    [MemoryObjectReceiveStream[Incoming], MemoryObjectSendStream[SessionMessage]], Awaitable[None]
]


class _Answers(Protocol):
    """The SDK's stdio output."""

    async def send(self, item: SessionMessage, /) -> None: ...

    async def aclose(self) -> None: ...


class _Unanswered:
    """The ids of the requests read and not yet answered."""

    def __init__(self) -> None:
        self._ids: set[types.RequestId] = set()
        self._changed = anyio.Event()

    def add(self, request_id: types.RequestId) -> None:
        self._ids.add(request_id)

    def discard(self, request_id: types.RequestId | None) -> None:
        self._ids.discard(request_id)
        self._changed.set()

    async def wait_until_fewer_than(self, count: int) -> None:
        while len(self._ids) >= count:
            await self._changed.wait()
            self._changed = anyio.Event()


async def relay(
    run: ServerRun,
    lines: AsyncIterable[StdinLine],
    write_stream: _Answers,
    max_line_bytes: int,
) -> None:
    """Run the server (``run(input, output)``) on the ``lines`` of stdin (``TOO_LONG`` for one
    past ``max_line_bytes``) and the SDK's output."""
    to_server, server_input = anyio.create_memory_object_stream[Incoming](0)
    server_output, from_server = anyio.create_memory_object_stream[SessionMessage](0)
    unanswered = _Unanswered()
    handshake = Handshake()

    async def inbound() -> None:
        async with to_server:
            reading = aiter(lines)
            while True:
                await unanswered.wait_until_fewer_than(MOST_IN_FLIGHT)
                line = await anext(reading, None)
                if line is None:
                    break
                item = read_line(line) if isinstance(line, bytes) else too_long(max_line_bytes)
                if isinstance(item, types.JSONRPCError):
                    await write_stream.send(SessionMessage(item))
                    continue
                handshake.inbound(item.message)
                if isinstance(item.message, types.JSONRPCRequest):
                    unanswered.add(item.message.id)
                await to_server.send(item)
            await unanswered.wait_until_fewer_than(1)

    async def outbound() -> None:
        async with from_server:
            async for answer in from_server:
                item = handshake.outbound(answer)
                await write_stream.send(item)
                if isinstance(item.message, types.JSONRPCResponse | types.JSONRPCError):
                    unanswered.discard(item.message.id)

    async with anyio.create_task_group() as group:
        group.start_soon(inbound)
        group.start_soon(outbound)
        async with server_output:
            await run(server_input, server_output)
    await write_stream.aclose()
