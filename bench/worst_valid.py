"""The worst valid input of each tool: the largest answer, time and memory its contract allows.

    python -m bench.hostile --valid

Each input is at its contract's limits (and within the server's 8 MiB body), built to make the
answer or the work as large as it can be: every hypothesis token distinct, the highest orders,
every table or word asked for, the texts that expand most, the longest texts with the most shift
candidates, the most systems and references. Each runs once, in a fresh interpreter, the way
every adapter runs it (``jsonio.loads``, ``execute``, ``jsonio.dumps``); the table shows its body,
its answer, the answer bytes its tool declares (``Tool.answer_bytes``, which a server charges
before it computes), the answer's ratio to the body, the wall and CPU time (this process and its
children) and the peak memory growth (Linux: VmHWM, reset before the run, of the process and
its children).

The inputs are ``CASES`` below. Measured 2026-12-06 on a shared 2-core machine (Intel Xeon,
Linux, Python 3.11.7; other jobs running, so the wall time is above the CPU time):

| tool | body KiB | answer KiB | declared KiB | answer/body | ms | CPU ms | peak +MiB |
|---|---:|---:|---:|---:|---:|---:|---:|
| bleu-corpus-compute | 299 | 0 | 0 | 0.00 | 12 | 8 | 5 |
| bleu-corpus-statistics | 289 | 0 | 0 | 0.00 | 11 | 11 | 9 |
| bleu-corpus-from-statistics | 374 | 0 | 0 | 0.00 | 12 | 12 | 1 |
| bleu-corpus-from-statistics@1.1.0 | 321 | 0 | 0 | 0.00 | 44 | 19 | 2 |
| bleu-ngrams-count | 289 | 4601 | 7812 | 15.91 | 1397 | 863 | 106 |
| bleu-sentence-compute | 289 | 0 | 0 | 0.00 | 6 | 6 | 5 |
| bleu-sentence-components | 289 | 0 | 0 | 0.00 | 10 | 6 | 5 |
| bleu-brevity-penalty | 55 | 6 | 0 | 0.11 | 8 | 4 | 0 |
| bleu-pairwise-compute | 196 | 5759 | 6425 | 29.45 | 165 | 92 | 25 |
| bleu-tokenize (U+0001) | 6144 | 9216 | 9217 | 1.50 | 230 | 227 | 25 |
| bleu-tokenize (İ, lowercase) | 1024 | 4608 | 9217 | 4.50 | 229 | 229 | 21 |
| chrf-compute | 1025 | 10 | 0 | 0.01 | 164 | 172 | 35 |
| chrf-plus-plus-compute | 1025 | 2062 | 2053 | 2.01 | 452 | 459 | 48 |
| chrf-pairwise-compute | 1027 | 5065 | 6412 | 4.93 | 1881 | 1335 | 407 |
| chrf-from-statistics | 640 | 1 | 0 | 0.00 | 17 | 17 | 2 |
| chrf-from-statistics@1.1.0 | 534 | 1 | 0 | 0.00 | 102 | 39 | 2 |
| ter-compute | 64 | 1 | 0 | 0.01 | 2053 | 2034 | 2 |
| ter-from-statistics | 2883 | 0 | 0 | 0.00 | 108 | 108 | 18 |
| score-texts (16 systems, chrF++, 10,000 trials) | 10199 | 2 | 0 | 0.00 | 2391 | 1505 | 162 |
| score-texts (16 x 4 refs, BLEU 8, 2,000 resamples) | 10220 | 2 | 0 | 0.00 | 2130 | 875 | 128 |
| score-texts (16 systems, rougeLsum, 625 trials) | 10199 | 2 | 0 | 0.00 | 9407 | 3841 | 52 |
| score-texts (16 systems, BLEU, 8,000 + 2,000 ci) | 10199 | 2 | 0 | 0.00 | 7112 | 2705 | 456 |
| score-texts (2 systems, all but TER, 1,000) | 4656 | 2 | 0 | 0.00 | 5695 | 2131 | 54 |
| score-texts (1 x 8 refs, chrF++ BLEU, ci 2,000) | 10238 | 1 | 0 | 0.00 | 8706 | 3209 | 84 |
| paired-significance | 6971 | 3 | 0 | 0.00 | 1523 | 1774 | 45 |
| paired-significance (TER, brackets) | 96 | 0 | 0 | 0.00 | 44383 | 6217 | 1 |
| paired-significance@1.1.0 (texts, chrF++) | 39282 | 2 | 0 | 0.00 | 19039 | 4045 | 184 |
| paired-significance@1.1.0 (texts, BLEU, 4 refs) | 39305 | 2 | 0 | 0.00 | 12915 | 2025 | 128 |
| paired-significance@1.1.0 (texts, CER) | 39282 | 2 | 0 | 0.00 | 10409 | 2193 | 126 |
| paired-significance@1.1.0 (TER, normalized) | 48 | 0 | 0 | 0.00 | 16354 | 3047 | 1 |
| paired-significance@1.1.0 (statistics, chrF++) | 27813 | 2 | 0 | 0.00 | 19183 | 4684 | 234 |
| paired-significance@1.1.0 (statistics, BLEU) | 14376 | 2 | 0 | 0.00 | 8878 | 1858 | 113 |
| wer-compute (alignments) | 166 | 2103 | 10013 | 12.61 | 371 | 133 | 11 |
| cer-compute (alignments) | 254 | 6441 | 30501 | 25.33 | 1248 | 420 | 34 |
| wer-from-statistics | 1386 | 0 | 0 | 0.00 | 182 | 61 | 7 |
| cer-from-statistics | 1093 | 0 | 0 | 0.00 | 120 | 45 | 4 |

(The four WER and CER rows: 2026-12-07, the machine busier, load about 12. The TER row of
paired-significance: 2026-12-07, load about 28, so its wall time is seven times its CPU time;
ter-compute measured 3.4 s of CPU the same day. The six rows of paired-significance@1.1.0:
2026-12-07, load 15 to 20, when 1.0.0's row took 3,801 ms of CPU, twice its quiet time above:
their CPU times are about twice what a quiet machine takes. The two rows of the parts tools'
1.1.0: 2026-12-07, load about 10, in the run where 1.0.0's rows took 19 and 20 ms of CPU; over
five runs each, BLEU's took 20 ms (1.0.0's 14) and chrF's 37 ms (1.0.0's 23): the laws every
count is checked against and the sums cost at most about as much again as 1.0.0's whole call.)

(The six score-texts rows of several systems and resampling: 2026-12-07, load 9 to 13, so
their wall time is two to three times their CPU time.)

What the rows show beyond the contracts' own words:

- score-texts's resampling at its bound, 1.6 billion systems x segments x resamples x scores:
  ROUGE's scores are means summed segment by segment in each resample's order (about 40 ns a
  step in sacrebleu mode, where the matrix products of the others take 1 to 4 ns), so each
  ROUGE type counts 16 times, and 625 trials of 16 systems take 3.8 s of CPU. Intervals
  beside randomization hold two int64 indexes a resample and segment (sacreBLEU's draws): 456
  MiB for 2,000 of them on 10,000 segments, the most memory of these rows.

- wer-compute and cer-compute with ``alignments`` answer 13 and 25 times their body (a chunk of
  about 100 bytes for every few one-letter words or letters); their pairs are aligned by the
  oracle in Python for the chunks, the counts by the compiled kernel.

- paired-significance took 37.6 s (32.7 s of CPU) before each segment's references were counted
  once for every system (``fast/_c/_shared_references.c``): its bound, systems x segments x metrics,
  leaves out the references, and each system's chrF extracted every reference's n-grams again.
  Now 1.5 s, within the few seconds its page states.
- bleu-tokenize declares 9 x the texts' UTF-8 bytes (it declared 4 x, below what it answers): a
  control character is 1 byte of text and 9 bytes of answer (its 6-byte JSON escape, quotes and
  comma), and ``İ`` lowercases to two tokens of 9 bytes in all.
- ter-compute's dearest texts are brackets with ``normalized`` (a word a byte, twice the words of
  ``a b a b``): 2 to 3.4 s of CPU, where its limits were set for about 1 s (its page says 1 s,
  and a released page does not change). paired-significance on TER spends the pair bytes of
  every system on such texts: 4.8 to 6.2 s of CPU, where its page states about 3 s. TER's
  shift search runs within a beam, so its time grows with the words (about 110 us each), not
  their square; a server admits both by that estimate (``contracts.costs``).
- score-texts (2026-12-07, load 8 to 10, so the wall times are 3 to 6 times the CPU times):
  within a few seconds of CPU at every bound. TER's bound was pairs of equal words (2.5
  million), which do not follow its shift search: 80 short words of a 170-word vocabulary have
  fewer equal pairs than a translation and cost 40 times as much per pair (about 140 s at the
  bound). A pair tries at most 1,000 candidate shifts, each an edit distance over its words, so
  its time grows with the square of its words up to that budget: the bound is now word pairs
  (the longer text's words times the same number up to 1,000, once with sentence_level too), 40
  million. At it, 33 words over a vocabulary of five (the dearest found; 27 words over two with
  8 references and 36 shuffled distinct words took 4.0 and 4.3 s) take 4.3 s of CPU; a
  WMT-sized set (10,000 x 4 references of 150-byte translations) counts 25.4 million and takes
  1.2 s with BLEU and chrF beside TER. Before the kernel's bounds (``fast/_c/_ter.c``: what a
  run's move can change at most, then the plain distance, bit-parallel), the same 40 million
  took about 30 s (the kernel alone: 3.4 ms a segment of 4 references, now 0.4 ms). CER's
  pairs of 4,096 letters are split before they are aligned, in pure Python at about 13 ns a cell
  against 0.2 ns: such a pair now counts four times, and 7 of them (470 million) take 1.3 s with
  every segment's rate, which comes from the distance alone.
- chrf-pairwise-compute grows by about 400 MiB for a 1 MiB body, the most of any tool: about
  40 MiB per character order (195 MiB with the default options), while each text's n-grams,
  counted once, are held for the whole matrix.
"""

