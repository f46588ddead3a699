"""What the costliest valid requests of the pairwise tools cost, computed in process: the time
from the request's bytes to the answer's and the answer's size, the figures their pages state.

    python -m bench.pairwise_requests [--rounds N]

A cell costs the comparison of two texts' n-gram counts, so the costliest chrF request fills
the cells (512 x 512, or 1,024 x 256) with the longest texts the total byte limit leaves, of
seeded random ASCII characters (every n-gram distinct), at the largest orders. The costliest
BLEU request spends its 50,000 tokens on as many lists, drawn from a vocabulary of 60 words so
that every cell is non-zero and written in full.
"""

import argparse
import random
import string
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mtcompute import execute, jsonio
from mtcompute.contracts import bleu_pairwise_compute_1_0_0 as bleu_tool
from mtcompute.contracts import chrf_pairwise_compute_1_0_0 as chrf_tool

SHAPES = ((512, 512), (1024, 256))
CHRF_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"char_order": 10, "word_order": 2, "include_whitespace": True},
    {"char_order": 10, "word_order": 2, "include_whitespace": True, "decimals": 15},
)
BLEU_OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"max_order": 8, "smoothing": "add-k", "effective_order": False},
    {"max_order": 8, "smoothing": "floor", "decimals": 15},
)
_CHARACTERS = string.ascii_letters + string.digits + "     .,"
_VOCABULARY_SIZE = 60


@dataclass(frozen=True)
class Measured:
    tool: str
    shape: tuple[int, int]
    options: dict[str, Any]
    request_bytes: int
    seconds: float
    answer_bytes: int

    def line(self) -> str:
        n, m = self.shape
        return (
            f"{self.tool} {n} x {m} {self.options or 'defaults'}: request "
            f"{self.request_bytes / 1e6:.2f} MB, {self.seconds:.2f} s, answer "
            f"{self.answer_bytes / 1e6:.2f} MB"
        )


def chrf_request(n: int, m: int, seed: int = 7) -> dict[str, Any]:
    """n hypotheses and m references, each of the longest length the total byte limit leaves."""
    rng = random.Random(seed)
    length = min(
        chrf_tool.LIMITS.max_string_bytes or 0,
        (chrf_tool.LIMITS.max_total_string_bytes or 0) // (n + m),
    )

    def text() -> str:
        return "".join(rng.choices(_CHARACTERS, k=length))

    return {"hypotheses": [text() for _ in range(n)], "references": [text() for _ in range(m)]}


def bleu_request(n: int, m: int, seed: int = 7) -> dict[str, Any]:
    """n hypotheses and m references sharing the total token limit, from a small vocabulary."""
    rng = random.Random(seed)
    vocabulary = [
        "".join(rng.choices(string.ascii_lowercase, k=rng.randint(8, 20)))
        for _ in range(_VOCABULARY_SIZE)
    ]
    per_list = (bleu_tool.LIMITS.max_total_tokens or 0) // (n + m)

    def tokens() -> list[str]:
        return rng.choices(vocabulary, k=per_list)

    return {"hypotheses": [tokens() for _ in range(n)], "references": [tokens() for _ in range(m)]}


def measure(tool: str, raw: dict[str, Any], rounds: int) -> tuple[int, float, int]:
    """The request's size, the best time of ``rounds`` from its bytes to the answer's, and the
    answer's size."""
    request = jsonio.dumps(raw)
    best, answer = float("inf"), b""
    for _ in range(rounds):
        start = time.perf_counter()
        answer = jsonio.dumps({"result": execute(tool, "1.0.0", jsonio.loads(request))})
        best = min(best, time.perf_counter() - start)
    return len(request), best, len(answer)


def costliest(rounds: int) -> Iterator[Measured]:
    for tool, make, every_options in (
        (chrf_tool.CONTRACT.id, chrf_request, CHRF_OPTIONS),
        (bleu_tool.CONTRACT.id, bleu_request, BLEU_OPTIONS),
    ):
        for n, m in SHAPES:
            raw = make(n, m)
            for options in every_options:
                sizes = measure(tool, {**raw, **options}, rounds)
                yield Measured(tool, (n, m), options, *sizes)


def main() -> None:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    arguments.add_argument("--rounds", type=int, default=3)
    for measured in costliest(arguments.parse_args().rounds):
        print(measured.line(), flush=True)


if __name__ == "__main__":
    main()
