"""What every metric of ``score`` shares: options that fall back to their defaults, streams
turned per segment, and the tool named as ``id@version``."""

import pytest

from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.scoring.metric import per_segment, tool_name
from mtcompute.scoring.plugins.bleu import Bleu


def test_an_option_left_out_or_none_takes_its_default() -> None:
    assert Bleu({}).tokenizer == "13a"  # the option's None: sacreBLEU's default
    assert Bleu({}).settings == {
        "tokenize": None,
        "lowercase": False,
        "smoothing": "exp",
        "smoothing_value": None,
        "max_order": 4,
    }
    assert Bleu({"max_order": None, "tokenize": "intl"}).settings["max_order"] == 4


def test_options_of_other_metrics_are_not_kept() -> None:
    assert "word_order" not in Bleu({"word_order": 2}).settings


def test_reference_streams_become_each_segments_references() -> None:
    assert per_segment([["a1", "b1"], ["a2", "b2"]]) == [["a1", "a2"], ["b1", "b2"]]


def test_streams_of_different_lengths_are_refused_not_truncated() -> None:
    with pytest.raises(ValueError, match="shorter"):
        per_segment([["a1", "b1"], ["a2"]])


def test_the_tool_is_named_by_its_id_and_version() -> None:
    assert tool_name(bleu_corpus.TOOL.contract) == "bleu-corpus-compute@1.0.0"
