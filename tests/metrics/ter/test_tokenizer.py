"""Tercom's normalizer gives the words sacreBLEU's ``TercomTokenizer`` gives, for every option,
and a reference's words are those sacreBLEU's ``TER`` aligns: tokenized twice, as its reference
path does."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.tokenizer import (
    _ASIAN,
    _ASIAN_BLOCK,
    _ASIAN_ONLY_PUNCTUATION,
    _SET_OFF_PUNCTUATION,
    _SET_OFF_TABLE,
    reference_words,
    tercom_words,
)
from tests.metrics.ter import sacrebleu_peer, tricky_texts
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


# Texts of the fragments the generated TER segments are built from, glued or parted by any
# whitespace str.split knows.
_FRAGMENTS = (
    sorted(
        {fragment for kind in tricky_texts.FRAGMENT_KINDS for fragment in kind}
        | set(tricky_texts.WHITESPACE)
    )
    + [" "] * 20
)  # the usual space, more often
_tricky_texts = st.lists(st.sampled_from(_FRAGMENTS), max_size=14).map("".join)


@settings(max_examples=300)
@given(_tricky_texts, st.sampled_from(EVERY_OPTION_COMBINATION))
def test_hypothesis_and_reference_words_are_those_sacrebleus_ter_aligns(
    text: str, options: TerOptions
) -> None:
    assert tercom_words(text, options) == sacrebleu_peer.hypothesis_words(text, options)
    assert reference_words(text, options) == sacrebleu_peer.reference_words(text, options)


@settings(max_examples=150)
@given(_tricky_texts, st.sampled_from([o for o in EVERY_OPTION_COMBINATION if not o.normalized]))
def test_without_normalized_a_second_pass_changes_nothing(text: str, options: TerOptions) -> None:
    words = tercom_words(text, options)
    assert tercom_words(" ".join(words), options) == words == reference_words(text, options)


@pytest.mark.parametrize(
    ("text", "options", "hypothesis", "reference"),
    [
        # The second pass sees "it's “Hallo”": the possessive rule wants the space the tab was.
        (
            "Straße to naïve it's\t“Hallo”",
            TerOptions(normalized=True, case_sensitive=True),
            ["Straße", "to", "naïve", "it's", "“Hallo”"],
            ["Straße", "to", "naïve", "it", "'s", "“Hallo”"],
        ),
        # The first pass sets the period off; the second then splits the possessive.
        ("it's.", TerOptions(normalized=True), ["it's", "."], ["it", "'s", "."]),
        # An entity the first pass unescapes only halfway is unescaped by the second.
        ("&amp;lt;", TerOptions(normalized=True), ["<"], ["<"]),
        ("&amp;quot;", TerOptions(normalized=True), ["&", "quot", ";"], ["&", "quot", ";"]),
        (
            "x's\u3002",
            TerOptions(normalized=True, asian_support=True),
            ["x's", "\u3002"],
            ["x", "'s", "\u3002"],
        ),
        ("it's.", TerOptions(no_punct=True), ["it's"], ["it's"]),
    ],
)
def test_a_reference_is_tokenized_twice_with_normalized(
    text: str, options: TerOptions, hypothesis: list[str], reference: list[str]
) -> None:
    assert tercom_words(text, options) == hypothesis
    assert sacrebleu_peer.hypothesis_words(text, options) == hypothesis
    assert reference_words(text, options) == reference
    assert sacrebleu_peer.reference_words(text, options) == reference


_EVERY_CHARACTER = "".join(map(chr, range(0x110000)))


def test_the_punctuation_set_off_by_a_mapping_is_what_its_pattern_matches() -> None:
    # The mapping is built from ASCII; no other character matches the pattern.
    matched = set(_SET_OFF_PUNCTUATION.findall(_EVERY_CHARACTER))
    assert {chr(code) for code in _SET_OFF_TABLE} == matched
    assert all(_SET_OFF_TABLE[ord(c)] == f" {c} " for c in matched)
    assert len(matched) == 29  # 32 ASCII punctuation characters and the space, but - . , '


def test_every_character_an_asian_rule_reacts_to_lies_in_the_block_checked_first() -> None:
    outside = _ASIAN_BLOCK.sub("", _EVERY_CHARACTER)
    assert len(outside) == 0x110000 - (0xFFEF - 0x2E80 + 1)
    for pattern, _, _ in (*_ASIAN, *_ASIAN_ONLY_PUNCTUATION):
        assert pattern.search(outside) is None
        # The kana rules are anchored: tried on each character alone too.
        assert not any(pattern.search(c) for c in outside[:0x10000])
