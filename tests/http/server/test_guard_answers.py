"""The answers the server's own guards write, before or around the app (a request timed out,
a body or head too large, a request it cannot read, a connection over the limit), are
problem+json with the security headers every answer of the app carries."""

import json
import socket

import pytest

from mtcompute.http.server.security_headers import SECURITY_HEADERS
from tests.http.inputs import EXECUTE_PATH
from tests.http.served import Served
from tests.http.sockets import read_until_closed, send_raw

GUARDED = ["--request-timeout", "1", "--limit-concurrency", "1", "--max-body-bytes", "1000"]
HOST = b"Host: 127.0.0.1\r\n"
JSON = b"Content-Type: application/json\r\n"
REQUESTS = {
    408: b"POST " + EXECUTE_PATH.encode() + b" HTTP/1.1\r\n" + HOST + JSON
    + b"Content-Length: 10\r\n\r\n{",
    413: b"POST " + EXECUTE_PATH.encode() + b" HTTP/1.1\r\n" + HOST + JSON
    + b"Content-Length: 5000\r\n\r\n",
    431: b"GET /healthz HTTP/1.1\r\n" + HOST + b"X-Big: " + b"a" * 100_000,  # and no end
    400: b"GET /healthz HTTP/1.1\r\n" + HOST + b"Bad Header\r\n\r\n",
}  # fmt: skip


def _head_and_problem(answer: bytes) -> tuple[int, dict[str, str], dict[str, object]]:
    head, body = answer.split(b"\r\n\r\n", 1)
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, value = line.split(":", 1)
        headers[name.strip().lower()] = value.strip()
    return int(status_line.split()[1]), headers, json.loads(body)


def _carries_the_security_headers(headers: dict[str, str]) -> None:
    for name, value in SECURITY_HEADERS:
        assert headers[name.decode()] == value.decode(), name
    assert headers["content-type"] == "application/problem+json"


@pytest.mark.parametrize("serve", [GUARDED], indirect=True)
@pytest.mark.parametrize("status", sorted(REQUESTS))
def test_a_guards_answer_carries_the_security_headers(serve: Served, status: int) -> None:
    with send_raw(serve.port, REQUESTS[status]) as connection:
        answered, headers, problem = _head_and_problem(read_until_closed(connection))
    assert answered == status
    assert problem["status"] == status
    _carries_the_security_headers(headers)


@pytest.mark.parametrize("serve", [GUARDED], indirect=True)
def test_the_503_of_a_connection_over_the_limit_carries_the_security_headers(
    serve: Served,
) -> None:
    with socket.create_connection(("127.0.0.1", serve.port)) as holder:
        holder.sendall(b"GET /healthz HTTP/1.1\r\n" + HOST + b"\r\n")
        holder.recv(4096)  # served: it holds the only slot, kept alive
        request = b"GET /healthz HTTP/1.1\r\n" + HOST + b"\r\n"
        with send_raw(serve.port, request) as refused:
            answered, headers, problem = _head_and_problem(read_until_closed(refused))
    assert answered == 503
    assert headers["retry-after"] == "1"
    assert problem["errors"][0]["code"] == "service_unavailable"  # type: ignore[index]
    _carries_the_security_headers(headers)
