"""``python -m bench.scale``: ``mtcompute score`` at scale, run as a user runs it.

1. Throughput: sentence-level chrF of short sentences (8 to 25 words) from text files to text
   lines, with ``--jobs 1`` and ``--jobs 2``: pairs a second, per core, and the parallel
   efficiency (the 2-worker rate over twice the 1-worker rate); beside it, in this process, the
   previous path (``api.chrf``'s segments) and sacreBLEU's ``sentence_chrf`` on the same pairs.
   Then sentence-level BLEU's, with ``--jobs 1``: pairs a second of wall time and of the
   command's CPU time (a core's rate, whatever else the machine runs).
2. Memory: 1,000,000 segments, sentence level, BLEU, chrF and TER each, with the default
   ``--jobs``: the peak of the proportional set size summed over the whole process tree (the
   command, its fork server and workers), sampled every 50 ms, the seconds to the first line
   written and the seconds in all.

``--segments N`` scales both (``--quick``: 20,000), and ``--metrics`` chooses the memory runs.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.bytecode import compile_mtcompute
from bench.procfs import _read_text
from mtcompute import api

_MTCOMPUTE = str(Path(sys.executable).with_name("mtcompute"))
_WORDS = [
    "".join(
        random.Random(index).choice("abcdefghijklmnopqrstuvwxyzéü") for _ in range(index % 8 + 2)
    )
    for index in range(5000)
]


def _sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(8, 25))) + "."


def write_test_set(folder: Path, segments: int) -> list[str]:
    """``REF -i HYP`` of ``segments`` short generated sentences."""
    rng = random.Random(29)
    for name in ("hyp.txt", "ref.txt"):
        with (folder / name).open("w", encoding="utf-8") as out:
            out.writelines(f"{_sentence(rng)}\n" for _ in range(segments))
    return [str(folder / "ref.txt"), "-i", str(folder / "hyp.txt")]


def tree_pss_kib(root: int) -> int:
    """The proportional set size of ``root`` and every descendant, in KiB."""
    total, pending = 0, [root]
    while pending:
        pid = pending.pop()
        for line in _read_text(Path(f"/proc/{pid}/smaps_rollup")).splitlines():
            if line.startswith("Pss:"):
                total += int(line.split()[1])
        for task in Path(f"/proc/{pid}/task").glob("*"):
            pending += [int(child) for child in _read_text(task / "children").split()]
    return total


@dataclass(frozen=True)
class Run:
    seconds: float
    first_line_seconds: float
    peak_pss_mib: float
    lines: int


def run_score(args: Sequence[str]) -> Run:
    """``mtcompute score ARGS``, its output counted as it comes, its memory sampled."""
    started = time.perf_counter()
    process = subprocess.Popen([_MTCOMPUTE, "score", *args], stdout=subprocess.PIPE)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.05):
            peak[0] = max(peak[0], tree_pss_kib(process.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    assert process.stdout is not None
    first = None
    lines = 0
    while block := os.read(process.stdout.fileno(), 1 << 16):
        first = first or time.perf_counter() - started
        lines += block.count(b"\n")
    process.wait()
    process.stdout.close()
    done.set()
    sampler.join()
    if process.returncode:
        raise SystemExit(f"mtcompute score {' '.join(args)} failed with {process.returncode}")
    return Run(time.perf_counter() - started, first or 0.0, peak[0] / 1024, lines)


def _in_process_rates(hypotheses: list[str], references: list[str]) -> dict[str, float]:
    """Pairs a second of the previous path and of sacreBLEU, in this process."""
    from sacrebleu import sentence_chrf  # noqa: PLC0415 - a peer, imported where measured

    rates = {}
    started = time.process_time()
    api.chrf(hypotheses, [[reference] for reference in references])
    rates["previous path (api.chrf segments), CPU"] = len(hypotheses) / (
        time.process_time() - started
    )
    share = hypotheses[: max(1, len(hypotheses) // 20)]
    started = time.process_time()
    for hypothesis, reference in zip(share, references, strict=False):
        sentence_chrf(hypothesis, [reference])
    rates["sacreBLEU sentence_chrf, CPU"] = len(share) / (time.process_time() - started)
    return rates


def throughput(folder: Path, segments: int) -> None:
    args = write_test_set(folder, segments)
    hypotheses = (folder / "hyp.txt").read_text(encoding="utf-8").splitlines()
    references = (folder / "ref.txt").read_text(encoding="utf-8").splitlines()
    print(f"## Sentence-level chrF throughput, {segments:,} pairs of 8-25 words\n")
    print("| how | pairs/s | per core |")
    print("|---|---:|---:|")
    rates = {}
    for jobs in (1, 2):
        run = run_score([*args, "-m", "chrf", "--sentence-level", "--jobs", str(jobs)])
        rates[jobs] = segments / run.seconds
        print(
            f"| mtcompute score --jobs {jobs} (wall, start-up included) | {rates[jobs]:,.0f} |"
            f" {rates[jobs] / jobs:,.0f} |"
        )
    for name, rate in _in_process_rates(hypotheses, references).items():
        print(f"| {name} | {rate:,.0f} | {rate:,.0f} |")
    print(f"\nParallel efficiency, 2 workers: {rates[2] / (2 * rates[1]):.0%}\n")
    started = os.times()
    run = run_score([*args, "-m", "bleu", "--sentence-level", "--jobs", "1"])
    ended = os.times()
    cpu = (ended.children_user - started.children_user) + (
        ended.children_system - started.children_system
    )
    print(
        f"Sentence-level BLEU, --jobs 1: {segments / run.seconds:,.0f} pairs/s wall, "
        f"{segments / cpu:,.0f} pairs/s of CPU (goal 200,000 a core)\n"
    )


def memory(folder: Path, segments: int, metrics: Sequence[str]) -> None:
    args = write_test_set(folder, segments)
    print(f"## Sentence level, {segments:,} segments, default --jobs ({os.cpu_count()} cores)\n")
    print("| metric | seconds | first line after | peak PSS, whole tree | lines |")
    print("|---|---:|---:|---:|---:|")
    for metric in metrics:
        run = run_score([*args, "-m", metric, "--sentence-level"])
        print(
            f"| {metric} | {run.seconds:.1f} | {run.first_line_seconds:.2f} s |"
            f" {run.peak_pss_mib:.0f} MiB | {run.lines:,} |"
        )
    print()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=1_000_000)
    parser.add_argument("--quick", action="store_true", help="20,000 segments")
    parser.add_argument("--metrics", nargs="+", default=["bleu", "chrf", "ter"])
    options = parser.parse_args(argv)
    segments = 20_000 if options.quick else options.segments
    compile_mtcompute()
    with tempfile.TemporaryDirectory() as folder:
        throughput(Path(folder), min(segments, 200_000))
        memory(Path(folder), segments, options.metrics)


if __name__ == "__main__":
    main()
