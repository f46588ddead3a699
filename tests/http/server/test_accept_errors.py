"""A server out of file descriptors says so once per interval, without a traceback."""

import re
import resource
import socket
import subprocess
import threading
import time

import httpx
import pytest

from mtcompute.http.server.accept_errors import INTERVAL_SECONDS
from tests.http.served import COMMAND, WAIT_SECONDS

pytestmark = [pytest.mark.live, pytest.mark.slow]

OPEN_FILES = 128
HELD_CONNECTIONS = 300  # more than the server may hold open
_STARTED = re.compile(r"Uvicorn running on http://127\.0\.0\.1:(\d+)")


def _few_open_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))


def test_a_server_out_of_descriptors_logs_it_once_per_interval_without_a_traceback() -> None:
    process = subprocess.Popen(
        [COMMAND, "serve", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_few_open_files,  # noqa: PLW1509 - this test starts no thread before it
    )
    lines: list[str] = []
    assert process.stderr is not None
    reader = threading.Thread(target=lambda: lines.extend(process.stderr or ()), daemon=True)
    reader.start()
    held: list[socket.socket] = []
    try:
        deadline = time.monotonic() + WAIT_SECONDS
        while not (ports := [m for line in list(lines) if (m := _STARTED.search(line))]):
            assert time.monotonic() < deadline, lines
            time.sleep(0.05)
        port = int(ports[0].group(1))
        started = time.monotonic()
        for _ in range(HELD_CONNECTIONS):  # each sends part of a head, and holds a descriptor
            held.append(socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS))
            held[-1].sendall(b"GET /healthz HTTP/1.1\r\n")
        time.sleep(3)  # asyncio retries accepting once a second meanwhile
    finally:
        for connection in held:
            connection.close()
    try:  # the descriptors freed, the server serves again
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
                failing_seconds = time.monotonic() - started
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(WAIT_SECONDS)
        reader.join(WAIT_SECONDS)
        process.stderr.close()
    failures = [line for line in lines if "cannot accept connections" in line]
    # One line per interval: here one, unless a loaded machine stretched the failing time.
    assert 1 <= len(failures) <= 1 + int(failing_seconds / INTERVAL_SECONDS), lines
    assert "Too many open files" in failures[0]
    assert not [line for line in lines if "Traceback" in line], "".join(lines)
