"""The BLEU tokenizers by name, and a text's tokens as sacreBLEU 2.6's BLEU scores them.

BLEU lowercases a text where asked, strips its end, tokenizes it into a line of tokens separated
by spaces, and splits that line on whitespace; ``tokenize`` does the same, each step written so
that it cannot change with the Python version (``whitespace``, ``lowercase``).
"""

from collections.abc import Callable, Iterable

from mtcompute.metrics.tokenizers import char, intl, thirteen_a, zh
from mtcompute.metrics.tokenizers.lowercase import lowercase as lowercase_text
from mtcompute.metrics.tokenizers.whitespace import split_words, strip_end

DEFAULT_TOKENIZER = "13a"


def _no_tokenization(line: str) -> str:
    return line


# Each takes a line and returns its tokens separated by spaces.
TOKENIZERS: dict[str, Callable[[str], str]] = {
    "13a": thirteen_a.tokenize_line,
    "intl": intl.tokenize_line,
    "zh": zh.tokenize_line,
    "char": char.tokenize_line,
    "none": _no_tokenization,
}
TOKENIZER_NAMES = tuple(TOKENIZERS)


def tokenizer_named(name: str) -> Callable[[str], str]:
    """The tokenizer called ``name``; a ValueError that lists the names for any other."""
    try:
        return TOKENIZERS[name]
    except KeyError:
        known = ", ".join(TOKENIZER_NAMES)
        raise ValueError(f"unknown tokenizer {name!r}: expected one of {known}") from None


def tokenize(text: str, tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool = False) -> list[str]:
    """The tokens that sacreBLEU's ``BLEU(tokenize=tokenizer, lowercase=lowercase)`` scores for
    ``text``."""
    return _tokens(text, tokenizer_named(tokenizer), lowercase)


def tokenize_many(
    texts: Iterable[str], tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool = False
) -> list[list[str]]:
    """``tokenize`` of each text."""
    line_tokenizer = tokenizer_named(tokenizer)
    return [_tokens(text, line_tokenizer, lowercase) for text in texts]


def _tokens(text: str, line_tokenizer: Callable[[str], str], lowercase: bool) -> list[str]:
    if lowercase:
        text = lowercase_text(text)
    return split_words(line_tokenizer(strip_end(text)))
