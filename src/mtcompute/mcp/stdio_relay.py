"""Between the SDK's stdio transport and the server: an answer for every line, written before
the end.

- A line the SDK cannot read gets no answer from it; here it is answered ``-32700 Parse error``
  (not JSON) or ``-32600 Invalid Request`` (JSON, not a JSON-RPC message), with id null.
- When the input ends, the SDK stops the server at once and the calls still computing are lost;
  here the server's input is held open until every request read has been answered.
"""

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Protocol

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from mtcompute.mcp.transport import INVALID_REQUEST, PARSE_ERROR

Incoming = SessionMessage | Exception
ServerRun = Callable[
    [MemoryObjectReceiveStream[Incoming], MemoryObjectSendStream[SessionMessage]], Awaitable[None]
]


class _Lines(Protocol):
    """The SDK's stdio input: messages read, or the error for a line that was not one."""

    def __aiter__(self) -> AsyncIterator[Incoming]: ...


class _Answers(Protocol):
    """The SDK's stdio output."""

    async def send(self, item: SessionMessage, /) -> None: ...

    async def aclose(self) -> None: ...


def unreadable_answer(error: Exception) -> SessionMessage:
    """The JSON-RPC error for a line the SDK could not read as a message."""
    not_json = isinstance(error, ValidationError) and any(
        detail["type"] == "json_invalid" for detail in error.errors()
    )
    if not_json:
        data = types.ErrorData(code=PARSE_ERROR, message="Parse error: the line is not valid JSON")
    else:
        message = "Invalid Request: expected one JSON-RPC 2.0 message"
        data = types.ErrorData(code=INVALID_REQUEST, message=message)
    return SessionMessage(types.JSONRPCError(jsonrpc="2.0", id=None, error=data))


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


async def relay(
    run: ServerRun,
    read_stream: _Lines,
    write_stream: _Answers,
) -> None:
    """Run the server (``run(input, output)``) between the SDK's stdio streams."""
    to_server, server_input = anyio.create_memory_object_stream[Incoming](0)
    server_output, from_server = anyio.create_memory_object_stream[SessionMessage](0)
    unanswered = _Unanswered()

    async def inbound() -> None:
        async with to_server:
            async for item in read_stream:
                if isinstance(item, Exception):
                    await write_stream.send(unreadable_answer(item))
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
