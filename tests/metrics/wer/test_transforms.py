"""jiwer 4.0's default transforms: what a word and a character are."""

import jiwer
import pytest
from hypothesis import given, settings

from mtcompute.metrics.wer.transforms import characters, words
from tests.metrics.wer.hostile import texts

WORDS = [
    ("hello world", ["hello", "world"]),
    ("  hello   world  ", ["hello", "world"]),  # runs and ends
    ("a\tb", ["a\tb"]),  # one tab is not a run: it stays inside the word
    ("a \tb", ["a", "b"]),  # a run of two whitespace characters is one space
    ("a\u00a0b", ["a\u00a0b"]),  # a no-break space stays inside the word
    ("a\u00a0\u00a0b", ["a", "b"]),
    ("a\nb", ["a\nb"]),
    ("a\r\nb", ["a", "b"]),
    ("\ta\t", ["a"]),  # the ends are stripped of any whitespace
    ("", []),
    (" \t\n ", []),
    ("日本語", ["日本語"]),
]


@pytest.mark.parametrize(("text", "expected"), WORDS)
def test_words_split_on_a_space_or_a_run_of_whitespace(text: str, expected: list[str]) -> None:
    assert words(text) == expected


def test_characters_are_code_points_of_the_stripped_text() -> None:
    assert characters("  e\u0301 a\tb ") == ["e", "\u0301", " ", "a", "\t", "b"]
    assert characters(" \n ") == []


@settings(max_examples=400)
@given(texts)
def test_words_are_jiwers_on_hostile_text(text: str) -> None:
    assert [words(text)] == jiwer.wer_default([text])


@settings(max_examples=400)
@given(texts)
def test_characters_are_jiwers_on_hostile_text(text: str) -> None:
    assert [characters(text)] == jiwer.cer_default([text])
