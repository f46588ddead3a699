"""The WER and CER race: mtcompute against jiwer 4.0 (``jiwer.wer``, ``jiwer.cer``) and against
rapidfuzz's Levenshtein on the same tokens, on WMT17-like pairs; and sentence-level WER in
pairs per second per core.

    python -m bench.wer_peers [--pairs N] [--rounds N] [--quick]

The pairs are ``bench.corpus``'s seeded English-like text (median 22 words, log-normal lengths,
a hypothesis a noisy copy of its reference), 48,064 by default, one reference each. Every peer
must give our numbers before it is timed (jiwer's rates ``==`` ours, rapidfuzz's counts equal
ours). The garbage collector stays on, as a user has it. Times are CPU seconds of this process,
the best of ``--rounds`` for every peer but jiwer (which runs once: it takes seconds).

Peers, each from the raw texts to the number unless said otherwise:

- ``mtcompute.wer`` / ``mtcompute.cer``: the library, a result with every segment's counts;
- mtcompute's corpus path (``score``'s statistics: the summed counts in one compiled call);
- ``jiwer.wer`` / ``jiwer.cer``: the reference;
- rapidfuzz ``Levenshtein.opcodes`` on the tokens already made and mapped to ids (jiwer's own
  alignment step without its transforms and bookkeeping), counted as jiwer counts them;
- rapidfuzz ``Levenshtein.distance`` on the same ids: the distance alone, no alignment (so no
  hits, substitutions, deletions and insertions: a lower bound of any aligner's time), given
  the ids already made, and from the texts (jiwer's items made in Python, mapped to ids).
"""

import argparse
import gc
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench.corpus import CorpusShape, generate
from mtcompute import cer, wer
from mtcompute.fast.edits import percent_error_rates_fast, summed_statistics_fast
from mtcompute.metrics.wer.rates import error_rate
from mtcompute.metrics.wer.transforms import characters, words

Texts = tuple[list[str], list[str]]
Ids = tuple[list[list[int]], list[list[int]]]
WMT17_PAIRS = 48_064
WMT17 = CorpusShape("WMT17-like", WMT17_PAIRS, 1, 1, 22.0, keep=0.67)


@dataclass(frozen=True)
class Lap:
    peer: str
    seconds: float  # CPU, best of the rounds
    rate: float  # the error rate it gave


def corpus_texts(pairs: int) -> Texts:
    shape = CorpusShape(WMT17.name, pairs, 1, 1, WMT17.median_length, keep=WMT17.keep)
    corpus = generate(shape)
    return [" ".join(h) for h, _ in corpus], [" ".join(refs[0]) for _, refs in corpus]


def token_ids(texts: Texts, by_characters: bool) -> Ids:
    """jiwer's items of every text, as ids (jiwer's ``_word2int``)."""
    items = characters if by_characters else words
    ids: dict[str, int] = {}
    hypotheses, references = texts
    refs = [[ids.setdefault(t, len(ids)) for t in items(text)] for text in references]
    hyps = [[ids.setdefault(t, len(ids)) for t in items(text)] for text in hypotheses]
    return hyps, refs


def _rapidfuzz_opcodes(ids: Ids) -> float:
    from rapidfuzz.distance import Levenshtein  # noqa: PLC0415 - a peer, imported where measured

    hits = substitutions = deletions = insertions = 0
    for hypothesis, reference in zip(*ids, strict=True):
        for opcode in Levenshtein.opcodes(reference, hypothesis):
            length = opcode.src_end - opcode.src_start
            if opcode.tag == "equal":
                hits += length
            elif opcode.tag == "replace":
                substitutions += length
            elif opcode.tag == "delete":
                deletions += length
            else:
                insertions += opcode.dest_end - opcode.dest_start
    errors = substitutions + deletions + insertions
    return errors / (hits + substitutions + deletions)


