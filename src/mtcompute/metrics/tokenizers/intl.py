"""sacreBLEU's ``intl`` tokenizer (after mteval-v14's international tokenization): three
left-to-right substitutions of non-overlapping matches, with the Unicode classes punctuation
\\p{P}, symbol \\p{S} and number \\p{N} as the ``regex`` package classifies them
(``unicode_data.UNICODE_TABLES`` names its release and Unicode version):

1. a punctuation mark after a character that is not a number gets a space on each side;
2. a punctuation mark before a character that is not a number gets a space on each side;
3. every symbol gets a space on each side.

The line is not padded, so a number's full stop at the very end stays with it (``"1999."``), as
in mteval-v14.
"""

import re

from mtcompute.metrics.tokenizers.classes import character_class
from mtcompute.metrics.tokenizers.unicode_data import (
    NUMBER,
    PUNCTUATION,
    SYMBOL,
    UNICODE_TABLES,
)
from mtcompute.metrics.tokenizers.whitespace import split_words

_PUNCTUATION = character_class(PUNCTUATION)
_NOT_NUMBER = character_class(NUMBER, negated=True)
_RULES = (
    (re.compile(f"({_NOT_NUMBER})({_PUNCTUATION})"), r"\1 \2 "),
    (re.compile(f"({_PUNCTUATION})({_NOT_NUMBER})"), r" \1 \2"),
    (re.compile(f"({character_class(SYMBOL)})"), r" \1 "),
)

# The classes' source in a signature's form: "regex-2026.12.2+unicode-18.0.0".
_SOURCE = re.fullmatch(r"regex (\S+), Unicode (\S+);.*", UNICODE_TABLES)
assert _SOURCE is not None, UNICODE_TABLES
TABLES = f"regex-{_SOURCE[1]}+unicode-{_SOURCE[2]}"


def tokenize_line(line: str) -> str:
    """The line's tokens, separated by single spaces."""
    for pattern, replacement in _RULES:
        line = pattern.sub(replacement, line)
    return " ".join(split_words(line))
