"""The text rule: its bulk check and its walker agree on every generated input."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.texts import Texts
from mtcompute.contracts.validation.violations import Violations

EURO, EMOJI = "\u20ac", "\U0001f600"
SMALL = Texts(
    (("hypotheses", EVERY), ("references", EVERY, EVERY)),
    max_string_bytes=6,
    max_total_string_bytes=20,
)
TEXTS = st.text(st.sampled_from(["a", " ", EURO, EMOJI, "\ud800"]), max_size=4)
INPUTS = st.fixed_dictionaries(
    {
        "hypotheses": st.lists(TEXTS, min_size=1, max_size=3),
        "references": st.lists(st.lists(TEXTS, min_size=1, max_size=2), min_size=1, max_size=3),
    }
)


def walked(raw: dict[str, Any]) -> Violations:
    found = Violations()
    SMALL.walk(raw, found)
    return found


@settings(max_examples=400, deadline=None)
@given(INPUTS)
def test_the_bulk_check_passes_exactly_the_inputs_the_walker_finds_nothing_in(
    raw: dict[str, Any],
) -> None:
    assert (SMALL.bulk(raw) is FAILED) == (walked(raw).count > 0)


@pytest.mark.parametrize(
    ("raw", "found"),
    [
        pytest.param(
            {"hypotheses": [EURO * 3], "references": [[""]]},
            [("string_too_long", "/hypotheses/0")],
            id="9 bytes in 3 characters",
        ),
        pytest.param(
            {"hypotheses": [""], "references": [["ok", "a\udfff"]]},
            [("invalid_unicode", "/references/0/1")],
            id="a lone surrogate",
        ),
        pytest.param(
            {"hypotheses": ["aaaaaa"] * 3, "references": [["aaa"]] * 3},
            [("too_many_string_bytes", "")],
            id="27 bytes in all",
        ),
    ],
)
def test_the_walker_points_at_each_violation(raw: dict[str, Any], found: list[Any]) -> None:
    assert [(v["code"], v["pointer"]) for v in walked(raw).kept] == found


def test_a_text_over_the_limit_says_expected_and_got_in_bytes() -> None:
    message = walked({"hypotheses": [EMOJI * 2], "references": [[""]]}).kept[0]["message"]
    assert message == "expected a string of at most 6 UTF-8 bytes, got 8 bytes at /hypotheses/0"


def test_empty_and_whitespace_only_texts_are_valid() -> None:
    assert SMALL.bulk({"hypotheses": ["", " \t"], "references": [[""], [" "]]}) is None