def _distance(ids: Ids) -> float:
    from rapidfuzz.distance import Levenshtein  # noqa: PLC0415 - a peer, imported where measured

    errors = sum(map(Levenshtein.distance, ids[1], ids[0]))
    return errors / sum(map(len, ids[1]))


def _timed(peer: str, compute: Callable[[], float], rounds: int) -> Lap:
    best, rate = float("inf"), 0.0
    for _ in range(rounds):
        start = time.process_time()
        rate = compute()
        best = min(best, time.process_time() - start)
    return Lap(peer, best, rate)


def race(texts: Texts, by_characters: bool, rounds: int) -> list[Lap]:
    """Every peer's lap on ``texts``, each checked against ours first."""
    import jiwer  # noqa: PLC0415 - a peer, imported where measured

    hypotheses, references = texts
    library: Callable[[], float]
    if by_characters:
        library = lambda: cer(hypotheses, references).cer  # noqa: E731
        peer, name = (lambda: jiwer.cer(references, hypotheses)), "jiwer 4.0 cer"
    else:
        library = lambda: wer(hypotheses, references).wer  # noqa: E731
        peer, name = (lambda: jiwer.wer(references, hypotheses)), "jiwer 4.0 wer"

    def corpus() -> float:
        return error_rate(summed_statistics_fast(*texts, by_characters=by_characters))

    ids = token_ids(texts, by_characters)
    expected = library()
    laps = [
        _timed("mtcompute library (mtcompute.wer/cer)", library, rounds),
        _timed("mtcompute corpus path (summed counts)", corpus, rounds),
        _timed(name, peer, 1),
        _timed("rapidfuzz opcodes on the ids, counted", lambda: _rapidfuzz_opcodes(ids), rounds),
        _timed("rapidfuzz distance on the ids (no alignment)", lambda: _distance(ids), rounds),
        _timed(
            "rapidfuzz distance from the texts (items, ids, distance)",
            lambda: _distance(token_ids(texts, by_characters)),
            rounds,
        ),
    ]
    for lap in laps[:4]:
        if lap.rate != expected:
            raise AssertionError(f"{lap.peer}: {lap.rate!r} != {expected!r}")
    for lap in laps[4:]:  # the distance alone: the same errors over the same items
        if lap.rate != expected:
            raise AssertionError(f"{lap.peer}: {lap.rate!r} != {expected!r}")
    return laps


def sentence_rate(texts: Texts, rounds: int) -> float:
    """Sentence-level WER (``score --sentence-level``'s call), pairs per CPU second."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        percent_error_rates_fast(*texts)
        best = min(best, time.process_time() - start)
    return len(texts[0]) / best


def report(title: str, laps: list[Lap], target: float) -> str:
    baseline = next(lap.seconds for lap in laps if lap.peer.startswith("jiwer"))
    lines = [
        f"\n{title} = {laps[0].rate!r} (target: the library >= {target:g}x jiwer)",
        "| peer | CPU s | x jiwer | mtcompute library x |",
        "|---|---:|---:|---:|",
    ]
    for lap in laps:
        speed, ours = baseline / lap.seconds, lap.seconds / laps[0].seconds
        lines.append(f"| {lap.peer} | {lap.seconds:.3f} | {speed:.1f} | {ours:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=WMT17_PAIRS)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="2,000 pairs, one round")
    args = parser.parse_args(argv)
    pairs, rounds = (2_000, 1) if args.quick else (args.pairs, args.rounds)
    texts = corpus_texts(pairs)
    assert gc.isenabled()
    word_count = sum(len(words(text)) for text in texts[0] + texts[1])
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{pairs:,} pairs, one reference each, {word_count:,} words in all; GC on")
    print(report("WER", race(texts, by_characters=False, rounds=rounds), 15))
    print(report("CER", race(texts, by_characters=True, rounds=rounds), 40))
    print(f"\nsentence-level WER: {sentence_rate(texts, rounds):,.0f} pairs/s per core")


if __name__ == "__main__":
    main()
