"""The tokenizers' race: 100,000 WMT17-like lines (``corpus.wmt_like_lines``: news-test
lengths, German/Czech-like and Russian-like, nearly all beyond ASCII; ``--ascii`` takes English-like
lines of about 200 characters instead) into token lists, ``mtcompute.tokenize`` (what a user
calls: the check of its input, then the compiled pass) against sacreBLEU's tokenizer followed by
``.split()``, for 13a and intl; the oracle runs on a tenth of the lines, where it is timed at all.

Both peers must give the same tokens. Each round times every peer in a rotated order and reports
its ratio to sacreBLEU in that round (the machine is shared: ratios hold where absolute times
drift). The garbage collector is on, as users have it: a collection before each run, none held
off during it; sacreBLEU's line cache is emptied before each run.

    python -m bench.tokenize_peers [--lines N] [--rounds R] [--oracle] [--ascii]
"""

import argparse
import gc
import itertools
import random
import statistics
import string
import time
from collections.abc import Callable

from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_re import TokenizerRegexp

import mtcompute
from bench.corpus import wmt_like_lines
from mtcompute.metrics import tokenizers

LINES = 100_000
LINE_LENGTH = 200
ROUNDS = 5
VOCABULARY_SIZE = 20_000
TOKENIZERS = ("13a", "intl")

Tokenize = Callable[[list[str]], list[list[str]]]


def english_like_lines(count: int, seed: int = 2026) -> list[str]:
    """``count`` lines of about LINE_LENGTH characters: Zipf-drawn lowercase words, a capital
    at the start and now and then, commas, numbers, a final full stop."""
    rng = random.Random(seed)
    words = [
        "".join(rng.choices(string.ascii_lowercase, k=rng.randint(1, 9)))
        for _ in range(VOCABULARY_SIZE)
    ]
    cumulative = list(itertools.accumulate(1.0 / rank for rank in range(1, VOCABULARY_SIZE + 1)))
    return [_line(rng, words, cumulative) for _ in range(count)]


def _line(rng: random.Random, words: list[str], cumulative: list[float]) -> str:
    parts: list[str] = []
    size = 0
    while size < LINE_LENGTH:
        part = _part(rng, rng.choices(words, cum_weights=cumulative)[0])
        parts.append(part)
        size += len(part) + 1
    return " ".join(parts).capitalize() + rng.choice([".", ".", "?", "!", '."'])


def _part(rng: random.Random, word: str) -> str:
    roll = rng.random()
    if roll < 0.04:
        return f"{rng.randint(0, 9999)}"
    if roll < 0.06:
        return f"{rng.randint(0, 99)}.{rng.randint(0, 99)}"
    if roll < 0.07:
        return f"{rng.randint(1, 99)},{rng.randint(100, 999)}"
    if roll < 0.08:
        return f"{rng.randint(1, 20)}-{rng.randint(21, 40)}"
    if roll < 0.14:
        return word + rng.choice([",", ",", ";", ":", ")", "'s"])
    if roll < 0.17:
        return word.capitalize()
    if roll < 0.18:
        return f"({word}"
    return word


def ours(tokenizer: str) -> Tokenize:
    return lambda lines: mtcompute.tokenize(lines, tokenizer=tokenizer)


def oracle(tokenizer: str) -> Tokenize:
    return lambda lines: tokenizers.tokenize_many(lines, tokenizer)


def sacrebleu(tokenizer: str) -> Tokenize:
    made = {"13a": Tokenizer13a, "intl": TokenizerV14International}[tokenizer]

    def run(lines: list[str]) -> list[list[str]]:
        for cached in (Tokenizer13a, TokenizerV14International, TokenizerRegexp):
            cached.__call__.cache_clear()  # a cache of the class, not of the object
        tokenize = made()  # type: ignore[no-untyped-call]
        return [tokenize(line).split() for line in lines]

    return run


def timed(tokenize: Tokenize, lines: list[str]) -> tuple[float, list[list[str]]]:
    gc.collect()
    start = time.perf_counter()
    tokens = tokenize(lines)
    return time.perf_counter() - start, tokens


def race(tokenizer: str, lines: list[str], rounds: int, with_oracle: bool) -> dict[str, float]:
    """The median ratio of sacreBLEU's time to each peer's, per line."""
    peers = {"sacreBLEU": sacrebleu(tokenizer), "mtcompute": ours(tokenizer)}
    if with_oracle:
        peers["mtcompute oracle (pure Python)"] = oracle(tokenizer)
    share = dict.fromkeys(peers, lines)
    if with_oracle:
        share["mtcompute oracle (pure Python)"] = lines[: len(lines) // 10]
    ratios: dict[str, list[float]] = {name: [] for name in peers if name != "sacreBLEU"}
    order = list(peers)
    for round_number in range(rounds):
        rotated = order[round_number % len(order) :] + order[: round_number % len(order)]
        per_line: dict[str, float] = {}
        expected: list[list[str]] | None = None
        for name in rotated:
            seconds, tokens = timed(peers[name], share[name])
            per_line[name] = seconds / len(share[name])
            if name == "sacreBLEU":
                expected = tokens
        assert expected is not None
        check = {name: peers[name](share[name][:1000]) for name in ratios}
        if any(tokens != expected[:1000] for tokens in check.values()):
            raise SystemExit(f"{tokenizer}: a peer's tokens differ from sacreBLEU's")
        for name, values in ratios.items():
            values.append(per_line["sacreBLEU"] / per_line[name])
        print(
            f"  round {round_number + 1}: sacreBLEU {per_line['sacreBLEU'] * 1e6:.2f} us/line, "
            + ", ".join(f"{name} {per_line[name] * 1e6:.3f} us/line" for name in ratios)
        )
    return {name: statistics.median(values) for name, values in ratios.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=LINES)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--oracle", action="store_true", help="time the pure-Python oracle too")
    parser.add_argument("--ascii", action="store_true", help="English-like ASCII lines")
    options = parser.parse_args()
    lines = english_like_lines(options.lines) if options.ascii else wmt_like_lines(options.lines)
    mean = statistics.mean(map(len, lines))
    beyond = sum(not line.isascii() for line in lines) / len(lines)
    print(f"{len(lines):,} lines of {mean:.0f} characters on average, {beyond:.0%} beyond ASCII")
    for tokenizer in TOKENIZERS:
        print(f"{tokenizer}:")
        for name, ratio in race(tokenizer, lines, options.rounds, options.oracle).items():
            print(f"  {name}: {ratio:.1f}x sacreBLEU (median of the rounds)")


if __name__ == "__main__":
    main()
