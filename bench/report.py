"""The benchmark's Markdown report: machine, versions, and one table per measurement."""

import importlib.metadata
import os
import platform
from typing import TYPE_CHECKING

from bench.http_load import EXECUTE_PATH
from bench.peers import OURS, PEERS, SACREBLEU
from bench.script_races import script_section

if TYPE_CHECKING:
    from bench.request_path import StepTiming
    from bench.run import BenchmarkResult, CorpusResult, RaceResult
    from bench.timing import Timing

MIB = 1024
PACKAGES = ("mtcompute", "numpy", "orjson", "sacrebleu", "nltk", "bleuscore", "sacrebleu-mojo")

METHOD = """\
## How it was measured

- Corpora come from `bench/corpus.py` (seeded, the same on every machine): every hypothesis and
  reference is a noisy copy of a base sentence (5-60 tokens) drawn from a Zipf-like vocabulary of
  20,000 lowercase words. The tokens contain no punctuation, so peers that take whitespace-joined
  strings see exactly our tokens (bleuscore tokenizes with 13a; sacreBLEU runs `tokenize='none'`).
- Before timing, each peer's result is checked against ours: matches, totals and lengths exactly
  where the peer reports them, BLEU within a relative 1e-12 (peers use the platform's `log`/`exp`,
  so the last bits may differ). A peer that fails the check is listed, not timed.
- Each run builds the peer's input from the corpus JSON outside the timer (fresh string objects
  every time) and then times one call: `corpus_statistics_fast` + `score` for us,
  `BLEU(tokenize='none', smooth_method='none', force=True).corpus_score` for sacreBLEU (references
  as streams padded with `None`), `corpus_bleu` for NLTK,
  `compute(..., smooth=False, ref_len_method='closest')` for bleuscore. After the check, each
  peer starts what it starts (mtcompute's helper process) and runs once to warm up; the timed
  rounds then run every peer once per round, in a rotated order.
- "x sacreBLEU" is the median over rounds of (peer time / sacreBLEU time in the same round); the
  machine is shared, so ratios are the figures to compare, not absolute times.
- "CPU ms" is the median CPU time over the same call of the process and its children, in all
  their threads: near the wall-clock time for a peer that computes on one core, up to twice it
  for one that keeps both of this machine's cores busy (bleuscore's threads; mtcompute's helper
  process, which computes part of any corpus above about 16,000 tokens, and is started before
  the timed runs).
- Peak memory: each implementation runs once in a fresh subprocess (`python -m bench.memory`),
  which builds its input, resets the kernel's resident-memory high-water mark
  (`/proc/self/clear_refs`), computes, and reports VmHWM minus the VmRSS just before computing.
  This counts native (Rust) allocations too, which `tracemalloc` would miss.
"""

REQUEST_PATH_NOTE = """\
Each step starts from the request's bytes (S, the contract's largest request; tiny in quick mode)
or from a fresh `orjson.loads` of them outside the timer; figures are medians, and the ratio is to
`orjson.loads` of the same bytes.
"""

HTTP_NOTE = """\
The service's app (`mtcompute.http.app.create_app`) under uvicorn in a subprocess, with one extra
route, `/bench/parse-only`, that reads the body, parses it with `orjson` in the thread pool (as the
execute route does) and answers a constant. Latency: sequential requests on one keep-alive
connection, one worker. Throughput: concurrent clients (threads of this process, on the same
2-core machine as the server) posting the S request for a fixed time.
"""


def _versions() -> str:
    versions = [f"{name} {_version(name)}" for name in PACKAGES]
    return ", ".join([f"Python {platform.python_version()}", *versions])


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _cpu() -> str:
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            names = [line.split(":", 1)[1].strip() for line in cpuinfo if "model name" in line]
    except OSError:
        names = []
    return f"{names[0] if names else platform.processor()}, {os.cpu_count()} cores"


def _header(result: "BenchmarkResult") -> list[str]:
    mode = "quick mode (CI smoke run, not a measurement)" if result.quick else "full run"
    return [
        "# Benchmark results",
        "",
        f"- Date: {result.started:%Y-%m-%d %H:%M} UTC, {mode}; run with `python -m bench`",
        f"- Machine: {_cpu()}, {platform.platform()} (shared, other jobs running)",
        f"- Versions: {_versions()}",
        "",
    ]


