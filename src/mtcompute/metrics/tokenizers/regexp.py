"""The punctuation rules that sacreBLEU's ``13a`` and ``zh`` share (its ``TokenizerRegexp``, after
mteval-v13a), applied in order, each a left-to-right substitution of non-overlapping matches:

1. every ASCII punctuation mark but the apostrophe, comma, hyphen and full stop (and the space,
   which the rule's ranges happen to hold) gets a space on each side;
2. a full stop or comma after a character that is not an ASCII digit gets a space on each side;
3. a full stop or comma before a character that is not an ASCII digit gets a space on each side;
4. a hyphen after an ASCII digit gets a space on each side.

Matches do not overlap, so whether rule 2 or 3 spaces out a mark can depend on the mark before
it; and without 13a's padding a line's first or last mark may have no neighbour to match
(``".5"`` and ``"a5."`` stay whole). The substitutions are kept exactly, not their intent.
"""

import re
import string

from mtcompute.metrics.tokenizers.classes import class_of
from mtcompute.metrics.tokenizers.whitespace import split_words

# ASCII punctuation but ' , - . (and the space): each is a token of its own.
ISOLATED = frozenset(string.punctuation + " ") - frozenset("',-.")

_RULES = (
    (re.compile(f"({class_of(ISOLATED)})"), r" \1 "),
    (re.compile(r"([^0-9])([.,])"), r"\1 \2 "),
    (re.compile(r"([.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
)


def separate_punctuation(line: str) -> str:
    """``line`` with the rules applied, its words then joined by single spaces."""
    for pattern, replacement in _RULES:
        line = pattern.sub(replacement, line)
    return " ".join(split_words(line))
