"""Whitespace as Python's ``str.split()`` and ``str.rstrip()`` see it, from one code point table.

sacreBLEU strips a line's end, and its tokenizers and BLEU split on whitespace, with the methods
of ``str``; the table (``metrics.whitespace.WHITESPACE_CODE_POINTS``) spells out what they take for
whitespace, so that tokens cannot change with the Python version.
"""

import re

from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS

WHITESPACE_CHARACTERS = "".join(map(chr, WHITESPACE_CODE_POINTS))

_WORD = re.compile("[^" + "".join(f"\\U{cp:08x}" for cp in WHITESPACE_CODE_POINTS) + "]+")


def split_words(text: str) -> list[str]:
    """``text.split()``: the runs of characters between whitespace."""
    return _WORD.findall(text)


def strip_end(text: str) -> str:
    """``text.rstrip()``."""
    return text.rstrip(WHITESPACE_CHARACTERS)


def strip(text: str) -> str:
    """``text.strip()``."""
    return text.strip(WHITESPACE_CHARACTERS)
