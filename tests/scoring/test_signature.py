"""Signatures name every option that changes the number, the tool and mtcompute's version."""

from mtcompute.scoring.signature import bleu_signature, chrf_signature, sentence_bleu_signature
from mtcompute.version import __version__

TAIL = f"mtcompute:{__version__}"


def test_corpus_bleus_signature_has_sacrebleus_keys_then_the_tool() -> None:
    assert bleu_signature(4, 4, "bleu-corpus-compute@1.0.0") == (
        f"nrefs:4|tok:whitespace|smooth:none|tool:bleu-corpus-compute@1.0.0|{TAIL}"
    )


def test_an_order_other_than_4_is_named() -> None:
    assert bleu_signature(1, 2, "t@1").startswith("nrefs:1|order:2|tok:whitespace|")


def test_sentence_bleus_signature_shows_smoothing_its_value_and_effective_order() -> None:
    assert sentence_bleu_signature(1, 4, "exp", None, "t@1") == (
        f"nrefs:1|tok:whitespace|smooth:exp|eff:yes|tool:t@1|{TAIL}"
    )
    assert "|smooth:floor[0.05]|" in sentence_bleu_signature(1, 4, "floor", 0.05, "t@1")


def test_chrfs_signature_shows_orders_whitespace_and_eps() -> None:
    signature = chrf_signature(
        2, char_order=6, word_order=2, include_whitespace=False, eps_smoothing=True, tool="t@1"
    )
    assert signature == f"nrefs:2|nc:6|nw:2|space:no|eps:yes|tool:t@1|{TAIL}"
