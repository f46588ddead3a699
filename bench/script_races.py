"""The races that are scripts of their own (tokenizing, text BLEU, TER, pairwise, sentence chrF,
significance, scale, the worst valid inputs, whole processes, memory on one huge line): ``python
-m bench`` runs each in a fresh interpreter, with the collector on as users have it, and the
report quotes what each printed beside the goal it is held to.

A quick run gives each the smallest arguments that still run every peer once: a smoke run, not
a measurement.
"""

import subprocess
import sys
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class ScriptRace:
    """A script: its title, module, arguments (full and quick) and the goals it is held to."""

    title: str
    module: str
    full: tuple[str, ...]
    quick: tuple[str, ...]
    goals: str


@dataclass(frozen=True)
class ScriptResult:
    race: ScriptRace
    output: str
    seconds: float
    failed: bool


SCRIPT_RACES: tuple[ScriptRace, ...] = (
    ScriptRace(
        "Tokenizing 100,000 WMT17-like lines (mtcompute.tokenize)",
        "bench.tokenize_peers",
        ("--rounds", "3"),
        ("--lines", "500", "--rounds", "1"),
        ">= 25x sacreBLEU for 13a, >= 16x for intl, garbage collector on",
    ),
    ScriptRace(
        "Corpus BLEU from raw text",
        "bench.text_bleu_peers",
        (),
        ("--segments", "100", "--rounds", "1"),
        "the fused pass ahead of sacreBLEU and bleuscore",
    ),
    ScriptRace(
        "TER", "bench.ter_peers", (), ("--segments", "50", "--rounds", "1"), "ahead of sacreBLEU"
    ),
    ScriptRace(
        "TER's worst case by length",
        "bench.ter_worst_case",
        (),
        ("--lengths", "25,50", "--oracle-up-to", "25"),
        "time that grows with the length, no blow-up",
    ),
    ScriptRace(
        "Pairwise chrF and BLEU (MBR)",
        "bench.pairwise_peers",
        (),
        ("--quick",),
        "ahead of sacreBLEU's pair by pair",
    ),
    ScriptRace(
        "Sentence-level chrF",
        "bench.chrf_sentence_peers",
        (),
        ("--quick",),
        "ahead of sacreBLEU's sentence_score",
    ),
    ScriptRace(
        "Significance (paired bootstrap and randomization)",
        "bench.significance_peers",
        (),
        ("--segments", "60", "--systems", "2", "--skip-cli"),
        "ahead of sacreBLEU's paired tests",
    ),
    ScriptRace(
        "Scale: one system of 1,000,000 segments, sentence level",
        "bench.scale",
        (),
        ("--segments", "2000", "--metrics", "bleu"),
        "the first line within 10 % of the run",
    ),
    ScriptRace(
        "Worst valid input of each tool",
        "bench.hostile",
        ("--valid",),
        ("--valid", "--only", "bleu-brevity-penalty"),
        "each answered within its stated time",
    ),
    ScriptRace(
        "Whole processes: mtcompute against sacrebleu",
        "bench.command_peers",
        ("--rounds", "9"),
        ("--rounds", "1", "--lines", "30"),
        "3-line example >= 1.5x; 3,004 lines BLEU >= 3x, chrF >= 4x, BLEU+chrF+TER >= 10x",
    ),
    ScriptRace(
        "Peak memory of one huge line, every metric",
        "bench.huge_line",
        ("--sizes", "1", "4"),
        ("--sizes", "0.01", "--shapes", "words", "--metrics", "bleu", "chrf", "rougeLsum"),
        "score and the library within 8x the input's bytes, for every metric",
    ),
)


def run_script(race: ScriptRace, quick: bool) -> ScriptResult:
    """The script's output (standard output, then standard error), and how long it took."""
    arguments = race.quick if quick else race.full
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", race.module, *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    output = (done.stdout + done.stderr).strip()
    return ScriptResult(race, output, time.perf_counter() - start, done.returncode != 0)


def script_section(results: list[ScriptResult]) -> list[str]:
    """The report's part: per script, its goal, its command and what it printed."""
    lines = [
        "## The other races, each a script run in a fresh interpreter",
        "",
        "Each ran as `python -m MODULE ARGS` with the garbage collector on; its output follows "
        "as it printed it.",
        "",
    ]
    for result in results:
        race = result.race
        arguments = " ".join(race.full)
        lines += [
            f"### {race.title}",
            "",
            f"- Goal: {race.goals}",
            f"- Command: `python -m {race.module}{' ' if arguments else ''}{arguments}` "
            f"({result.seconds:.0f} s){', FAILED' if result.failed else ''}",
            "",
            "```text",
            result.output,
            "```",
            "",
        ]
    return lines
