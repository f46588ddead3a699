"""``mtcompute run --base-url`` prints what a local run prints and exits with the same code."""

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mtcompute import jsonio
from mtcompute.cli.group import cli
from mtcompute.contracts.registry import latest
from tests.http.inputs import SMALL_INPUT, TOOL, VERSION

_EXAMPLE = Path(__file__).parents[2] / "examples" / "bleu-corpus-compute-1.0.0.json"


def _run(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(cli, ["run", *args], input=stdin)


def _same_as_local(base_url: str, *args: str, stdin: bytes | None = None) -> Result:
    local = _run(*args, stdin=stdin)
    remote = _run(*args, "--base-url", base_url, stdin=stdin)
    assert (remote.exit_code, remote.stdout, remote.stderr) == (
        local.exit_code,
        local.stdout,
        local.stderr,
    )
    return remote


def test_the_readme_example_prints_the_same_result_remotely(base_url: str) -> None:
    result = _same_as_local(base_url, TOOL, VERSION, "--input", str(_EXAMPLE))
    assert result.exit_code == 0
    expected = {"result": latest(TOOL).contract.examples[0].result}
    assert result.stdout == jsonio.dumps(expected, indent=True).decode() + "\n"


@pytest.mark.parametrize(
    ("tool_id", "version", "body", "exit_code"),
    [
        (TOOL, VERSION, jsonio.dumps({**SMALL_INPUT, "decimals": 3}), 0),
        (TOOL, VERSION, b"NaN", 2),
        (TOOL, VERSION, b"\xff", 2),
        (TOOL, VERSION, jsonio.dumps({"hypotheses": [["a"]], "references": []}), 2),
        ("no-such-tool", VERSION, jsonio.dumps(SMALL_INPUT), 2),
        (TOOL, "0.0.1", jsonio.dumps(SMALL_INPUT), 2),
    ],
)
def test_a_remote_run_matches_a_local_run_in_output_and_exit_code(
    base_url: str, tool_id: str, version: str, body: bytes, exit_code: int
) -> None:
    result = _same_as_local(base_url, tool_id, version, "--input", "-", stdin=body)
    assert result.exit_code == exit_code


@pytest.fixture
def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A server that takes connections and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"


def _one_line_failure(result: Result) -> str:
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    return result.stderr


def test_an_unreachable_server_is_exit_1_with_one_clear_line(closed_port: int) -> None:
    url = f"http://127.0.0.1:{closed_port}"
    result = _run(TOOL, VERSION, "--input", str(_EXAMPLE), "--base-url", url)
    assert _one_line_failure(result).startswith(f"mtcompute: cannot reach {url}: ")


def test_a_server_that_does_not_answer_in_time_is_exit_1_with_one_clear_line(
    silent_server: str,
) -> None:
    args = ("--input", str(_EXAMPLE), "--base-url", silent_server, "--timeout", "0.3")
    result = _run(TOOL, VERSION, *args)
    assert _one_line_failure(result) == f"mtcompute: no answer from {silent_server} within 0.3 s\n"


def test_a_url_that_is_not_the_service_is_exit_1_with_one_clear_line(base_url: str) -> None:
    result = _run(TOOL, VERSION, "--input", str(_EXAMPLE), "--base-url", f"{base_url}/elsewhere")
    assert "answered 404 Not Found" in _one_line_failure(result)


@pytest.fixture
def trickling_server() -> Iterator[str]:
    """A server that answers one byte every 0.1 s, so that no single read waits long; it stops
    after 1,000 bytes, or when the client goes."""
    stop = threading.Event()
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        thread = threading.Thread(target=_trickle, args=(listener, stop), daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
        stop.set()
        thread.join(10)


def _trickle(listener: socket.socket, stop: threading.Event) -> None:
    connection, _ = listener.accept()
    with connection:
        connection.recv(65536)  # the request, small enough to come in one read
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
        connection.sendall(b"Content-Length: 1000\r\n\r\n")
        for _ in range(1000):
            if stop.wait(0.1):
                return
            try:
                connection.sendall(b" ")
            except OSError:
                return  # the client went


def test_a_server_that_trickles_its_answer_is_cut_off_at_the_deadline_of_the_whole_call(
    trickling_server: str,
) -> None:
    args = ("--input", str(_EXAMPLE), "--base-url", trickling_server, "--timeout", "0.5")
    result = _run(TOOL, VERSION, *args)
    assert (
        _one_line_failure(result) == f"mtcompute: no answer from {trickling_server} within 0.5 s\n"
    )
