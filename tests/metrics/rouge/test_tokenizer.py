"""rouge-score's tokenizer, exactly, and the versioned Unicode tokenizer, which is not it."""

import pytest
from rouge_score.tokenizers import DefaultTokenizer

from mtcompute.metrics.rouge.tokenizer import sentences, tokenize, tokenize_unicode
from tests.metrics.rouge.peer import HOSTILE


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize("use_stemmer", [False, True])
def test_hostile_texts_tokenize_as_rouge_score_does(text: str, use_stemmer: bool) -> None:
    assert tokenize(text, use_stemmer) == DefaultTokenizer(use_stemmer).tokenize(text)


def test_non_latin_text_has_no_rouge_score_tokens_but_unicode_ones() -> None:
    assert tokenize("中文文本") == []
    assert tokenize_unicode("中文文本") == ["中", "文", "文", "本"]


def test_the_unicode_tokenizer_keeps_letter_digit_and_mark_runs_of_any_script() -> None:
    assert tokenize_unicode("Привет, мир! naïve 42x — Ελλάδα") == [
        "привет",
        "мир",
        "naïve",
        "42x",
        "ελλάδα",
    ]
    # A combining mark extends its run; with no run before it, it separates.
    assert tokenize_unicode("e\u0301t\u00e9 \u0301x") == ["e\u0301t\u00e9", "x"]
    assert tokenize_unicode("日本語のテキストabc") == [
        "日",
        "本",
        "語",
        "の",
        "テ",
        "キ",
        "ス",
        "ト",
        "abc",
    ]


def test_the_unicode_tokenizer_stems_only_ascii_words() -> None:
    assert tokenize_unicode("running naïvely 中文", use_stemmer=True) == [
        "run",
        "naïvely",
        "中",
        "文",
    ]


def test_sentences_are_the_non_empty_lines() -> None:
    assert sentences("one\n\ntwo \n \n") == ["one", "two ", " "]
    assert sentences("") == []
