"""The app the adapter tests talk to: in this process (``client``, through Starlette's
``TestClient``, the ASGI app called directly), or served on a real port by uvicorn
(``base_url``, ``live_client``, ``mcp_url``) for the tests about the server itself."""

from collections.abc import Iterator

import httpx
import pytest
from starlette.testclient import TestClient

from mtcompute.http.app import create_app
from tests.http.served import serve  # noqa: F401 - a fixture, for every test of a served app
from tests.live_server import serving


@pytest.fixture(scope="session")
def _in_process() -> Iterator[TestClient]:
    """The default app, its lifespan entered, called in this process; shared by the session."""
    with TestClient(create_app(), base_url="http://testserver") as test_client:
        yield test_client


@pytest.fixture
def client(_in_process: TestClient) -> TestClient:
    """An HTTP client of the default app in this process: routes, problems and pages, with
    every middleware, but no socket."""
    _in_process.cookies.clear()
    return _in_process


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The address of a live server running the default app, shared by the session."""
    with serving(create_app()) as url:
        yield url


@pytest.fixture
def live_client(base_url: str) -> Iterator[httpx.Client]:
    """A client of the live server: for what only a real server and socket show."""
    with httpx.Client(base_url=base_url, timeout=60) as http_client:
        yield http_client


@pytest.fixture(scope="session")
def mcp_url(base_url: str) -> str:
    """The URL of ``/mcp`` on the live server running the app ``mtcompute serve`` runs."""
    return f"{base_url}/mcp"
