"""``mtcompute serve`` as its own process: it answers, logs, and stops gracefully on SIGTERM."""

import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from mtcompute import jsonio
from tests.http.inputs import EXECUTE_PATH, SMALL_INPUT, expected_answer

_COMMAND = str(Path(sys.executable).with_name("mtcompute"))
_STARTED = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")
_READY = re.compile("Application startup complete")
_WAIT_SECONDS = 20.0


@dataclass
class Served:
    """A running ``mtcompute serve`` and the lines it has logged so far."""

    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)
    port: int = 0

    def wait_for_line(self, pattern: re.Pattern[str], count: int = 1) -> re.Match[str]:
        """The first line matching ``pattern`` once ``count`` lines match it."""
        deadline = time.monotonic() + _WAIT_SECONDS
        while time.monotonic() < deadline:
            matches = [m for line in list(self.lines) if (m := pattern.search(line))]
            if len(matches) >= count:
                return matches[0]
            time.sleep(0.02)
        raise AssertionError(f"fewer than {count} lines match {pattern.pattern!r}: {self.lines}")


def _drain(served: Served) -> None:
    assert served.process.stderr is not None
    for line in served.process.stderr:
        served.lines.append(line)


@pytest.fixture
def serve(request: pytest.FixtureRequest) -> Iterator[Served]:
    """``mtcompute serve --port 0`` plus the options in ``request.param``, once every worker
    has started."""
    options: list[str] = getattr(request, "param", [])
    workers = int(options[options.index("--workers") + 1]) if "--workers" in options else 1
    process = subprocess.Popen(
        [_COMMAND, "serve", "--port", "0", *options], stderr=subprocess.PIPE, text=True
    )
    served = Served(process)
    reader = threading.Thread(target=_drain, args=(served,), daemon=True)
    reader.start()
    try:
        served.port = int(served.wait_for_line(_STARTED).group(1))
        served.wait_for_line(_READY, count=workers)
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        process.wait(_WAIT_SECONDS)
        reader.join(_WAIT_SECONDS)
        assert process.stderr is not None
        process.stderr.close()


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
    # Uvicorn ends by re-raising the signal it handled, so the exit status names SIGTERM.
    assert serve.process.wait(_WAIT_SECONDS) in {0, -signal.SIGTERM}
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
