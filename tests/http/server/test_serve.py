"""``mtcompute serve`` as its own process: it answers, logs, and stops gracefully on SIGTERM."""

import re
import signal
import socket

import httpx
import orjson
import pytest

from mtcompute import jsonio
from tests.http.inputs import EXECUTE_PATH, SMALL_INPUT, expected_answer
from tests.http.served import WAIT_SECONDS as _WAIT_SECONDS
from tests.http.served import Served

pytestmark = pytest.mark.live


def test_serve_answers_healthz_and_logs_the_request(serve: Served) -> None:
    response = httpx.get(f"http://127.0.0.1:{serve.port}/healthz")
    assert response.json() == {"status": "ok"}
    serve.wait_for_line(re.compile(r"GET /healthz 200 \d+\.\dms"))


_CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"


def _start_request(port: int, body_length: int) -> socket.socket:
    """Send a request's headers and wait until the app starts reading its body: uvicorn answers
    ``Expect: 100-continue`` when the app first asks for the body, so the request is in flight."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=_WAIT_SECONDS)
    head = (
        f"POST {EXECUTE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {body_length}\r\nExpect: 100-continue\r\n\r\n"
    )
    connection.sendall(head.encode())
    assert connection.recv(len(_CONTINUE)) == _CONTINUE
    return connection


def _read_all(connection: socket.socket) -> bytes:
    chunks = []
    while chunk := connection.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def test_sigterm_lets_a_request_in_flight_finish_then_stops(serve: Served) -> None:
    body = jsonio.dumps(SMALL_INPUT)
    with _start_request(serve.port, len(body)) as connection:
        serve.process.send_signal(signal.SIGTERM)
        serve.wait_for_line(re.compile("Shutting down"))
        connection.sendall(body)
        answer = _read_all(connection)
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert answer.endswith(b"\r\n\r\n" + expected_answer(SMALL_INPUT))
    assert serve.process.wait(_WAIT_SECONDS) == 0
    serve.wait_for_line(re.compile("Finished server process"))


@pytest.mark.parametrize("serve", [["--workers", "2", "--max-body-bytes", "100"]], indirect=True)
def test_settings_reach_every_worker_process(serve: Served) -> None:
    url = f"http://127.0.0.1:{serve.port}{EXECUTE_PATH}"
    headers = {"content-type": "application/json"}
    for _ in range(4):
        response = httpx.post(url, content=b" " * 101, headers=headers)
        assert response.status_code == 413
        assert "at most 100 bytes" in response.json()["detail"]


@pytest.mark.parametrize(
    "serve", [["--workers", "2", "--allow-cors-origin", "https://app.example.org"]], indirect=True
)
def test_serve_prints_where_everything_is_once_and_cors_reaches_every_worker(
    serve: Served,
) -> None:
    base = f"http://127.0.0.1:{serve.port}"
    for path in ("/", "/v1/tools", "/mcp", "/openapi.json"):
        serve.wait_for_line(re.compile(f"mtcompute: .* {re.escape(base + path)}$"))
    assert sum("mtcompute: MCP" in line for line in serve.lines) == 1
    preflight = {
        "origin": "https://app.example.org",
        "access-control-request-method": "POST",
    }
    for _ in range(4):
        response = httpx.options(f"{base}{EXECUTE_PATH}", headers=preflight)
        assert response.headers["access-control-allow-origin"] == "https://app.example.org"


@pytest.mark.parametrize("serve", [["--graceful-timeout", "1"]], indirect=True)
def test_sigterm_stops_within_the_graceful_timeout_a_client_that_sent_half_a_body(
    serve: Served,
) -> None:
    with _start_request(serve.port, 100) as connection:
        connection.sendall(b'{"hypotheses": [')
        serve.process.send_signal(signal.SIGTERM)
        assert serve.process.wait(_WAIT_SECONDS) == 0
        answer = _read_all(connection)
    serve.wait_for_line(re.compile("timeout graceful shutdown exceeded"))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 503 ")
    assert b"retry-after: 1" in head.lower()
    assert orjson.loads(body)["errors"][0]["code"] == "service_unavailable"
    serve.wait_for_line(re.compile(rf"POST {EXECUTE_PATH} 503"))
    logged = "\n".join(serve.lines)
    assert "Traceback" not in logged
    assert "Exception in ASGI application" not in logged
