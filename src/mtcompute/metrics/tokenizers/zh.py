"""sacreBLEU's ``zh`` tokenizer: the line stripped, every Chinese character a token of its own,
then the punctuation rules of ``regexp`` (without ``13a``'s clean-ups or padding).

A character is Chinese where it lies in one of sacreBLEU's ranges, compared as sacreBLEU
compares them: as strings. Two of its ranges are written with five hex digits after ``\\u``
(``'\\u20000'``, ``'\\u2a6d6'``, ``'\\u2f800'``, ``'\\u2fa1d'``), which Python reads as a BMP
character followed by a digit. A one-character string ``c`` is at least ``'\\u2000' + '0'`` only
where ``c > '\\u2000'``, and at most ``'\\u2a6d' + '6'`` where ``c <= '\\u2a6d'``: so the first of
them makes U+2001..U+2A6D Chinese (general punctuation, arrows, mathematical operators, box
drawing, ...) and the second U+2F81..U+2FA1, while the astral ideographs they meant (U+20000 and
up) are not Chinese. ``CHINESE_RANGES`` keeps what sacreBLEU computes.
"""

import re

from mtcompute.metrics.tokenizers.classes import character_class
from mtcompute.metrics.tokenizers.regexp import separate_punctuation
from mtcompute.metrics.tokenizers.whitespace import strip

# Inclusive ranges, in sacreBLEU's order.
CHINESE_RANGES = (
    (0x3400, 0x4DB5),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FA5),  # CJK Unified Ideographs
    (0x9FA6, 0x9FBB),  # CJK Unified Ideographs, Unicode 4.1
    (0xF900, 0xFA2D),  # CJK Compatibility Ideographs
    (0xFA30, 0xFA6A),  # CJK Compatibility Ideographs, Unicode 3.2
    (0xFA70, 0xFAD9),  # CJK Compatibility Ideographs, Unicode 4.1
    (0x2001, 0x2A6D),  # meant: Extension B, U+20000..U+2A6D6 (see above)
    (0x2F81, 0x2FA1),  # meant: Compatibility Supplement, U+2F800..U+2FA1D (see above)
    (0xFF00, 0xFFEF),  # full-width ASCII and punctuation, half-width kana, Hangul
    (0x2E80, 0x2EFF),  # CJK Radicals Supplement
    (0x3000, 0x303F),  # CJK punctuation
    (0x31C0, 0x31EF),  # CJK strokes
    (0x2F00, 0x2FDF),  # Kangxi Radicals
    (0x2FF0, 0x2FFF),  # Ideographic Description Characters
    (0x3100, 0x312F),  # Bopomofo
    (0x31A0, 0x31BF),  # Bopomofo Extended
    (0xFE10, 0xFE1F),  # Vertical Forms
    (0xFE30, 0xFE4F),  # CJK Compatibility Forms
    (0x2600, 0x26FF),  # Miscellaneous Symbols
    (0x2700, 0x27BF),  # Dingbats
    (0x3200, 0x32FF),  # Enclosed CJK Letters and Months
    (0x3300, 0x33FF),  # CJK Compatibility
)

_CHINESE = re.compile(f"({character_class(CHINESE_RANGES)})")


def tokenize_line(line: str) -> str:
    """The line's tokens, separated by single spaces."""
    return separate_punctuation(_CHINESE.sub(r" \1 ", strip(line)))
