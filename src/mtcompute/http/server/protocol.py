"""The HTTP/1.1 connection ``serve`` runs: uvicorn's h11 protocol with a deadline per request.

Uvicorn closes a keep-alive connection that stays idle, but waits without end for a request head
or body that never ends: a client sending ``GET / HTTP/1.1\\r\\nX-a: `` and nothing more holds a
connection (and a file descriptor) for ever, and a thousand of them deny service to everyone.
Here a request must arrive whole, head and body, within ``request_timeout`` seconds of its first
byte (of the connection, for the first request); past that the client gets 408 if nothing was
answered yet, and the connection is closed. The time the server itself paused reading (the app
had not asked for more of the body yet: ``admission``) is added to the deadline, and only that
time: a client whose bursts fill uvicorn's buffer for a moment gains that moment, not a new
period, so no request is held past its deadline plus the server's own delays.

The settings come from the environment, since uvicorn builds the protocol in each worker process.
"""

import asyncio
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from mtcompute.errors import Violation
from mtcompute.http.routes.problems import problem_bytes
from mtcompute.http.server.concurrency import ConcurrencyLimit, ConnectionSlots, Slot, slots_of
from mtcompute.http.server.log import TIMED_OUT, TIMED_OUT_STATUS, log_unread
from mtcompute.http.server.security_headers import SECURITY_HEADERS, SecurityHeaders
from mtcompute.http.server.shutdown import StoppingAnswer

REQUEST_TIMEOUT_ENV = "MTCOMPUTE_REQUEST_TIMEOUT"
LIMIT_CONCURRENCY_ENV = "MTCOMPUTE_LIMIT_CONCURRENCY"
DEFAULT_REQUEST_TIMEOUT_SECONDS = 30.0

# What h11 holds of an unfinished request head unless told otherwise.
_H11_MAX_HEAD_BYTES = h11._connection.DEFAULT_MAX_INCOMPLETE_EVENT_SIZE

# The client still owes bytes of its request in these states.
_RECEIVING = (h11.IDLE, h11.SEND_BODY)


@dataclass(frozen=True)
class ProtocolSettings:
    """The deadline for receiving one request, and how many may be served at once (None: any)."""

    request_timeout: float = DEFAULT_REQUEST_TIMEOUT_SECONDS
    limit_concurrency: int | None = None

    def to_environ(self) -> dict[str, str]:
        limit = "" if self.limit_concurrency is None else str(self.limit_concurrency)
        return {REQUEST_TIMEOUT_ENV: repr(self.request_timeout), LIMIT_CONCURRENCY_ENV: limit}

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "ProtocolSettings":
        timeout = environ.get(REQUEST_TIMEOUT_ENV)
        limit = environ.get(LIMIT_CONCURRENCY_ENV)
        return cls(
            request_timeout=float(timeout) if timeout else DEFAULT_REQUEST_TIMEOUT_SECONDS,
            limit_concurrency=int(limit) if limit else None,
        )


def guard_answer(status: int, code: str, message: str) -> bytes:
    """The whole HTTP answer a guard writes itself, before any app saw the request: a
    problem+json body, the security headers every answer carries, the connection closed."""
    body = problem_bytes(status, [Violation(code=code, pointer="", message=message)])
    head = f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\n".encode("ascii")
    head += b"content-type: application/problem+json\r\n"
    head += b"".join(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS)
    head += f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode("ascii")
    return head + body


def _timeout_answer(seconds: float) -> bytes:
    message = f"expected a whole request within {seconds:g} s of its first byte, got less"
    return guard_answer(408, "request_timeout", message)


