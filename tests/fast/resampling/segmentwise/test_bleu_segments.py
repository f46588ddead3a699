"""BLEU's description for resampling: options from keywords with sacreBLEU's defaults."""

import pytest

from mtcompute.fast.resampling.segmentwise.bleu_segments import BleuOptions, bleu_options
from mtcompute.metrics.smoothing import Smoothing


def test_no_keywords_give_sacrebleus_corpus_bleu() -> None:
    assert bleu_options({}) == BleuOptions("13a", False, Smoothing.of("exp"), 4)


def test_smoothing_and_its_value_make_one_smoothing() -> None:
    options = bleu_options({"smoothing": "floor", "smoothing_value": 0.2, "tokenizer": "intl"})
    assert options.smoothing == Smoothing.of("floor", 0.2)
    assert options.tokenizer == "intl"


def test_an_unknown_keyword_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        bleu_options({"tokenize": "13a"})
