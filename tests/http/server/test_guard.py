"""Requests refused by framing, encoding, path or Host before any route sees them."""

import json
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest

from mtcompute import jsonio
from mtcompute.http.app import HttpSettings, create_app
from mtcompute.http.server.guard import host_allowed
from mtcompute.mcp.transport import McpSettings
from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS, SMALL_INPUT
from tests.http.sockets import answers_in, read_until_closed, send_raw
from tests.live_server import serving

BODY = jsonio.dumps(SMALL_INPUT)
SMUGGLED = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def _port(base_url: str) -> int:
    return urlsplit(base_url).port or 0


def _problem(data: bytes) -> dict[str, object]:
    problem: dict[str, object] = json.loads(data.split(b"\r\n\r\n", 1)[1])
    return problem


def test_chunked_with_a_content_length_is_400_and_nothing_after_it_is_answered(
    base_url: str,
) -> None:
    head = (
        f"POST {EXECUTE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n"
    )
    chunked = b"%x\r\n%b\r\n0\r\n\r\n" % (len(BODY), BODY)
    with send_raw(_port(base_url), head.encode() + chunked + SMUGGLED) as connection:
        answer = read_until_closed(connection)
    assert answers_in(answer) == [400]
    assert b"\r\nconnection: close\r\n" in answer.lower()
    problem = _problem(answer)
    assert problem["detail"] == "expected Transfer-Encoding or Content-Length, got both"


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "gzip, identity"])
def test_an_encoded_body_is_415_and_never_decompressed(client: httpx.Client, encoding: str) -> None:
    headers = {**JSON_HEADERS, "content-encoding": encoding}
    response = client.post(EXECUTE_PATH, content=BODY, headers=headers)
    assert response.status_code == 415
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["errors"][0]["code"] == "unsupported_content_encoding"
    assert repr(encoding) in response.json()["detail"]


def test_identity_is_no_encoding(client: httpx.Client) -> None:
    headers = {**JSON_HEADERS, "content-encoding": "identity"}
    assert client.post(EXECUTE_PATH, content=BODY, headers=headers).status_code == 200


@pytest.mark.parametrize(
    "path", ["/v1/tools/bleu-corpus-compute%2Fversions%2F1.0.0", "/tools/bleu-corpus-compute%2f"]
)
def test_an_encoded_slash_is_data_in_its_segment_not_a_separator(base_url: str, path: str) -> None:
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    with send_raw(_port(base_url), request.encode()) as connection:
        answer = read_until_closed(connection)
    assert answers_in(answer) == [404]
    assert path in str(_problem(answer)["detail"])


def test_without_host_checks_any_host_reaches_the_api(base_url: str) -> None:
    request = b"GET /v1/tools HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n"
    with send_raw(_port(base_url), request) as connection:
        assert answers_in(read_until_closed(connection)) == [200]


@pytest.fixture(scope="module")
def checked_url() -> Iterator[str]:
    settings = HttpSettings(mcp=McpSettings(allowed_hosts=("mt.example.org",)), check_host=True)
    with serving(create_app(settings)) as url:
        yield url


@pytest.mark.parametrize("path", ["/v1/tools", "/healthz", "/tools/bleu-corpus-compute"])
def test_with_host_checks_a_host_mcp_would_refuse_is_421_on_every_path(
    checked_url: str, path: str
) -> None:
    request = f"GET {path} HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n"
    with send_raw(_port(checked_url), request.encode()) as connection:
        answer = read_until_closed(connection)
    assert answers_in(answer) == [421]
    assert "'elsewhere.example'" in str(_problem(answer)["detail"])


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost:8000", "mt.example.org"])
def test_with_host_checks_the_hosts_mcp_allows_reach_the_api(checked_url: str, host: str) -> None:
    request = f"GET /v1/tools HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    with send_raw(_port(checked_url), request.encode()) as connection:
        assert answers_in(read_until_closed(connection)) == [200]


def test_a_name_allowed_on_any_port_is_not_a_prefix_of_another_name() -> None:
    patterns = ["localhost", "localhost:*"]
    assert host_allowed("localhost:9", patterns)
    assert not host_allowed("localhost.evil.example", patterns)
    assert not host_allowed("", patterns)
