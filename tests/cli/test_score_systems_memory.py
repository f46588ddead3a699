"""``score`` of several systems, run as a user runs it: read in chunks, its peak memory grows
with the systems' statistics, not with their text. Four times the lines of long text (the
statistics of a few hundred segments are a few kilobytes) leave the peak about where it was
(measured: BLEU 0 to 2 MiB more, chrF 4, chunks of 1 MiB), where reading every file whole adds more
than the text added (BLEU: 21 MiB for 15 MiB)."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.live]

MTCOMPUTE = [str(Path(sys.executable).with_name("mtcompute"))]
_LINE_BYTES = 8 << 10
_FILES = ("ref", "sys0", "sys1", "sys2", "sys3")
_WORDS = [
    "".join(random.Random(k).choices("abcdefghijklmnopqrstuvwxyzäöü", k=1 + k % 9))
    for k in range(2000)
]


def _line(rng: random.Random) -> str:
    words: list[str] = []
    total = 0
    while total < _LINE_BYTES:
        word = rng.choice(_WORDS)
        words.append(word)
        total += len(word.encode()) + 1
    return " ".join(words)


def _files(folder: Path, lines: int) -> tuple[list[str], int]:
    """The reference, then four systems, of ``lines`` long lines each, and their bytes."""
    paths = []
    for k, name in enumerate(_FILES):
        path = folder / f"{name}-{lines}.txt"
        rng = random.Random(k)
        path.write_text("".join(f"{_line(rng)}\n" for _ in range(lines)), encoding="utf-8")
        paths.append(str(path))
    return paths, sum(Path(path).stat().st_size for path in paths)


# Forks and runs a command, then writes its peak memory and exit code: a child forked from the
# test process would start from its peak (Linux keeps a process's high-water mark across exec).
_LAUNCH = """import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
with open(sys.argv[1], "w") as out:
    out.write(f"{usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}")
"""


def _peak_bytes(folder: Path, paths: list[str], metric: str, *extra: str) -> int:
    """The peak resident memory of ``score`` in a process of its own, its output checked."""
    reference, *systems = paths
    args = [*MTCOMPUTE, "score", reference, "-i", *systems, "-m", metric, "-q", "-f", "text"]
    args += ["--paired-bs", "--paired-bs-n", "100", *extra]
    out, err, peak = folder / "out", folder / "err", folder / "peak"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        subprocess.run(
            [sys.executable, "-c", _LAUNCH, str(peak), *args],
            stdout=stdout,
            stderr=stderr,
            check=True,
        )
    kibibytes, code = peak.read_text().split()
    assert code == "0", err.read_text()
    assert "Metric signatures" in out.read_text()
    return int(kibibytes) * 1024  # kibibytes on Linux


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("systems-memory")


@pytest.mark.parametrize("metric", ["bleu", "chrf"])
def test_several_systems_peak_memory_does_not_grow_with_their_text(
    folder: Path, metric: str
) -> None:
    few, few_bytes = _files(folder, 128)
    many, many_bytes = _files(folder, 512)
    added = many_bytes - few_bytes  # about 12 MiB of text
    chunk = ("--chunk-bytes", str(1 << 20))  # 128 lines a file are some chunks already
    grown = _peak_bytes(folder, many, metric, *chunk) - _peak_bytes(folder, few, metric, *chunk)
    # Half the added text at most (the whole read adds all of it and more): the statistics and
    # the allocator's slack grow a little with the segments (chrF measured 4 to 5.5 MiB).
    assert grown <= added // 2, f"{metric}: {grown / 2**20:.0f} MiB more for {added >> 20} MiB"


def test_reading_every_file_whole_would_grow_with_the_text(folder: Path) -> None:
    """What the test above rules out: the whole read (another encoding) holds the text."""
    few, _ = _files(folder, 128)
    many, _ = _files(folder, 512)
    whole = ("--encoding", "utf-8-sig")
    grown = _peak_bytes(folder, many, "bleu", *whole) - _peak_bytes(folder, few, "bleu", *whole)
    chunk = ("--chunk-bytes", str(1 << 20))
    chunked = _peak_bytes(folder, many, "bleu", *chunk) - _peak_bytes(folder, few, "bleu", *chunk)
    assert grown > chunked + (8 << 20), (grown, chunked)
