"""BLEU in ``score``: corpus BLEU unsmoothed, sentence BLEU with the smoothing asked for, and
the signature of each."""

import pytest

from mtcompute.errors import InputError
from mtcompute.scoring.metrics.bleu import Bleu

HYPOTHESES = ["the cat sat", "a dog"]
STREAMS = [["the cat sat down", "a dog ran"]]


def test_corpus_bleu_is_the_tools_on_whitespace_tokens() -> None:
    scored = Bleu({}).corpus(HYPOTHESES, STREAMS)
    assert scored.result["matches"] == [5, 3, 1, 0]
    assert scored.signature.startswith("nrefs:1|tok:whitespace|smooth:none|tool:bleu-corpus-")


def test_corpus_bleu_with_smoothing_is_refused_with_a_fix() -> None:
    with pytest.raises(InputError, match="--sentence-level"):
        Bleu({"smoothing": "exp"})


def test_sentence_bleu_names_its_smoothing_and_value_in_the_signature() -> None:
    metric = Bleu({"smoothing": "floor", "smoothing_value": 0.2}, sentence_level=True)
    first, second = metric.sentences(HYPOTHESES, STREAMS)
    assert (first.line, second.line) == (1, 2)
    assert "|smooth:floor[0.20]|eff:yes|" in first.signature
