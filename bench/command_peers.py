"""The command as people run it: whole processes of ``mtcompute`` against ``sacrebleu``, wall
time from start to exit, the interpreter's start-up and every import included.

The races: ``--help``; the README's 3-line example (``ref1.txt -i hyp.txt -m bleu -b``); a test
set of 3,004 real-length lines (``corpus.real_length_texts``, one reference) scored with BLEU,
chrF, and BLEU+chrF+TER. Each round runs every command once, the peers in a rotated order;
a race's ratio is the median over rounds of sacreBLEU's wall time over mtcompute's in that
round (the machine is shared: ratios hold where absolute times drift). Both commands' scores
must agree (rounded as sacreBLEU prints them) before anything is timed.

    python -m bench.command_peers [--rounds R] [--lines N]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.bytecode import compile_mtcompute
from bench.corpus import real_length_texts

ROUNDS = 9
EXAMPLES = Path(__file__).parent.parent / "examples" / "score"
REAL_LINES = 3_004
_NUMBER = re.compile(r"-?\d+\.\d+")


@dataclass(frozen=True)
class CommandRace:
    """One race: a label, each command's arguments after its name, and the goal (a ratio)."""

    label: str
    ours: tuple[str, ...]
    theirs: tuple[str, ...]
    goal: float
    compare: bool = True


@dataclass(frozen=True)
class CommandResult:
    race: CommandRace
    ours_ms: float
    theirs_ms: float
    ratio: float

    @property
    def met(self) -> bool:
        return self.ratio >= self.race.goal


def executable(name: str) -> str:
    """The command installed beside this interpreter, else the one on the PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} is not installed")
    return found


def races(folder: Path, lines: int = REAL_LINES) -> list[CommandRace]:
    """The races on the example files and on a real-length test set written into ``folder``."""
    hypotheses, streams = real_length_texts(lines, 1)
    hypothesis_file, reference_file = folder / "hyp.txt", folder / "ref.txt"
    hypothesis_file.write_text("\n".join(hypotheses) + "\n", encoding="utf-8")
    reference_file.write_text("\n".join(streams[0]) + "\n", encoding="utf-8")
    example = (str(EXAMPLES / "ref1.txt"), "-i", str(EXAMPLES / "hyp.txt"))
    real = (str(reference_file), "-i", str(hypothesis_file))
    score = ("score",)
    return [
        CommandRace("--help", ("--help",), ("--help",), 1.0, compare=False),
        CommandRace(
            "3-line example, BLEU", (*score, *example, "-m", "bleu", "-b"), (*example, "-b"), 1.5
        ),
        CommandRace(
            f"{lines:,} lines, BLEU",
            (*score, *real, "-m", "bleu", "-b"),
            (*real, "-m", "bleu", "-b"),
            3.0,
        ),
        CommandRace(
            f"{lines:,} lines, chrF",
            (*score, *real, "-m", "chrf", "-b"),
            (*real, "-m", "chrf", "-b"),
            4.0,
        ),
        CommandRace(
            f"{lines:,} lines, BLEU+chrF+TER",
            (*score, *real, "-m", "bleu", "chrf", "ter", "-b"),
            (*real, "-m", "bleu", "chrf", "ter", "-b"),
            10.0,
        ),
    ]


def run(command: list[str]) -> tuple[float, str]:
    """Wall seconds of one whole process, and what it printed."""
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return seconds, done.stdout


def check(race: CommandRace, ours: list[str], theirs: list[str]) -> None:
    """Both print the same scores: ours (two decimals) within rounding of sacreBLEU's (one)."""
    if not race.compare:
        return
    mine = [float(number) for number in _NUMBER.findall(run(ours)[1])]
    peer = [float(number) for number in _NUMBER.findall(run(theirs)[1])]
    same = len(mine) == len(peer) and all(
        abs(a - b) <= 0.051 for a, b in zip(mine, peer, strict=True)
    )
    if not mine or not same:
        raise SystemExit(f"{race.label}: mtcompute printed {mine}, sacreBLEU {peer}")


def measure(rounds: int, lines: int = REAL_LINES, progress: bool = True) -> list[CommandResult]:
    ours, theirs = executable("mtcompute"), executable("sacrebleu")
    compile_mtcompute()
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for race in races(Path(scratch), lines):
            mine, peer = [ours, *race.ours], [theirs, *race.theirs]
            check(race, mine, peer)
            run(mine)  # the page cache warm for both
            run(peer)
            ours_s: list[float] = []
            theirs_s: list[float] = []
            ratios: list[float] = []
            for round_number in range(rounds):
                if round_number % 2:
                    b, a = run(peer)[0], run(mine)[0]
                else:
                    a, b = run(mine)[0], run(peer)[0]
                ours_s.append(a)
                theirs_s.append(b)
                ratios.append(b / a)
            result = CommandResult(
                race,
                1000 * statistics.median(ours_s),
                1000 * statistics.median(theirs_s),
                statistics.median(ratios),
            )
            if progress:
                print(
                    f"{race.label}: mtcompute {result.ours_ms:.0f} ms, sacreBLEU "
                    f"{result.theirs_ms:.0f} ms, {result.ratio:.2f}x (goal {race.goal}x)",
                    file=sys.stderr,
                )
            results.append(result)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--lines", type=int, default=REAL_LINES, help="the real-length test set")
    options = parser.parse_args()
    measure(options.rounds, options.lines)


if __name__ == "__main__":
    main()
