"""sacreBLEU 2.6's tokens, as its BLEU scores a text, and texts that try every rule of the
tokenizers: the reference that the oracle and the compiled pass are held to."""

import functools
import itertools
import unicodedata
from collections.abc import Callable, Iterator

from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS

SACREBLEU_TOKENIZERS: dict[str, Callable[[str], str]] = {
    "13a": Tokenizer13a(),  # type: ignore[no-untyped-call]
    "intl": TokenizerV14International(),  # type: ignore[no-untyped-call]
    "zh": TokenizerZh(),  # type: ignore[no-untyped-call]
    "char": TokenizerChar(),  # type: ignore[no-untyped-call]
    "none": NoneTokenizer(),
}
# The settings of every differential test: each tokenizer, with and without lowercasing.
SETTINGS = [(name, lowercase) for name in SACREBLEU_TOKENIZERS for lowercase in (False, True)]
# Python 3.11's str.lower() is the one that the tables follow; another Python's may differ on
# code points that later Unicode versions assigned.
PYTHON_LOWERCASE_IS_OURS = unicodedata.unidata_version == "14.0.0"


def sacrebleu_tokens(text: str, tokenizer: str, lowercase: bool) -> list[str]:
    """What ``BLEU(tokenize=tokenizer, lowercase=lowercase)`` splits ``text`` into."""
    line = text.lower() if lowercase else text
    return SACREBLEU_TOKENIZERS[tokenizer](line.rstrip()).split()


def comparable(lowercase: bool) -> bool:
    """Whether sacreBLEU on this Python must give our tokens in that setting."""
    return PYTHON_LOWERCASE_IS_OURS or not lowercase


PIECES = [
    *"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    *"0123456789",
    "1999",
    "3.14",
    "1,000",
    "5-6",
    "a",
    "Z",
    "word",
    "&quot;",
    "&amp;",
    "&lt;",
    "&gt;",
    "&amp;lt;",
    "&",
    "<skipped>",
    "<SKIPPED>",
    "-\n",
    "\n",
    "\u0130",  # İ: two code points in lowercase
    "\u1e9e",  # ẞ: lowercases to ß
    "\u03a3",  # Σ: final or not, by its neighbours
    "\u0301",  # a combining mark, case-ignorable
    "\u0345",  # cased and case-ignorable
    "\u00ab",  # « (Pi)
    "\u00bf",  # ¿
    "\u3002",  # 。
    "\uff0c",  # full-width comma
    "\u20ac",  # € (Sc)
    "\u00bd",  # ½ (No)
    "\u216b",  # Ⅻ (Nl)
    "\u0663",  # ٣ (Nd)
    "\U0001d7d9",  # an astral digit (Nd)
    "\U0001f600",  # 😀, an astral symbol
    "\u4e2d",  # 中
    "\u2000",  # the edges of sacreBLEU's zh ranges
    "\u2001",
    "\u2a6d",
    "\u2a6e",
    "\u2f80",
    "\u2f81",
    "\u2fa1",
    "\u2fa2",
    "\U00020000",
    "\U0002a6d6",
    "\U0002f800",
    "\ud800",  # a lone surrogate is a code point like any other
    *map(chr, WHITESPACE_CODE_POINTS),
]

texts = st.lists(st.one_of(st.sampled_from(PIECES), st.characters()), max_size=24).map("".join)

# Letters, digits and marks whose neighbours change what the rules do.
CLASS_ALPHABETS = {
    "13a": "5.,-a (",
    "intl": "5.-a \u20ac\u0663",
    "zh": "5.,-a \u4e2d",
    "char": "a \u0301",
    "none": "a \u2003",
}


def short_strings(alphabet: str, longest: int) -> Iterator[str]:
    """Every string of at most ``longest`` characters of ``alphabet``."""
    for length in range(longest + 1):
        yield from map("".join, itertools.product(alphabet, repeat=length))


# Each code point alone and between letters, digits and capital sigmas, many to a text.
CONTEXTS = ("{}", "a{}a", "5{}5", "A{}\u03a3", "A\u03a3{}")


def code_point_texts(code_points: list[int], per_text: int = 500) -> list[str]:
    """Texts that put each code point in every context."""
    return [
        " ".join(
            context.format(chr(cp)) for cp in code_points[i : i + per_text] for context in CONTEXTS
        )
        for i in range(0, len(code_points), per_text)
    ]


@functools.cache
def every_code_point_texts() -> list[str]:
    """``code_point_texts`` of every code point, assigned or not, made once."""
    return code_point_texts(list(range(0x110000)), per_text=2_000)


def assigned_code_points() -> list[int]:
    """The code points that this Python's Unicode database assigns (14.0.0 on Python 3.11)."""
    return [cp for cp in range(0x110000) if unicodedata.category(chr(cp)) != "Cn"]
