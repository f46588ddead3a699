"""The pairwise (MBR) matrix races: mtcompute's compiled kernel against fastchrf's
``pairwise_chrf``, a loop of sacreBLEU ``sentence_score`` calls and mbrs's BLEU matrix, where
they install; and one segment's chrF per call against sacreBLEU's ``CHRF().sentence_score``.

Samples are MBR-like: per source, seeded 25-word English-like sentences with punctuation, each
an edit of one base sentence (words replaced, dropped and added), scored all against all.
Every peer's cells must be ours within a relative 1e-12 on the 0-100 scale. Times are the best
of a few rounds, wall and CPU (threads add CPU time); peak memory is the rise of the resident
set's high-water mark in a fresh process.

    python -m bench.pairwise_peers [--quick]
"""

import argparse
import importlib.util
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from mtcompute.fast.chrf.segment import chrf_of_one_segment
from mtcompute.fast.pairwise import pairwise_bleu_matrix, pairwise_chrf_matrix
from mtcompute.metrics.chrf import ChrfOptions

# Common English words, the vocabulary of the samples.
_VOCABULARY = (
    "the of and to in a is that for it as was with be by on not he this are or his from at "
    "which but have an they you were her she there one all we their been has would when who "
    "will more if no out so said what up its about into than them can only other new some could "
    "time these two may then do first any my now such like our over man me even most made after "
    "also did many before must through back years where much your way well down should because "
    "each just those people how too little state good very make world still own see men work "
    "long get here between both life being under never day same another know"
)
_WORDS = _VOCABULARY.split()
_TOLERANCE = 1e-12
_CHRF_PLUS_PLUS = ChrfOptions(word_order=2)


@dataclass(frozen=True)
class Timing:
    wall_ms: float
    cpu_ms: float

    def __str__(self) -> str:
        return f"{self.wall_ms:9.1f} ms wall {self.cpu_ms:9.1f} ms CPU"


def samples(count: int, seed: int, words: int = 25) -> list[str]:
    """``count`` edits of one seeded base sentence, with commas, a parenthesis and a period."""
    rng = random.Random(seed)
    base = [rng.choice(_WORDS) for _ in range(words)]
    return [_sentence(_edited(rng, base)) for _ in range(count)]


def _edited(rng: random.Random, base: list[str]) -> list[str]:
    edited = []
    for word in base:
        roll = rng.random()
        if roll < 0.08:
            continue
        edited.append(rng.choice(_WORDS) if roll < 0.3 else word)
        if rng.random() < 0.06:
            edited.append(rng.choice(_WORDS))
    return edited or [rng.choice(_WORDS)]


def _sentence(words: list[str]) -> str:
    rng = random.Random(" ".join(words))
    marked = [word + "," if rng.random() < 0.08 else word for word in words]
    if len(marked) > 3 and rng.random() < 0.3:
        marked[2] = f"({marked[2]})"
    marked[0] = marked[0].capitalize()
    return " ".join(marked) + "."


def timed(work: Callable[[], Any], rounds: int) -> tuple[Timing, Any]:
    best_wall, best_cpu, result = float("inf"), float("inf"), None
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        best_wall = min(best_wall, time.perf_counter() - wall)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return Timing(best_wall * 1000, best_cpu * 1000), result


def _agrees(ours: np.ndarray[Any, Any], theirs: Any) -> bool:
    return _largest_difference(ours, theirs) <= _TOLERANCE


def _largest_difference(ours: np.ndarray[Any, Any], theirs: Any) -> float:
    """The largest difference of a peer's cell from 100 * ours, relative to ours."""
    theirs = np.asarray(theirs, dtype=np.float64).reshape(ours.shape)
    scale = np.maximum(np.abs(100 * ours), 1e-300)
    return float(np.max(np.abs(100 * ours - theirs) / scale, initial=0.0))


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


def chrf_race(n: int, rounds: int, with_fastchrf: bool) -> None:
    texts = samples(n, seed=n)
    chrf, ours = timed(lambda: pairwise_chrf_matrix(texts, texts), rounds)
    single, _ = timed(lambda: pairwise_chrf_matrix(texts, texts, threads=1), rounds)
    plus, _ = timed(lambda: pairwise_chrf_matrix(texts, texts, _CHRF_PLUS_PLUS), rounds)
    print(f"chrF   n={n:5}: mtcompute      {chrf}  (1 thread: {single.wall_ms:.1f} ms)")
    print(f"chrF++ n={n:5}: mtcompute      {plus}  ({plus.wall_ms / chrf.wall_ms:.2f}x chrF)")
    if with_fastchrf and _installed("fastchrf"):
        fastchrf = importlib.import_module("fastchrf")  # an optional peer
        theirs_time, theirs = timed(lambda: fastchrf.pairwise_chrf([texts], [texts]), 1)
        agree = "agrees" if _agrees(ours, theirs[0]) else "DIFFERS"
        speedup = theirs_time.wall_ms / chrf.wall_ms
        print(f"chrF   n={n:5}: fastchrf       {theirs_time}  ({speedup:.0f}x ours, {agree})")


