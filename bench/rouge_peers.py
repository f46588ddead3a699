"""ROUGE of real-length summaries, one thread, in pairs per CPU second: the compiled fast path
(``fast.rouge.scores.score_array``, one call for every pair) and the library
(``mtcompute.rouge``, which validates the input and makes a result object per segment and type)
against rouge-score-rs 0.2.1 (Rust; its ``score_batch``, its quickest call) and google-research
rouge-score 0.1.2 (pure Python, the reference), all four types, without and with the stemmer.

Pairs are ``bench.rouge_texts.summary_pairs``: 1 to 5 sentences of English words from the
standard library's sources (median about 20 words), one a line, with capitals, punctuation and
digits; the hypothesis a noisy copy. Every peer's precision, recall and F-measure must be ours
bit for bit before it is timed. The garbage collector stays on; rouge-score-rs is held to one
thread (``RAYON_NUM_THREADS=1``) and times are CPU seconds of this process, so that no second
core counts as speed. Rounds are interleaved and the best kept; rouge-score scores a tenth of
the pairs once (its pairs per second are the same on fewer).

    python -m bench.rouge_peers [--pairs N] [--rounds N]
"""

import os

os.environ.setdefault("RAYON_NUM_THREADS", "1")  # before rouge-score-rs starts its pool

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from bench.rouge_texts import summary_pairs
from mtcompute import api
from mtcompute.fast.rouge.scores import score_array

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
Pairs = tuple[list[str], list[str]]  # hypotheses, references
Scores = list[tuple[float, ...]]  # per pair: each type's precision, recall and F-measure


@dataclass(frozen=True)
class Peer:
    name: str
    score: Callable[[Pairs, bool], Scores]
    share: int = 1  # scores 1/share of the pairs


def _ours(pairs: Pairs, use_stemmer: bool) -> Scores:
    hypotheses, references = pairs
    array = score_array(hypotheses, [[text] for text in references], TYPES, use_stemmer)
    return [tuple(row) for row in array.reshape(len(hypotheses), -1).tolist()]


def _library(pairs: Pairs, use_stemmer: bool) -> Scores:
    hypotheses, references = pairs
    result = api.rouge(hypotheses, [[text] for text in references], use_stemmer=use_stemmer)
    return [
        tuple(
            value
            for name in TYPES
            for value in (segment[name].precision, segment[name].recall, segment[name].fmeasure)
        )
        for segment in result.segments
    ]


def _flat(scores: list[dict[str, object]]) -> Scores:
    return [
        tuple(float(value) for name in TYPES for value in scores_of[name])  # type: ignore[attr-defined]
        for scores_of in scores
    ]


def _rouge_score_rs(pairs: Pairs, use_stemmer: bool) -> Scores:
    import rouge_score_rs  # noqa: PLC0415 - a peer, imported where it is measured

    hypotheses, references = pairs
    scorer = rouge_score_rs.RougeScorer(list(TYPES), use_stemmer=use_stemmer)  # type: ignore[no-untyped-call]
    return _flat(scorer.score_batch(references, hypotheses))  # type: ignore[no-untyped-call]


def _rouge_score(pairs: Pairs, use_stemmer: bool) -> Scores:
    from rouge_score import rouge_scorer  # noqa: PLC0415 - a peer, imported where it is measured

    scorer = rouge_scorer.RougeScorer(list(TYPES), use_stemmer=use_stemmer)
    return _flat(
        [scorer.score(reference, hypothesis) for hypothesis, reference in zip(*pairs, strict=True)]
    )


PEERS = (
    Peer("mtcompute `score_array` (compiled)", _ours),
    Peer("mtcompute `mtcompute.rouge` (library)", _library),
    Peer("rouge-score-rs 0.2.1 `score_batch`", _rouge_score_rs),
    Peer("rouge-score 0.1.2 `score`", _rouge_score, share=10),
)


def _share(pairs: Pairs, share: int) -> Pairs:
    count = max(1, len(pairs[0]) // share)
    return pairs[0][:count], pairs[1][:count]


def race(pairs: Pairs, use_stemmer: bool, rounds: int) -> dict[str, float]:
    """Each peer's pairs per CPU second, after checking its numbers against ours."""
    expected = _ours(pairs, use_stemmer)
    for peer in PEERS:
        some = _share(pairs, peer.share)
        got = peer.score(some, use_stemmer)
        if got != expected[: len(some[0])]:
            raise AssertionError(f"{peer.name}: the numbers differ from ours")
    best = dict.fromkeys((peer.name for peer in PEERS), float("inf"))
    for round_ in range(rounds):
        for peer in PEERS:
            if peer.share > 1 and round_ > 0:
                continue  # the reference runs once: it takes seconds
            some = _share(pairs, peer.share)
            start = time.process_time()
            peer.score(some, use_stemmer)
            seconds = (time.process_time() - start) / len(some[0])
            best[peer.name] = min(best[peer.name], seconds)
    return {name: 1 / seconds for name, seconds in best.items()}


def report(rates: dict[bool, dict[str, float]], pairs: Pairs) -> str:
    words = np.mean([len(text.split()) for text in pairs[0] + pairs[1]])
    lines = [
        f"{len(pairs[0])} pairs, all four types, one thread; {words:.1f} words a text",
        "",
        "| pairs/s per core | no stemmer | ours x | stemmer | ours x |",
        "|---|---:|---:|---:|---:|",
    ]
    ours = PEERS[0].name
    for peer in PEERS:
        cells = []
        for use_stemmer in (False, True):
            rate = rates[use_stemmer][peer.name]
            cells += [f"{rate:,.0f}", f"{rates[use_stemmer][ours] / rate:.1f}x"]
        lines.append(f"| {peer.name} | {' | '.join(cells)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args(argv)
    generated = summary_pairs(arguments.pairs, seed=0)
    pairs = ([h for h, _ in generated], [r for _, r in generated])
    rates = {
        use_stemmer: race(pairs, use_stemmer, arguments.rounds) for use_stemmer in (False, True)
    }
    print(report(rates, pairs))


if __name__ == "__main__":
    main()
