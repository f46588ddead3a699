"""``score`` on one huge line, run as a user runs it: the process's peak memory above that of a
one-line test set stays a stated multiple of the files' bytes, for every metric. BLEU and chrF
count a long segment one order at a time, ROUGE-L and ROUGE-Lsum align it in linear memory; the
metrics whose time grows with the square of a line (TER's shifts, WER's and CER's alignments)
are measured on shorter lines, which their time allows (``bench.huge_line`` measures them all)."""

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.live]

MTCOMPUTE = [str(Path(sys.executable).with_name("mtcompute"))]

_WORDS = [
    "".join(random.Random(k).choices("abcdefghijklmnopqrstuvwxyzäöüß", k=1 + k % 9))
    for k in range(4000)
]

# Peak memory above a one-line run, as a multiple of the files' bytes (hypotheses and
# references). Measured on a 4 MiB line pair: BLEU 8, chrF 7, chrF++ 8 (were 29, 16, 22); ROUGE
# of every type 8 (ROUGE-L was 264, ROUGE-Lsum out of memory).
_LINEAR = {"bleu": 12, "chrf": 12, "chrf++": 12, "rouge": 12}
_QUADRATIC = {"ter": 64, "wer": 64, "cer": 64}
_LINE_BYTES = {"rouge": 256 << 10}  # ROUGE-Lsum's alignment takes seconds there, not minutes


def _line(seed: int, size: int) -> str:
    """About ``size`` bytes of words, one line."""
    rng = random.Random(seed)
    words: list[str] = []
    total = 0
    while total < size:
        word = rng.choice(_WORDS)
        words.append(word)
        total += len(word.encode()) + 1
    return " ".join(words)


def _files(folder: Path, size: int) -> tuple[str, str, int]:
    hypothesis, reference = folder / f"hyp{size}.txt", folder / f"ref{size}.txt"
    hypothesis.write_text(_line(1, size) + "\n", encoding="utf-8")
    reference.write_text(_line(2, size) + "\n", encoding="utf-8")
    total = hypothesis.stat().st_size + reference.stat().st_size
    return str(reference), str(hypothesis), total


def _peak_bytes(folder: Path, reference: str, hypothesis: str, metric: str) -> int:
    """The peak resident memory of ``score`` in a process of its own (that child's alone, as
    ``wait4`` reports it), its output checked."""
    args = [*MTCOMPUTE, "score", reference, "-i", hypothesis, "-m", metric, "-q", "--jobs", "1"]
    args += ["--max-line-bytes", str(1 << 30)]
    out, err = folder / "out", folder / "err"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(args, stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    assert process.returncode == 0, err.read_text()
    assert '"score"' in out.read_text()
    return usage.ru_maxrss * 1024  # kibibytes on Linux


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("huge")


def _check(folder: Path, metric: str, size: int, multiple: int) -> None:
    small = _peak_bytes(folder, *_files(folder, 64)[:2], metric)
    reference, hypothesis, total = _files(folder, size)
    grown = _peak_bytes(folder, reference, hypothesis, metric) - small
    assert grown <= multiple * total, f"{metric}: {grown / 2**20:.0f} MiB above a one-line run"


@pytest.mark.parametrize("metric", sorted(_LINEAR))
def test_one_huge_lines_memory_is_a_small_multiple_of_its_bytes(folder: Path, metric: str) -> None:
    _check(folder, metric, _LINE_BYTES.get(metric, 2 << 20), _LINEAR[metric])


@pytest.mark.parametrize("metric", sorted(_QUADRATIC))
def test_a_long_line_of_a_quadratic_metric_holds_a_small_multiple_of_its_bytes(
    folder: Path, metric: str
) -> None:
    _check(folder, metric, 16 << 10, _QUADRATIC[metric])
