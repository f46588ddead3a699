"""The worst valid input of each tool: the largest answer, time and memory its contract allows.

    python -m bench.hostile --valid

Each input is at its contract's limits, built to make the answer (or the work) as large as it
can be: every hypothesis token distinct, the highest order, every table or word asked for. It is
run the way every adapter runs it (``jsonio.loads``, ``execute``, ``jsonio.dumps``), and the
table shows its body, its answer, the answer's ratio to the body, the wall time and the
process's peak memory growth (Linux: VmHWM, reset before each case).
"""

import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bench.procfs import reset_high_water_mark, status_kib
from mtcompute import jsonio
from mtcompute.meta.execute import execute

_TOKENS = 50_000
_TEXT_BYTES = 8192  # chrF's largest string
_MIB = 1024 * 1024


def _name(number: int) -> str:
    """A short distinct token: ``number`` in base 62."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    name = ""
    while True:
        number, digit = divmod(number, len(digits))
        name = digits[digit] + name
        if number == 0:
            return name


def _distinct(count: int, start: int = 0) -> list[str]:
    return [_name(i) for i in range(start, start + count)]


def _corpus_one_segment(order_option: dict[str, Any]) -> dict[str, Any]:
    # One segment of 49,999 distinct tokens and a one-token reference: a row per n-gram.
    return {"hypotheses": [_distinct(_TOKENS - 1)], "references": [[["0"]]], **order_option}


def _corpus_many_segments() -> dict[str, Any]:
    # 1,000 segments of 25 distinct tokens, each with 8 references of 25/8 tokens.
    per = _TOKENS // 2 // 1000
    hypotheses = [_distinct(per, i * per) for i in range(1000)]
    references = [[_distinct(3, i * per + k * 3)[:3] for k in range(8)] for i in range(1000)]
    return {"hypotheses": hypotheses, "references": references, "max_order": 8}


def _sentence() -> dict[str, Any]:
    half = _TOKENS // 2
    return {"hypothesis": _distinct(half), "references": [_distinct(half, half)], "max_order": 8}


def _brevity() -> dict[str, Any]:
    return {
        "candidate_lengths": [50_000] * 1000,
        "reference_lengths": [[50_000 - k for k in range(8)] for _ in range(1000)],
    }


def _texts(words_option: dict[str, Any]) -> dict[str, Any]:
    # 1 MiB of text: 64 segments of 8 KiB, one reference each, single-letter words.
    count = _MIB // 2 // _TEXT_BYTES
    text = ("a " * (_TEXT_BYTES // 2))[:_TEXT_BYTES]
    return {"hypotheses": [text] * count, "references": [[text]] * count, **words_option}


@dataclass(frozen=True)
class ValidCase:
    tool: str
    what: str
    build: Callable[[], dict[str, Any]]


CASES = (
    ValidCase("bleu-corpus-compute", "1,000 segments x 8 refs, order 8", _corpus_many_segments),
    ValidCase(
        "bleu-ngrams-count",
        "49,999 distinct tokens, order 8, tables all",
        lambda: _corpus_one_segment({"max_order": 8, "clipping_table": "all"}),
    ),
    ValidCase("bleu-sentence-compute", "25,000 + 25,000 tokens, order 8", _sentence),
    ValidCase("bleu-sentence-components", "25,000 + 25,000 tokens, order 8", _sentence),
    ValidCase("bleu-brevity-penalty", "1,000 x 8 lengths of 50,000", _brevity),
    ValidCase("chrf-compute", "1 MiB of one-letter words", lambda: _texts({})),
    ValidCase(
        "chrf-plus-plus-compute",
        "1 MiB of one-letter words, words returned",
        lambda: _texts({"word_order": 2, "return_words": True}),
    ),
)


def measure(case: ValidCase) -> tuple[int, int, float, int]:
    """Body bytes, answer bytes, seconds and peak memory growth in KiB of one run."""
    body = jsonio.dumps(case.build())
    gc.collect()
    pid = os.getpid()
    before = status_kib(pid, "VmRSS")
    reset_high_water_mark(pid)
    start = time.perf_counter()
    answer = jsonio.dumps({"result": execute(case.tool, "1.0.0", jsonio.loads(body))})
    seconds = time.perf_counter() - start
    return len(body), len(answer), seconds, status_kib(pid, "VmHWM") - before


def report() -> None:
    print("| tool | worst valid input | body KiB | answer KiB | answer/body | ms | peak +MiB |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for case in CASES:
        body, answer, seconds, grown = measure(case)
        row = f"| {case.tool} | {case.what} | {body / 1024:.0f} | {answer / 1024:.0f} |"
        row += f" {answer / body:.2f} | {1000 * seconds:.0f} | {grown / 1024:.0f} |"
        print(row, flush=True)
