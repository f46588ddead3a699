"""The whole-batch check: every rule of a well-formed batch at its boundary, each violation with
its code and its pointer into the batch, and the violations cap on a huge malformed batch."""

from typing import Any

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from mtcompute.contracts.validation.violations import MAX_REPORTED_VIOLATIONS
from mtcompute.errors import InputError
from mtcompute.meta.batch.check import check_batch
from mtcompute.meta.batch.schema import (
    BATCH_INPUT_SCHEMA,
    MAX_BOUND_KEYS,
    MAX_OPERATIONS,
    MAX_POINTER_LENGTH,
)
from tests.meta.near import near


def operation(**changes: Any) -> dict[str, Any]:
    """A well-formed operation; a change to None removes that property."""
    base: dict[str, Any] = {"id": "bleu-corpus-compute", "version": "1.0.0", "input": {}}
    base.update(changes)
    return {key: value for key, value in base.items() if value is not None}


def binding(step: object = 0, pointer: object = "/matches") -> dict[str, Any]:
    return {"step": step, "pointer": pointer}


def found(batch: object) -> list[tuple[str, str]]:
    """The (code, pointer) of each violation; [] for a well-formed batch."""
    try:
        check_batch(batch)
    except InputError as error:
        return [(v["code"], v["pointer"]) for v in error.errors]
    return []


def test_a_batch_of_one_operation_is_well_formed() -> None:
    assert found({"operations": [operation()]}) == []


def test_a_batch_of_20_operations_is_well_formed_and_21_is_too_many() -> None:
    assert found({"operations": [operation()] * MAX_OPERATIONS}) == []
    batch = {"operations": [operation()] * (MAX_OPERATIONS + 1)}
    assert found(batch) == [("too_many_items", "/operations")]


def test_a_batch_without_operations_is_too_few() -> None:
    assert found({"operations": []}) == [("too_few_items", "/operations")]


@pytest.mark.parametrize("batch", [None, [], "operations", 3, True])
def test_a_batch_that_is_not_an_object_is_a_type_error_at_the_top(batch: object) -> None:
    assert found(batch) == [("type", "")]


def test_operations_are_required_and_an_array() -> None:
    assert found({}) == [("required", "/operations")]
    assert found({"operations": {"0": operation()}}) == [("type", "/operations")]


def test_an_operation_is_an_object_with_an_id_a_version_and_an_input() -> None:
    assert found({"operations": [operation(), 7]}) == [("type", "/operations/1")]
    empty: dict[str, Any] = {"operations": [{}]}
    assert found(empty) == [
        ("required", "/operations/0/id"),
        ("required", "/operations/0/version"),
        ("required", "/operations/0/input"),
    ]


@pytest.mark.parametrize(
    ("changes", "pointer"),
    [
        ({"id": 1}, "/operations/0/id"),
        ({"version": 1.0}, "/operations/0/version"),
        ({"input": []}, "/operations/0/input"),
        ({"input": "{}"}, "/operations/0/input"),
        ({"bind": []}, "/operations/0/bind"),
        ({"bind": {"hypotheses": 3}}, "/operations/0/bind/hypotheses"),
        ({"include_result": "false"}, "/operations/0/include_result"),
        ({"include_result": 0}, "/operations/0/include_result"),
    ],
)
def test_a_property_of_the_wrong_type_is_a_type_error_where_it_is(
    changes: dict[str, Any], pointer: str
) -> None:
    assert found({"operations": [operation(**changes)]}) == [("type", pointer)]


@pytest.mark.parametrize(
    ("value", "pointer"),
    [
        (binding(step="0"), "/operations/1/bind/k/step"),
        (binding(step=0.5), "/operations/1/bind/k/step"),
        (binding(step=True), "/operations/1/bind/k/step"),
        (binding(step=None), "/operations/1/bind/k/step"),
        (binding(pointer=0), "/operations/1/bind/k/pointer"),
        (binding(pointer=["matches"]), "/operations/1/bind/k/pointer"),
    ],
)
def test_a_binding_s_step_is_an_integer_and_its_pointer_a_string(
    value: object, pointer: str
) -> None:
    batch = {"operations": [operation(), operation(bind={"k": value})]}
    assert found(batch) == [("type", pointer)]


def test_a_binding_needs_a_step_and_a_pointer() -> None:
    batch = {"operations": [operation(), operation(bind={"k": {}})]}
    assert found(batch) == [
        ("required", "/operations/1/bind/k/step"),
        ("required", "/operations/1/bind/k/pointer"),
    ]


@pytest.mark.parametrize(
    ("where", "pointer"),
    [
        ("top", "/extra"),
        ("operation", "/operations/0/extra"),
        ("binding", "/operations/1/bind/k/extra"),
    ],
)
def test_an_unknown_property_at_any_level_is_reported_where_it_is(where: str, pointer: str) -> None:
    first, second = operation(), operation(bind={"k": binding()})
    target = {"top": None, "operation": first, "binding": second["bind"]["k"]}[where]
    batch: dict[str, Any] = {"operations": [first, second]}
    (batch if target is None else target)["extra"] = 1
    assert found(batch) == [("unknown_property", pointer)]


