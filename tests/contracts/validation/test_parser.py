"""The declared parser: schema, rules and build, answered in bulk or walked."""

from typing import Any

import pytest

from mtcompute.contracts import fields
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.tokens import FEW_TOKENS, TokenLists
from mtcompute.errors import InputError

TOKENS = TokenLists((("left", EVERY), ("right", EVERY)), max_token_bytes=3)
SAME = SameLength("left", "right", "right list", "right lists", "left list")
SCHEMA = fields.closed_object(
    {
        "left": {"type": "array", "items": fields.token_list(3)},
        "right": {"type": "array", "items": fields.token_list(3)},
        "flag": fields.boolean(False, "A flag."),
    },
    ["left", "right"],
)


def build(checked: Checked) -> tuple[Any, ...]:
    return (checked.raw["left"], checked.get("flag", False), checked.made_by(TOKENS))


PARSER = RequestParser(SCHEMA, [SAME, TOKENS], build)


def test_the_parser_publishes_the_schema_it_was_declared_with() -> None:
    assert PARSER.schema is SCHEMA


def test_a_valid_input_is_built_with_what_the_bulk_checks_made() -> None:
    many = ["ab"] * FEW_TOKENS
    left, flag, encoded = PARSER.parse({"left": [many], "right": [["c"]], "flag": True})
    assert left == [many]
    assert flag is True
    assert encoded is not None
    assert encoded.token_count == FEW_TOKENS + 1


def test_an_input_that_breaks_the_schema_and_rules_reports_them_all_in_order() -> None:
    raw = {"left": [["abcd"], [""]], "right": [[5]], "extra": 1}
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("too_long", "/left/0/0"),
        ("too_short", "/left/1/0"),
        ("type", "/right/0/0"),
        ("unknown_property", "/extra"),
        ("segment_count_mismatch", "/right"),
    ]


def test_an_input_valid_but_not_readable_in_bulk_is_built_without_what_bulk_makes() -> None:
    raw = {"left": [["a\x00"] * FEW_TOKENS], "right": [["b"]]}
    assert PARSER.parse_in_bulk(raw) is None
    assert PARSER.parse(raw) == (raw["left"], False, None)


def test_the_shape_check_leaves_the_items_a_rule_reads_to_that_rule() -> None:
    # The tokens are not strings: the bulk rule refuses them, not the schema's predicate.
    assert PARSER.parse_in_bulk({"left": [[1]], "right": [[]]}) is None
    assert PARSER.violations({"left": [[1]], "right": [[]]}).count == 1


def test_a_non_object_input_is_one_type_error_at_the_top() -> None:
    with pytest.raises(InputError) as caught:
        PARSER.parse([])
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [("type", "")]


def codes_of(parser: RequestParser[Any], raw: object) -> list[str]:
    with pytest.raises(InputError) as caught:
        parser.parse(raw)
    return [error["code"] for error in caught.value.errors]


CAPPED = RequestParser(
    fields.closed_object(
        {"left": {"type": "array", "maxItems": 2, "items": fields.token_list(3)}}, ["left"]
    ),
    [TokenLists((("left", EVERY),), max_token_bytes=3, max_total_tokens=4)],
    build,
)


def test_the_rules_that_walk_items_leave_an_array_far_over_its_max_items_alone() -> None:
    # Five lists, more than twice the two allowed: their count is all that is reported.
    assert codes_of(CAPPED, {"left": [["a", "b"]] * 5}) == ["too_many_items"]


def test_the_rules_still_walk_an_array_a_little_over_its_max_items() -> None:
    assert codes_of(CAPPED, {"left": [["a", "b"]] * 3}) == ["too_many_items", "too_many_tokens"]
