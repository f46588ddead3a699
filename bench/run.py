"""Run the benchmark: ``python -m bench`` (full, writes bench/RESULTS.md) or ``--quick`` (for CI).

For each corpus: generate it, check every peer's value against ours, time the peers that agree,
interleaved, then measure each one's peak memory in a subprocess. Then the in-process request
path on the S request, HTTP, and every race that is a script of its own (``script_races``:
tokenizing, text BLEU, TER, pairwise, significance, scale, worst valid inputs, whole processes,
memory on a huge line), each in a fresh interpreter.
"""

import argparse
import datetime
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from bench import corpus
from bench.http_load import HttpPlan, HttpResult, measure_http
from bench.memory import measure_in_subprocess
from bench.peers import OURS, PEERS, REFERENCE, SACREBLEU, Peer
from bench.race import Race
from bench.races import BLEU_RACE, RACES
from bench.report import render
from bench.request_path import CHRF_STEPS, StepTiming, chrf_request, time_steps
from bench.script_races import SCRIPT_RACES, ScriptResult, run_script
from bench.timing import Refusal, Timing, check_peers, time_peers

RESULTS_FILE = Path(__file__).parent / "RESULTS.md"


@dataclass(frozen=True)
class Plan:
    """What one mode runs: which corpora, how many timed rounds, how many request-path rounds."""

    corpora: tuple[str, ...]
    rounds: dict[str, int]
    request_corpus: str
    request_rounds: int
    http: HttpPlan
    race_rounds: dict[str, int]  # the other metrics' rounds, by corpus
    quick: bool = False


# S and M rounds take seconds: more of them steady the medians on a shared machine. sacreBLEU's
# chrF takes seconds on M, so the other races run fewer rounds.
FULL = Plan(
    ("S", "M", "L"),
    {"S": 41, "M": 15, "L": 5},
    "S",
    60,
    HttpPlan(100, 300, 10.0, 4, (1, 2)),
    {"S": 11, "M": 5},
)
QUICK = Plan(("tiny",), {"tiny": 1}, "tiny", 1, HttpPlan(2, 2, 0.5, 2, (1,)), {"tiny": 1}, True)
# The pure-Python oracle needs minutes on L; it is timed on S and M only.
SKIPPED = {"L": (REFERENCE,)}
# The quick run measures memory for two peers only: a subprocess each costs seconds in CI.
MEMORY_MEASURED = (OURS, SACREBLEU)


@dataclass(frozen=True)
class CorpusResult:
    name: str
    segments: int
    tokens: int
    timings: list[Timing]
    refusals: list[Refusal]
    memory_kib: dict[str, int]


@dataclass(frozen=True)
class RaceResult:
    race: Race
    corpora: list[CorpusResult]


@dataclass(frozen=True)
class BenchmarkResult:
    quick: bool
    corpora: list[CorpusResult]
    request_path: list[StepTiming]
    http: HttpResult
    started: datetime.datetime
    races: list[RaceResult]
    chrf_request_path: list[StepTiming]
    scripts: list[ScriptResult]


def corpus_bytes(name: str) -> tuple[bytes, int, int]:
    """The corpus as request JSON, its segment count and its token count."""
    generated = corpus.generate(corpus.SHAPES[name])
    data = orjson.dumps(corpus.as_request(generated))
    return data, len(generated), corpus.total_tokens(generated)


def progress(message: str) -> None:
    print(f"{datetime.datetime.now(datetime.UTC):%H:%M:%S} {message}", file=sys.stderr)


def measure_corpus(name: str, rounds: int, scratch: Path) -> CorpusResult:
    progress(f"{name}: generating, then checking every peer's score")
    data, segments, tokens = corpus_bytes(name)
    peers = tuple(p for p in PEERS if p not in SKIPPED.get(name, ()))
    agreeing, refusals = check_peers(peers, data)
    progress(f"{name}: {rounds} timed rounds of {len(agreeing)} peers")
    timings = time_peers(agreeing, data, rounds)
    memory = _peak_memory(name, data, agreeing, MEMORY_MEASURED, scratch, BLEU_RACE)
    return CorpusResult(name, segments, tokens, timings, refusals, memory)


def _peak_memory(  # noqa: PLR0917 - one call site each, read side by side
    name: str,
    data: bytes,
    agreeing: list[Peer],
    quick_peers: tuple[Peer, ...],
    scratch: Path,
    race: str,
) -> dict[str, int]:
    progress(f"{race} {name}: peak memory, one subprocess per peer")
    corpus_file = scratch / f"{name}.json"
    corpus_file.write_bytes(data)
    measured = [p for p in agreeing if p in quick_peers] if name == "tiny" else agreeing
    return {peer.name: measure_in_subprocess(peer.name, corpus_file, race) for peer in measured}


