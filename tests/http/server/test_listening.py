"""Before ``serve`` listens: a port in use is one line and exit 1; more open files allowed."""

import resource
import socket
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.http.served import COMMAND, WAIT_SECONDS

pytestmark = pytest.mark.live

LOW_SOFT_LIMIT = 256


def test_serve_on_a_port_in_use_exits_1_with_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        finished = subprocess.run(
            [COMMAND, "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=WAIT_SECONDS,
            check=False,
        )
    assert finished.returncode == 1
    assert finished.stderr.splitlines() == [
        f"mtcompute: cannot listen on 127.0.0.1:{port}: address already in use"
    ]


@pytest.mark.parametrize("port", ["0", "8000"])
def test_serve_on_an_address_that_is_not_one_exits_1_with_one_line(port: str) -> None:
    finished = subprocess.run(
        [COMMAND, "serve", "--host", "256.0.0.1", "--port", port],
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
        check=False,
    )
    assert finished.returncode == 1
    [line] = finished.stderr.splitlines()
    assert line.startswith(f"mtcompute: cannot listen on 256.0.0.1:{port}: ")


def _soft_limit_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open files limit listed")


def _lower_soft_limit() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (LOW_SOFT_LIMIT, hard))


def test_serve_raises_its_open_files_limit_to_the_hard_limit() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard > LOW_SOFT_LIMIT
    process = subprocess.Popen(
        [COMMAND, "serve", "--port", "0"],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_lower_soft_limit,  # noqa: PLW1509 - a limit for the child only
    )
    try:
        assert process.stderr is not None
        for line in process.stderr:
            if "Uvicorn running on" in line:
                port = int(line.rsplit(":", 1)[1].split()[0])
                break
        assert httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
        assert _soft_limit_of(process.pid) == hard
    finally:
        process.terminate()
        process.wait(WAIT_SECONDS)
        assert process.stderr is not None
        process.stderr.close()
