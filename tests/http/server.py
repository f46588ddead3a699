"""A real uvicorn server on 127.0.0.1, on a port the OS picks, in a background thread."""

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn
from starlette.types import ASGIApp

_START_TIMEOUT_SECONDS = 10.0


def _bound_port(server: uvicorn.Server) -> int:
    port: int = server.servers[0].sockets[0].getsockname()[1]
    return port


@contextmanager
def running(app: ASGIApp) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a background thread; the address while it runs."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_config=None))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + _START_TIMEOUT_SECONDS
    while not server.started:
        assert thread.is_alive(), "the server stopped while starting"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{_bound_port(server)}"
    finally:
        server.should_exit = True
        thread.join(_START_TIMEOUT_SECONDS)
