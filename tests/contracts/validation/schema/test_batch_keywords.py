"""The batch schema's keywords in the one schema engine (a schema for every other property,
booleans, the pointer pattern), and a differential test against ``jsonschema`` showing that
the published input schema is the one that validates."""

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import assume, given, settings
from jsonschema import Draft202012Validator

from mtcompute.contracts.validation.pointer import POINTER_PATTERN
from mtcompute.contracts.validation.schema import compile_schema
from mtcompute.contracts.validation.violations import (
    MAX_REPORTED_VIOLATIONS,
    Violations,
    child_pointer,
)
from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA
from tests.meta.near import near


def violations_of(schema: Mapping[str, Any], value: object) -> list[tuple[str, str]]:
    """The (code, pointer) of every violation, all of them: the cap is not reached here."""
    found = Violations()
    compile_schema(schema).check(value, "", found)
    assert found.count == len(found.kept)
    return [(v["code"], v["pointer"]) for v in found.kept]


def test_objects_may_give_a_schema_to_every_other_property() -> None:
    schema = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
    assert violations_of(schema, {"a": 1, "b/c": -1, "d": "x"}) == [
        ("below_minimum", "/b~1c"),
        ("type", "/d"),
    ]


def test_a_boolean_is_true_or_false_never_0_or_1() -> None:
    schema = {"type": "boolean"}
    assert violations_of(schema, True) == violations_of(schema, False) == []
    assert violations_of(schema, 0) == violations_of(schema, 1) == [("type", "")]


def test_the_pointer_pattern_is_checked_as_invalid_pointer() -> None:
    schema = {"type": "string", "pattern": POINTER_PATTERN}
    assert violations_of(schema, "/a~1") == []
    assert violations_of(schema, "a") == [("invalid_pointer", "")]
    assert violations_of(schema, 1) == [("type", "")]


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "pattern": "^a$"},
        {"type": "object", "propertyNames": {"type": "string"}},
        {"type": "array", "uniqueItems": True},
        {"type": "string", "format": "json-pointer"},
    ],
)
def test_a_keyword_it_would_not_enforce_is_refused_when_compiling(schema: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="not supported"):
        compile_schema(schema)


# -- The differential test -----------------------------------------------------------------------


def jsonschema_pointers(validator: Draft202012Validator, value: object) -> set[str]:
    pointers = set()
    for error in validator.iter_errors(value):
        pointer = ""
        for key in error.absolute_path:
            pointer = child_pointer(pointer, key)
        pointers.add(pointer)
    return pointers


def our_pointers(value: object) -> set[str]:
    """Where our check finds violations, with 'required' and 'unknown_property' (which point at
    the property) moved to the object, where jsonschema reports them."""
    found = Violations()
    compile_schema(BATCH_INPUT_SCHEMA).check(value, "", found)
    assume(found.count == len(found.kept))  # all of them, under the cap
    moved = {"required", "unknown_property"}
    return {
        _at_the_binding(v["pointer"].rpartition("/")[0] if v["code"] in moved else v["pointer"])
        for v in found.kept
    }


def _at_the_binding(pointer: str) -> str:
    """jsonschema reports a binding that fits neither branch of its anyOf at the binding:
    ``/operations/0/bind/k``, where ours says what is wrong inside it."""
    tokens = pointer.split("/")
    return "/".join(tokens[:5]) if tokens[3:4] == ["bind"] else pointer


def test_the_published_input_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(BATCH_INPUT_SCHEMA)


@settings(max_examples=300, deadline=None)
@given(near(BATCH_INPUT_SCHEMA))
def test_the_published_input_schema_finds_what_jsonschema_finds_in_it(value: object) -> None:
    validator = Draft202012Validator(BATCH_INPUT_SCHEMA)
    assert our_pointers(value) == jsonschema_pointers(validator, value)


def test_an_array_below_its_minimum_says_how_many_items_it_has() -> None:
    found = Violations()
    compile_schema({"type": "array", "minItems": 2, "items": {"type": "boolean"}}).check(
        [1], "", found
    )
    assert [(v["code"], v["message"]) for v in found.kept] == [
        ("too_few_items", "expected at least 2 items, got an array of 1 item at the top level"),
        ("type", "expected a boolean, got the number 1 at /0"),
    ]


def test_past_the_cap_each_violation_is_counted_and_not_listed() -> None:
    bind = {f"k{n}": {"step": "0", "pointer": "a"} for n in range(19)}
    found = Violations()
    compile_schema(BATCH_INPUT_SCHEMA).check({"operations": [{"bind": bind}] * 8}, "", found)
    assert (len(found.kept), found.count) == (MAX_REPORTED_VIOLATIONS, 8 * (3 + 2 * 19))


def test_a_choice_by_type_judges_a_value_by_the_branch_of_its_type() -> None:
    schema = {"anyOf": [{"type": "object", "required": ["a"]}, {"type": "array", "maxItems": 1}]}
    assert violations_of(schema, {"a": 1}) == violations_of(schema, [0]) == []
    assert violations_of(schema, {}) == [("required", "/a")]
    assert violations_of(schema, [0, 1]) == [("too_many_items", "")]
    found = Violations()
    compile_schema(schema).check("x", "", found)
    assert found.kept[0]["message"] == (
        'expected an object or an array, got the string "x" at the top level'
    )


def test_a_choice_between_branches_of_one_type_is_refused_when_compiling() -> None:
    with pytest.raises(ValueError, match="distinct types"):
        compile_schema({"anyOf": [{"type": "object"}, {"type": "object"}]})


def test_an_object_over_its_max_properties_is_reported_by_its_count_alone() -> None:
    schema = {"type": "object", "maxProperties": 2, "additionalProperties": {"type": "integer"}}
    assert violations_of(schema, {"a": 1, "b": 2}) == []
    assert violations_of(schema, {"a": "x", "b": "y", "c": "z"}) == [("too_many_properties", "")]
