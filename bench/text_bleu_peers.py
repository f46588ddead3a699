"""Default corpus BLEU from raw text: a test set of real sentence lengths (3,000 segments of
about 20 words, one reference; ``corpus.real_length_texts``), scored as sacreBLEU's default
does (13a, exp smoothing). mtcompute's fused pass (``fast.bleu.text``: tokenizing and counting
in one compiled pass, then the score) against ``sacrebleu.corpus_bleu`` and bleuscore (Rust,
which tokenizes 13a itself); mtcompute's two-step path (``tokenize`` then ``corpus_bleu``, what
``mtcompute score`` called before) runs beside them.

Every peer's score must be sacreBLEU's. Each round times every peer in a rotated order and
reports its ratio to sacreBLEU in that round (the machine is shared: ratios hold where absolute
times drift); the garbage collector is off while a peer runs, and sacreBLEU's tokenizer cache is
emptied before each of its runs, as a first score in a process has it.

    python -m bench.text_bleu_peers [--segments N] [--references K] [--rounds R]
"""

import argparse
import gc
import math
import statistics
import time
from collections.abc import Callable

import bleuscore
import sacrebleu
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from bench.corpus import REAL_SEGMENTS, real_length_texts
from mtcompute import api
from mtcompute.fast.bleu.text import corpus_statistics_from_streams
from mtcompute.metrics.bleu import score

ROUNDS = 7

Texts = tuple[list[str], list[list[str]]]
Scorer = Callable[[Texts], float]  # BLEU on sacreBLEU's 0-100 scale


def with_sacrebleu(texts: Texts) -> float:
    Tokenizer13a.__call__.cache_clear()  # a cache of the class, not of the object
    hypotheses, streams = texts
    return float(sacrebleu.corpus_bleu(hypotheses, streams).score)


def with_bleuscore(texts: Texts) -> float:
    hypotheses, streams = texts
    per_segment = [list(refs) for refs in zip(*streams, strict=True)]
    result = bleuscore.compute(per_segment, hypotheses, max_order=4, smooth=False)
    bleu = result["bleu"]
    if not isinstance(bleu, int | float):
        raise TypeError(f"bleuscore's bleu is {bleu!r}")
    return 100.0 * float(bleu)


def fused(texts: Texts) -> float:
    hypotheses, streams = texts
    return score(corpus_statistics_from_streams(hypotheses, streams)).score


def two_steps(texts: Texts) -> float:
    hypotheses, streams = texts
    per_segment = [list(refs) for refs in zip(*streams, strict=True)]
    hypothesis_tokens = api.tokenize(hypotheses)
    reference_tokens = [api.tokenize(refs) for refs in per_segment]
    return api.corpus_bleu(hypothesis_tokens, reference_tokens).score


PEERS: dict[str, Scorer] = {
    "sacreBLEU": with_sacrebleu,
    "bleuscore (Rust)": with_bleuscore,
    "mtcompute (fused)": fused,
    "mtcompute (tokenize, then corpus_bleu)": two_steps,
}


def timed(scorer: Scorer, texts: Texts) -> tuple[float, float]:
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        bleu = scorer(texts)
        return time.perf_counter() - start, bleu
    finally:
        gc.enable()


def race(texts: Texts, rounds: int) -> dict[str, tuple[float, float]]:
    """Per peer but sacreBLEU: its median time and its median ratio of sacreBLEU's time to it."""
    seconds: dict[str, list[float]] = {name: [] for name in PEERS}
    ratios: dict[str, list[float]] = {name: [] for name in PEERS if name != "sacreBLEU"}
    order = list(PEERS)
    for round_number in range(rounds):
        shift = round_number % len(order)
        times: dict[str, float] = {}
        scores: dict[str, float] = {}
        for name in order[shift:] + order[:shift]:
            times[name], scores[name] = timed(PEERS[name], texts)
            seconds[name].append(times[name])
        expected = scores["sacreBLEU"]
        for name, bleu in scores.items():
            if not math.isclose(bleu, expected, rel_tol=1e-9, abs_tol=1e-9):
                raise SystemExit(f"{name}: BLEU {bleu!r} is not sacreBLEU's {expected!r}")
        for name, values in ratios.items():
            values.append(times["sacreBLEU"] / times[name])
        print(
            f"  round {round_number + 1}: "
            + ", ".join(f"{name} {times[name] * 1e3:.1f} ms" for name in order)
        )
    print(f"  sacreBLEU: {statistics.median(seconds['sacreBLEU']) * 1e3:.1f} ms (median)")
    return {
        name: (statistics.median(seconds[name]), statistics.median(values))
        for name, values in ratios.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=REAL_SEGMENTS)
    parser.add_argument("--references", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    options = parser.parse_args()
    texts = real_length_texts(options.segments, options.references)
    words = statistics.mean(len(line.split()) for line in texts[0])
    print(
        f"{len(texts[0]):,} segments of {words:.1f} words on average, "
        f"{options.references} reference(s) each; BLEU {fused(texts):.2f}"
    )
    results = race(texts, options.rounds)
    fused_seconds = results["mtcompute (fused)"][0]
    for name, (seconds, ratio) in results.items():
        print(f"  {name}: {seconds * 1e3:.1f} ms, {ratio:.1f}x sacreBLEU (median of the rounds)")
    bleuscore_seconds = results["bleuscore (Rust)"][0]
    print(f"  mtcompute (fused): {bleuscore_seconds / fused_seconds:.1f}x bleuscore (medians)")


if __name__ == "__main__":
    main()
