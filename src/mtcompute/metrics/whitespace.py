"""Whitespace as Python's ``str.isspace()`` takes it, spelled out so that the rule cannot change
with the Python version: the one table chrF, the BLEU tokenizers and the text files read."""

WHITESPACE_CODE_POINTS = (
    *range(0x0009, 0x000D + 1),
    *range(0x001C, 0x0020 + 1),
    0x0085,
    0x00A0,
    0x1680,
    *range(0x2000, 0x200A + 1),
    0x2028,
    0x2029,
    0x202F,
    0x205F,
    0x3000,
)
