"""Peak memory (and time) of one huge segment, for every metric: a hypothesis and a reference of
one line each, of 1 and 4 MiB (``--sizes``), in two shapes (``--shapes``): ``words``, real-length
sentences joined (WMT-shaped words, none repeated line-wide), and ``one-word``, a single word of
random letters (the reference a copy with every tenth letter changed).

Each measurement runs in a fresh process (``bench.huge_line_calls``), four per metric:
``mtcompute score`` and ``sacrebleu`` as commands (the whole process's peak resident memory),
and one call of mtcompute's library function and of the peer's (sacreBLEU, jiwer, rouge-score;
the rise of the resident high-water mark during the call, the inputs already built). A run
over ``--timeout`` seconds is stopped and reported as such; a run that was stopped or failed
on a size is not tried on the larger ones. Each process may take ``MEMORY_LIMIT`` of address
space, and a peer whose table is quadratic in the words (sacreBLEU's TER keeps every row of
its edit distance, rouge-score every row of its LCS) is not run where that table would pass it.

The figure to hold: mtcompute's peak as a multiple of the input's bytes (the two lines'), the
command's above its peak on a one-word line (the interpreter and its modules). The goal: a
small multiple (8x) for every metric.

    python -m bench.huge_line [--sizes MIB ...] [--shapes words one-word] [--metrics ...]
        [--timeout SECONDS] [--no-peers]
"""

import argparse
import random
import resource
import string
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.corpus import real_length_texts

MIB = 1024 * 1024
ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
METRICS = ("bleu", "chrf", "chrf++", "ter", "wer", "cer", *ROUGE_TYPES)
SHAPES = ("words", "one-word")
GOAL = 8  # the multiple of the input's bytes a metric's peak should stay within
TIMEOUT = 180.0
MEMORY_LIMIT = 8 << 30  # bytes of address space a measured process may take
# The peers that keep a table of a row per hypothesis word and a cell per reference word.
_QUADRATIC_PEERS = {("peer-library", "ter"), ("sacrebleu-score", "ter")} | {
    ("peer-library", kind) for kind in ("rougeL", "rougeLsum")
}
_CELL_BYTES = 8  # a list's pointer per cell
_SENTENCE_BYTES = 120  # fewer than a real-length sentence takes: enough sentences for a line
_SCORE = {
    "bleu": ["-m", "bleu"],
    "chrf": ["-m", "chrf"],
    "chrf++": ["-m", "chrf", "--chrf-word-order", "2"],
    "ter": ["-m", "ter"],
    "wer": ["-m", "wer"],
    "cer": ["-m", "cer"],
    **{kind: ["-m", "rouge", "--rouge-types", kind] for kind in ROUGE_TYPES},
}
_SACREBLEU = ("bleu", "chrf", "chrf++", "ter")  # the metrics of sacreBLEU's command
PEER_NAMES = {
    **dict.fromkeys(_SACREBLEU, "sacreBLEU"),
    "wer": "jiwer",
    "cer": "jiwer",
    **dict.fromkeys(ROUGE_TYPES, "rouge-score"),
}


@dataclass(frozen=True)
class Run:
    """One process's outcome: its peak (KiB) and seconds, or why there is none."""

    kib: int | None = None
    seconds: float | None = None
    missing: str = ""  # "over N s", "failed", "skipped", or "-" (no such peer)

    def shown(self, start_kib: int = 0, input_bytes: int = 0) -> str:
        if self.kib is None:
            return self.missing
        multiple = f"{(self.kib - start_kib) * 1024 / input_bytes:.1f}x, " if input_bytes else ""
        return f"{self.kib / 1024:.0f} MiB ({multiple}{self.seconds:.1f} s)"


@dataclass(frozen=True)
class Measured:
    """A metric on one line pair: the commands' and the library calls' runs."""

    metric: str
    shape: str
    input_bytes: int
    start_kib: int
    score: Run
    sacrebleu: Run
    library: Run
    peer: Run

    def line(self) -> str:
        size = f"{self.input_bytes / 2 / MIB:.2f} MiB"
        score = self.score.shown(self.start_kib, self.input_bytes)
        library = self.library.shown(0, self.input_bytes)
        return (
            f"{self.shape}, {size}, {self.metric}: score {score}, sacrebleu "
            f"{self.sacrebleu.shown()}; library {library}, {PEER_NAMES[self.metric]} "
            f"{self.peer.shown()}"
        )