def _corpus_section(
    result: "CorpusResult", race: str = "", baseline: str = SACREBLEU.name
) -> list[str]:
    title = f"{race} on {result.name}" if race else result.name
    lines = [
        f"## {title}: {result.segments:,} segments, {result.tokens:,} tokens",
        "",
        f"| implementation | median ms | x {baseline} | speed-up | CPU ms | peak memory MiB "
        "| runs |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for t in sorted(result.timings, key=lambda timing: timing.median_ratio):
        memory = result.memory_kib.get(t.peer.name)
        shown = "-" if memory is None else f"{memory / MIB:.1f}"
        lines.append(
            f"| {t.peer.name} | {t.median * 1000:.1f} | {t.median_ratio:.3f} "
            f"| {1 / t.median_ratio:.1f}x | {t.median_cpu * 1000:.1f} | {shown} "
            f"| {len(t.seconds)} |"
        )
    lines += [f"- {r.peer.name}: not timed, {r.reason}" for r in result.refusals]
    return [*lines, ""]


def _request_path_section(
    steps: "list[StepTiming]", title: str = "Request path, in process", note: str = ""
) -> list[str]:
    lines = [
        f"## {title}",
        "",
        note or REQUEST_PATH_NOTE,
        "| step | median ms | x orjson.loads |",
        "|---|---:|---:|",
    ]
    for step in steps:
        lines.append(
            f"| {step.name} | {step.median_seconds * 1000:.2f} | {step.ratio_to_loads:.2f} |"
        )
    return [*lines, ""]


def _http_section(result: "BenchmarkResult") -> list[str]:
    lines = ["## HTTP latency and throughput", "", HTTP_NOTE]
    lines += ["| request | endpoint | p50 ms | p99 ms | requests |", "|---|---|---:|---:|---:|"]
    for latency in result.http.latencies:
        lines.append(
            f"| {latency.request} | `{latency.endpoint}` | {latency.p50_seconds * 1000:.2f} "
            f"| {latency.p99_seconds * 1000:.2f} | {latency.count} |"
        )
    lines += ["", *_http_versus_in_process(result), ""]
    lines += ["| workers | endpoint | clients | requests/s |", "|---:|---|---:|---:|"]
    for rate in result.http.throughputs:
        lines.append(
            f"| {rate.workers} | `{rate.endpoint}` | {rate.clients} | {rate.per_second:.1f} |"
        )
    return [*lines, ""]


def _http_versus_in_process(result: "BenchmarkResult") -> list[str]:
    in_process = next(s for s in result.request_path if s.name.startswith("parse + validate"))
    over_http = next(
        t for t in result.http.latencies if t.request != "small" and t.endpoint == EXECUTE_PATH
    )
    ratio = over_http.p50_seconds / in_process.median_seconds
    return [
        f"HTTP p50 of the {over_http.request} request is {ratio:.2f}x the in-process "
        f"parse + validate + compute of it ({in_process.median_seconds * 1000:.2f} ms)."
    ]


# The targets: speed-up over sacreBLEU per corpus, and over the fastest other peer.
SPEED_UP_TARGETS = {"S": 15.0, "M": 15.0, "L": 8.0}
FASTEST_PEER_TARGET = 2.5
REQUEST_PATH_TARGET = 3.0  # parse + validate + compute of S, in x orjson.loads of S
HTTP_TARGET = 2.0  # HTTP p50 of S, in x the in-process figure
MEMORY_TARGET = 0.5  # peak for L, in x sacreBLEU's


def _row(target: str, measured: str, met: bool) -> str:
    return f"| {target} | {measured} | {'met' if met else '**not met**'} |"


def _targets_section(result: "BenchmarkResult") -> list[str]:
    lines = ["## Against the targets", "", "| target | measured | |", "|---|---:|---|"]
    for corpus_result in result.corpora:
        lines += _corpus_targets(corpus_result)
    for race_result in result.races:
        lines += _race_targets(race_result)
    if not result.quick:  # the targets are for the S request
        lines += _request_targets(result)
    return [*lines, ""]


def _corpus_targets(result: "CorpusResult") -> list[str]:
    ours = next((t for t in result.timings if t.peer is OURS), None)
    target = SPEED_UP_TARGETS.get(result.name)
    if ours is None or target is None:
        return []
    speed_up = 1 / ours.median_ratio
    lines = [
        _row(f"{result.name}: >= {target:g}x sacreBLEU", f"{speed_up:.1f}x", speed_up >= target)
    ]
    others = [
        t for t in result.timings if t.peer.package != OURS.package and t.peer is not SACREBLEU
    ]
    if others:
        fastest = min(others, key=lambda t: t.median_ratio)
        factor = fastest.median_ratio / ours.median_ratio
        target_text = f"{result.name}: >= {FASTEST_PEER_TARGET:g}x the fastest other peer"
        lines.append(
            _row(
                f"{target_text} ({fastest.peer.name})",
                f"{factor:.1f}x",
                factor >= FASTEST_PEER_TARGET,
            )
        )
    ours_memory = result.memory_kib.get(OURS.name)
    sacrebleu_memory = result.memory_kib.get(SACREBLEU.name)
    if result.name == "L" and ours_memory is not None and sacrebleu_memory:
        share = ours_memory / sacrebleu_memory
        target_text = f"L: peak memory below {MEMORY_TARGET:g}x sacreBLEU's"
        lines.append(_row(target_text, f"{share:.2f}x", share < MEMORY_TARGET))
    return lines


def _request_targets(result: "BenchmarkResult") -> list[str]:
    in_process = next(s for s in result.request_path if s.name.startswith("parse + validate"))
    over_http = next(
        t for t in result.http.latencies if t.request != "small" and t.endpoint == EXECUTE_PATH
    )
    http_ratio = over_http.p50_seconds / in_process.median_seconds
    path_ratio = in_process.ratio_to_loads
    return [
        _row(
            f"parse + validate + compute within {REQUEST_PATH_TARGET:g}x orjson.loads",
            f"{path_ratio:.2f}x",
            path_ratio <= REQUEST_PATH_TARGET,
        ),
        _row(
            f"HTTP p50 within {HTTP_TARGET:g}x the in-process figure",
            f"{http_ratio:.2f}x",
            http_ratio <= HTTP_TARGET,
        ),
    ]


CHRF_REQUEST_NOTE = """\
The largest chrf-compute request (1,000 segments whose texts fill the 1 MiB limit, made of the M
corpus; tiny in quick mode), from its bytes; the ratio is to `orjson.loads` of the same bytes.
"""


def _race_targets(result: "RaceResult") -> list[str]:
    lines = []
    for target in result.race.targets:
        corpus_result = next((c for c in result.corpora if c.name == target.corpus), None)
        if corpus_result is None:
            continue
        timings = {t.peer.name: t for t in corpus_result.timings}
        ours, versus = timings.get(result.race.ours.name), timings.get(target.versus)
        refused = {r.peer.name for r in corpus_result.refusals}
        if versus is None and target.versus in refused:
            # Nothing to race: the peer cannot take this corpus (said below its table).
            lines.append(f"| {target.describe(result.race.title)} | refused the input | - |")
            continue
        if ours is None or versus is None:
            lines.append(_row(target.describe(result.race.title), "not timed", False))
            continue
        speed_up = _relative(versus, ours)
        shown = f"{speed_up:.1f}x" if speed_up >= 1 else f"{1 / speed_up:.2f}x slower"
        lines.append(_row(target.describe(result.race.title), shown, speed_up >= target.speed_up))
    return lines + _race_memory_target(result)


def _relative(versus: "Timing", ours: "Timing") -> float:
    """How many times ours is faster than ``versus``, from their ratios to the same baseline."""
    return versus.median_ratio / ours.median_ratio


def _race_memory_target(result: "RaceResult") -> list[str]:
    race = result.race
    corpus_result = next((c for c in result.corpora if c.name == race.memory_target), None)
    if corpus_result is None:
        return []
    ours = corpus_result.memory_kib.get(race.ours.name)
    theirs = corpus_result.memory_kib.get(race.baseline.name)
    if ours is None or not theirs:
        return []
    share = ours / theirs
    text = f"{race.title} on {corpus_result.name}: peak memory at most {race.baseline.name}'s"
    return [_row(text, f"{share:.2f}x", share <= 1)]


def _races_section(result: "BenchmarkResult") -> list[str]:
    lines = []
    for race_result in result.races:
        race = race_result.race
        for corpus_result in race_result.corpora:
            lines += _corpus_section(corpus_result, race.title, race.baseline.name)
        lines += [f"{race.title}: {race.method}", ""]
    return lines


def _peers_not_run() -> list[str]:
    names = ", ".join(p.name for p in PEERS if p is not SACREBLEU)
    return [
        "## Peers",
        "",
        f"Checked against our value, and timed against sacreBLEU where they agree: {names}. "
        "Considered and not run:",
        "",
        "- sacrebleu-mojo 0.2.4 (it needs Python >= 3.12): its chrF runs in the chrF races"
        " where it is installed; its BLEU is not raced yet.",
        "- fast-bleu / fastbleu: scores each sentence (NLTK-style), no corpus BLEU statistics.",
        "- torchmetrics, HuggingFace evaluate: heavy (torch, datasets); evaluate's BLEU is a port"
        " of the TensorFlow NMT script, which takes the shortest reference, not the closest.",
        "",
    ]


def render(result: "BenchmarkResult") -> str:
    lines = _header(result) + _targets_section(result)
    for corpus_result in result.corpora:
        lines += _corpus_section(corpus_result)
    lines += _races_section(result)
    lines += _request_path_section(result.request_path)
    title = "Request path of the largest chrF request, in process"
    lines += _request_path_section(result.chrf_request_path, title, CHRF_REQUEST_NOTE)
    lines += _http_section(result)
    lines += script_section(result.scripts)
    lines += [*_peers_not_run(), METHOD]
    return "\n".join(lines)
