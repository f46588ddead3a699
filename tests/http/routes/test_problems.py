"""Every error is RFC 9457 problem+json with an ``errors`` array, and each has its own status."""

import logging
import socket
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from mtcompute import jsonio
from mtcompute.http.server.log import LOGGER
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS, SMALL_INPUT, expected_errors
from tests.http.logs import request_log_lines
from tests.http.raw import post_announcing, post_chunks_unfinished

_CHUNK = 1024 * 1024


def _problem(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status
    assert response.headers["content-type"] == "application/problem+json"
    problem: dict[str, Any] = response.json()
    assert problem["status"] == status
    assert problem["type"] == "about:blank"
    assert problem["detail"] == problem["errors"][0]["message"]
    assert all(set(error) == {"code", "pointer", "message"} for error in problem["errors"])
    assert "Traceback" not in response.text
    return problem


@pytest.mark.parametrize(
    "body",
    [
        b"NaN",
        b"Infinity",
        b"-Infinity",
        b'{"hypotheses": NaN}',
        b"{",
        b"",
        b"\xff\xfe{}",
        '{"hypotheses": [["caf\xe9"]]}'.encode("latin-1"),
        b"1e400",
    ],
)
def test_a_body_that_is_not_strict_utf8_json_is_400(client: httpx.Client, body: bytes) -> None:
    problem = _problem(client.post(EXECUTE_PATH, content=body, headers=JSON_HEADERS), 400)
    assert [error["code"] for error in problem["errors"]] == ["invalid_json"]


def test_an_input_breaking_the_contract_is_422_with_the_library_errors(
    client: httpx.Client,
) -> None:
    document = {**SMALL_INPUT, "max_orders": 2, "hypotheses": [["a"]]}
    response = client.post(EXECUTE_PATH, content=jsonio.dumps(document), headers=JSON_HEADERS)
    assert _problem(response, 422)["errors"] == expected_errors(document)


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/v1/tools/no-such-tool/versions/1.0.0/execute", "unknown_tool"),
        ("/v1/tools/bleu-corpus-compute/versions/9.9.9/execute", "unknown_version"),
    ],
)
def test_executing_an_unknown_tool_or_version_is_404(
    client: httpx.Client, path: str, code: str
) -> None:
    response = client.post(path, content=jsonio.dumps(SMALL_INPUT), headers=JSON_HEADERS)
    assert _problem(response, 404)["errors"][0]["code"] == code


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/v1/tools/no-such-tool/versions/1.0.0", "unknown_tool"),
        ("/v1/tools/bleu-corpus-compute/versions/0.1", "unknown_version"),
        ("/tools/no-such-tool", "unknown_tool"),
        ("/no/such/route", "not_found"),
    ],
)
def test_reading_an_unknown_resource_is_404(client: httpx.Client, path: str, code: str) -> None:
    assert _problem(client.get(path), 404)["errors"][0]["code"] == code


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("GET", EXECUTE_PATH, "POST"),
        ("POST", "/v1/tools", "GET, HEAD"),
        ("DELETE", "/healthz", "GET, HEAD"),
    ],
)
def test_a_method_the_route_does_not_take_is_405_naming_the_allowed_ones(
    client: httpx.Client, method: str, path: str, allowed: str
) -> None:
    response = client.request(method, path)
    assert _problem(response, 405)["errors"][0]["code"] == "method_not_allowed"
    assert set(response.headers["allow"].split(", ")) == set(allowed.split(", "))


def test_a_body_announced_over_the_limit_is_413_before_any_byte_of_it_is_sent(
    base_url: str,
) -> None:
    answer = post_announcing(base_url, EXECUTE_PATH, DEFAULT_MAX_BODY_BYTES + 1)
    assert answer.status == 413
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.body["errors"][0]["code"] == "body_too_large"


def test_a_chunked_body_is_413_as_soon_as_it_passes_the_limit_before_it_ends(
    base_url: str,
) -> None:
    # Exactly one byte over the limit, and the body never ends: the answer cannot wait for it.
    full, rest = divmod(DEFAULT_MAX_BODY_BYTES + 1, _CHUNK)
    chunks = [b" " * _CHUNK] * full + [b" " * rest]
    answer = post_chunks_unfinished(base_url, EXECUTE_PATH, chunks)
    assert answer.status == 413
    assert answer.body["errors"][0]["code"] == "body_too_large"


def test_a_body_at_exactly_the_limit_is_read(client: httpx.Client) -> None:
    body = jsonio.dumps(SMALL_INPUT)
    padded = body + b" " * (DEFAULT_MAX_BODY_BYTES - len(body))
    response = client.post(EXECUTE_PATH, content=padded, headers=JSON_HEADERS)
    assert response.status_code == 200


@pytest.mark.parametrize(
    "headers", [{"content-type": "text/plain"}, {"content-type": "application/xml"}, {}]
)
def test_a_body_not_declared_as_json_is_415(client: httpx.Client, headers: dict[str, str]) -> None:
    response = client.post(EXECUTE_PATH, content=jsonio.dumps(SMALL_INPUT), headers=headers)
    assert _problem(response, 415)["errors"][0]["code"] == "unsupported_media_type"


def test_a_client_leaving_mid_body_is_logged_as_a_client_error_not_a_server_error(
    base_url: str, live_client: httpx.Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger=LOGGER.name):
        address = urlsplit(base_url)
        with socket.create_connection((address.hostname, address.port)) as connection:
            head = f"POST {EXECUTE_PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            connection.sendall(f"{head}Content-Length: 100\r\n\r\n{{".encode())
        lines = request_log_lines(caplog, 1)
    assert len(lines) == 1
    assert lines[0].startswith(f"POST {EXECUTE_PATH} 400 ")
    assert live_client.get("/healthz").status_code == 200
