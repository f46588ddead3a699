"""One log line per request: method, path, status and duration.

It replaces uvicorn's access log, which the server turns off, so that every request is logged the
same way whichever server runs the app.
"""

import asyncio
import logging
import time
from urllib.parse import quote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOGGER = logging.getLogger("mtcompute.http.app")

# A request that raised never started its answer; the error middleware outside answers 500.
_STATUS_WHEN_RAISED = 500
# A request cancelled by the server stopping is answered 503 outside (``http.shutdown``).
STATUS_WHEN_STOPPING = 503
# Set in a request's scope when its deadline passed: the client got 408 (``http.protocol``).
TIMED_OUT = "mtcompute.timed_out"
TIMED_OUT_STATUS = 408
# Characters kept as they are in a logged path; anything else (a newline, say) is %-escaped.
_SAFE_PATH_CHARACTERS = "/-._~!$&'()*+,;=:@"


class RequestLog:
    """ASGI middleware logging ``METHOD /path STATUS 1.2ms`` once each HTTP request is answered."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = _STATUS_WHEN_RAISED

        async def send_noting_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_noting_status)
        except asyncio.CancelledError:
            status = STATUS_WHEN_STOPPING
            raise
        finally:
            log_answered(scope, TIMED_OUT_STATUS if scope.get(TIMED_OUT) else status, started)


def log_answered(scope: Scope, status: int, started: float) -> None:
    """Log the line of a request answered ``status``, ``started`` by ``time.perf_counter()``."""
    milliseconds = (time.perf_counter() - started) * 1000
    path = quote(scope["path"], safe=_SAFE_PATH_CHARACTERS)
    LOGGER.info("%s %s %d %.1fms", scope["method"], path, status, milliseconds)


def log_unread(status: int, milliseconds: float) -> None:
    """Log the line of a request whose head never arrived whole: no method, no path."""
    LOGGER.info("- - %d %.1fms", status, milliseconds)
