"""The HTTP/1.1 connection ``serve`` runs: uvicorn's h11 protocol with a deadline per request.

Uvicorn closes a keep-alive connection that stays idle, but waits without end for a request head
or body that never ends: a client sending ``GET / HTTP/1.1\\r\\nX-a: `` and nothing more holds a
connection (and a file descriptor) for ever, and a thousand of them deny service to everyone.
Here a request must arrive whole, head and body, within ``request_timeout`` seconds of its first
byte (of the connection, for the first request); past that the client gets 408 if nothing was
answered yet, and the connection is closed. If the server paused reading meanwhile (the app had
not asked for the body yet: ``admission``), the client gets another period.

The settings come from the environment, since uvicorn builds the protocol in each worker process.
"""

import asyncio
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from mtcompute.errors import Violation
from mtcompute.http.api.problems import problem_bytes
from mtcompute.http.server.concurrency import ConcurrencyLimit, ConnectionSlots, Slot, slots_of
from mtcompute.http.server.log import TIMED_OUT, TIMED_OUT_STATUS, log_unread
from mtcompute.http.server.shutdown import StoppingAnswer

REQUEST_TIMEOUT_ENV = "MTCOMPUTE_REQUEST_TIMEOUT"
LIMIT_CONCURRENCY_ENV = "MTCOMPUTE_LIMIT_CONCURRENCY"
DEFAULT_REQUEST_TIMEOUT_SECONDS = 30.0

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


def _timeout_answer(seconds: float) -> bytes:
    message = f"expected a whole request within {seconds:g} s of its first byte, got less"
    body = problem_bytes(408, [Violation(code="request_timeout", pointer="", message=message)])
    head = (
        "HTTP/1.1 408 Request Timeout\r\ncontent-type: application/problem+json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class _NotedFlow(FlowControl):
    """Uvicorn's flow control, noting whether reading was paused since last asked."""

    def __init__(self, transport: asyncio.Transport) -> None:
        super().__init__(transport)
        self._paused = False

    def pause_reading(self) -> None:
        self._paused = True
        super().pause_reading()

    def paused_since_noted(self) -> bool:
        paused, self._paused = self._paused, False
        return paused


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
        self._request_timeout = settings.request_timeout
        self._deadline: asyncio.TimerHandle | None = None
        self._slot = Slot()
        self._slots: ConnectionSlots | None = None
        if settings.limit_concurrency is not None:
            # Uvicorn's own limit answers a bare 503; this one says when to retry.
            self._slots = slots_of(server_state, settings.limit_concurrency)
            self.app = ConcurrencyLimit(self.app, self._slot, settings.limit_concurrency)
        self.app = StoppingAnswer(self.app)  # 503, not a 500, past the graceful timeout

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.flow = _NotedFlow(transport)
        if self._slots is not None:
            self._slot.held = self._slots.take()
        # One timer per connection, not per request: it checks when the request began.
        self._receiving_since: float | None = self.loop.time()
        self._check_at(self._request_timeout)

    def data_received(self, data: bytes) -> None:
        if self._receiving_since is None and self.conn.their_state is h11.IDLE:
            self._receiving_since = self.loop.time()  # the next request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state not in _RECEIVING:
            self._receiving_since = None

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
        now = self.loop.time()
        flow = self.flow
        if self._receiving_since is None or self.conn.their_state not in _RECEIVING:
            self._check_at(self._request_timeout)
            return
        if flow.read_paused or (isinstance(flow, _NotedFlow) and flow.paused_since_noted()):
            self._receiving_since = now  # the app was behind, not the client: it starts again
        left = self._receiving_since + self._request_timeout - now
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
