"""Tercom's normalizer gives the words sacreBLEU's ``TercomTokenizer`` gives, for every option."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.tokenizer import tercom_words
from tests.metrics.ter.sacrebleu_peer import EVERY_OPTION_COMBINATION

# Characters every rule reacts to: ASCII punctuation, digits, XML escapes' letters, newlines,
# CJK ideographs, kana, CJK and full-width punctuation, Unicode whitespace and case.
_ALPHABET = (
    "aAsS'.,-0123456789&;qutlgmp\n\r\t \u3000\u00a0{}[]()!?:\"/@~`^_|"
    "中文字ひらがなカタカナㇰ㈠、。〈〉・\uff0e\uff0c\uff1f\uff01\uff08\uff09ÄİΣ"
)
_texts = st.text(alphabet=_ALPHABET, max_size=40) | st.sampled_from(
    ["&quot;x&quot; &amp; &lt;y&gt;", "line\n-break", "John's dog's", "1,000.5 -3 a.b", ""]
)


def _sacrebleu_words(text: str, options: TerOptions) -> list[str]:
    tokenizer = TercomTokenizer(
        normalized=options.normalized,
        no_punct=options.no_punct,
        asian_support=options.asian_support,
        case_sensitive=options.case_sensitive,
    )
    words: list[str] = tokenizer(text.rstrip()).split()
    return words


@settings(max_examples=300)
@given(_texts, st.sampled_from(EVERY_OPTION_COMBINATION))
def test_the_words_are_sacrebleus_for_every_option(text: str, options: TerOptions) -> None:
    assert tercom_words(text, options) == _sacrebleu_words(text, options)


def test_texts_are_lowercased_unless_case_sensitive() -> None:
    assert tercom_words("The CAT", TerOptions()) == ["the", "cat"]
    assert tercom_words("The CAT", TerOptions(case_sensitive=True)) == ["The", "CAT"]


def test_without_options_the_words_are_split_at_whitespace_only() -> None:
    assert tercom_words(" Hello,  world!\n", TerOptions()) == ["hello,", "world!"]


def test_normalization_splits_punctuation_but_keeps_numbers_whole() -> None:
    words = tercom_words("Hello, world! It costs 1,000.50 &amp; more.", TerOptions(normalized=True))
    assert words == ["hello", ",", "world", "!", "it", "costs", "1,000.50", "&", "more", "."]


def test_normalization_splits_possessives() -> None:
    assert tercom_words("John's dog", TerOptions(normalized=True)) == ["john", "'s", "dog"]


def test_no_punct_removes_punctuation() -> None:
    assert tercom_words("Hi, (you)!", TerOptions(no_punct=True)) == ["hi", "you"]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (TerOptions(normalized=True), ["中文。"]),
        (TerOptions(normalized=True, asian_support=True), ["中", "文", "。"]),
        (TerOptions(no_punct=True, asian_support=True), ["中文"]),
    ],
)
def test_asian_support_splits_cjk_characters_and_removes_their_punctuation(
    options: TerOptions, expected: list[str]
) -> None:
    assert tercom_words("中文。", options) == expected
