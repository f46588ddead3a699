"""Signatures name every option that changes the number, the tool and mtcompute's version."""

from typing import Any

from mtcompute.metrics.smoothing import Smoothing
from mtcompute.scoring.signature import bleu_signature, chrf_signature, shortened
from mtcompute.version import __version__

TAIL = f"mtcompute:{__version__}"


def _bleu(**changes: object) -> str:
    arguments: dict[str, Any] = {
        "max_order": 4,
        "lowercase": False,
        "effective_order": False,
        "tokenizer": "13a",
        "smoothing": Smoothing.of("exp"),
        "tool": "bleu-corpus-compute@1.0.0",
    }
    return bleu_signature(4, **(arguments | changes))


def test_corpus_bleus_signature_has_sacrebleus_keys_in_its_order_then_the_tool() -> None:
    assert _bleu() == (
        f"nrefs:4|case:mixed|eff:no|tok:13a|smooth:exp|tool:bleu-corpus-compute@1.0.0|{TAIL}"
    )


def test_an_order_other_than_4_is_named() -> None:
    assert _bleu(max_order=2).startswith("nrefs:4|order:2|case:mixed|")


def test_lowercase_and_effective_order_are_named_as_sacrebleu_names_them() -> None:
    assert "|case:lc|eff:yes|" in _bleu(lowercase=True, effective_order=True)


def test_a_smoothing_value_is_shown_with_two_decimals_defaults_included() -> None:
    assert "|smooth:floor[0.05]|" in _bleu(smoothing=Smoothing.of("floor", 0.05))
    assert "|smooth:add-k[1.00]|" in _bleu(smoothing=Smoothing.of("add-k"))


def test_intl_is_named_as_sacrebleu_names_it() -> None:
    assert "|tok:intl|smooth:" in _bleu(tokenizer="intl")


def test_chrfs_signature_has_sacrebleus_keys_in_its_order() -> None:
    signature = chrf_signature(
        2,
        char_order=6,
        word_order=2,
        include_whitespace=False,
        eps_smoothing=True,
        lowercase=True,
        tool="t@1",
    )
    assert signature == f"nrefs:2|case:lc|eff:no|nc:6|nw:2|space:no|tool:t@1|{TAIL}"


def test_the_short_form_uses_sacrebleus_abbreviations() -> None:
    assert shortened(_bleu()) == (
        f"#:4|c:mixed|e:no|tok:13a|s:exp|tool:bleu-corpus-compute@1.0.0|{TAIL}"
    )
    ter = "nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|tool:t@1"
    assert shortened(ter, ter=True) == "#:1|c:lc|t:tercom|nr:no|pn:yes|as:no|tool:t@1"
