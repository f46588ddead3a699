"""Text to tokens.

``tokenize`` is rouge-score 0.1.2's default tokenizer: the text lowercased (Python's
``str.lower``, so a few non-ASCII letters become ASCII ones: ``"K"``, the Kelvin sign, is
``"k"``), every run of characters other than ``a-z`` and ``0-9`` a separator, and with the stemmer
each token longer than 3 characters replaced by its Porter stem. Everything else, every non-Latin
letter among it, is dropped: two identical Chinese texts have no tokens.

``tokenize_unicode`` is not rouge-score's; it is mtcompute's ``unicode`` tokenizer, version 1,
for text in any script (see its docstring).
"""

import re
import unicodedata

from mtcompute.metrics.rouge.porter import stem

_ALPHANUMERIC_RUN = re.compile(r"[a-z0-9]+")


def tokenize(text: str, use_stemmer: bool = False) -> list[str]:
    """rouge-score's tokens of ``text``."""
    tokens = _ALPHANUMERIC_RUN.findall(text.lower())
    if use_stemmer:
        tokens = [stem(token) if len(token) > 3 else token for token in tokens]
    return [token for token in tokens if token]


def sentences(text: str) -> list[str]:
    """ROUGE-Lsum's sentences: the text split at each newline, empty lines left out."""
    return [sentence for sentence in text.split("\n") if sentence]


# Han ideographs (the unified blocks, their extensions and the compatibility blocks), Hiragana and
# Katakana (with its phonetic extensions and the halfwidth forms): a character of these ranges is
# a token by itself.
_CJK = (
    (0x3040, 0x30FF),
    (0x31F0, 0x31FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFF66, 0xFF9F),
    (0x20000, 0x2FA1F),
    (0x30000, 0x323AF),
)


def is_cjk(character: str) -> bool:
    """Whether ``character`` is one of ``_CJK``'s: written without spaces, a token by itself."""
    point = ord(character)
    return any(low <= point <= high for low, high in _CJK)


def tokenize_unicode(text: str, use_stemmer: bool = False) -> list[str]:
    """mtcompute's ``unicode`` tokenizer, version 1 (not rouge-score's).

    The text is lowercased with Python's ``str.lower`` (Unicode's full lowercase mapping, no
    normalization). A token is a maximal run of letters, combining marks and digits (Unicode
    general categories L, M and N, as the running Python's ``unicodedata`` has them); a mark
    extends a run and never starts one. Every other character (space, punctuation, symbol,
    control, and a mark with no run to extend) separates tokens. A Han, Hiragana or Katakana
    character (``_CJK``) is a token by itself. With the stemmer, a token of ASCII letters and
    digits longer than 3 characters is replaced by its Porter stem, as rouge-score's tokenizer
    does; every other token is kept whole.
    """
    tokens: list[str] = []
    run: list[str] = []
    for character in text.lower():
        category = unicodedata.category(character)[0]
        if category in "LN" and is_cjk(character):
            if run:
                tokens.append("".join(run))
                run = []
            tokens.append(character)
        elif category in "LN" or (category == "M" and run):
            run.append(character)
        elif run:
            tokens.append("".join(run))
            run = []
    if run:
        tokens.append("".join(run))
    if use_stemmer:
        tokens = [
            stem(token) if len(token) > 3 and token.isascii() and token.isalnum() else token
            for token in tokens
        ]
    return tokens