import gc
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench.corpus import _Sampler
from bench.procfs import children, cpu_seconds, reset_high_water_mark, status_kib
from mtcompute import jsonio
from mtcompute.contracts.inputs.parts import MAX_COUNT
from mtcompute.contracts.registry import get_tool
from mtcompute.meta.execute import execute

_TOKENS = 50_000
_TEXT_BYTES = 8192  # chrF's largest string
_TER_TEXT_BYTES = 4096  # TER's largest string: 8 pairs of two spend its 65,536 pair bytes
_SIGNIFICANCE_TEXT_BYTES = 7_000_000
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_MIB = 1024 * 1024
_ROOT = Path(__file__).resolve().parent.parent


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


def _tokenize(unit: str, lowercase: bool) -> dict[str, Any]:
    # 1 MiB of text, 128 texts of 8 KiB made of ``unit``; char makes each code point a token.
    text = unit * (_TEXT_BYTES // len(unit.encode()))
    count = _MIB // _TEXT_BYTES
    return {"hypotheses": [text] * count, "tokenizer": "char", "lowercase": lowercase}


def _ter() -> dict[str, Any]:
    # The pair bytes as 8 pairs of the longest texts; normalized makes each bracket a word, so
    # each text is 4,096 words over a vocabulary of two: every shift is a candidate.
    rng = random.Random(8)
    texts = ["".join(rng.choices("()", k=_TER_TEXT_BYTES)) for _ in range(16)]
    return {"hypotheses": texts[:8], "references": [[t] for t in texts[8:]], "normalized": True}


def _edit_texts(unit_bytes: int, text_bytes: int) -> dict[str, Any]:
    # The most pairs of the longest texts the total allows, over two symbols (words of one
    # letter for WER, letters for CER): the longest alignments, the most chunks to answer.
    rng = random.Random(39)
    step = unit_bytes + (1 if unit_bytes > 1 else 0)
    count = 262_144 // (2 * text_bytes)

    def text() -> str:
        items = rng.choices("ab", k=text_bytes // step)
        return " ".join(items) if unit_bytes > 1 else "".join(items)

    return {
        "hypotheses": [text() for _ in range(count)],
        "references": [text() for _ in range(count)],
        "alignments": True,
    }


def _edit_parts(rates: tuple[str, ...]) -> dict[str, Any]:
    # 10,000 parts whose counts add up to 2**53 - 1 at most, each answer's rates beside them.
    share = MAX_COUNT // 10_000
    part = dict.fromkeys(("hits", "substitutions", "deletions", "insertions"), share)
    return {"parts": [{**part, **dict.fromkeys(rates, 0.5)} for _ in range(10_000)]}


def _chrf_pairwise() -> dict[str, Any]:
    # The largest square matrix of texts that fill the 1 MiB, random letters and spaces (the
    # most distinct n-grams), every order and whitespace counted.
    rng = random.Random(512)
    texts = ["".join(rng.choices(_LETTERS + " ", k=1024)) for _ in range(1024)]
    options = {"char_order": 10, "word_order": 2, "include_whitespace": True}
    return {"hypotheses": texts[:512], "references": texts[512:], **options}


def _bleu_pairwise() -> dict[str, Any]:
    # 1,024 x 256 cells and 49,408 tokens of a 60-word vocabulary: n-grams of every order
    # match somewhere, so that no score is 0 and the answer's doubles are long.
    rng = random.Random(60)
    words = _distinct(60)
    hypotheses = [rng.choices(words, k=24) for _ in range(1024)]
    references = [rng.choices(words, k=97) for _ in range(256)]
    return {"hypotheses": hypotheses, "references": references, "max_order": 8}


def _bleu_parts() -> dict[str, Any]:
    # The most parts, every order, every count the largest a part may hold.
    part = {
        "matches": [MAX_COUNT] * 8,
        "totals": [MAX_COUNT] * 8,
        "candidate_length": MAX_COUNT,
        "reference_length": MAX_COUNT,
        "max_order": 8,
    }
    return {"parts": [part] * 1000}


def _chrf_parts() -> dict[str, Any]:
    part = {name: [MAX_COUNT] * 12 for name in ("hypothesis", "reference", "matches")}
    options = {"char_order": 10, "word_order": 2, "eps_smoothing": True}
    return {"parts": [part] * 1000, **options}


def _falling(count: int, orders: int) -> list[int]:
    """The n-grams of orders 1..orders of one text of ``count`` items."""
    return [count - n for n in range(orders)]


def _bleu_parts_1_1_0() -> dict[str, Any]:
    # The most parts and orders, each the largest a part may hold while the sums stay within
    # 2**53 - 1: one hypothesis each, all matched, its totals falling by one an order.
    share = MAX_COUNT // 1000
    part = {
        "matches": _falling(share, 8),
        "totals": _falling(share, 8),
        "candidate_length": share,
        "reference_length": share,
        "max_order": 8,
    }
    return {"parts": [part] * 1000}


def _chrf_parts_1_1_0() -> dict[str, Any]:
    # 10 character orders and 2 word orders of one text a part, words as many as characters.
    counts = _falling(MAX_COUNT // 1000, 10) + _falling(MAX_COUNT // 1000, 2)
    part = dict.fromkeys(("hypothesis", "reference", "matches"), counts)
    options = {"char_order": 10, "word_order": 2, "eps_smoothing": True}
    return {"parts": [part] * 1000, **options}


def _ter_parts() -> dict[str, Any]:
    # 50,000 segments (its bound) in 1,000 parts, each segment's length a third (three
    # references), so that every addition of the left-to-right sum rounds.
    segment = {"num_edits": 2**37, "ref_length": 1 / 3}  # 50,000 of them: under 2**53
    return {"parts": [[segment] * 50] * 1000, "decimals": 4}


def _significance() -> dict[str, Any]:
    # 16 systems of 3,000 segments (systems x segments x metrics at its bound with two chrF
    # metrics) with empty hypotheses, and the 7,000,000 text bytes spent on 8 references per
    # segment: each system's chrF extracts every reference's n-grams again.
    rng = random.Random(16)
    vocabulary = ["".join(rng.choices(_LETTERS, k=rng.randrange(2, 9))) for _ in range(2000)]
    size = _SIGNIFICANCE_TEXT_BYTES // (3000 * 8)
    references = [[_words(rng, vocabulary, size) for _ in range(8)] for _ in range(3000)]
    systems = [{"name": f"system {k}", "hypotheses": [""] * 3000} for k in range(16)]
    chrf = {"char_order": 10, "include_whitespace": True}
    return {
        "systems": systems,
        "references": references,
        "metrics": ["chrf++", "chrf"],
        "chrf++": {**chrf, "word_order": 2},
        "chrf": chrf,
        "test": "randomization",
        "samples": 10_000,
    }


def _significance_ter_brackets() -> dict[str, Any]:
    # TER's dearest texts (brackets with normalized, a word a byte) for 2 systems: each system's
    # pairs spend the 131,072 pair bytes its ter limit allows, 16 segments of 2,048 + 2,048.
    rng = random.Random(2)

    def texts() -> list[str]:
        return ["".join(rng.choices("()", k=2048)) for _ in range(16)]

    systems = [{"name": f"system {k}", "hypotheses": texts()} for k in range(2)]
    references = [[text] for text in texts()]
    return {
        "systems": systems,
        "references": references,
        "metrics": ["ter"],
        "ter": {"normalized": True},
    }


def _significance_texts(hypothesis_bytes: int, references: int, metrics: list[str]) -> Any:
    # 16 systems of 10,000 segments, the 40,000,000 text bytes spent as the sizes say, random
    # words of 1 to 5 letters, chrF's orders at their largest, 10,000 trials.
    rng = random.Random(41)
    vocabulary = ["".join(rng.choices(_LETTERS, k=rng.randrange(1, 6))) for _ in range(5000)]
    reference_bytes = (40_000_000 - 16 * 10_000 * hypothesis_bytes) // (10_000 * references)
    refs = [[_words(rng, vocabulary, reference_bytes) for _ in range(references)]] * 10_000
    pool = [_words(rng, vocabulary, hypothesis_bytes) for _ in range(1000)]
    systems = [
        {"name": f"system {k}", "hypotheses": [pool[(7 * i + k) % 1000] for i in range(10_000)]}
        for k in range(16)
    ]
    chrf = {"char_order": 10, "include_whitespace": True}
    return {
        "systems": systems,
        "references": refs,
        "metrics": metrics,
        "chrf++": {**chrf, "word_order": 2},
        "chrf": chrf,
        "test": "randomization",
        "samples": 10_000,
    }


def _significance_ter() -> dict[str, Any]:
    # TER's pair bytes (65,536) as 2 systems of 8 segments of 2,048 brackets against one
    # reference each, normalized: a word a byte over a vocabulary of two.
    rng = random.Random(42)
    texts = ["".join(rng.choices("()", k=2048)) for _ in range(24)]
    return {
        "systems": [
            {"name": f"system {k}", "hypotheses": texts[8 * k : 8 * k + 8]} for k in range(2)
        ],
        "references": [[t] for t in texts[16:]],
        "metrics": ["ter"],
        "ter": {"normalized": True},
        "test": "randomization",
        "samples": 10_000,
    }


def _significance_statistics(metric: str) -> dict[str, Any]:
    # 160,000 segment statistics (16 systems of 10,000 segments), chrF++ with its most orders
    # or BLEU, each count of several digits, 10,000 trials.
    if metric == "bleu":
        segment: dict[str, Any] = {
            "candidate_length": 31,
            "reference_length": 29,
            "matches": [27, 19, 13, 8],
            "totals": [31, 30, 29, 28],
        }
        options: dict[str, Any] = {}
    else:
        segment = {
            "hypothesis": [150 - n for n in range(12)],
            "reference": [149 - n for n in range(12)],
            "matches": [120 - 9 * n for n in range(12)],
        }
        options = {"chrf++": {"char_order": 10, "word_order": 2}}
    systems = [
        {"name": f"system {k}", "statistics": {metric: [segment] * 10_000}} for k in range(16)
    ]
    return {"systems": systems, "metrics": [metric], **options, "test": "randomization"}


def _words(rng: random.Random, vocabulary: list[str], size: int) -> str:
    """Words of ``vocabulary`` drawn at random, as many as fit in ``size`` bytes."""
    words: list[str] = []
    length = -1
    while True:
        word = rng.choice(vocabulary)
        if length + 1 + len(word) > size:
            return " ".join(words)
        words.append(word)
        length += 1 + len(word)


def _rouge() -> dict[str, Any]:
    # 64 segments of one hypothesis and one reference, each 8 KiB (1 MiB in all) of 395 lines
    # of English-like words (the stemmer works on them): 64 x 395 x 395 = 9,985,600 sentence
    # pairs, within the 10,000,000 that rougeLsum's union LCS may take; every ROUGE type.
    rng = random.Random(40)
    stems = ["connect", "run", "happy", "generat", "relat", "agree", "nation", "cause", "sky"]
    endings = ["", "s", "ed", "ing", "ion", "ional", "ness", "ly", "ies", "ation"]
    vocabulary = [stem + ending for stem in stems for ending in endings]

    def text() -> str:
        lines = [_words(rng, vocabulary, 19) for _ in range(395)]
        return "\n".join(lines)

    hypotheses, references = [], []
    for _ in range(64):
        hypotheses.append(text())
        references.append([text()])
    types = [*(f"rouge{n}" for n in range(1, 10)), "rougeL", "rougeLsum"]
    return {
        "hypotheses": hypotheses,
        "references": references,
        "rouge_types": types,
        "use_stemmer": True,
    }


def _test_set(metrics: list[str], vocabulary_size: int) -> dict[str, Any]:
    # 10,000 segments of a hypothesis and 4 references of 200 bytes (10 MB of text), words of
    # a small vocabulary, every segment's scores asked for too.
    rng = random.Random(41)
    vocabulary = _distinct(vocabulary_size)
    lines = [[_words(rng, vocabulary, 200) for _ in range(5)] for _ in range(10_000)]
    return {
        "hypotheses": [line[0] for line in lines],
        "references": [line[1:] for line in lines],
        "metrics": metrics,
        "sentence_level": True,
    }


def _translations() -> dict[str, Any]:
    # A WMT-sized test set: 10,000 segments with 4 references, each a noisy copy of a sentence
    # of about 20 words (median) of a Zipf-like vocabulary, about 150 bytes a line, scored as
    # sacreBLEU scores by default and more (BLEU, chrF, TER).
    sampler = _Sampler(7)
    hypotheses, references = [], []
    for _ in range(10_000):
        base = sampler.tokens(sampler.length(20))
        hypotheses.append(" ".join(sampler.noisy_copy(base, 0.67)))
        references.append([" ".join(sampler.noisy_copy(base, 0.67)) for _ in range(4)])
    return {"hypotheses": hypotheses, "references": references, "metrics": ["bleu", "chrf", "ter"]}


def _ter_word_pairs() -> dict[str, Any]:
    # TER's bound spent on its dearest texts per word pair: 9,180 segments x 4 references of 33
    # words over a vocabulary of five, shifts that pay everywhere, 1,089 word pairs a pair.
    rng = random.Random(33)

    def text() -> str:
        return " ".join(rng.choices("abcde", k=33))

    return {
        "hypotheses": [text() for _ in range(9_180)],
        "references": [[text() for _ in range(4)] for _ in range(9_180)],
        "metrics": ["ter"],
    }


def _character_pairs() -> dict[str, Any]:
    # CER's bound with the longest texts, which its alignment splits first: 7 pairs of 4,096
    # letters over two, 16.8 million cells each, counted four times (470 million).
    rng = random.Random(42)
    texts = ["".join(rng.choices("ab", k=4096)) for _ in range(14)]
    return {
        "hypotheses": texts[:7],
        "references": [[text] for text in texts[7:]],
        "metrics": ["cer"],
        "sentence_level": True,
    }


def _tested_systems(
    systems: int, references: int, metrics: list[str], asked: dict[str, Any], size: int = 0
) -> dict[str, Any]:
    # 10,000 segments whose texts (every system's hypotheses and every reference) spend the
    # 10 MiB (or are ``size`` bytes each), random words of 1 to 5 letters over 5,000: the most
    # segments' statistics, and the resampling as ``asked`` (at its bound of steps).
    rng = random.Random(43)
    vocabulary = ["".join(rng.choices(_LETTERS, k=rng.randrange(1, 6))) for _ in range(5000)]
    size = size or 10 * _MIB // (10_000 * (systems + references)) - 1
    refs = [[_words(rng, vocabulary, size) for _ in range(references)] for _ in range(10_000)]
    pool = [_words(rng, vocabulary, size) for _ in range(1000)]
    named = [
        {"name": f"system {k}", "hypotheses": [pool[(7 * i + k) % 1000] for i in range(10_000)]}
        for k in range(systems)
    ]
    form = {"systems": named} if systems > 1 else {"hypotheses": named[0]["hypotheses"]}
    return {**form, "references": refs, "metrics": metrics, **asked}


_TESTED = {"chrf++": {"char_order": 10, "whitespace": True}, "bleu": {"max_ngram_order": 8}}


@dataclass(frozen=True)
class ValidCase:
    tool: str
    what: str
    build: Callable[[], dict[str, Any]]
    version: str = "1.0.0"


CASES = (
    ValidCase("bleu-corpus-compute", "1,000 segments x 8 refs, order 8", _corpus_many_segments),
    ValidCase(
        "bleu-corpus-statistics",
        "49,999 distinct tokens, order 8",
        lambda: _corpus_one_segment({"max_order": 8}),
    ),
    ValidCase(
        "bleu-corpus-from-statistics", "1,000 parts of 8 orders, counts 2**53-1", _bleu_parts
    ),
    ValidCase(
        "bleu-corpus-from-statistics",
        "1,000 parts of 8 orders, sums 2**53-1",
        _bleu_parts_1_1_0,
        "1.1.0",
    ),
    ValidCase(
        "bleu-ngrams-count",
        "49,999 distinct tokens, order 8, tables all",
        lambda: _corpus_one_segment({"max_order": 8, "clipping_table": "all"}),
    ),
    ValidCase("bleu-sentence-compute", "25,000 + 25,000 tokens, order 8", _sentence),
    ValidCase("bleu-sentence-components", "25,000 + 25,000 tokens, order 8", _sentence),
    ValidCase("bleu-brevity-penalty", "1,000 x 8 lengths of 50,000", _brevity),
    ValidCase(
        "bleu-pairwise-compute",
        "1,024 x 256 lists of 24 and 97 tokens, 60 words, order 8",
        _bleu_pairwise,
    ),
    # Control characters are one UTF-8 byte each but six in JSON ("\u0001"), in the body and
    # in each one-character token of the answer.
    ValidCase("bleu-tokenize", "char, 1 MiB of U+0001", lambda: _tokenize("\x01", False)),
    # "İ" lowercases to two code points: 2 bytes of text become two tokens of 9 answer bytes.
    ValidCase("bleu-tokenize", "char, lowercase, 1 MiB of İ", lambda: _tokenize("İ", True)),
    ValidCase("bleu-tokenize", "char, 1 MiB of U+0001", lambda: _tokenize("\x01", False), "1.1.0"),
    ValidCase(
        "bleu-tokenize", "char, lowercase, 1 MiB of İ", lambda: _tokenize("İ", True), "1.1.0"
    ),
    ValidCase("chrf-compute", "1 MiB of one-letter words", lambda: _texts({})),
    ValidCase(
        "chrf-plus-plus-compute",
        "1 MiB of one-letter words, words returned",
        lambda: _texts({"word_order": 2, "return_words": True}),
    ),
    ValidCase(
        "chrf-pairwise-compute",
        "512 x 512 random texts of 1 KiB, orders 10 + 2, whitespace",
        _chrf_pairwise,
    ),
    ValidCase("chrf-from-statistics", "1,000 parts of 12 orders, counts 2**53-1", _chrf_parts),
    ValidCase(
        "chrf-from-statistics",
        "1,000 parts of 12 orders, sums 2**53-1",
        _chrf_parts_1_1_0,
        "1.1.0",
    ),
    ValidCase(
        "ter-compute",
        "8 pairs of 4,096 brackets, normalized (words of 1 byte)",
        _ter,
    ),
    ValidCase("ter-from-statistics", "1,000 parts of 50 segments, lengths of thirds", _ter_parts),
    ValidCase(
        "wer-compute",
        "32 pairs of 2,000 one-letter words over 2 letters, alignments",
        lambda: _edit_texts(2, 4_000),
    ),
    ValidCase(
        "cer-compute",
        "65 pairs of 2,000 characters over 2 letters, alignments",
        lambda: _edit_texts(1, 2_000),
    ),
    ValidCase(
        "wer-from-statistics",
        "10,000 parts, counts summing to 2**53-1",
        lambda: _edit_parts(("wer", "mer", "wil", "wip")),
    ),
    ValidCase(
        "cer-from-statistics",
        "10,000 parts, counts summing to 2**53-1",
        lambda: _edit_parts(("cer",)),
    ),
    ValidCase(
        "rouge-compute",
        "64 pairs of 8 KiB in 395 lines, every type, the stemmer (9,985,600 sentence pairs)",
        _rouge,
    ),
    ValidCase(
        "score-texts",
        "10,000 segments x 4 refs of 200 bytes (10 MB), bleu chrf chrf++ rouge, per segment",
        lambda: _test_set(["bleu", "chrf", "chrf++", "rouge"], 170),
    ),
    ValidCase(
        "score-texts",
        "10,000 segments x 4 refs of translations (150 bytes a line), bleu chrf ter",
        _translations,
    ),
    ValidCase(
        "score-texts",
        "9,180 segments x 4 refs of 33 words over 5 (39,988,080 word pairs), ter",
        _ter_word_pairs,
    ),
    ValidCase(
        "score-texts",
        "7 pairs of 4,096 letters over 2 (470M weighted character pairs), cer, per segment",
        _character_pairs,
    ),
    ValidCase(
        "score-texts",
        "16 systems x 10,000 segments (10 MiB), chrF++ orders 10 + 2, 10,000 trials",
        lambda: _tested_systems(
            16, 1, ["chrf++"], {**_TESTED, "paired_ar": True, "paired_ar_n": 10_000}
        ),
    ),
    ValidCase(
        "score-texts",
        "16 systems x 10,000 segments x 4 refs (10 MiB), BLEU order 8, 2,000 resamples",
        lambda: _tested_systems(
            16, 4, ["bleu"], {**_TESTED, "paired_bs": True, "paired_bs_n": 2000}
        ),
    ),
    ValidCase(
        "score-texts",
        "16 systems x 10,000 segments (10 MiB), rougeLsum, 625 trials (weighed 16)",
        lambda: _tested_systems(
            16,
            1,
            ["rouge"],
            {"rouge": {"rouge_types": ["rougeLsum"]}, "paired_ar": True, "paired_ar_n": 625},
        ),
    ),
    ValidCase(
        "score-texts",
        "16 systems x 10,000 segments (10 MiB), BLEU, 8,000 trials, 2,000 for confidence",
        lambda: _tested_systems(
            16,
            1,
            ["bleu"],
            {"paired_ar": True, "paired_ar_n": 8000, "confidence": True, "confidence_n": 2000},
        ),
    ),
    ValidCase(
        "score-texts",
        "2 systems x 10,000 segments of 157 bytes (CER's bound), every metric but TER (its "
        "bound measured above), 1,000 resamples",
        lambda: _tested_systems(
            2,
            1,
            ["bleu", "chrf", "chrf++", "wer", "cer", "rouge"],
            {**_TESTED, "paired_bs": True, "paired_bs_n": 1000},
            size=157,
        ),
    ),
    ValidCase(
        "score-texts",
        "one system of 10,000 segments x 8 refs (10 MiB), chrF++ and BLEU, confidence 2,000",
        lambda: _tested_systems(
            1, 8, ["chrf++", "bleu"], {**_TESTED, "confidence": True, "confidence_n": 2000}
        ),
    ),
    ValidCase(
        "paired-significance",
        "16 systems x 3,000 segments x 8 refs (7 MB), chrF++ and chrF, 10,000 trials",
        _significance,
    ),
    ValidCase(
        "paired-significance",
        "2 systems x 16 segments of 2,048 brackets, TER normalized, 10,000 trials",
        _significance_ter_brackets,
    ),
    ValidCase(
        "paired-significance",
        "16 systems x 10,000 segments x 1 ref (40 MB), chrF++ orders 10 + 2, 10,000 trials",
        lambda: _significance_texts(240, 1, ["chrf++"]),
        "1.1.0",
    ),
    ValidCase(
        "paired-significance",
        "16 systems x 10,000 segments x 4 refs (40 MB), BLEU, 10,000 trials",
        lambda: _significance_texts(150, 4, ["bleu"]),
        "1.1.0",
    ),
    ValidCase(
        "paired-significance",
        "16 systems x 10,000 segments x 1 ref (40 MB), CER, 10,000 trials",
        lambda: _significance_texts(240, 1, ["cer"]),
        "1.1.0",
    ),
    ValidCase(
        "paired-significance",
        "TER, normalized: 65,536 pair bytes of brackets, 10,000 trials",
        _significance_ter,
        "1.1.0",
    ),
    ValidCase(
        "paired-significance",
        "160,000 BLEU segment statistics (16 x 10,000), 10,000 trials",
        lambda: _significance_statistics("bleu"),
        "1.1.0",
    ),
    ValidCase(
        "paired-significance",
        "160,000 chrF++ segment statistics of 12 orders (16 x 10,000), 10,000 trials",
        lambda: _significance_statistics("chrf++"),
        "1.1.0",
    ),
)


@dataclass(frozen=True)
class Measured:
    """One run of a case: sizes in bytes, times in seconds, the peak's growth in KiB."""

    body: int
    answer: int
    declared: int  # the tool's bound of its extra answer bytes, which a server charges
    seconds: float
    cpu_seconds: float
    grown_kib: int


def measure(case: ValidCase) -> Measured:
    """One run of ``case`` as an adapter runs it, from its body's bytes to its answer's."""
    raw = case.build()
    body = jsonio.dumps(raw)
    declared = get_tool(case.tool, case.version).answer_bytes(raw)
    del raw
    gc.collect()
    before = _reset_peaks()
    start, cpu_start = time.perf_counter(), cpu_seconds()
    answer = jsonio.dumps({"result": execute(case.tool, case.version, jsonio.loads(body))})
    seconds, cpu = time.perf_counter() - start, cpu_seconds() - cpu_start
    grown = _peaks() - before
    return Measured(len(body), len(answer), declared, seconds, cpu, grown)


def _processes() -> list[int]:
    # This process and its children: the helper process computes part of a large corpus.
    return [os.getpid(), *children()]


def _reset_peaks() -> int:
    """Reset the high-water marks; the resident KiB they start from, summed."""
    resident = 0
    for pid in _processes():
        resident += status_kib(pid, "VmRSS")
        reset_high_water_mark(pid)
    return resident


def _peaks() -> int:
    # A sum of peaks that need not coincide: an upper bound of the peak of the whole.
    return sum(status_kib(pid, "VmHWM") for pid in _processes())


def measure_apart(index: int) -> Measured:
    """``measure`` of ``CASES[index]`` in a fresh interpreter: memory that an earlier case
    grew and freed would otherwise hide this one's growth."""
    command = [sys.executable, "-W", "ignore", "-m", "bench.worst_valid", str(index)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=_ROOT)
    return Measured(**json.loads(done.stdout))


def report(only: str | None = None) -> None:
    """A row per case; ``only``: the cases whose tool's name contains it."""
    print(
        "| tool | worst valid input | body KiB | answer KiB | declared KiB | answer/body"
        " | ms | CPU ms | peak +MiB |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for index, case in enumerate(CASES):
        if only and only not in case.tool:
            continue
        m = measure_apart(index)
        row = f"| {case.tool} | {case.what} | {m.body / 1024:.0f} | {m.answer / 1024:.0f} |"
        row += f" {m.declared / 1024:.0f} | {m.answer / m.body:.2f} | {1000 * m.seconds:.0f} |"
        row += f" {1000 * m.cpu_seconds:.0f} | {m.grown_kib / 1024:.0f} |"
        print(row, flush=True)


if __name__ == "__main__":
    print(json.dumps(asdict(measure(CASES[int(sys.argv[1])]))))
