"""``score --scheduler`` run as a user runs it: every wait is bounded. An address that never
answers is exit 2 ``scheduler_unreachable``; a run whose last worker dies ends with exit 1 and
one line saying why."""

import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtcompute.scale.cluster import CONNECT_SECONDS, NO_WORKER_SECONDS_ENV
from tests.scale.corpora import generated_test_set
from tests.scale.test_cluster_waits import http_address, silent_address

__all__ = ["http_address", "silent_address"]  # the fixtures, used here too

MTCOMPUTE = str(Path(sys.executable).with_name("mtcompute"))
DASK = str(Path(sys.executable).with_name("dask"))


@pytest.fixture(scope="module")
def test_set(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("set")
    hypotheses, (references,) = generated_test_set(20_000, seed=3)
    (folder / "hyp.txt").write_text("".join(f"{line}\n" for line in hypotheses))
    (folder / "ref.txt").write_text("".join(f"{line}\n" for line in references))
    return [str(folder / "ref.txt"), "-i", str(folder / "hyp.txt")]


@pytest.mark.slow
@pytest.mark.parametrize("where", ["silent_address", "http_address"])
def test_score_at_an_address_that_is_no_scheduler_exits_2_within_the_bound(
    test_set: list[str], where: str, request: pytest.FixtureRequest
) -> None:
    address = request.getfixturevalue(where)
    started = time.monotonic()
    ran = subprocess.run(
        [MTCOMPUTE, "score", *test_set, "-m", "bleu", "--scheduler", address],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert time.monotonic() - started < CONNECT_SECONDS + 30
    assert ran.returncode == 2
    assert json.loads(ran.stderr)["errors"][0]["code"] == "scheduler_unreachable"


@pytest.fixture
def scheduler_and_worker(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Dask scheduler and one worker, each its own process (the worker its own group)."""
    file = tmp_path / "scheduler.json"
    quiet = {"cwd": tmp_path, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--dashboard-address", ":0", "--scheduler-file", str(file)],
        **quiet,  # type: ignore[call-overload]
    )  # fmt: skip
    worker = None
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        worker = subprocess.Popen(
            [
                DASK,
                "worker",
                address,
                "--nthreads",
                "1",
                "--no-dashboard",
                "--dashboard-address",
                ":0",
            ],
            start_new_session=True,
            **quiet,  # type: ignore[call-overload]
        )
        yield address, worker
    finally:
        if worker is not None and worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=30)
        scheduler.terminate()
        scheduler.wait(timeout=30)


@pytest.mark.slow
def test_score_whose_last_worker_dies_mid_run_exits_1_saying_why(
    test_set: list[str], scheduler_and_worker: tuple[str, subprocess.Popen[bytes]]
) -> None:
    address, worker = scheduler_and_worker
    command = [MTCOMPUTE, "score", *test_set, "-m", "chrf", "--sentence-level"]
    command += ["--chunk-size", "50", "--scheduler", address]
    run = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, NO_WORKER_SECONDS_ENV: "3"},
    )
    try:
        assert run.stdout is not None
        ready, _, _ = select.select([run.stdout], [], [], 120)
        assert ready  # the first lines are written: the run is under way
        os.killpg(worker.pid, signal.SIGKILL)  # the only worker dies, no goodbye
        killed = time.monotonic()
        out, err = run.communicate(timeout=120)
        assert time.monotonic() - killed < 60
    finally:
        run.kill()
        run.wait()
    assert run.returncode == 1
    lines = err.decode().splitlines()

    assert lines[-1] == (
        f"mtcompute: no worker is connected to the Dask scheduler at {address} and no chunk "
        "finished for 3 s: giving up (start workers, then run again)"
    )
    assert not any("Traceback" in line or "internal error" in line for line in lines), lines
    assert out.count(b"\n") < 20_000
