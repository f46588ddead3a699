"""Character classes built from ranges match exactly their code points."""

import re

from mtcompute.metrics.tokenizers.classes import character_class, class_of


def test_a_class_matches_its_ranges_and_a_negated_class_the_rest() -> None:
    members = re.compile(character_class([(0x41, 0x43), (0x1F600, 0x1F600)]))
    others = re.compile(character_class([(0x41, 0x43)], negated=True))
    assert [bool(members.fullmatch(c)) for c in "ABCD\U0001f600"] == [True] * 3 + [False, True]
    assert [bool(others.fullmatch(c)) for c in "AD\n"] == [False, True, True]


def test_a_class_of_characters_escapes_what_re_would_read_as_syntax() -> None:
    pattern = re.compile(class_of("]^-\\"))
    assert [bool(pattern.fullmatch(c)) for c in "]^-\\a"] == [True] * 4 + [False]
