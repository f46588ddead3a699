"""One live server with the default app for the MCP tests over HTTP."""

from collections.abc import Iterator

import pytest

from mtcompute.http.app import create_app
from tests.live_server import serving


@pytest.fixture(scope="session")
def mcp_url() -> Iterator[str]:
    """The URL of ``/mcp`` on a live server running the app ``mtcompute serve`` runs."""
    with serving(create_app()) as base_url:
        yield f"{base_url}/mcp"