class _TimedFlow(FlowControl):
    """Uvicorn's flow control, adding up how long reading was paused."""

    def __init__(self, transport: asyncio.Transport, clock: Callable[[], float]) -> None:
        super().__init__(transport)
        self._clock = clock
        self._paused_since: float | None = None
        self._paused_before = 0.0

    def pause_reading(self) -> None:
        if not self.read_paused:
            self._paused_since = self._clock()
        super().pause_reading()

    def resume_reading(self) -> None:
        if self.read_paused and self._paused_since is not None:
            self._paused_before += self._clock() - self._paused_since
            self._paused_since = None
        super().resume_reading()

    def paused_seconds(self) -> float:
        """Seconds reading has been paused since the connection was made, the pause now
        included."""
        now = 0.0 if self._paused_since is None else self._clock() - self._paused_since
        return self._paused_before + now


class DeadlineProtocol(H11Protocol):
    """``H11Protocol`` closing a connection whose request does not arrive in time."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        settings = ProtocolSettings.from_environ(os.environ)
        self._max_head_bytes = config.h11_max_incomplete_event_size or _H11_MAX_HEAD_BYTES
        self._request_timeout = settings.request_timeout
        self._deadline: asyncio.TimerHandle | None = None
        self._slot = Slot()
        self._slots: ConnectionSlots | None = None
        if settings.limit_concurrency is not None:
            # Uvicorn's own limit answers a bare 503; this one says when to retry.
            self._slots = slots_of(server_state, settings.limit_concurrency)
            self.app = ConcurrencyLimit(self.app, self._slot, settings.limit_concurrency)
        self.app = StoppingAnswer(self.app)  # 503, not a 500, past the graceful timeout
        # The guards' own answers (503 above) carry the headers the app's answers carry.
        self.app = SecurityHeaders(self.app)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.flow = self._timed_flow = _TimedFlow(transport, self.loop.time)
        if self._slots is not None:
            self._slot.held = self._slots.take()
        # One timer per connection, not per request: it checks when the request began, and how
        # long the server had paused reading by then.
        self._receiving_since: float | None = self.loop.time()
        self._paused_at_start = 0.0
        self._check_at(self._request_timeout)

    def data_received(self, data: bytes) -> None:
        if self._receiving_since is None and self.conn.their_state is h11.IDLE:
            self._receiving_since = self.loop.time()  # the next request on a kept-alive connection
            self._paused_at_start = self._timed_flow.paused_seconds()
        super().data_received(data)
        if self.conn.their_state not in _RECEIVING:
            self._receiving_since = None

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot read: 431 for a head past the size h11 holds, else 400; as
        problem+json with the security headers (uvicorn writes a bare text answer)."""
        buffered, _ = self.conn.trailing_data
        if len(buffered) > self._max_head_bytes:
            message = f"expected a request head of at most {self._max_head_bytes} bytes, got more"
            answer = guard_answer(431, "head_too_large", message)
        else:
            answer = guard_answer(400, "bad_request", "expected an HTTP/1.1 request, got invalid")
        self.transport.write(answer)
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if self._slots is not None and self._slot.held:
            self._slot.held = False
            self._slots.give_back()
        super().connection_lost(exc)

    def _check_at(self, delay: float) -> None:
        self._deadline = self.loop.call_later(delay, self._check)

    def _check(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        if self._receiving_since is None or self.conn.their_state not in _RECEIVING:
            self._check_at(self._request_timeout)
            return
        # The time the app kept the client waiting is the server's, not the client's.
        held_back = self._timed_flow.paused_seconds() - self._paused_at_start
        left = self._receiving_since + self._request_timeout + held_back - self.loop.time()
        if left > 0:
            self._check_at(left)
            return
        self._expire()

    def _expire(self) -> None:
        waiting_for_head = self.conn.their_state is h11.IDLE
        if waiting_for_head or not self.cycle.response_started:
            self.transport.write(_timeout_answer(self._request_timeout))
        if waiting_for_head:
            log_unread(TIMED_OUT_STATUS, self._request_timeout * 1000)
        else:
            # The app reading the body sees a disconnect; its own answer goes nowhere, and its
            # log line says what the client got.
            self.cycle.scope[TIMED_OUT] = True  # type: ignore[literal-required]
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        self.transport.close()
