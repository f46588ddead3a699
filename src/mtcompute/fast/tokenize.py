"""sacreBLEU's BLEU tokenizers on many texts: the compiled pass where it was built, else the
pure-Python oracle, which gives the same tokens. The multilingual tokenizers (MeCab's and
SentencePiece's) run their libraries, through ``metrics.tokenizers``."""

from collections.abc import Sequence

from mtcompute.fast import compiled
from mtcompute.metrics import tokenizers
from mtcompute.metrics.tokenizers import DEFAULT_TOKENIZER, TOKENIZER_NAMES


def tokenize_many(
    texts: Sequence[str], tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool = False
) -> list[list[str]]:
    """The tokens that sacreBLEU's ``BLEU(tokenize=tokenizer, lowercase=lowercase)`` scores for
    each text; a ValueError for an unknown tokenizer, an ``InputError`` for one whose package or
    model is missing."""
    compiled_tokenize = compiled.tokenize_many
    if compiled_tokenize is None or tokenizer not in TOKENIZER_NAMES:
        return tokenizers.tokenize_many(texts, tokenizer, lowercase)  # its message if unknown
    return compiled_tokenize(texts, tokenizer, lowercase)


def tokenize_unicode(
    texts: Sequence[str], tokenizer: str = DEFAULT_TOKENIZER, lowercase: bool = False
) -> list[list[str]]:
    """``tokenize_many`` of texts that UTF-8 can hold: a ValueError for a text with a lone
    surrogate, a TypeError for one that is not a str, checked as the texts are read."""
    compiled_tokenize = compiled.tokenize_unicode
    if compiled_tokenize is None or tokenizer not in TOKENIZER_NAMES:
        _check(texts)
        return tokenizers.tokenize_many(texts, tokenizer, lowercase)
    return compiled_tokenize(texts, tokenizer, lowercase)


def _check(texts: Sequence[str]) -> None:
    """The compiled pass's refusals, for the oracle's path."""
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise TypeError(f"text {index} is {type(text).__name__}, not str")
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise ValueError(f"text {index} holds a lone surrogate") from None
