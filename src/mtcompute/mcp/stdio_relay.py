"""Between stdin, the server and stdout: an answer for every line, written before the end, and a
bounded backlog whatever the client does.

- Each line is read here (``stdio_lines``): a line the server would leave unanswered or misread
  is answered at once, and every other goes to the server.
- When the input ends, the server would stop at once and the calls still computing would be lost;
  here the server's input is held open until every request read has been answered.
- A request made before the handshake is told so (``stdio_handshake``), not that its
  parameters are invalid.
- Each answer is written here as one line of JSON as soon as the server gives it, so a computed
  answer is held as its bytes, not as the objects it was built from; an answer that cannot be
  written as JSON (``_line``) is answered -32603 for its id, and the server goes on.
- A request counts from the line read until its answer is written to stdout. No further line is
  read while ``MOST_IN_FLIGHT`` requests count, or while ``MOST_WAITING_BYTES`` of answers wait
  for a client that is not reading stdout: such a client holds at most that many calls and those
  bytes (plus the answers of the calls already computing), its further lines left in the pipe.
"""

import logging
from collections import deque
from collections.abc import AsyncIterable, Awaitable, Callable
from typing import Protocol

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.shared.message import SessionMessage
from pydantic_core import PydanticSerializationError

from mtcompute.mcp.stdio_handshake import Handshake
from mtcompute.mcp.stdio_lines import read_line, too_long
from mtcompute.mcp.stdio_reading import StdinLine

logger = logging.getLogger(__name__)

MOST_IN_FLIGHT = 8
MOST_WAITING_BYTES = 16 * 1024 * 1024
UNWRITABLE_MESSAGE = "Internal error: the answer could not be written as JSON"

Incoming = SessionMessage | Exception
ServerRun = Callable[
    [MemoryObjectReceiveStream[Incoming], MemoryObjectSendStream[SessionMessage]], Awaitable[None]
]


class Wire(Protocol):
    """Where the answers go: stdout, one line of JSON each."""

    async def write(self, data: bytes, /) -> None: ...

    async def aclose(self) -> None: ...


class _Backlog:
    """The requests read and not yet answered on stdout, and the lines waiting to be written."""

    def __init__(self) -> None:
        self._ids: set[types.RequestId] = set()
        self._lines: deque[tuple[bytes, types.RequestId | None]] = deque()
        self.waiting_bytes = 0
        self._changed = anyio.Event()
        self._closed = False

    def add(self, request_id: types.RequestId) -> None:
        self._ids.add(request_id)

    def put(self, line: bytes, request_id: types.RequestId | None) -> None:
        """Queue ``line``, the answer to ``request_id`` (None: no request of its own)."""
        self._lines.append((line, request_id))
        self.waiting_bytes += len(line)
        self._change()

    def close(self) -> None:
        """No more lines will be put."""
        self._closed = True
        self._change()

    async def next_line(self) -> tuple[bytes, types.RequestId | None] | None:
        """The next line to write, or None once closed and empty."""
        while not self._lines:
            if self._closed:
                return None
            await self._wait()
        return self._lines.popleft()

    def written(self, line: bytes, request_id: types.RequestId | None) -> None:
        self.waiting_bytes -= len(line)
        if request_id is not None:
            self._ids.discard(request_id)
        self._change()

    async def wait_for_room(self) -> None:
        """Until fewer than ``MOST_IN_FLIGHT`` requests count and fewer than
        ``MOST_WAITING_BYTES`` wait for stdout."""
        while len(self._ids) >= MOST_IN_FLIGHT or self.waiting_bytes >= MOST_WAITING_BYTES:
            await self._wait()

    async def wait_until_answered(self) -> None:
        while self._ids:
            await self._wait()

    async def _wait(self) -> None:
        await self._changed.wait()

    def _change(self) -> None:
        self._changed.set()
        self._changed = anyio.Event()


def _line(message: types.JSONRPCMessage) -> bytes:
    """``message`` as one line of JSON; for an answer that cannot be written (a lone surrogate
    in it, say), the -32603 error of its request."""
    try:
        return message.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8") + b"\n"
    except (PydanticSerializationError, UnicodeError, ValueError):
        request_id = getattr(message, "id", None)
        logger.exception("the answer to request %r could not be written as JSON", request_id)
        error = types.ErrorData(code=types.INTERNAL_ERROR, message=UNWRITABLE_MESSAGE)
        refusal = types.JSONRPCError(jsonrpc="2.0", id=request_id, error=error)
        return refusal.model_dump_json(by_alias=True, exclude_unset=True).encode("utf-8") + b"\n"


def _answered_id(message: types.JSONRPCMessage) -> types.RequestId | None:
    if isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
        return message.id
    return None


async def relay(
    run: ServerRun,
    lines: AsyncIterable[StdinLine],
    wire: Wire,
    max_line_bytes: int,
) -> None:
    """Run the server (``run(input, output)``) on the ``lines`` of stdin (``TOO_LONG`` for one
    past ``max_line_bytes``), writing every answer to ``wire``."""
    to_server, server_input = anyio.create_memory_object_stream[Incoming](0)
    server_output, from_server = anyio.create_memory_object_stream[SessionMessage](0)
    backlog = _Backlog()
    handshake = Handshake()

    async def inbound() -> None:
        async with to_server:
            reading = aiter(lines)
            while True:
                await backlog.wait_for_room()
                line = await anext(reading, None)
                if line is None:
                    break
                item = read_line(line) if isinstance(line, bytes) else too_long(max_line_bytes)
                if isinstance(item, types.JSONRPCError):
                    backlog.put(_line(item), None)
                    continue
                handshake.inbound(item.message)
                if isinstance(item.message, types.JSONRPCRequest):
                    backlog.add(item.message.id)
                await to_server.send(item)
            await backlog.wait_until_answered()

    async def outbound() -> None:
        async with from_server:
            async for answer in from_server:
                message = handshake.outbound(answer).message
                backlog.put(_line(message), _answered_id(message))
        backlog.close()

    async def writer() -> None:
        broken = False
        while (queued := await backlog.next_line()) is not None:
            line, request_id = queued
            if not broken:
                try:
                    await wire.write(line)
                except OSError:  # the client closed stdout: its answers go nowhere
                    logger.warning("stdout is closed; the answers left are dropped")
                    broken = True
            backlog.written(line, request_id)

    async with anyio.create_task_group() as group:
        group.start_soon(inbound)
        group.start_soon(outbound)
        group.start_soon(writer)
        async with server_output:
            await run(server_input, server_output)
    await wire.aclose()
