"""Signatures in sacreBLEU's form: ``key:value`` pairs joined with "|", after the metric's name.

A signature names every option that changes the number (references, tokenization, smoothing,
orders), the tool and its version that computed it, and mtcompute's version, so that a score
can be reproduced from its line alone: ``BLEU|nrefs:4|case:mixed|eff:no|tok:13a|smooth:exp|
tool:bleu-corpus-compute@1.0.0|mtcompute:0.3.0 = 40.17 ...``.
"""

from collections.abc import Sequence

from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.smoothing import Smoothing
from mtcompute.metrics.tokenizers import tokenizer_signature
from mtcompute.version import __version__


def joined(pairs: Sequence[tuple[str, str]]) -> str:
    return "|".join(f"{key}:{value}" for key, value in pairs)


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _tail(tool: str) -> list[tuple[str, str]]:
    return [("tool", tool), ("mtcompute", __version__)]


def _order(max_order: int) -> list[tuple[str, str]]:
    # sacreBLEU's signature has no order (its BLEU is 4-gram); one is named only when it differs.
    return [] if max_order == DEFAULT_MAX_ORDER else [("order", str(max_order))]


def bleu_signature(
    nrefs: int,
    *,
    max_order: int,
    lowercase: bool,
    effective_order: bool,
    tokenizer: str,
    smoothing: Smoothing,
    tool: str,
) -> str:
    """BLEU's, in sacreBLEU's order: references, case, effective order, tokenizer, smoothing
    (with its value, as sacreBLEU shows it)."""
    pairs = [
        ("nrefs", str(nrefs)),
        *_order(max_order),
        ("case", "lc" if lowercase else "mixed"),
        ("eff", _yes_no(effective_order)),
        ("tok", tokenizer_signature(tokenizer)),
        ("smooth", _smooth(smoothing)),
    ]
    return joined(pairs + _tail(tool))


def _smooth(smoothing: Smoothing) -> str:
    value = smoothing.value
    return smoothing.method if value is None else f"{smoothing.method}[{value:.2f}]"


def chrf_signature(
    nrefs: int,
    *,
    char_order: int,
    word_order: int,
    include_whitespace: bool,
    eps_smoothing: bool,
    lowercase: bool,
    tool: str,
) -> str:
    """chrF's and chrF++'s, in sacreBLEU's order: case, effective order (``eff:no`` is eps
    smoothing), character and word orders, whitespace."""
    pairs = [
        ("nrefs", str(nrefs)),
        ("case", "lc" if lowercase else "mixed"),
        ("eff", _yes_no(not eps_smoothing)),
        ("nc", str(char_order)),
        ("nw", str(word_order)),
        ("space", _yes_no(include_whitespace)),
    ]
    return joined(pairs + _tail(tool))


def ter_signature(
    nrefs: int,
    *,
    normalized: bool,
    no_punct: bool,
    asian_support: bool,
    case_sensitive: bool,
    tool: str,
) -> str:
    """TER's, as sacreBLEU writes it: case, the tercom tokenizer, its three switches."""
    pairs = [
        ("nrefs", str(nrefs)),
        ("case", "mixed" if case_sensitive else "lc"),
        ("tok", "tercom"),
        ("norm", _yes_no(normalized)),
        ("punct", _yes_no(not no_punct)),
        ("asian", _yes_no(asian_support)),
    ]
    return joined(pairs + _tail(tool))


# sacreBLEU's ``--short`` names (``Signature._abbr`` and each metric's additions); TER writes
# its tokenizer ``t``, BLEU ``tok``. A key not listed (mtcompute's own) keeps its name.
_SHORT = {
    "nrefs": "#",
    "bs": "bs",
    "ar": "ar",
    "seed": "rs",
    "case": "c",
    "eff": "e",
    "smooth": "s",
    "space": "s",
    "norm": "nr",
    "punct": "pn",
    "asian": "as",
}


def shortened(signature: str, *, ter: bool = False) -> str:
    """The signature as sacreBLEU's ``--short`` writes it."""
    pairs = []
    for pair in signature.split("|"):
        key, _, value = pair.partition(":")
        short = "t" if ter and key == "tok" else _SHORT.get(key, key)
        pairs.append(f"{short}:{value}")
    return "|".join(pairs)


def edit_rate_signature(nrefs: int, *, tool: str) -> str:
    """WER's and CER's: one reference, jiwer 4.0's default transforms (``tf``: wer_default or
    cer_default, by the metric), the tool and mtcompute's version. jiwer prints no signature;
    this one names what changes the number as sacreBLEU's do."""
    return joined([("nrefs", str(nrefs)), ("tf", "jiwer-default"), *_tail(tool)])


def rouge_signature(
    nrefs: int,
    *,
    rouge_types: Sequence[str],
    use_stemmer: bool,
    tokenizer: str,
    separator: str | None,
    tool: str,
) -> str:
    """ROUGE's: the types scored together, the tokenizer (lowercasing with it), the stemmer and
    the sentence separator where one stands for newlines."""
    pairs = [
        ("nrefs", str(nrefs)),
        ("types", ",".join(rouge_types)),
        ("case", "lc"),
        ("tok", tokenizer),
        ("stem", _yes_no(use_stemmer)),
    ]
    if separator:
        pairs.append(("sep", separator))
    return joined(pairs + _tail(tool))