def measure_race(race: Race, plan: Plan, scratch: Path) -> RaceResult:
    results = []
    for name in plan.corpora if plan.quick else race.corpora:
        progress(f"{race.title} {name}: checking every peer's score")
        data, segments, tokens = corpus_bytes(name)
        agreeing, refusals = check_peers(race.peers_on(name), data, race.ours, race.disagreement)
        rounds = plan.race_rounds[name]
        progress(f"{race.title} {name}: {rounds} timed rounds of {len(agreeing)} peers")
        timings = time_peers(agreeing, data, rounds, race.baseline)
        quick_peers = (race.ours, race.baseline)
        memory = _peak_memory(name, data, agreeing, quick_peers, scratch, race.title)
        results.append(CorpusResult(name, segments, tokens, timings, refusals, memory))
    return RaceResult(race, results)


def run_benchmark(
    plan: Plan, scripts_from: Path | None = None, scripts_wait: float = 3600.0
) -> BenchmarkResult:
    started = datetime.datetime.now(datetime.UTC)
    with tempfile.TemporaryDirectory() as scratch:
        corpora = [measure_corpus(n, plan.rounds[n], Path(scratch)) for n in plan.corpora]
        races = [measure_race(race, plan, Path(scratch)) for race in RACES]
    request_data = corpus_bytes(plan.request_corpus)[0]
    progress("request path, in process")
    request_path = time_steps(request_data, plan.request_rounds)
    chrf_data = chrf_request(corpus.generate(corpus.SHAPES["tiny" if plan.quick else "M"]))
    chrf_path = time_steps(chrf_data, plan.request_rounds, CHRF_STEPS)
    progress("HTTP latency and throughput")
    http = measure_http(plan.http, request_data, plan.request_corpus)
    scripts = load_scripts(scripts_from, scripts_wait) if scripts_from else run_scripts(plan.quick)
    return BenchmarkResult(
        plan.quick, corpora, request_path, http, started, races, chrf_path, scripts
    )


def run_scripts(quick: bool, output: Path | None = None) -> list[ScriptResult]:
    """Every script race, in order; each result written to ``output`` (JSON) as it comes."""
    scripts = []
    for script in SCRIPT_RACES:
        progress(f"{script.title}: python -m {script.module}")
        scripts.append(run_script(script, quick))
        if output is not None:
            output.write_bytes(orjson.dumps([_saved(result) for result in scripts]))
    return scripts


def _saved(result: ScriptResult) -> dict[str, object]:
    return {
        "module": result.race.module,
        "output": result.output,
        "seconds": result.seconds,
        "failed": result.failed,
    }


def load_scripts(saved: Path, wait_seconds: float = 3600.0) -> list[ScriptResult]:
    """The script races' results as ``--scripts-only`` saved them (a run of their own, which
    may still be writing: waited for until every race is in, at most ``wait_seconds``)."""
    races = {race.module: race for race in SCRIPT_RACES}
    deadline = time.monotonic() + wait_seconds
    while time.monotonic() < deadline and len(_saved_items(saved)) < len(SCRIPT_RACES):
        time.sleep(10)
    return [
        ScriptResult(races[item["module"]], item["output"], item["seconds"], item["failed"])
        for item in _saved_items(saved)
    ]


def _saved_items(saved: Path) -> list[dict[str, Any]]:
    try:
        items: list[dict[str, Any]] = orjson.loads(saved.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return []
    return items


def write_report(result: BenchmarkResult, output: Path | None) -> None:
    """The Markdown report to ``output``, or to standard output when there is none."""
    text = render(result)
    if output is None:
        print(text)
    else:
        output.write_text(text)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny corpus, one round (for CI)")
    parser.add_argument("--output", type=Path, help="where to write the Markdown report")
    parser.add_argument(
        "--scripts-only", type=Path, metavar="JSON", help="run the script races alone, save them"
    )
    parser.add_argument(
        "--scripts-from", type=Path, metavar="JSON", help="the script races as saved, not rerun"
    )
    parser.add_argument(
        "--scripts-wait", type=float, default=3600.0, help="seconds to wait for --scripts-from"
    )
    args = parser.parse_args(argv)
    if args.scripts_only:
        run_scripts(args.quick, args.scripts_only)
        return
    result = run_benchmark(QUICK if args.quick else FULL, args.scripts_from, args.scripts_wait)
    write_report(result, args.output or (None if args.quick else RESULTS_FILE))
