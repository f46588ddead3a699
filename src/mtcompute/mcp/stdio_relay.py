"""Between stdin, the server and the SDK's stdio output: an answer for every line, written
before the end.

- Each line is read here (``stdio_lines``): a line the server would leave unanswered or misread
  is answered at once, and every other goes to the server.
- When the input ends, the server would stop at once and the calls still computing would be lost;
  here the server's input is held open until every request read has been answered.
"""

from collections.abc import AsyncIterable, Awaitable, Callable
from typing import Protocol

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage

from mtcompute.mcp.stdio_lines import read_line

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

    async def wait_until_none(self) -> None:
        while self._ids:
            await self._changed.wait()
            self._changed = anyio.Event()


async def relay(run: ServerRun, lines: AsyncIterable[bytes], write_stream: _Answers) -> None:
    """Run the server (``run(input, output)``) on the ``lines`` of stdin and the SDK's output."""
    to_server, server_input = anyio.create_memory_object_stream[Incoming](0)
    server_output, from_server = anyio.create_memory_object_stream[SessionMessage](0)
    unanswered = _Unanswered()

    async def inbound() -> None:
        async with to_server:
            async for line in lines:
                item = read_line(line)
                if isinstance(item, types.JSONRPCError):
                    await write_stream.send(SessionMessage(item))
                    continue
                if isinstance(item.message, types.JSONRPCRequest):
                    unanswered.add(item.message.id)
                await to_server.send(item)
            await unanswered.wait_until_none()

    async def outbound() -> None:
        async with from_server:
            async for item in from_server:
                await write_stream.send(item)
                if isinstance(item.message, types.JSONRPCResponse | types.JSONRPCError):
                    unanswered.discard(item.message.id)

    async with anyio.create_task_group() as group:
        group.start_soon(inbound)
        group.start_soon(outbound)
        async with server_output:
            await run(server_input, server_output)
    await write_stream.aclose()
