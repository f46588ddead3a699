"""``score`` streamed, run as a user runs it (a real process, real worker processes, a real
Dask scheduler): the same bytes whatever ``--jobs``, ``--chunk-size``, ``--chunk-bytes`` or
``--scheduler``."""

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from tests.scale.corpora import generated_test_set

MTCOMPUTE = [str(Path(sys.executable).with_name("mtcompute"))]
METRICS = ["-m", "bleu", "chrf", "chrf++", "ter"]


def _write(path: Path, lines: Sequence[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def test_set(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """REF REF REF -i HYP: 500 segments, three references."""
    folder = tmp_path_factory.mktemp("set")
    hypotheses, streams = generated_test_set(500, references=3, seed=11)
    refs = [_write(folder / f"ref{k}.txt", stream) for k, stream in enumerate(streams)]
    return [*refs, "-i", _write(folder / "hyp.txt", hypotheses)]


def _score(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [*MTCOMPUTE, "score", *args], input=stdin, capture_output=True, timeout=300, check=False
    )


def _output(*args: str) -> bytes:
    ran = _score(*args)
    assert ran.returncode == 0, ran.stderr.decode()
    return ran.stdout


SPLITS = [
    ("--jobs", "2", "--chunk-size", "7"),
    ("--jobs", "2", "--chunk-size", "64"),
    ("--jobs", "1", "--chunk-size", "1"),
    ("--jobs", "2", "--chunk-bytes", "3000"),
]


@pytest.mark.parametrize("level", [(), ("--sentence-level",)], ids=["corpus", "sentence"])
@pytest.mark.parametrize("output_format", ["text", "jsonl"])
def test_the_output_is_the_same_bytes_however_the_work_is_split(
    test_set: list[str], level: tuple[str, ...], output_format: str
) -> None:
    args = [*test_set, *METRICS, *level, "--format", output_format]
    one = _output(*args, "--jobs", "1")
    for split in SPLITS:
        assert _output(*args, *split) == one, split


@pytest.mark.slow
@pytest.mark.parametrize("level", [(), ("--sentence-level",)], ids=["corpus", "sentence"])
def test_json_is_the_same_bytes_however_the_work_is_split(
    test_set: list[str], level: tuple[str, ...]
) -> None:
    args = [*test_set, *METRICS, *level, "--format", "json"]
    one = _output(*args, "--jobs", "1")
    for split in SPLITS:
        assert _output(*args, *split) == one, split


def test_sentence_lines_are_numbered_and_every_segment_is_there(test_set: list[str]) -> None:
    args = ("-m", "chrf", "--sentence-level", "--format", "jsonl", "--chunk-size", "9")
    lines = _output(*test_set, *args, "--jobs", "2")
    numbers = [json.loads(line)["line"] for line in lines.splitlines()]
    assert numbers == list(range(1, 501))
    assert len(_output(*test_set, *args[:3], "--jobs", "2").splitlines()) == 500


def test_standard_input_streams_like_a_file(test_set: list[str]) -> None:
    *refs, _, hypotheses = test_set
    args = [*refs, *METRICS, "--sentence-level", "--chunk-size", "13"]
    piped = _score(*args, "--jobs", "2", stdin=Path(hypotheses).read_bytes())
    assert piped.returncode == 0, piped.stderr.decode()
    assert piped.stdout == _output(*args, "-i", hypotheses, "--jobs", "1")


def test_a_short_standard_input_is_named_where_it_ends(test_set: list[str]) -> None:
    *refs, _, hypotheses = test_set
    short = b"".join(Path(hypotheses).read_bytes().splitlines(keepends=True)[:123])
    ran = _score(*refs, "--chunk-size", "50", stdin=short)
    assert ran.returncode == 2
    assert b"has 500 lines but standard input has 123" in ran.stderr


def test_an_endless_line_is_refused_by_its_number_with_exit_2(test_set: list[str]) -> None:
    *refs, _, _ = test_set
    ran = _score(*refs, "-i", "/dev/zero", "--max-line-bytes", "100000")
    assert ran.returncode == 2
    assert b"/dev/zero: line 1 is longer than 100,000 bytes" in ran.stderr


def test_a_line_past_the_bound_in_a_file_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    ref = _write(tmp_path / "r.txt", ["a", "b" * 50, "c"])
    ran = _score(ref, "-i", ref, "--sentence-level", "--max-line-bytes", "20")
    assert (ran.returncode, ran.stdout) == (2, b"")
    assert b"r.txt: line 2 is longer than 20 bytes" in ran.stderr


def _group_processes(group: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if entry.name.isdigit() and int(fields[2]) == group and fields[0] != "Z":
            found.append(int(entry.name))
    return found


# Generous: a deadline only bounds a failure, a passing test never waits for it; a machine
# running other work can take minutes over what takes a second here.
UNDER_LOAD_SECONDS = 300.0


def _wait_until(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` came true, looked at every tenth of a second, within
    ``UNDER_LOAD_SECONDS``."""
    deadline = time.monotonic() + UNDER_LOAD_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _end_group(run: subprocess.Popen[bytes]) -> None:
    """Whatever a failed test left of ``run``'s process group, killed."""
    for pid in _group_processes(run.pid):
        os.kill(pid, signal.SIGKILL)
    if run.poll() is None:
        run.wait(timeout=UNDER_LOAD_SECONDS)


def test_ctrl_c_leaves_no_worker_behind(tmp_path: Path) -> None:
    hypotheses, (references,) = generated_test_set(60_000, seed=3)
    args = [_write(tmp_path / "r.txt", references), "-i", _write(tmp_path / "h.txt", hypotheses)]
    command = [*MTCOMPUTE, "score", *args, "-m", "ter", "--sentence-level", "--jobs", "2"]
    run = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        assert _wait_until(lambda: len(_group_processes(run.pid)) >= 3), "no workers started"
        os.killpg(run.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        # The workers finish the chunks they hold first: on a loaded machine, that takes a while.
        _, stderr = run.communicate(timeout=UNDER_LOAD_SECONDS)
        assert _wait_until(lambda: not _group_processes(run.pid)), _group_processes(run.pid)
    finally:
        _end_group(run)
    assert run.returncode != 0
    assert b"Traceback" not in stderr


def _on_a_terminal(*args: str) -> bytes:
    """What ``score`` writes to stderr when stderr is a terminal."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # 24 x 100
    run = subprocess.Popen([*MTCOMPUTE, "score", *args], stdout=subprocess.DEVNULL, stderr=follower)
    os.close(follower)
    seen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        try:
            data = os.read(leader, 65536) if ready else b""
        except OSError:  # the terminal closed with the process
            data = b""
        if not data:
            break
        seen += data
    run.wait(timeout=60)
    os.close(leader)
    return seen


def test_a_terminal_sees_the_progress_and_quiet_turns_it_off(test_set: list[str]) -> None:
    shown = _on_a_terminal(*test_set, "-m", "chrf", "--chunk-size", "50", "--jobs", "1")
    assert b"500/500" in shown
    assert b"segments/s" in shown
    assert _on_a_terminal(*test_set, "-m", "chrf", "--chunk-size", "50", "--quiet") == b""


def test_no_progress_is_written_when_stderr_is_not_a_terminal(test_set: list[str]) -> None:
    ran = _score(*test_set, "-m", "chrf", "--chunk-size", "50")
    assert (ran.returncode, ran.stderr) == (0, b"")


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Dask scheduler and a worker, each its own process, on loopback."""
    folder = tmp_path_factory.mktemp("dask")
    file = folder / "scheduler.json"
    bin_dir = Path(sys.executable).parent
    common = {"cwd": folder, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    started = [
        subprocess.Popen(
            [
                str(bin_dir / "dask"),
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--no-dashboard",
                "--scheduler-file",
                str(file),
            ],
            **common,  # type: ignore[call-overload]
        )
    ]
    try:
        assert _wait_until(file.exists), "the scheduler wrote no address"
        address = json.loads(file.read_text())["address"]
        started.append(
            subprocess.Popen(
                [
                    str(bin_dir / "dask"),
                    "worker",
                    address,
                    "--nthreads",
                    "1",
                    "--nworkers",
                    "2",
                    "--no-dashboard",
                ],
                **common,  # type: ignore[call-overload]
            )
        )
        yield address
    finally:
        for process in reversed(started):
            process.terminate()
            process.wait(timeout=30)


@pytest.mark.parametrize("level", [(), ("--sentence-level",)], ids=["corpus", "sentence"])
def test_a_dask_scheduler_gives_the_same_bytes(
    test_set: list[str], scheduler: str, level: tuple[str, ...]
) -> None:
    args = [*test_set, *METRICS, *level, "--chunk-size", "40"]
    assert _output(*args, "--scheduler", scheduler) == _output(*args, "--jobs", "1")


@pytest.mark.slow
def test_an_unreachable_scheduler_is_an_input_error(test_set: list[str]) -> None:
    ran = _score(*test_set, "--scheduler", "tcp://127.0.0.1:9")
    assert ran.returncode == 2
    assert b"expected a Dask scheduler at 'tcp://127.0.0.1:9'" in ran.stderr


def test_a_killed_run_leaves_no_worker_behind(tmp_path: Path) -> None:
    hypotheses, (references,) = generated_test_set(60_000, seed=4)
    args = [_write(tmp_path / "r.txt", references), "-i", _write(tmp_path / "h.txt", hypotheses)]
    command = [*MTCOMPUTE, "score", *args, "-m", "ter", "--sentence-level", "--jobs", "2"]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, start_new_session=True)
    try:
        assert _wait_until(lambda: len(_group_processes(run.pid)) >= 3), "no workers started"
        run.kill()  # no chance to clean up: the workers must go by themselves
        run.wait(timeout=UNDER_LOAD_SECONDS)
        assert _wait_until(lambda: not _group_processes(run.pid)), _group_processes(run.pid)
    finally:
        _end_group(run)
