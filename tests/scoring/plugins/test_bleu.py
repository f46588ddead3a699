"""BLEU in ``score``: each line tokenized as sacreBLEU's ``--tokenize`` says, corpus BLEU smoothed
as sacreBLEU smooths it, sentence BLEU with effective order, and the signature of each."""

import pytest

from mtcompute.errors import InputError
from mtcompute.scoring.plugins.bleu import Bleu

HYPOTHESES = ["The cat sat.", "A dog!"]
STREAMS = [["The cat sat down.", "A dog ran!"]]


def test_corpus_bleu_is_the_tools_on_13a_tokens_by_default() -> None:
    scored = Bleu({}).corpus(HYPOTHESES, STREAMS)
    assert scored.result["candidate_length"] == 7  # "sat", "." and "dog", "!" are apart
    assert scored.result["matches"] == [7, 3, 1, 0]
    assert scored.signature.startswith("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|tool:")


def test_exp_smoothing_gives_a_score_where_an_order_has_no_match() -> None:
    smoothed = Bleu({}).corpus(HYPOTHESES, STREAMS)
    unsmoothed = Bleu({"smoothing": "none"}).corpus(HYPOTHESES, STREAMS)
    assert unsmoothed.score == 0
    assert smoothed.score > 0
    assert smoothed.result["smoothing"] == "exp"


def test_whitespace_tokens_with_tokenize_none_and_lowercase_with_lowercase() -> None:
    scored = Bleu({"tokenize": "none", "lowercase": True}).corpus(["The CAT."], [["the cat."]])
    assert scored.result["matches"] == [2, 1, 0, 0]
    assert "|case:lc|eff:no|tok:none|" in scored.signature


def test_a_smoothing_value_for_exp_is_refused() -> None:
    with pytest.raises(InputError, match="--smooth-value"):
        Bleu({"smoothing": "exp", "smoothing_value": 0.2})


def test_sentence_bleu_names_its_smoothing_and_value_in_the_signature() -> None:
    metric = Bleu({"smoothing": "floor", "smoothing_value": 0.2}, sentence_level=True)
    first, second = metric.sentences(HYPOTHESES, STREAMS)
    assert (first.line, second.line) == (1, 2)
    assert "|eff:yes|tok:13a|smooth:floor[0.20]|tool:bleu-sentence-compute@" in first.signature
