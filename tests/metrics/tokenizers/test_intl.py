"""intl spaces out Unicode punctuation and symbols, and keeps marks between numbers."""

import pytest

from mtcompute.metrics.tokenizers.intl import tokenize_line


@pytest.mark.parametrize(
    ("line", "tokenized"),
    [
        ("in 1999.", "in 1999."),  # no padding: a number's last full stop stays
        ("in 1999. Then", "in 1999 . Then"),
        ("1,000.50 \u0663.\u0663", "1,000.50 \u0663.\u0663"),  # between numbers (Nd)
        ("\u00bfQu\u00e9? \u00abs\u00ed\u00bb", "\u00bf Qu\u00e9 ? \u00ab s\u00ed \u00bb"),
        ("5\u20ac+3$", "5 \u20ac + 3 $"),  # symbols always
        ("a-b", "a - b"),  # the hyphen is punctuation here
        ("\U0001f600!", "\U0001f600 !"),
    ],
)
def test_punctuation_and_symbols_are_spaced_out_as_mteval_v14_does(
    line: str, tokenized: str
) -> None:
    assert tokenize_line(line) == tokenized
