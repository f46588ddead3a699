"""Lowercasing is Python 3.11's str.lower(), sigma and all, on every Python."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.metrics.tokenizers import tokenize
from mtcompute.metrics.tokenizers.lowercase import is_final_sigma, lowercase
from tests.metrics.tokenizers.sacrebleu_tokens import PIECES, PYTHON_LOWERCASE_IS_OURS

needs_python_311 = pytest.mark.skipif(
    not PYTHON_LOWERCASE_IS_OURS, reason="this Python's str.lower() follows another Unicode"
)


def test_dotted_capital_i_lowercases_to_two_code_points() -> None:
    assert lowercase("\u0130") == "i\u0307"
    assert tokenize("\u0130stanbul", "13a", lowercase=True) == ["i\u0307stanbul"]
    assert tokenize("\u0130", "char", lowercase=True) == ["i", "\u0307"]


def test_capital_sharp_s_lowercases_to_sharp_s() -> None:
    assert lowercase("\u1e9e") == "\u00df"
    assert tokenize("GRO\u1e9eE", "13a", lowercase=True) == ["gro\u00dfe"]


@pytest.mark.parametrize(
    ("text", "lowered"),
    [
        ("\u039f\u0394\u039f\u03a3", "\u03bf\u03b4\u03bf\u03c2"),  # ends a word: final
        ("\u03a3", "\u03c3"),  # no cased letter before it
        ("\u03a3\u039f", "\u03c3\u03bf"),
        ("A\u03a3B", "a\u03c3b"),  # a cased letter after it
        ("A\u0301\u03a3", "a\u0301\u03c2"),  # a combining mark is passed over
        ("A\u03a3\u0301B", "a\u03c3\u0301b"),
        ("A\u03a3\u03a3", "a\u03c3\u03c2"),
        ("A \u03a3", "a \u03c3"),
    ],
)
def test_capital_sigma_is_final_where_a_word_ends(text: str, lowered: str) -> None:
    assert lowercase(text) == lowered


def test_a_sigma_after_nothing_cased_is_not_final() -> None:
    assert not is_final_sigma("'\u03a3", 1)


@needs_python_311
def test_every_code_point_lowercases_as_python_311_does() -> None:
    everything = "".join(map(chr, range(0x110000)))
    assert lowercase(everything) == everything.lower()


@needs_python_311
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.characters()), max_size=12).map("".join))
def test_any_text_lowercases_as_python_311_does(text: str) -> None:
    assert lowercase(text) == text.lower()
