"""What one TER segment costs as it grows: the inputs to set the tool's limits by.

    python -m bench.ter_worst_case [--lengths N,N,...] [--oracle-up-to N]

TER's cost is the shift search: up to 1,000 candidate shifts per hypothesis and reference, each
a beam edit distance of up to (words x 50) cells, plus a scan for runs of up to (words x 101)
pairs per search. The dearest texts are those that spend the whole candidate budget with
candidates that change the words near the start (so that little of the matrix is reused): two
long texts over a vocabulary of two words. Each family below is a hypothesis and one reference
of N words each; the table gives CPU milliseconds per segment for the compiled kernel and, up
to ``--oracle-up-to`` words, the pure-Python oracle.
"""

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from mtcompute.fast.ter import word_statistics_fast
from mtcompute.metrics.ter.statistics import word_statistics

Pair = tuple[list[str], list[str]]


def two_words(n: int, rng: random.Random) -> Pair:
    """Runs everywhere and errors everywhere: the candidate budget is spent at once."""
    return rng.choices("ab", k=n), rng.choices("ab", k=n)


def one_word_and_a_stranger(n: int, rng: random.Random) -> Pair:
    """The same word repeated, a different word here and there on both sides."""
    hypothesis = ["a"] * n
    reference = ["a"] * n
    for _ in range(max(1, n // 20)):
        hypothesis[rng.randrange(n)] = "b"
        reference[rng.randrange(n)] = "c"
    return hypothesis, reference


def permutation(n: int, rng: random.Random) -> Pair:
    """Distinct words in a shuffled order: one-word runs, near one another."""
    reference = [f"w{i}" for i in range(n)]
    hypothesis = list(reference)
    for i in range(n):  # local shuffles keep each word within reach of a shift
        j = min(n - 1, i + rng.randrange(20))
        hypothesis[i], hypothesis[j] = hypothesis[j], hypothesis[i]
    return hypothesis, reference


def swapped_blocks(n: int, rng: random.Random) -> Pair:
    """Distinct words with neighbouring blocks of 10 swapped: a shift of 10 words pays each time."""
    reference = [f"w{i}" for i in range(n)]
    blocks = [reference[i : i + 10] for i in range(0, n, 10)]
    for i in range(0, len(blocks) - 1, 2):
        blocks[i], blocks[i + 1] = blocks[i + 1], blocks[i]
    del rng
    return [word for block in blocks for word in block], reference


FAMILIES: dict[str, Callable[[int, random.Random], Pair]] = {
    "two words": two_words,
    "one word, strangers": one_word_and_a_stranger,
    "local permutation": permutation,
    "swapped blocks of 10": swapped_blocks,
}


def cpu_ms(compute: Callable[[], object]) -> float:
    start = time.process_time()
    compute()
    return 1_000 * (time.process_time() - start)


def measure(lengths: list[int], oracle_up_to: int) -> list[str]:
    lines = ["| family | words | compiled ms | oracle ms |", "|---|---:|---:|---:|"]
    print("\n".join(lines), flush=True)
    for name, family in FAMILIES.items():
        for n in lengths:
            hypothesis, reference = family(n, random.Random(n))
            fast = word_statistics_fast(hypothesis, [reference])
            compiled_ms = cpu_ms(partial(word_statistics_fast, hypothesis, [reference]))
            oracle = "-"
            if n <= oracle_up_to:
                oracle_ms = cpu_ms(partial(word_statistics, hypothesis, [reference]))
                assert word_statistics(hypothesis, [reference]) == fast
                oracle = f"{oracle_ms:.1f}"
            lines.append(f"| {name} | {n} | {compiled_ms:.2f} | {oracle} |")
            print(lines[-1], flush=True)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lengths", default="25,50,100,200,500,1000,2000,5000,10000")
    parser.add_argument("--oracle-up-to", type=int, default=200)
    arguments = parser.parse_args()
    lengths = [int(n) for n in arguments.lengths.split(",")]
    measure(lengths, arguments.oracle_up_to)  # prints each row as it is measured


if __name__ == "__main__":
    main()
