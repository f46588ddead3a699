"""The benchmark's /proc readings count this process and its live children (the helper too)."""

import subprocess
import sys
from collections.abc import Iterator

import pytest

from bench import procfs

# Burns a third of a second of CPU, says so, then waits for its input to end.
_BUSY_CHILD = """
import sys, time
start = time.process_time()
while time.process_time() - start < 0.3:
    pass
print("done", flush=True)
sys.stdin.read()
"""


@pytest.fixture
def busy_child() -> Iterator[subprocess.Popen[str]]:
    child = subprocess.Popen(
        [sys.executable, "-c", _BUSY_CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    yield child
    assert child.stdin is not None
    assert child.stdout is not None
    child.stdin.close()
    child.wait()
    child.stdout.close()


def test_a_live_child_is_listed_and_its_cpu_time_counted(
    busy_child: subprocess.Popen[str],
) -> None:
    assert busy_child.stdout is not None
    before = procfs.cpu_seconds()
    assert busy_child.stdout.readline() == "done\n"
    assert busy_child.pid in procfs.children()
    assert procfs.cpu_seconds() - before >= 0.25  # the child's third of a second, give or take


def test_memory_figures_of_this_process_are_read_and_its_high_water_mark_reset() -> None:
    assert procfs.reset_high_water_mark("self")
    resident = procfs.status_kib("self", "VmRSS")
    assert resident > 0
    assert procfs.status_kib("self", "VmHWM") >= resident


def test_a_figure_that_cannot_be_read_is_zero() -> None:
    assert procfs.status_kib("self", "NoSuchField") == 0
    assert procfs.status_kib(2**31 - 1, "VmRSS") == 0
