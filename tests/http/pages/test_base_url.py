"""The pages' addresses: configured, or the address the request arrived on, never its Host."""

from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from mtcompute.http.app import HttpSettings, create_app
from tests.http.sockets import read_until_closed, send_raw
from tests.live_server import serving

PAGES = ["/tools/bleu-corpus-compute", "/tools/execute-batch"]


def _page(base_url: str, path: str) -> str:
    request = f"GET {path} HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n"
    with send_raw(urlsplit(base_url).port or 0, request.encode()) as connection:
        return read_until_closed(connection).decode("utf-8")


@pytest.mark.parametrize("path", PAGES)
def test_a_page_shows_the_address_it_was_reached_on_not_the_host_header(
    base_url: str, path: str
) -> None:
    page = _page(base_url, path)
    assert "elsewhere.example" not in page
    assert f"{base_url}/mcp" in page


@pytest.fixture(scope="module")
def public_url() -> Iterator[str]:
    with serving(create_app(HttpSettings(public_url="https://mt.example.org/"))) as url:
        yield url


@pytest.mark.parametrize("path", PAGES)
def test_a_page_shows_the_configured_public_url(public_url: str, path: str) -> None:
    page = _page(public_url, path)
    assert "https://mt.example.org/mcp" in page
    assert "elsewhere.example" not in page
    assert public_url not in page