def words_line(size: int, seed: int) -> tuple[str, str]:
    """A hypothesis and a reference line of about ``size`` bytes of real-length sentences."""
    hypotheses, streams = real_length_texts(size // _SENTENCE_BYTES + 64, 1, seed=seed)
    return _cut(" ".join(hypotheses), size), _cut(" ".join(streams[0]), size)


def one_word_line(size: int, seed: int) -> tuple[str, str]:
    """One word of ``size`` random letters, and a copy with every tenth letter changed."""
    rng = random.Random(seed)
    letters = rng.choices(string.ascii_lowercase, k=size)
    hypothesis = "".join(letters)
    for at in range(0, size, 10):
        letters[at] = rng.choice(string.ascii_lowercase)
    return hypothesis, "".join(letters)


def _cut(text: str, size: int) -> str:
    return text.encode("utf-8")[:size].decode("utf-8", errors="ignore").rstrip()


def write_pair(folder: Path, shape: str, size: int) -> tuple[Path, Path, int]:
    """The two one-line files of ``shape`` and about ``size`` bytes each, and their bytes."""
    make = words_line if shape == "words" else one_word_line
    hypothesis, reference = make(size, 2026)
    files = (folder / "hyp.txt", folder / "ref.txt")
    for path, text in zip(files, (hypothesis, reference), strict=True):
        path.write_text(text + "\n", encoding="utf-8")
    return *files, len(hypothesis.encode("utf-8")) + len(reference.encode("utf-8"))


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run(
    runner: str, metric: str, files: Sequence[Path], timeout: float, extra: Sequence[str] = ()
) -> Run:
    """``bench.huge_line_calls`` in a process of its own, within ``MEMORY_LIMIT``."""
    command = [sys.executable, "-m", "bench.huge_line_calls", runner, metric, *map(str, files)]
    try:
        done = subprocess.run(
            [*command, "--", *extra],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            preexec_fn=_limited,
        )
    except subprocess.TimeoutExpired:
        return Run(missing=f"over {timeout:.0f} s")
    for text in done.stderr.splitlines():
        if text.startswith("PEAK_KIB") and done.returncode == 0:
            _, kib, _, seconds = text.split()
            return Run(int(kib), float(seconds))
    print(f"{runner} {metric} failed: {done.stderr[-1500:]}", file=sys.stderr)
    return Run(missing="failed")


def score_arguments(metric: str, files: Sequence[Path], runner: str, size: int) -> list[str]:
    hypothesis, reference = map(str, files)
    arguments = [reference, "-i", hypothesis, "-b"]
    if runner == "sacrebleu-score":
        return [*arguments, *_SCORE[metric]]
    limit = ["--jobs", "1", "--max-line-bytes", str(2 * size + 64)]
    return ["score", *arguments, *_SCORE[metric], *limit]


class Plan:
    """What is run: the runs stopped on a smaller size are skipped on the larger ones."""

    def __init__(self, timeout: float, peers: bool) -> None:
        self.timeout = timeout
        self.peers = peers
        self.given_up: set[tuple[str, str, str]] = set()

    def runs(self, metric: str, shape: str, files: Sequence[Path], size: int) -> list[Run]:
        outcomes = []
        for runner in ("score", "sacrebleu-score", "library", "peer-library"):
            key = (runner, metric, shape)
            if (runner not in {"score", "library"} and not self.peers) or (
                runner == "sacrebleu-score" and metric not in _SACREBLEU
            ):
                outcomes.append(Run(missing="-"))
            elif key in self.given_up:
                outcomes.append(Run(missing="skipped"))
            elif (runner, metric) in _QUADRATIC_PEERS and _table_bytes(files) > MEMORY_LIMIT:
                gib = _table_bytes(files) / (1 << 30)
                outcomes.append(Run(missing=f"not run (its table: {gib:,.0f} GiB)"))
            else:
                extra = score_arguments(metric, files, runner, size) if "score" in runner else ()
                outcome = run(runner, metric, files, self.timeout, extra)
                if outcome.kib is None:
                    self.given_up.add(key)
                outcomes.append(outcome)
        return outcomes


def _table_bytes(files: Sequence[Path]) -> int:
    """A table of a cell per hypothesis word and reference word."""
    words = [len(path.read_text(encoding="utf-8").split()) + 1 for path in files]
    return _CELL_BYTES * words[0] * words[1]


def start_kib(metric: str, folder: Path, timeout: float) -> int:
    """``mtcompute score``'s peak on a one-word line pair."""
    files = (folder / "start-hyp.txt", folder / "start-ref.txt")
    for path in files:
        path.write_text("word\n", encoding="utf-8")
    started = run("score", metric, files, timeout, score_arguments(metric, files, "score", 5))
    return started.kib or 0


def measure(
    sizes: Sequence[float],
    shapes: Sequence[str],
    metrics: Sequence[str],
    timeout: float,
    peers: bool,
) -> list[Measured]:
    plan = Plan(timeout, peers)
    measured: list[Measured] = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        starts = {metric: start_kib(metric, folder, timeout) for metric in metrics}
        for mib in sorted(sizes):
            size = int(mib * MIB)
            for shape in shapes:
                *files, input_bytes = write_pair(folder, shape, size)
                for metric in metrics:
                    runs = plan.runs(metric, shape, files, size)
                    result = Measured(metric, shape, input_bytes, starts[metric], *runs)
                    print(result.line(), file=sys.stderr, flush=True)
                    measured.append(result)
    return measured


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1.0, 4.0], metavar="MIB")
    parser.add_argument("--shapes", nargs="+", default=list(SHAPES), choices=SHAPES)
    parser.add_argument("--metrics", nargs="+", default=list(METRICS), choices=METRICS)
    parser.add_argument("--timeout", type=float, default=TIMEOUT)
    parser.add_argument("--no-peers", action="store_true")
    options = parser.parse_args()
    measure(options.sizes, options.shapes, options.metrics, options.timeout, not options.no_peers)


if __name__ == "__main__":
    main()
