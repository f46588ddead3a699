"""A text's tokens are those that sacreBLEU 2.6's BLEU scores, for every tokenizer, with and
without lowercasing."""

import pytest
from hypothesis import given, settings
from sacrebleu.metrics.bleu import BLEU

from mtcompute.metrics.tokenizers import (
    DEFAULT_TOKENIZER,
    TOKENIZER_NAMES,
    default_tokenizer,
    tokenize,
    tokenize_many,
    tokenizer_named,
)
from tests.metrics.tokenizers.sacrebleu_tokens import (
    CLASS_ALPHABETS,
    SETTINGS,
    assigned_code_points,
    code_point_texts,
    comparable,
    sacrebleu_tokens,
    short_strings,
    texts,
)

SENTENCES = [
    "The U.S. economy grew 2.5% in Q3, beating forecasts of 1,800-2,000 jobs.",
    "\"It's a 'test',\" she said -- and left at 5:30 p.m. (GMT+1)...",
    "Prices rose from $3.99 to $4.50; see https://example.com/a-b?c=1&d=2.",
    "Das Straßenfest 2024 findet am 3. Mai statt – Eintritt: 12,50 €!",  # noqa: RUF001
    "ΟΔΥΣΣΕΥΣ ΚΑΙ ΠΗΝΕΛΟΠΗΣ. İSTANBUL'DA ẞ GROẞ.",  # noqa: RUF001
    "中华人民共和国成立于1949年10月1日。他说：“你好！”",  # noqa: RUF001
    "東京で2.5億円の取引があった（報道による）。",  # noqa: RUF001
    "In 1999. At 3.14 and 1.000.000,5 -- 10-20 -5 5- x-y.",
    "&quot;Hello&quot; &amp; &lt;b&gt; <skipped> foo-\nbar baz\nqux",
    "  leading and trailing whitespace\u3000\u2003 ",
]


def test_the_names_are_sacrebleus_five_and_13a_is_the_default() -> None:
    assert TOKENIZER_NAMES == ("13a", "intl", "zh", "char", "none")
    assert DEFAULT_TOKENIZER == "13a"


def test_an_unknown_tokenizer_is_a_value_error_that_lists_the_names() -> None:
    with pytest.raises(ValueError, match=r"unknown tokenizer 'moses'.*13a, intl, zh, char"):
        tokenizer_named("moses")
    with pytest.raises(ValueError, match="unknown tokenizer"):
        tokenize_many(["a"], "13A")


def test_tokenize_many_tokenizes_each_text() -> None:
    assert tokenize_many(SENTENCES, "intl", True) == [
        tokenize(text, "intl", True) for text in SENTENCES
    ]


@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
def test_real_sentences_are_tokenized_as_sacrebleu_does(tokenizer: str, lowercase: bool) -> None:
    expected = [sacrebleu_tokens(text, tokenizer, lowercase) for text in SENTENCES]
    assert tokenize_many(SENTENCES, tokenizer, lowercase) == expected


@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
@settings(max_examples=300)
@given(text=texts)
def test_any_text_is_tokenized_as_sacrebleu_does(
    tokenizer: str, lowercase: bool, text: str
) -> None:
    if comparable(lowercase):
        assert tokenize(text, tokenizer, lowercase) == sacrebleu_tokens(text, tokenizer, lowercase)


@pytest.mark.parametrize("tokenizer", TOKENIZER_NAMES)
def test_every_short_string_of_the_rule_classes_is_tokenized_as_sacrebleu_does(
    tokenizer: str,
) -> None:
    strings = list(short_strings(CLASS_ALPHABETS[tokenizer], 5))
    expected = [sacrebleu_tokens(text, tokenizer, False) for text in strings]
    assert tokenize_many(strings, tokenizer) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
def test_every_assigned_code_point_in_every_context_is_tokenized_as_sacrebleu_does(
    tokenizer: str, lowercase: bool
) -> None:
    if not comparable(lowercase):
        pytest.skip("this Python's str.lower() follows another Unicode version than 14.0.0")
    batch = code_point_texts(assigned_code_points())
    expected = [sacrebleu_tokens(text, tokenizer, lowercase) for text in batch]
    assert tokenize_many(batch, tokenizer, lowercase) == expected


def test_a_target_language_picks_sacrebleus_tokenizer() -> None:
    for language in ("zh", "ja", "ko", "en", "de", ""):
        assert default_tokenizer(language) == BLEU._TOKENIZER_MAP.get(language, "13a")
