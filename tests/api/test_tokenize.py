"""``mtcompute.tokenize``: sacreBLEU's BLEU tokens for any number of texts, its mistakes pointed
at under ``/texts``."""

import pytest
from sacrebleu.metrics.bleu import BLEU

import mtcompute
from mtcompute import InputError


@pytest.mark.parametrize("tokenizer", ["13a", "intl", "zh", "char", "none"])
def test_the_tokens_are_sacrebleus(tokenizer: str) -> None:
    texts = ["Don't stop (yet)!", "«Oui», 3,5 €", "我爱 NLP。", ""]
    bleu = BLEU(tokenize=tokenizer)
    expected = [bleu._preprocess_segment(text).split() for text in texts]
    assert mtcompute.tokenize(texts, tokenizer=tokenizer) == expected


def test_there_is_no_request_limit() -> None:
    assert len(mtcompute.tokenize(["a b"] * 5_000)) == 5_000


def test_an_empty_list_gives_no_tokens() -> None:
    assert mtcompute.tokenize([]) == []


def test_every_mistake_is_pointed_at_under_texts() -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.tokenize(["a", 1, "\ud800"], tokenizer="moses")  # type: ignore[list-item]
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("type", "/texts/1"),
        ("not_allowed", "/tokenizer"),
        ("invalid_unicode", "/texts/2"),
    ]
