"""``python -m bench.scale`` runs end to end on a small test set: the real command, the real
workers, the memory of the real process tree."""

import contextlib
import io
import os

import pytest

from bench import scale


@pytest.mark.slow
def test_the_scale_benchmark_reports_throughput_and_memory() -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        scale.main(["--segments", "600", "--metrics", "chrf", "ter"])
    report = printed.getvalue()
    assert "| mtcompute score --jobs 2 (wall, start-up included) |" in report
    assert "Parallel efficiency, 2 workers:" in report
    rows = [line for line in report.splitlines() if line.startswith(("| chrf |", "| ter |"))]
    assert len(rows) == 2
    assert all(row.endswith("| 600 |") for row in rows)


def test_the_process_tree_memory_counts_this_process() -> None:
    assert scale.tree_pss_kib(os.getpid()) > 0
