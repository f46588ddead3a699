"""Whitespace is str.split()'s and str.rstrip()'s, spelled out."""

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.metrics.tokenizers.whitespace import (
    WHITESPACE_CHARACTERS,
    split_words,
    strip,
    strip_end,
)
from tests.metrics.tokenizers.sacrebleu_tokens import PIECES


def test_the_table_is_what_this_python_takes_for_whitespace() -> None:
    assert set(WHITESPACE_CHARACTERS) == {chr(cp) for cp in range(0x110000) if chr(cp).isspace()}


@given(st.lists(st.sampled_from([*PIECES, " ", "\u3000", "\x1c"]), max_size=16).map("".join))
def test_splitting_and_stripping_are_the_str_methods(text: str) -> None:
    assert split_words(text) == text.split()
    assert strip_end(text) == text.rstrip()
    assert strip(text) == text.strip()
