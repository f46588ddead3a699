"""Violations moved under a place in a batch: pointers, and the place each message names."""

import pytest

from mtcompute.contracts.registry import get_tool
from mtcompute.errors import InputError, Violation
from mtcompute.meta.batch.prefix import prefixed

PREFIX = "/operations/3/input"


def moved(pointer: str, message: str) -> tuple[str, str]:
    (violation,) = prefixed([Violation(code="c", pointer=pointer, message=message)], PREFIX)
    assert violation["code"] == "c"
    return violation["pointer"], violation["message"]


def test_a_pointer_is_put_under_the_prefix() -> None:
    assert moved("/hypotheses/0", "m")[0] == "/operations/3/input/hypotheses/0"
    assert moved("", "m")[0] == PREFIX


def test_the_place_a_message_names_is_put_under_the_prefix_too() -> None:
    message = "expected an array, got the number 3 at /hypotheses/0"
    assert moved("/hypotheses/0", message)[1] == (
        "expected an array, got the number 3 at /operations/3/input/hypotheses/0"
    )


def test_the_top_level_becomes_the_prefix() -> None:
    message = "expected an object, got null at the top level"
    assert moved("", message)[1] == "expected an object, got null at /operations/3/input"


def test_a_missing_or_unknown_property_s_object_is_the_place_named() -> None:
    message = "expected the required property 'references', got an object without it at /x"
    assert moved("/x/references", message)[1].endswith("without it at /operations/3/input/x")
    top = "expected one of the properties 'a', got the unknown property 'b' at the top level"
    assert moved("/b", top)[1].endswith("property 'b' at /operations/3/input")


def test_text_after_the_place_is_kept() -> None:
    message = "got the unknown property 'max_orders' at the top level (did you mean 'max_order'?)"
    assert moved("/max_orders", message)[1] == (
        "got the unknown property 'max_orders' at /operations/3/input (did you mean 'max_order'?)"
    )


def test_a_value_shown_before_the_place_is_not_taken_for_it() -> None:
    message = 'expected a token, got the string "at /a at the top level" at /a'
    assert moved("/a", message)[1] == (
        'expected a token, got the string "at /a at the top level" at /operations/3/input/a'
    )


def test_a_message_naming_no_place_is_kept_as_it_is() -> None:
    message = "expected at most 50000 tokens in all, got 50001 in the whole input"
    assert moved("", message)[1] == message


@pytest.mark.parametrize(
    "raw",
    [
        None,
        {"hypotheses": [[1]], "references": [[["a"]]], "max_orders": 2},
        {"hypotheses": [["a"]], "references": [[["a"]], [["b"]]]},
        {"hypotheses": [["a", ""]], "references": [[[]]], "decimals": 99},
    ],
)
def test_every_message_of_a_real_tool_names_its_place_under_the_prefix(raw: object) -> None:
    with pytest.raises(InputError) as raised:
        get_tool("bleu-corpus-compute", "1.0.0").execute(raw)
    for violation in prefixed(raised.value.errors, PREFIX):
        assert violation["pointer"].startswith(PREFIX)
        assert f"at {PREFIX}" in violation["message"]
        assert "at the top level" not in violation["message"]
