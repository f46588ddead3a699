"""The live server shared by the tests of the adapters over a real port, and a client for it."""

from collections.abc import Iterator

import httpx
import pytest

from mtcompute.http.app import create_app
from tests.http.served import serve  # noqa: F401 - a fixture, for every test of a served app
from tests.live_server import serving


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    """The address of a live server running the default app, shared by the session."""
    with serving(create_app()) as url:
        yield url


@pytest.fixture
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, timeout=60) as http_client:
        yield http_client


@pytest.fixture(scope="session")
def mcp_url(base_url: str) -> str:
    """The URL of ``/mcp`` on the live server running the app ``mtcompute serve`` runs."""
    return f"{base_url}/mcp"
