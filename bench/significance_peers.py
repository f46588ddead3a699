"""Several systems compared: mtcompute against sacreBLEU 2.6 for ``--paired-bs`` and
``--paired-ar`` with BLEU (13a) and chrF, on one test set of 3,000 segments and 10 systems.

    python -m bench.significance_peers [--segments N] [--systems N] [--skip-cli]

Two races, each timed in one run of this script so that the ratios compare like with like:

* end to end from text files: each CLI in a process of its own (``sacrebleu REF -i SYS... -m
  bleu chrf --paired-bs -f text`` and ``mtcompute score REF -i SYS... -m bleu chrf
  --paired-bs``), wall-clock and the children's CPU seconds;
* the resampling phase alone, in this process, on statistics extracted beforehand: sacreBLEU's
  ``PairedTest`` with each metric's ``_extract_corpus_statistics`` answering from a cache, and
  ``fast.resampling.paired.paired_test`` on the statistics matrices (both modes), CPU seconds
  of this process (all its threads).

Before timing, mtcompute's numbers are checked to be sacreBLEU's (p-values equal, scores within
1e-12, means and intervals equal) on the same statistics.
"""

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.draws import Resampling
from mtcompute.fast.resampling.texts import BleuOptions, MetricStatistics, metric_statistics
from mtcompute.metrics.chrf import ChrfOptions

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


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_cli(command: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of ``command``."""
    cpu, wall = _children_cpu(), time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "NO_COLOR": "1"})
    return time.perf_counter() - wall, _children_cpu() - cpu


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
            paired.paired_test(
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
        stats = [
            metric_statistics(o, texts, refs, "sacrebleu") for o in (BleuOptions(), ChrfOptions())
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
        bin_folder = Path(sys.executable).parent
        names = [str(path) for path in systems]
        for test in TESTS:
            flag = f"--paired-{test}"
            their_cli = [str(bin_folder / "sacrebleu"), str(ref), "-i", *names, "-m", "bleu"]
            their_cli += ["chrf", flag, "-f", "text"]
            our_cli = [str(bin_folder / "mtcompute"), "score", str(ref), "-i", *names]
            our_cli += ["-m", "bleu", "chrf", flag]
            their_wall, their_cpu = time_cli(their_cli)
            our_wall, our_cpu = time_cli(our_cli)
            print(
                f"end to end {flag}: sacreBLEU {their_wall:.2f} s wall ({their_cpu:.2f} s CPU), "
                f"mtcompute {our_wall:.2f} s wall ({our_cpu:.2f} s CPU): "
                f"{their_wall / our_wall:.1f}x wall, {their_cpu / our_cpu:.1f}x CPU"
            )


if __name__ == "__main__":
    main()
