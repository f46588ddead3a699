"""The implementations under test, each called so that it computes canonical corpus BLEU.

Each one turns the corpus JSON into its own kind of input (outside the timer, so that every run
gets fresh string objects) and then computes. Its result is checked against ours before it is
timed: integer statistics exactly where it reports them, the score within a relative 1e-12 (peers
use the platform's log/exp and other summation orders, so the last bits may differ). A peer's
package is imported in its compute function (the untimed check run imports it), so that a memory
subprocess loads only the peer it measures.
"""

import importlib.metadata
import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from mtcompute.fast.bleu.corpus import corpus_statistics_fast
from mtcompute.helper import process as block_helper
from mtcompute.metrics.bleu import BleuStatistics, corpus_statistics, score

Corpus = tuple[list[list[str]], list[list[list[str]]]]
SCORE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Outcome:
    """What a peer reports: the score on the 0-1 scale and any statistics it exposes."""

    bleu: float
    matches: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    candidate_length: int | None = None
    reference_length: int | None = None


@dataclass(frozen=True)
class Peer:
    """One implementation: a name, its package, how to build its input, and how to compute."""

    name: str
    package: str
    prepare: Callable[[bytes], Any]
    compute: Callable[[Any], Any]  # an Outcome for BLEU; each race has its own
    module: str  # what it computes with: imported before memory is measured
    known_differences: str = ""  # what it does differently, said when its check fails
    start: Callable[[], None] = lambda: None  # what it starts before computing, if anything

    def version(self) -> str:
        return importlib.metadata.version(self.package)


def load_corpus(data: bytes) -> Corpus:
    request = orjson.loads(data)
    return request["hypotheses"], request["references"]


def _outcome(stats: BleuStatistics) -> Outcome:
    return Outcome(
        bleu=score(stats).bleu,
        matches=stats.matches,
        totals=stats.totals,
        candidate_length=stats.candidate_length,
        reference_length=stats.reference_length,
    )


def _ours_fast(corpus: Corpus) -> Outcome:
    return _outcome(corpus_statistics_fast(*corpus, 4))


def _ours_reference(corpus: Corpus) -> Outcome:
    return _outcome(corpus_statistics(*corpus, 4))


def _sacrebleu_input(data: bytes) -> tuple[list[str], list[list[str | None]]]:
    hypotheses, references = load_corpus(data)
    most = max(map(len, references))
    streams = [
        [" ".join(refs[k]) if k < len(refs) else None for refs in references] for k in range(most)
    ]
    return [" ".join(h) for h in hypotheses], streams


def _sacrebleu(inputs: tuple[list[str], list[list[str | None]]]) -> Outcome:
    from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415 - see the docstring

    hypotheses, references = inputs
    bleu = BLEU(tokenize="none", smooth_method="none", force=True)
    result = bleu.corpus_score(hypotheses, references)  # type: ignore[arg-type]  # None pads
    return Outcome(
        bleu=result.score / 100.0,
        matches=tuple(result.counts),
        totals=tuple(result.totals),
        candidate_length=result.sys_len,
        reference_length=result.ref_len,
    )


def _nltk_input(data: bytes) -> tuple[list[list[list[str]]], list[list[str]]]:
    hypotheses, references = load_corpus(data)
    return references, hypotheses


def _nltk(inputs: tuple[list[list[list[str]]], list[list[str]]]) -> Outcome:
    from nltk.translate.bleu_score import corpus_bleu  # noqa: PLC0415 - see the docstring

    with warnings.catch_warnings():  # it warns of zero counts, and returns a non-zero score
        warnings.simplefilter("ignore")
        return Outcome(bleu=float(corpus_bleu(*inputs)))


def _bleuscore_input(data: bytes) -> tuple[list[list[str]], list[str]]:
    # bleuscore tokenizes with 13a; the corpora's tokens are plain lowercase words, which 13a
    # splits back into exactly the same tokens.
    hypotheses, references = load_corpus(data)
    return [[" ".join(r) for r in refs] for refs in references], [" ".join(h) for h in hypotheses]


def _bleuscore(inputs: tuple[list[list[str]], list[str]]) -> Outcome:
    import bleuscore  # noqa: PLC0415 - see the docstring

    result = bleuscore.compute(*inputs, max_order=4, smooth=False, ref_len_method="closest")
    return Outcome(
        bleu=_number(result["bleu"]),
        candidate_length=int(_number(result["translation_length"])),
        reference_length=int(_number(result["reference_length"])),
    )


def _number(value: object) -> float:
    if not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {value!r}")
    return float(value)


_NLTK_DIFFERENCES = (
    "NLTK counts at least one n-gram per hypothesis and order (modified_precision: "
    "denominator = max(1, count)), so a hypothesis shorter than n adds 1 to l_n; and where an "
    "order above 1 has no match it returns a tiny positive score (sys.float_info.min), not 0"
)


def _start_helper() -> None:
    """mtcompute's helper process, started and ready, as it is after a first large corpus."""
    if not block_helper.current_helper().wait_until_ready(60):
        raise RuntimeError("the helper process did not start")


OURS = Peer("mtcompute", "mtcompute", load_corpus, _ours_fast, "mtcompute", start=_start_helper)
REFERENCE = Peer(
    "mtcompute reference (pure Python)", "mtcompute", load_corpus, _ours_reference, "mtcompute"
)
SACREBLEU = Peer("sacreBLEU", "sacrebleu", _sacrebleu_input, _sacrebleu, "sacrebleu.metrics.bleu")
PEERS = (
    OURS,
    REFERENCE,
    SACREBLEU,
    Peer(
        "NLTK corpus_bleu",
        "nltk",
        _nltk_input,
        _nltk,
        "nltk.translate.bleu_score",
        _NLTK_DIFFERENCES,
    ),
    Peer("bleuscore (Rust)", "bleuscore", _bleuscore_input, _bleuscore, "bleuscore"),
)
BY_NAME = {peer.name: peer for peer in PEERS}


def disagreement(expected: Outcome, got: Outcome) -> str | None:
    """Why ``got`` is not the canonical value ``expected``, or None when it is."""
    for field in ("matches", "totals", "candidate_length", "reference_length"):
        value = getattr(got, field)
        if value is not None and value != getattr(expected, field):
            return f"{field} {value} != {getattr(expected, field)}"
    if not math.isclose(got.bleu, expected.bleu, rel_tol=SCORE_TOLERANCE, abs_tol=0.0):
        return f"bleu {got.bleu!r} != {expected.bleu!r}"
    return None
