"""``/mcp``'s body read by the API's reader: problem 413s, quiet disconnects, ids checked."""

import http.client
import json
import logging
import socket
from urllib.parse import urlsplit

import httpx
import pytest

from mtcompute.http.server.log import LOGGER
from mtcompute.meta.bodies import largest_body_limit
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES
from tests.http.logs import request_log_lines

HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
LIST_TOOLS = {"jsonrpc": "2.0", "method": "tools/list"}


@pytest.mark.parametrize("request_id", [None, {}, [], 1.5, True])
def test_an_id_neither_string_nor_integer_is_an_invalid_request(
    mcp_url: str, request_id: object
) -> None:
    body = json.dumps({**LIST_TOOLS, "id": request_id})
    response = httpx.post(mcp_url, content=body, headers=HEADERS, timeout=60)
    assert response.status_code == 400
    answer = response.json()
    assert answer["id"] is None
    assert answer["error"]["code"] == -32600


@pytest.mark.parametrize("request_id", [7, "seven"])
def test_a_string_or_integer_id_is_answered(mcp_url: str, request_id: object) -> None:
    body = json.dumps({**LIST_TOOLS, "id": request_id})
    response = httpx.post(mcp_url, content=body, headers=HEADERS, timeout=60)
    assert response.status_code == 200
    assert response.json()["id"] == request_id


def test_an_invalid_id_beside_a_lone_surrogate_is_still_an_invalid_request(mcp_url: str) -> None:
    params = b'{"name":"bleu-corpus-compute","arguments":{"hypotheses":[["\\ud800"]]}}'
    body = b'{"jsonrpc":"2.0","id":null,"method":"tools/call","params":' + params + b"}"
    response = httpx.post(mcp_url, content=body, headers=HEADERS, timeout=60)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32600


def test_a_body_over_the_limit_is_a_problem_413(mcp_url: str) -> None:
    parts = urlsplit(mcp_url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.putrequest("POST", parts.path)
        for name, value in HEADERS.items():
            connection.putheader(name, value)
        connection.putheader(
            "Content-Length", str(largest_body_limit(DEFAULT_MAX_BODY_BYTES) + 1)
        )  # over any tool's limit
        connection.endheaders()  # and not one byte of the announced body
        response = connection.getresponse()
        assert response.status == 413
        assert response.getheader("content-type") == "application/problem+json"
        assert json.loads(response.read())["errors"][0]["code"] == "body_too_large"
    finally:
        connection.close()


def test_a_client_leaving_mid_body_is_logged_as_400_without_a_traceback(
    mcp_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    parts = urlsplit(mcp_url)
    with caplog.at_level(logging.INFO):
        with socket.create_connection((parts.hostname, parts.port), timeout=30) as connection:
            head = "".join(f"{name}: {value}\r\n" for name, value in HEADERS.items())
            start = f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n{head}Content-Length: 1000\r\n"
            connection.sendall(f"{start}\r\n{{".encode())
        lines = request_log_lines(caplog, 1)
    # A line of an earlier test's request may land here too: none says 500.
    assert [line for line in lines if line.startswith("POST /mcp 400 ")]
    assert not [line for line in lines if " 500 " in line]
    assert not [record for record in caplog.records if record.exc_info]
    assert all(record.name == LOGGER.name for record in caplog.records if record.levelno >= 40)
