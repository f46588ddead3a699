"""Peak memory of ``score`` on one huge segment: a hypothesis and a reference of one line each
(real-length sentences joined, ``--mib`` MiB; TER, whose beam search is quadratic in the words,
on a line 256 times shorter), scored by ``mtcompute score`` and by ``sacrebleu`` for every
metric, each in a fresh process whose peak resident memory (``ru_maxrss``) it reports itself.

The figure to hold: the peak as a multiple of the line's bytes (the goal: a small multiple).

    python -m bench.huge_line [--mib N] [--metrics bleu chrf ...] [--no-sacrebleu]
"""

import argparse
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.corpus import real_length_texts

MIB = 1024 * 1024
METRICS = ("bleu", "chrf", "chrf++", "ter")
TER_SHORTER = 256
SACREBLEU_METRIC = {
    "bleu": ["-m", "bleu"],
    "chrf": ["-m", "chrf"],
    "chrf++": ["-m", "chrf", "--chrf-word-order", "2"],
    "ter": ["-m", "ter"],
}
# Runs the command in this process, then prints its peak resident memory in KiB.
_PEAK = """
import resource, sys
which = sys.argv.pop(1)
try:
    if which == "mtcompute":
        from mtcompute.cli.main import cli
        cli(sys.argv[1:], standalone_mode=False)
    else:
        from sacrebleu.sacrebleu import main
        sys.argv[0] = "sacrebleu"
        main()
finally:
    print("PEAK_KIB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
"""


@dataclass(frozen=True)
class Peak:
    """Peaks in KiB; ``start_kib`` is mtcompute's on a line of one word (the interpreter and
    the modules), which the multiple leaves out."""

    metric: str
    line_bytes: int
    ours_kib: int
    start_kib: int
    sacrebleu_kib: int | None

    @property
    def multiple(self) -> float:
        return (self.ours_kib - self.start_kib) * 1024 / self.line_bytes


def write_line(path: Path, size: int, stream: int) -> int:
    """One line of about ``size`` bytes of real-length sentences; its length in bytes."""
    hypotheses, streams = real_length_texts(2_000, 1, seed=2026 + stream)
    text = " ".join(hypotheses if stream == 0 else streams[0])
    line = (text * (size // len(text) + 1))[:size].rstrip()
    path.write_text(line + "\n", encoding="utf-8")
    return len(line.encode("utf-8"))


def peak_kib(which: str, arguments: list[str]) -> int:
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, which, *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    for line in done.stderr.splitlines():
        if line.startswith("PEAK_KIB"):
            if done.returncode != 0:
                raise SystemExit(f"{which} {' '.join(arguments)} failed: {done.stderr[-2000:]}")
            return int(line.split()[1])
    raise SystemExit(f"{which} {' '.join(arguments)} failed: {done.stderr[-2000:]}")


def measure(mib: float, metrics: tuple[str, ...] = METRICS, sacrebleu: bool = True) -> list[Peak]:
    peaks = []
    with tempfile.TemporaryDirectory() as scratch:
        for metric in metrics:
            size = int(mib * MIB) // (TER_SHORTER if metric == "ter" else 1)
            hypothesis, reference = Path(scratch, "hyp.txt"), Path(scratch, "ref.txt")
            line_bytes = max(write_line(hypothesis, size, 0), write_line(reference, size, 1))
            files = [str(reference), "-i", str(hypothesis), "-b"]
            limit = ["--max-line-bytes", str(2 * size)]
            ours = peak_kib("mtcompute", ["score", *files, "-m", metric, *limit])
            sacrebleu_arguments = [*files, *SACREBLEU_METRIC[metric]]
            theirs = peak_kib("sacrebleu", sacrebleu_arguments) if sacrebleu else None
            hypothesis.write_text("word\n", encoding="utf-8")
            reference.write_text("word\n", encoding="utf-8")
            start = peak_kib("mtcompute", ["score", *files, "-m", metric])
            peak = Peak(metric, line_bytes, ours, start, theirs)
            shown = "-" if theirs is None else f"{theirs / 1024:.0f} MiB"
            print(
                f"{metric}: one line of {line_bytes / MIB:.3f} MiB: mtcompute "
                f"{ours / 1024:.0f} MiB ({peak.multiple:.0f}x the line above its start), "
                f"sacreBLEU {shown}",
                file=sys.stderr,
            )
            peaks.append(peak)
    return peaks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mib", type=float, default=4.0)
    parser.add_argument("--metrics", nargs="+", default=list(METRICS), choices=METRICS)
    parser.add_argument("--no-sacrebleu", action="store_true")
    options = parser.parse_args()
    measure(options.mib, tuple(options.metrics), not options.no_sacrebleu)


if __name__ == "__main__":
    main()
