"""One log line per request: method, path, status and duration.

It replaces uvicorn's access log, which the server turns off, so that every request is logged the
same way whichever server runs the app.
"""

import logging
import time
from urllib.parse import quote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOGGER = logging.getLogger("mtcompute.http.app")

# A request that raised never started its answer; the error middleware outside answers 500.
_STATUS_WHEN_RAISED = 500
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
        finally:
            milliseconds = (time.perf_counter() - started) * 1000
            path = quote(scope["path"], safe=_SAFE_PATH_CHARACTERS)
            LOGGER.info("%s %s %d %.1fms", scope["method"], path, status, milliseconds)
