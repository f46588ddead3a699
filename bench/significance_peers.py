"""Several systems compared: mtcompute against sacreBLEU 2.6 for ``--paired-bs`` and
``--paired-ar`` with BLEU (13a) and chrF, on one test set of 3,000 segments and 10 systems.

    python -m bench.significance_peers [--segments N] [--systems N] [--skip-cli]

Two races, each timed in one run of this script so that the ratios compare like with like:

* end to end from text files: each CLI in a process of its own (``sacrebleu REF -i SYS... -m
  bleu chrf --paired-bs -f text`` and ``mtcompute score REF -i SYS... -m bleu chrf
  --paired-bs``), wall-clock and CPU seconds and peak resident memory of that process; for
  mtcompute also the scores alone (no test: the memory the tests add is measured from it) and
  every pair's tests (``--paired-all``);
* the resampling phase alone, in this process, on statistics extracted beforehand: sacreBLEU's
  ``PairedTest`` with each metric's ``_extract_corpus_statistics`` answering from a cache, and
  ``fast.resampling.paired.compare_pairs`` on the statistics matrices (both modes), CPU seconds
  of this process (all its threads).

Before timing, mtcompute's numbers are checked to be sacreBLEU's (p-values equal, scores within
1e-12, means and intervals equal) on the same statistics.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.modes import Resampling
from mtcompute.fast.resampling.registry import MetricStatistics, resampled_metrics

TESTS = {"bs": ("bootstrap", 1000), "ar": ("randomization", 10000)}


def write_test_set(folder: Path, segments: int, systems: int, seed: int = 3) -> list[Path]:
    """The reference file, then each system's: noisy copies of the references."""
    rng = random.Random(seed)
    vocabulary = [f"w{i}" for i in range(3000)] + list(",.;:!?") + ["the", "a", "of", "to"] * 40
    references = [
        " ".join(rng.choice(vocabulary) for _ in range(rng.randint(5, 40))) for _ in range(segments)
    ]
    paths = [folder / "ref.txt"]
    paths[0].write_text("\n".join(references) + "\n", encoding="utf-8")
    for k in range(systems):
        noise = 0.3 + 0.01 * k
        lines = [
            " ".join(w if rng.random() > noise else rng.choice(vocabulary) for w in r.split())
            for r in references
        ]
        paths.append(folder / f"system{k}.txt")
        paths[-1].write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


@dataclass(frozen=True, slots=True)
class Run:
    """One CLI run in a process of its own: wall-clock and CPU seconds, peak resident MB."""

    wall: float
    cpu: float
    peak_mb: float


# Runs the command and prints its wall-clock seconds, CPU seconds and peak resident KiB. A
# process started from this one would count this one's peak as its own (Linux carries the
# forking process's high-water mark across exec): this small launcher starts it instead.
_LAUNCHER = """
import os, sys, time
null = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)]
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=null)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit(f"{sys.argv[1]} failed")
print(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)
"""


def time_cli(command: list[str]) -> Run:
    """One run of ``command`` in a process of its own, its output discarded."""
    env = {**os.environ, "NO_COLOR": "1"}
    launched = [sys.executable, "-c", _LAUNCHER, *command]
    done = subprocess.run(launched, check=True, capture_output=True, text=True, env=env)
    wall, cpu, peak_kib = done.stdout.split()
    return Run(float(wall), float(cpu), float(peak_kib) / 1024)  # ru_maxrss: KiB on Linux


def _cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def sacrebleu_phase(texts: list[list[str]], reference: list[str], test: str) -> float:
    """CPU seconds of sacreBLEU's ``PairedTest`` with every system's statistics cached."""
    from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415 - imported where it is measured
    from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415
    from sacrebleu.significance import PairedTest  # noqa: PLC0415

    metrics: dict[str, Any] = {"BLEU": BLEU(), "chrF2": CHRF()}
    named: list[tuple[str, Sequence[str]]] = [(f"s{k}", hyps) for k, hyps in enumerate(texts)]
    for metric in metrics.values():
        cached = {id(h): metric._extract_corpus_statistics(h, [reference]) for h in texts}
        metric._extract_corpus_statistics = lambda hyps, refs, cached=cached: cached[id(hyps)]

    def run() -> None:
        PairedTest(named, metrics, [reference], test, 0)()  # the baseline's bootstrap included

    return _cpu(run)