def bleu_race(n: int, rounds: int) -> None:
    tokens = [text.split() for text in samples(n, seed=n + 1)]
    ours_time, ours = timed(lambda: pairwise_bleu_matrix(tokens, tokens), rounds)
    print(f"BLEU   n={n:5}: mtcompute      {ours_time}")
    from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415 - a peer

    metric = BLEU(tokenize="none", effective_order=True)
    joined = [" ".join(t) for t in tokens]

    def loop() -> list[list[float]]:
        return [[metric.sentence_score(h, [r]).score for r in joined] for h in joined]

    loop_time, theirs = timed(loop, 1)
    agree = "agrees" if _agrees(ours, theirs) else "differs beyond 1e-12 (libm, 0-100 scale)"
    speedup = loop_time.wall_ms / ours_time.wall_ms
    print(f"BLEU   n={n:5}: sacreBLEU loop {loop_time}  ({speedup:.0f}x ours, {agree})")
    _mbrs_race(joined, ours, ours_time)


def _mbrs_race(joined: list[str], ours: np.ndarray[Any, Any], ours_time: Timing) -> None:
    try:
        metric_bleu = importlib.import_module("mbrs.metrics.bleu").MetricBLEU  # optional
    except Exception as error:  # any failure to import leaves the peer out
        print(f"BLEU: mbrs not raced ({type(error).__name__}: {error})")
        return
    metric = metric_bleu(metric_bleu.Config(tokenize="none", num_workers=2))
    theirs_time, theirs = timed(lambda: metric.pairwise_scores(joined, joined), 1)
    difference = _largest_difference(ours, theirs.numpy())
    agree = "agrees" if difference <= _TOLERANCE else f"differs by up to {difference:.1e}"
    speedup = theirs_time.wall_ms / ours_time.wall_ms
    print(f"BLEU   n={len(joined):5}: mbrs (2 procs) {theirs_time}  ({speedup:.0f}x ours, {agree})")


def segment_race(count: int) -> None:
    """One segment per call, as a caller scoring segment after segment makes them."""
    from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415 - a peer

    texts = samples(2 * count, seed=7)
    pairs = [(texts[2 * i], [texts[2 * i + 1]]) for i in range(count)]
    for word_order in (0, 2):
        metric = CHRF(word_order=word_order)
        theirs, _ = timed(partial(_sacrebleu_segments, metric, pairs), 3)
        ours, _ = timed(partial(_our_segments, word_order, pairs), 3)
        name = "chrF++" if word_order else "chrF  "
        per_call, theirs_per_call = ours.wall_ms * 1000 / count, theirs.wall_ms * 1000 / count
        print(
            f"{name} one segment: mtcompute {per_call:6.1f} us/call, sacreBLEU "
            f"{theirs_per_call:6.1f} us/call ({theirs_per_call / per_call:.1f}x)"
        )


def _sacrebleu_segments(metric: Any, pairs: list[tuple[str, list[str]]]) -> list[Any]:
    return [metric.sentence_score(h, r) for h, r in pairs]


def _our_segments(word_order: int, pairs: list[tuple[str, list[str]]]) -> list[Any]:
    return [chrf_of_one_segment(h, r, word_order=word_order) for h, r in pairs]


def peak_memory_kib(n: int) -> int:
    """The rise of the resident high-water mark while one n x n chrF matrix is computed."""
    code = (
        "from bench.pairwise_peers import samples, _high_water_kib;"
        "from mtcompute.fast.pairwise import pairwise_chrf_matrix;"
        f"t = samples({n}, seed={n}); before = _high_water_kib();"
        "pairwise_chrf_matrix(t, t); print(_high_water_kib() - before)"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    return int(out.stdout.strip())


def _high_water_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes, one round")
    quick = parser.parse_args().quick
    rounds = 1 if quick else 5
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    chrf_race(64 if quick else 256, rounds, with_fastchrf=True)
    chrf_race(128 if quick else 1024, max(1, rounds - 2), with_fastchrf=not quick)
    bleu_race(32 if quick else 256, rounds)
    segment_race(20 if quick else 500)
    if Path("/proc/self/status").exists():
        n = 128 if quick else 1024
        output = n * n * 8 // 1024
        print(f"peak memory n={n}: {peak_memory_kib(n)} KiB rise ({output} KiB is the matrix)")


if __name__ == "__main__":
    main()
