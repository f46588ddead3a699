"""A real uvicorn server on 127.0.0.1, on a port the OS picks, shared by the HTTP tests."""

import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn

from mtcompute.http import create_app

_START_TIMEOUT_SECONDS = 10.0


def _bound_port(server: uvicorn.Server) -> int:
    port: int = server.servers[0].sockets[0].getsockname()[1]
    return port


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The address of a live server running the default app in a background thread."""
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=0, log_config=None)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + _START_TIMEOUT_SECONDS
    while not server.started:
        assert thread.is_alive(), "the server stopped while starting"
        assert time.monotonic() < deadline, "the server did not start in time"
        time.sleep(0.01)
    yield f"http://127.0.0.1:{_bound_port(server)}"
    server.should_exit = True
    thread.join(_START_TIMEOUT_SECONDS)


@pytest.fixture
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, timeout=60) as http_client:
        yield http_client
