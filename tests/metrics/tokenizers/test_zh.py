"""zh makes every Chinese character a token, with sacreBLEU's string-compared ranges."""

import pytest

from mtcompute.metrics.tokenizers import tokenize
from mtcompute.metrics.tokenizers.zh import CHINESE_RANGES


def chinese(character: str) -> bool:
    return any(first <= ord(character) <= last for first, last in CHINESE_RANGES)


@pytest.mark.parametrize(
    ("character", "is_chinese"),
    [
        ("\u4e2d", True),
        ("\u2001", True),  # '\u20000' read as U+2000 then "0": from U+2001
        ("\u2000", False),
        ("\u2192", True),  # an arrow, inside U+2001..U+2A6D
        ("\u2a6d", True),
        ("\u2a6e", False),
        ("\U00020000", False),  # the astral ideographs the range meant are not
        ("\U0002f800", False),
        ("\u2fa1", True),
    ],
)
def test_chinese_is_what_sacrebleus_string_comparison_makes_it(
    character: str, is_chinese: bool
) -> None:
    assert chinese(character) == is_chinese


def test_chinese_characters_are_tokens_and_the_rest_follows_13a_s_rules() -> None:
    assert tokenize("\u4e2d\u6587abc\u2192d, 5.5", "zh") == [
        "\u4e2d",
        "\u6587",
        "abc",
        "\u2192",
        "d",
        ",",
        "5.5",
    ]
    assert tokenize("\U00020000\U00020001", "zh") == ["\U00020000\U00020001"]


def test_the_line_is_stripped_so_a_first_mark_has_no_neighbour() -> None:
    assert tokenize("  .5", "zh") == [".5"]
    assert tokenize("  .5", "13a") == [".", "5"]
