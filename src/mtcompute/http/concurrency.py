"""``--limit-concurrency``: past so many connections or requests at once, 503 with ``Retry-After``.

Uvicorn's own limit answers a bare ``503 Service Unavailable`` in plain text; this one answers a
problem saying when to come back, and closes the connection so that its descriptor is freed.
"""

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.server import ServerState

from mtcompute.errors import Violation
from mtcompute.http.problems import problem_response

RETRY_AFTER_SECONDS = 1


def unavailable(message: str) -> ASGIApp:
    """The 503 problem for ``message``, with ``Retry-After`` and the connection closed."""
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS), "Connection": "close"}
    violation = Violation(code="service_unavailable", pointer="", message=message)
    return problem_response(503, [violation], headers)


class ConcurrencyLimit:
    """Answer 503 once more than ``limit`` connections are open or requests being served; the
    request asking is already counted."""

    def __init__(self, app: ASGIApp, state: ServerState, limit: int) -> None:
        self._app = app
        self._state = state
        self._limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        busy = max(len(self._state.connections), len(self._state.tasks))
        if scope["type"] == "http" and busy > self._limit:
            message = f"expected at most {self._limit} requests at once, got {busy}; retry later"
            await unavailable(message)(scope, receive, send)
            return
        await self._app(scope, receive, send)
