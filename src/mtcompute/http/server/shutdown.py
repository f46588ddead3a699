"""A request cut short by the server stopping gets an answer, not a crash.

Past ``--graceful-timeout``, uvicorn cancels the requests still being served (a client that sent
half a body, say). Uvicorn takes the cancellation for a failure of the app: it logs a traceback
and answers 500. Nothing else cancels a request's task (the request deadline and a client's
disconnect end a request by other means), so here a cancellation is the server stopping: the
client gets 503 with ``Retry-After`` and the connection is closed.
"""

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtcompute.http.server.concurrency import unavailable

STOPPING_MESSAGE = "expected the server to keep running, got it stopping first; retry later"


class StoppingAnswer:
    """Answer 503 to a request whose task is cancelled before its response began."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        started = False

        async def noting_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self._app(scope, receive, noting_send)
        except asyncio.CancelledError:
            # The server is exiting: this task ends here, answered, instead of as a failure.
            if not started:
                await unavailable(STOPPING_MESSAGE)(scope, receive, send)