def ours_phase(stats: list[MetricStatistics], test: str, mode: Resampling) -> float:
    name, samples = TESTS[test]

    def run() -> None:
        for metric in stats:
            paired.compare_pairs(
                metric.formula,
                metric.matrices,
                test=name,  # type: ignore[arg-type]
                samples=samples,
                seed=12345,
                resampling=mode,
            )

    return _cpu(run)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--segments", type=int, default=3000)
    parser.add_argument("--systems", type=int, default=10)
    parser.add_argument("--skip-cli", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        ref, *systems = write_test_set(Path(folder), args.segments, args.systems)
        reference = ref.read_text(encoding="utf-8").splitlines()
        texts = [path.read_text(encoding="utf-8").splitlines() for path in systems]
        refs = [[line] for line in reference]
        described = [resampled_metrics()[name] for name in ("bleu", "chrf")]
        stats = [
            s for d in described for s in d.each_score(d.options({}), texts, refs, "sacrebleu")
        ]
        print(f"{args.segments} segments, {args.systems} systems, BLEU (13a) and chrF")
        for test in TESTS:
            theirs = sacrebleu_phase(texts, reference, test)
            ours = ours_phase(stats, test, "sacrebleu")
            portable = ours_phase(stats, test, "portable")
            print(
                f"resampling phase --paired-{test}: sacreBLEU {theirs:.2f} s CPU, mtcompute "
                f"{ours:.3f} s ({theirs / ours:.0f}x), portable {portable:.3f} s "
                f"({theirs / portable:.0f}x)"
            )
        if args.skip_cli:
            return
        race_clis(ref, systems)


def race_clis(ref: Path, systems: Sequence[Path]) -> None:
    """Each CLI end to end, and mtcompute's memory and every pair's tests."""
    bin_folder = Path(sys.executable).parent
    names = [str(path) for path in systems]
    ours = [str(bin_folder / "mtcompute"), "score", str(ref), "-i", *names, "-m", "bleu", "chrf"]
    alone = time_cli(ours)
    print(f"mtcompute's scores alone: {alone.wall:.2f} s wall, peak {alone.peak_mb:.0f} MB")
    for test in TESTS:
        flag = f"--paired-{test}"
        their_cli = [str(bin_folder / "sacrebleu"), str(ref), "-i", *names, "-m", "bleu"]
        theirs = time_cli([*their_cli, "chrf", flag, "-f", "text"])
        our_run = time_cli([*ours, flag])
        print(
            f"end to end {flag}: sacreBLEU {theirs.wall:.2f} s wall ({theirs.cpu:.2f} s CPU, "
            f"{theirs.peak_mb:.0f} MB), mtcompute {our_run.wall:.2f} s wall ({our_run.cpu:.2f} s "
            f"CPU, {our_run.peak_mb:.0f} MB, +{our_run.peak_mb - alone.peak_mb:.0f} MB over the "
            f"scores alone): {theirs.wall / our_run.wall:.1f}x wall, "
            f"{theirs.cpu / our_run.cpu:.1f}x CPU"
        )
    for test in TESTS:
        every = time_cli([*ours, f"--paired-{test}", "--paired-all"])
        print(
            f"mtcompute --paired-{test} --paired-all ({len(names) * (len(names) - 1) // 2} "
            f"pairs): {every.wall:.2f} s wall ({every.cpu:.2f} s CPU, {every.peak_mb:.0f} MB)"
        )


if __name__ == "__main__":
    main()
