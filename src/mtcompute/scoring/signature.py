"""Signatures in sacreBLEU's form: ``key:value`` pairs joined with "|", after the metric's name.

A signature names every option that changes the number (references, tokenization, smoothing,
orders), the tool and its version that computed it, and mtcompute's version, so that a score
can be reproduced from its line alone: ``BLEU|nrefs:4|tok:whitespace|smooth:none|
tool:bleu-corpus-compute@1.0.0|mtcompute:0.2.0 = 40.17 ...``.
"""

from collections.abc import Sequence

from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.version import __version__

# What `mtcompute score` splits lines into BLEU tokens on (the chrF pages' whitespace set).
TOKENIZER = "whitespace"


def joined(pairs: Sequence[tuple[str, str]]) -> str:
    return "|".join(f"{key}:{value}" for key, value in pairs)


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _tail(tool: str) -> list[tuple[str, str]]:
    return [("tool", tool), ("mtcompute", __version__)]


def _order(max_order: int) -> list[tuple[str, str]]:
    # sacreBLEU's signature has no order (its BLEU is 4-gram); one is named only when it differs.
    return [] if max_order == DEFAULT_MAX_ORDER else [("order", str(max_order))]


def bleu_signature(nrefs: int, max_order: int, tool: str) -> str:
    """Corpus BLEU's: unsmoothed, on whitespace tokens."""
    pairs = [("nrefs", str(nrefs)), *_order(max_order), ("tok", TOKENIZER), ("smooth", "none")]
    return joined(pairs + _tail(tool))


def sentence_bleu_signature(
    nrefs: int, max_order: int, smoothing: str, smoothing_value: float | None, tool: str
) -> str:
    """Sentence BLEU's: its smoothing (and value, as sacreBLEU shows it), effective order on."""
    smooth = smoothing if smoothing_value is None else f"{smoothing}[{smoothing_value:.2f}]"
    pairs = [("nrefs", str(nrefs)), *_order(max_order), ("tok", TOKENIZER), ("smooth", smooth)]
    return joined([*pairs, ("eff", "yes"), *_tail(tool)])


def chrf_signature(
    nrefs: int,
    *,
    char_order: int,
    word_order: int,
    include_whitespace: bool,
    eps_smoothing: bool,
    tool: str,
) -> str:
    """chrF's and chrF++'s: character and word orders, whitespace, eps smoothing."""
    pairs = [
        ("nrefs", str(nrefs)),
        ("nc", str(char_order)),
        ("nw", str(word_order)),
        ("space", _yes_no(include_whitespace)),
        ("eps", _yes_no(eps_smoothing)),
    ]
    return joined(pairs + _tail(tool))
