"""Sentence-level chrF and chrF++ of many short segments, in pairs per second per core:
``fast.chrf.sentence_scores`` against the previous path (``api.chrf`` and its segments' scores)
and sacreBLEU (a reused ``CHRF(...).sentence_score``, and ``sentence_chrf``, which builds one a
call).

Pairs are generated as in ``bench.pairwise_peers``: per pair, two edits of one seeded sentence
of 8 to 25 common English words with commas, a parenthesis and a period (about 80 characters),
a hypothesis against one reference. Every peer's scores must be ours bit for bit. Each peer runs
once to warm up (the previous path starts its helper process), then a few rounds interleaved,
the best kept. Per core divides pairs by the CPU seconds of this process and its children (the
helper process takes some of the previous path's blocks on a second core), so a second core
does not count as speed; wall-clock figures are printed beside. sacreBLEU scores a tenth of the
pairs (its pairs per second are the same on fewer).

    python -m bench.chrf_sentence_peers [--quick] [--pairs N]
"""

import argparse
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench import procfs
from bench.pairwise_peers import samples
from mtcompute import api
from mtcompute.fast.chrf.sentences import sentence_scores
from mtcompute.metrics.chrf import ChrfOptions

Pairs = tuple[list[str], list[list[str]]]
Scorer = Callable[[Pairs, int], list[float]]


@dataclass(frozen=True)
class Peer:
    name: str
    score: Scorer
    share: int = 1  # scores 1/share of the pairs


@dataclass(frozen=True)
class Rate:
    """Pairs per second, wall-clock and per CPU second (this process and its children)."""

    wall: float
    per_core: float


def pairs(count: int, seed: int) -> Pairs:
    """``count`` (hypothesis, reference) pairs, each two edits of one sentence of 8-25 words."""
    rng = random.Random(seed)
    hypotheses, references = [], []
    for _ in range(count):
        hypothesis, reference = samples(2, seed=rng.getrandbits(32), words=rng.randint(8, 25))
        hypotheses.append(hypothesis)
        references.append([reference])
    return hypotheses, references


def _ours(texts: Pairs, word_order: int) -> list[float]:
    return sentence_scores(*texts, ChrfOptions(word_order=word_order))


def _previous(texts: Pairs, word_order: int) -> list[float]:
    return [segment.score for segment in api.chrf(*texts, word_order=word_order).segments]


def _sacrebleu(texts: Pairs, word_order: int) -> list[float]:
    from sacrebleu.metrics.chrf import CHRF  # noqa: PLC0415 - a peer, imported where measured

    metric = CHRF(word_order=word_order)
    return [metric.sentence_score(h, refs).score for h, refs in zip(*texts, strict=True)]


def _sentence_chrf(texts: Pairs, word_order: int) -> list[float]:
    from sacrebleu import sentence_chrf  # noqa: PLC0415 - a peer, imported where measured

    return [
        sentence_chrf(h, refs, word_order=word_order).score for h, refs in zip(*texts, strict=True)
    ]


PEERS = (
    Peer("mtcompute sentence_scores", _ours),
    Peer("mtcompute api.chrf segments", _previous),
    Peer("sacreBLEU CHRF.sentence_score", _sacrebleu, share=10),
    Peer("sacreBLEU sentence_chrf", _sentence_chrf, share=10),
)


def _part(texts: Pairs, share: int) -> Pairs:
    count = max(1, len(texts[0]) // share)
    return texts[0][:count], texts[1][:count]


def _timed(peer: Peer, texts: Pairs, word_order: int) -> tuple[Rate, list[float]]:
    part = _part(texts, peer.share)
    cpu, wall = procfs.cpu_seconds(), time.perf_counter()
    scores = peer.score(part, word_order)
    wall, cpu = time.perf_counter() - wall, procfs.cpu_seconds() - cpu
    count = len(part[0])
    return Rate(count / wall, count / max(cpu, 1e-9)), scores


def race(texts: Pairs, word_order: int, rounds: int) -> dict[str, Rate]:
    """Each peer's best rate over ``rounds`` interleaved rounds, after a checked warm-up."""
    expected = _ours(texts, word_order)
    for peer in PEERS:
        _, scores = _timed(peer, texts, word_order)
        part = expected[: len(scores)]
        if [s.hex() for s in scores] != [s.hex() for s in part]:
            raise AssertionError(f"{peer.name} does not give our scores bit for bit")
    best: dict[str, Rate] = {}
    for round_index in range(rounds):
        shift = round_index % len(PEERS)
        for peer in PEERS[shift:] + PEERS[:shift]:
            rate, _ = _timed(peer, texts, word_order)
            kept = best.get(peer.name, rate)
            best[peer.name] = Rate(max(kept.wall, rate.wall), max(kept.per_core, rate.per_core))
    return best


def report(title: str, rates: dict[str, Rate]) -> None:
    ours = rates[PEERS[0].name]
    print(f"\n{title}: pairs/s per core (wall)  ours x")
    for name, rate in rates.items():
        ratio = ours.per_core / rate.per_core
        print(f"  {name:31} {rate.per_core:9,.0f} ({rate.wall:9,.0f})  {ratio:6.1f}x")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5,000 pairs, one round")
    parser.add_argument("--pairs", type=int, default=None, help="pairs (default 50,000)")
    args = parser.parse_args(argv)
    count = args.pairs or (5_000 if args.quick else 50_000)
    rounds = 1 if args.quick else 3
    texts = pairs(count, seed=8)
    characters = sum(map(len, texts[0])) / count
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{count:,} pairs, {characters:.0f} characters a hypothesis, one reference each")
    for word_order, title in ((0, "chrF"), (2, "chrF++")):
        report(title, race(texts, word_order, rounds))


if __name__ == "__main__":
    main()
