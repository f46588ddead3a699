"""The benchmark's Markdown report: machine, versions, and one table per measurement."""

import importlib.metadata
import os
import platform
from typing import TYPE_CHECKING

from bench.peers import OURS, PEERS, SACREBLEU

if TYPE_CHECKING:
    from bench.run import BenchmarkResult, CorpusResult

MIB = 1024
PACKAGES = ("mtcompute", "numpy", "orjson", "sacrebleu", "nltk", "bleuscore")

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
  `compute(..., smooth=False, ref_len_method='closest')` for bleuscore. The first check run is the
  warm-up; the timed rounds then run every peer once per round, in a rotated order.
- "x sacreBLEU" is the median over rounds of (peer time / sacreBLEU time in the same round); the
  machine is shared, so ratios are the figures to compare, not absolute times.
- Peak memory: each implementation runs once in a fresh subprocess (`python -m bench.memory`),
  which builds its input, resets the kernel's resident-memory high-water mark
  (`/proc/self/clear_refs`), computes, and reports VmHWM minus the VmRSS just before computing.
  This counts native (Rust) allocations too, which `tracemalloc` would miss.
"""

REQUEST_PATH_NOTE = """\
Each step starts from the S request's bytes (or from a fresh `orjson.loads` of them, outside the
timer); the figures are medians, the ratio is to `orjson.loads` of the same bytes.
"""

HTTP_TODO = """\
## HTTP latency and throughput

TODO: p50/p99 latency of the S request and of a small request against the running service, next to
a bare parse-only endpoint of the same server stack, and throughput with 1 and 2 workers. The
HTTP service (`mtcompute.http.create_app`) was still being built when this benchmark was written;
these measurements are not part of it yet.
"""


def _versions() -> str:
    versions = [f"{name} {importlib.metadata.version(name)}" for name in PACKAGES]
    return ", ".join([f"Python {platform.python_version()}", *versions])


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


def _corpus_section(result: "CorpusResult") -> list[str]:
    lines = [
        f"## {result.name}: {result.segments:,} segments, {result.tokens:,} tokens",
        "",
        "| implementation | median ms | x sacreBLEU | speed-up | peak memory MiB | runs |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for t in sorted(result.timings, key=lambda timing: timing.median_ratio):
        memory = result.memory_kib.get(t.peer.name)
        shown = "-" if memory is None else f"{memory / MIB:.1f}"
        lines.append(
            f"| {t.peer.name} | {t.median * 1000:.1f} | {t.median_ratio:.3f} "
            f"| {1 / t.median_ratio:.1f}x | {shown} | {len(t.seconds)} |"
        )
    lines += [f"- {r.peer.name}: not timed, {r.reason}" for r in result.refusals]
    return [*lines, *_versus_fastest_peer(result), ""]


def _versus_fastest_peer(result: "CorpusResult") -> list[str]:
    """How much faster we are than the fastest implementation that is not ours."""
    ours = [t for t in result.timings if t.peer is OURS]
    others = [t for t in result.timings if t.peer.package not in (OURS.package,)]
    if not ours or not others:
        return []
    fastest = min(others, key=lambda t: t.median_ratio)
    factor = fastest.median_ratio / ours[0].median_ratio
    return ["", f"mtcompute (numpy) is {factor:.1f}x faster than {fastest.peer.name}."]


def _request_path_section(result: "BenchmarkResult") -> list[str]:
    lines = [
        "## Request path, in process (S request)",
        "",
        REQUEST_PATH_NOTE,
        "| step | median ms | x orjson.loads |",
        "|---|---:|---:|",
    ]
    for step in result.request_path:
        lines.append(
            f"| {step.name} | {step.median_seconds * 1000:.2f} | {step.ratio_to_loads:.2f} |"
        )
    return [*lines, ""]


def _peers_not_run() -> list[str]:
    names = ", ".join(p.name for p in PEERS if p is not SACREBLEU)
    return [
        "## Peers",
        "",
        f"Timed against sacreBLEU: {names}. Considered and not run:",
        "",
        "- sacrebleu-mojo 0.2.4: needs Python >= 3.12; this project runs on 3.11.",
        "- fast-bleu / fastbleu: scores each sentence (NLTK-style), no corpus BLEU statistics.",
        "- torchmetrics, HuggingFace evaluate: heavy (torch, datasets); evaluate's BLEU is a port"
        " of the TensorFlow NMT script, which takes the shortest reference, not the closest.",
        "",
    ]


def render(result: "BenchmarkResult") -> str:
    lines = _header(result)
    for corpus_result in result.corpora:
        lines += _corpus_section(corpus_result)
    lines += _request_path_section(result)
    lines += [HTTP_TODO, *_peers_not_run(), METHOD]
    return "\n".join(lines)