def test_any_key_may_be_bound_the_tool_judges_its_input_when_it_runs() -> None:
    bind = {"no such key": binding(), "": binding(), "a/b~c": binding()}
    batch = {"operations": [operation(input={"anything": [1, {}]}), operation(bind=bind)]}
    assert found(batch) == []


def test_a_step_must_be_an_earlier_step() -> None:
    ok = {"operations": [operation(), operation(), operation(bind={"k": binding(step=1)})]}
    assert found(ok) == []
    for step in (2, 3, 100):
        batch = {"operations": [operation(), operation(), operation(bind={"k": binding(step)})]}
        assert found(batch) == [("step_not_earlier", "/operations/2/bind/k/step")]


def test_the_first_operation_can_bind_from_no_step() -> None:
    batch = {"operations": [operation(bind={"k": binding(step=0)})]}
    assert found(batch) == [("step_not_earlier", "/operations/0/bind/k/step")]


def test_an_integral_float_step_is_a_step_as_in_tool_inputs() -> None:
    assert found({"operations": [operation(), operation(bind={"k": binding(0.0)})]}) == []
    batch = {"operations": [operation(), operation(bind={"k": binding(1.0)})]}
    assert found(batch) == [("step_not_earlier", "/operations/1/bind/k/step")]


def test_a_negative_step_is_below_the_minimum_only() -> None:
    batch = {"operations": [operation(), operation(bind={"k": binding(step=-1)})]}
    assert found(batch) == [("below_minimum", "/operations/1/bind/k/step")]


@pytest.mark.parametrize("pointer", ["a", "/~2", "/~", "matches/0", "/a~b", "~1"])
def test_a_pointer_that_is_not_rfc_6901_is_an_invalid_pointer(pointer: str) -> None:
    batch = {"operations": [operation(), operation(bind={"k": binding(pointer=pointer)})]}
    assert found(batch) == [("invalid_pointer", "/operations/1/bind/k/pointer")]


@pytest.mark.parametrize("pointer", ["", "/", "/matches/0", "/~0~1", "/-", "/01"])
def test_the_empty_pointer_and_any_slash_prefixed_tokens_are_well_formed(pointer: str) -> None:
    # Whether it resolves is found when the operation runs.
    batch = {"operations": [operation(), operation(bind={"k": binding(pointer=pointer)})]}
    assert found(batch) == []


def test_a_key_both_bound_and_in_the_input_is_reported_at_the_binding() -> None:
    bind = {"max_order": binding(pointer="/max_order"), "a/b": binding()}
    second = operation(input={"max_order": 2, "a/b": 1, "decimals": 1}, bind=bind)
    assert found({"operations": [operation(), second]}) == [
        ("bound_key_in_input", "/operations/1/bind/max_order"),
        ("bound_key_in_input", "/operations/1/bind/a~1b"),
    ]


def test_every_violation_of_a_batch_is_reported_at_once() -> None:
    bad = {"id": 1, "input": [], "bind": {"k": {"step": -1, "pointer": "x", "y": 0}}, "z": 0}
    batch = {"operations": [operation(bind={"k": binding(step=0)}), bad], "extra": None}
    assert found(batch) == [
        ("required", "/operations/1/version"),
        ("type", "/operations/1/id"),
        ("type", "/operations/1/input"),
        ("below_minimum", "/operations/1/bind/k/step"),
        ("invalid_pointer", "/operations/1/bind/k/pointer"),
        ("unknown_property", "/operations/1/bind/k/y"),
        ("unknown_property", "/operations/1/z"),
        ("unknown_property", "/extra"),
        ("step_not_earlier", "/operations/0/bind/k/step"),
    ]


def test_messages_say_what_was_expected_what_arrived_and_where() -> None:
    batch = {"operations": [operation(), operation(bind={"k": binding(step=1, pointer="/~2")})]}
    with pytest.raises(InputError) as raised:
        check_batch({**batch, "operation": 1})
    messages = [v["message"] for v in raised.value.errors]
    assert messages == [
        'expected an RFC 6901 JSON Pointer ("" or /-prefixed tokens, ~ only in ~0 and ~1), '
        'got the string "/~2" at /operations/1/bind/k/pointer',
        "expected one of the properties 'operations', got the unknown property 'operation' "
        "at the top level (did you mean 'operations'?)",
        "expected a step from 0 to 0, got 1 at /operations/1/bind/k/step",
    ]


def test_a_bound_key_in_the_input_names_both_places() -> None:
    batch = {"operations": [operation(), operation(input={"k": 1}, bind={"k": binding()})]}
    with pytest.raises(InputError) as raised:
        check_batch(batch)
    assert raised.value.errors[0]["message"] == (
        "expected a key that /operations/1/input does not set, got 'k', which it sets too, "
        "at /operations/1/bind/k"
    )


