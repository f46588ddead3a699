"""``--limit-concurrency``: at most so many connections served at once; the others get 503 with
``Retry-After``.

Uvicorn's own limit answers a bare ``503 Service Unavailable`` in plain text, and counts every
connection open when a request arrives: once one more than the limit are open, the first ones
are refused too. Here the connections take slots in the order they open: those that got one are
served, and the requests of those that did not are answered with a problem saying when to come
back, and their connection is closed so that its descriptor is freed.

A refused request's body, if it is being sent, is read and dropped before the answer (as far as
the default body limit): a client that writes its whole body before reading would otherwise see
its connection reset, the answer lost with it.
"""

import time
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.server import ServerState

from mtcompute.errors import Violation
from mtcompute.http.routes.problems import problem_response
from mtcompute.http.server.log import log_answered
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

RETRY_AFTER_SECONDS = 1
# A refused body is read this far at most: no request the server would take is longer.
DRAINED_BYTES = DEFAULT_MAX_BODY_BYTES


def unavailable(message: str) -> ASGIApp:
    """The 503 problem for ``message``, with ``Retry-After`` and the connection closed."""
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS), "Connection": "close"}
    violation = Violation(code="service_unavailable", pointer="", message=message)
    return problem_response(503, [violation], headers)


async def refuse(message: str, scope: Scope, receive: Receive, send: Send) -> None:
    """Answer 503 for ``message`` once the body being sent has arrived (read and dropped, up to
    ``DRAINED_BYTES``); a client waiting for ``100 Continue`` sends none, so it is answered at
    once."""
    if not _expects_continue(scope):
        await drain(receive)
    await unavailable(message)(scope, receive, send)


async def drain(receive: Receive) -> None:
    """Read and drop the rest of a body being sent, up to ``DRAINED_BYTES``."""
    drained = 0
    while drained <= DRAINED_BYTES:
        chunk = await receive()
        drained += len(chunk.get("body", b""))
        if not chunk.get("more_body", False):
            break


def _expects_continue(scope: Scope) -> bool:
    return any(
        name == b"expect" and value.lower() == b"100-continue" for name, value in scope["headers"]
    )


class ConnectionSlots:
    """At most ``limit`` connections holding a slot at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.taken = 0

    def take(self) -> bool:
        """Whether a slot was free (and is now taken)."""
        if self.taken >= self.limit:
            return False
        self.taken += 1
        return True

    def give_back(self) -> None:
        self.taken -= 1


# One set of slots per server (per worker process, in practice), shared by its connections.
_SLOTS: "WeakKeyDictionary[ServerState, ConnectionSlots]" = WeakKeyDictionary()


def slots_of(state: ServerState, limit: int) -> ConnectionSlots:
    """The slots of the server whose state is ``state``."""
    return _SLOTS.setdefault(state, ConnectionSlots(limit))


@dataclass
class Slot:
    """Whether one connection holds a slot."""

    held: bool = False


class ConcurrencyLimit:
    """Serve the requests of a connection holding a slot; answer the others 503."""

    def __init__(self, app: ASGIApp, slot: Slot, limit: int) -> None:
        self._app = app
        self._slot = slot
        self._limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self._slot.held:
            await self._app(scope, receive, send)
            return
        started = time.perf_counter()
        message = f"expected at most {self._limit} connections at once, got more; retry later"
        await refuse(message, scope, receive, send)
        log_answered(scope, 503, started)  # answered before the app's own log could see it
