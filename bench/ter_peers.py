"""The TER race: mtcompute's fast TER (the compiled kernel), its pure-Python oracle and
sacreBLEU's ``TER().corpus_score``, on 3,000 segments of sentence lengths.

    python -m bench.ter_peers [--segments N] [--references N] [--rounds N] [--oracle]

The corpus is ``bench.corpus``'s seeded English-like text (median 21 words, log-normal
lengths), each token list joined by spaces, with N references per segment. Every peer must give
sacreBLEU's score bit for bit and our per-segment statistics before it is timed. Times are CPU
seconds of this process, the best of ``--rounds`` for ours (sacreBLEU and the oracle run once:
they take minutes). A tercom jar is not raced: none is published on PyPI, npm or Debian.
"""

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.corpus import CorpusShape, generate
from mtcompute.fast.ter import ter_fast
from mtcompute.metrics.ter.result import ter

Texts = tuple[list[str], list[list[str]]]


@dataclass(frozen=True)
class Lap:
    peer: str
    seconds: float  # CPU, best of the rounds
    score: float


def corpus_texts(segments: int, references: int) -> Texts:
    shape = CorpusShape("TER", segments, references, references, 21.0, keep=0.67)
    corpus = generate(shape)
    hypotheses = [" ".join(hypothesis) for hypothesis, _ in corpus]
    return hypotheses, [[" ".join(r) for r in refs] for _, refs in corpus]


def _sacrebleu_score(texts: Texts) -> float:
    from sacrebleu.metrics.ter import TER  # noqa: PLC0415 - imported where it is measured

    hypotheses, references = texts
    streams = [list(stream) for stream in zip(*references, strict=True)]
    score: float = TER().corpus_score(hypotheses, streams).score
    return score


def _timed(peer: str, compute: Callable[[Texts], float], texts: Texts, rounds: int) -> Lap:
    best, score = float("inf"), 0.0
    for _ in range(rounds):
        start = time.process_time()
        score = compute(texts)
        best = min(best, time.process_time() - start)
    return Lap(peer, best, score)


def race(texts: Texts, rounds: int, with_oracle: bool) -> list[Lap]:
    fast = ter_fast(*texts)
    oracle = ter(*texts) if with_oracle else None
    if oracle is not None and oracle != fast:
        raise AssertionError("the oracle's statistics differ from the fast path's")
    laps = [_timed("mtcompute (compiled)", lambda t: ter_fast(*t).score, texts, rounds)]
    if with_oracle:
        laps.append(_timed("mtcompute oracle (pure Python)", lambda t: ter(*t).score, texts, 1))
    laps.append(_timed("sacreBLEU 2.6", _sacrebleu_score, texts, 1))
    for lap in laps:
        if lap.score != fast.score:
            raise AssertionError(f"{lap.peer}: score {lap.score!r} != {fast.score!r}")
    return laps


def report(laps: list[Lap], texts: Texts) -> str:
    hypotheses, references = texts
    words = sum(len(text.split()) for text in hypotheses)
    words += sum(len(text.split()) for refs in references for text in refs)
    baseline = next(lap.seconds for lap in laps if lap.peer.startswith("sacreBLEU"))
    lines = [
        f"{len(hypotheses)} segments, {len(references[0])} reference(s) each, {words} words; "
        f"TER = {laps[0].score!r}",
        "| peer | CPU s | x sacreBLEU |",
        "|---|---:|---:|",
    ]
    lines += [f"| {lap.peer} | {lap.seconds:.3f} | {baseline / lap.seconds:.1f} |" for lap in laps]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--segments", type=int, default=3_000)
    parser.add_argument("--references", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--oracle", action="store_true", help="race the pure-Python oracle too")
    arguments = parser.parse_args()
    texts = corpus_texts(arguments.segments, arguments.references)
    print(report(race(texts, arguments.rounds, arguments.oracle), texts))


if __name__ == "__main__":
    main()