def test_a_huge_malformed_batch_reports_the_capped_violations_and_counts_the_rest() -> None:
    # 20 operations with 5,000 unknown properties each and 20 bindings each breaking two
    # rules: 100,800 violations, each counted once past the cap without building its message.
    keys = [f"key{n}" for n in range(5_000)]
    bind = {key: binding(step=MAX_OPERATIONS - 1) for key in keys[:MAX_BOUND_KEYS]}
    first = {**operation(input=dict.fromkeys(keys, 0), bind=bind), **dict.fromkeys(keys, 0)}
    batch = {"operations": [first] * MAX_OPERATIONS}
    with pytest.raises(InputError) as raised:
        check_batch(batch)
    errors = raised.value.errors
    assert len(errors) == MAX_REPORTED_VIOLATIONS + 1
    assert errors[-1] == {
        "code": "too_many_violations",
        "pointer": "",
        "message": "100700 more violations were found and not listed; the first 100 are shown",
    }


def test_a_bind_of_more_keys_than_any_tool_has_is_reported_by_its_count_alone() -> None:
    bind = {f"key{n}": {"step": "not read"} for n in range(MAX_BOUND_KEYS + 1)}
    batch = {"operations": [operation(), operation(bind=bind)]}
    assert found(batch) == [("too_many_properties", "/operations/1/bind")]
    with pytest.raises(InputError, match="expected an object of at most 20 properties"):
        check_batch(batch)
    exactly = {f"key{n}": binding() for n in range(MAX_BOUND_KEYS)}
    assert found({"operations": [operation(), operation(bind=exactly)]}) == []


def test_a_list_of_bindings_is_checked_binding_by_binding_where_each_is() -> None:
    bind = {"parts": [binding(step=0), binding(step=2), {"step": 0, "pointer": "x"}]}
    batch = {"operations": [operation(), operation(), operation(bind=bind)]}
    assert found(batch) == [
        ("invalid_pointer", "/operations/2/bind/parts/2/pointer"),
        ("step_not_earlier", "/operations/2/bind/parts/1/step"),
    ]


@pytest.mark.parametrize(
    ("bound", "code"),
    [([], "too_few_items"), ([binding()] * 21, "too_many_items"), ("/a", "type"), (None, "type")],
)
def test_a_list_of_bindings_holds_1_to_20_and_anything_else_is_the_wrong_type(
    bound: object, code: str
) -> None:
    batch = {"operations": [operation(), operation(bind={"parts": bound})]}
    assert found(batch) == [(code, "/operations/1/bind/parts")]
    if code == "type":
        with pytest.raises(InputError, match="expected an object or an array"):
            check_batch(batch)


def test_a_pointer_over_its_maximum_length_is_too_long_and_never_matched() -> None:
    pointer = "/" + "~" * (MAX_POINTER_LENGTH - 1)  # not a pointer, but its length is judged
    batch = {"operations": [operation(), operation(bind={"k": binding(pointer=pointer)})]}
    assert found(batch) == [("invalid_pointer", "/operations/1/bind/k/pointer")]
    longer = "/" + "~" * MAX_POINTER_LENGTH
    batch = {"operations": [operation(), operation(bind={"k": binding(pointer=longer)})]}
    assert found(batch) == [("too_long", "/operations/1/bind/k/pointer")]


RULES_BEYOND_THE_SCHEMA = {"step_not_earlier", "bound_key_in_input", "too_many_violations"}
VALIDATOR = Draft202012Validator(BATCH_INPUT_SCHEMA)


@settings(max_examples=200, deadline=None)
@given(near(BATCH_INPUT_SCHEMA))
def test_a_batch_is_malformed_by_the_published_schema_exactly_or_by_a_rule_beyond_it(
    batch: object,
) -> None:
    codes = {code for code, _ in found(batch)}
    assert VALIDATOR.is_valid(batch) == codes.issubset(RULES_BEYOND_THE_SCHEMA)


def test_operations_given_as_a_tuple_from_python_are_checked_as_an_array() -> None:
    operations = (operation(), operation(bind={"k": binding(step=1)}))
    assert found({"operations": operations}) == [("step_not_earlier", "/operations/1/bind/k/step")]


def test_far_too_many_operations_are_reported_by_their_count_and_walked_no_further() -> None:
    # Each lacks its input and binds from a later step; only the first 20 are walked, by the
    # schema, and the bindings not at all: the count says what is wrong.
    bad = {"id": "bleu-corpus-compute", "version": "1.0.0", "bind": {"k": binding(step=99)}}
    reported = found({"operations": [bad] * (2 * MAX_OPERATIONS + 1)})
    assert reported[0] == ("too_many_items", "/operations")
    assert reported[1:] == [("required", f"/operations/{i}/input") for i in range(MAX_OPERATIONS)]


def test_a_few_more_operations_than_allowed_are_all_checked() -> None:
    reported = found({"operations": [operation(input=None)] * (MAX_OPERATIONS + 1)})
    assert reported[0] == ("too_many_items", "/operations")
    assert len(reported) == 1 + MAX_OPERATIONS + 1
