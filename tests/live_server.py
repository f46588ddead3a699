"""A real uvicorn server on 127.0.0.1, on a port the OS picks, in a background thread."""

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.types import ASGIApp

# Generous: a deadline only bounds a failure; a loaded machine can take long to start one.
_START_TIMEOUT_SECONDS = 120.0


@contextmanager
def serving(app: ASGIApp, http: type[asyncio.Protocol] | None = None) -> Iterator[str]:
    """Run ``app`` (its lifespan included) until the block ends, its connections spoken by
    ``http`` (uvicorn's h11 by default); yields its base URL."""
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_config=None, ws="none", http=http or "h11"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + _START_TIMEOUT_SECONDS
    while not server.started:
        assert thread.is_alive(), "the server stopped while starting"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.01)
    port: int = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(_START_TIMEOUT_SECONDS)
