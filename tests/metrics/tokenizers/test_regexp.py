"""13a's and zh's punctuation rules: spaces around punctuation, kept for numbers."""

import pytest

from mtcompute.metrics.tokenizers.regexp import ISOLATED, separate_punctuation


def test_ascii_punctuation_but_apostrophe_comma_hyphen_and_full_stop_stands_alone() -> None:
    assert set("',-.") & ISOLATED == set()
    assert separate_punctuation("a(b)c'd") == "a ( b ) c'd"


@pytest.mark.parametrize(
    ("line", "separated"),
    [
        ("3.14 1,000", "3.14 1,000"),  # between digits: kept
        ("end.", "end ."),
        (".5", ".5"),  # nothing before it, a digit after it
        ("a.5", "a . 5"),
        ("5.a", "5 . a"),
        ("5..5", "5 . . 5"),
        ("a5.", "a5."),  # nothing after it
        ("5-6 a-b", "5 - 6 a-b"),  # a hyphen after a digit
    ],
)
def test_full_stops_commas_and_hyphens_follow_the_rules_literally(
    line: str, separated: str
) -> None:
    assert separate_punctuation(line) == separated
