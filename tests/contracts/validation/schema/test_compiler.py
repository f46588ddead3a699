"""The hand-written JSON Schema checker: its subset, its integer semantics, its two paths (the fast
predicate and the checker), and a differential test against the ``jsonschema`` library."""

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mtcompute.contracts.bleu_corpus_compute_1_0_0 import LIMITS, OUTPUT_SCHEMA, input_schema
from mtcompute.contracts.limits import UNLIMITED, Limits
from mtcompute.contracts.validation.schema import CompiledSchema, compile_schema, is_integral
from mtcompute.contracts.validation.violations import (
    MAX_REPORTED_VIOLATIONS,
    MAX_SUGGESTIONS,
    Violations,
    child_pointer,
)

# Small limits put every boundary within reach of generated inputs.
SMALL_LIMITS = Limits(
    max_segments=3,
    max_references_per_segment=2,
    max_total_tokens=10,
    max_token_bytes=3,
    max_total_token_bytes=20,
)
# enum, const, exclusive bounds and booleans, as the options of the catalogue's tools use them.
OPTIONS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "smoothing": {"type": "string", "enum": ["none", "floor", "add-k", "exp"]},
        "order": {"type": "integer", "enum": [1, 2, 4.0]},
        "version": {"type": "string", "const": "1.0.0"},
        "k": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
        "epsilon": {"type": "number", "minimum": 1e-10, "exclusiveMaximum": 1},
        "flag": {"type": "boolean"},
        "flags": {"type": "array", "items": {"type": "boolean"}, "maxItems": 2},
    },
    "required": ["smoothing"],
    "additionalProperties": False,
}
SCHEMAS = {
    "input schema with small limits": input_schema(SMALL_LIMITS),
    "input schema with the contract's limits": input_schema(LIMITS),
    "input schema without limits": input_schema(UNLIMITED),
    "output schema": OUTPUT_SCHEMA,
    "the keywords of options": OPTIONS_SCHEMA,
}
TOKENS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "string", "minLength": 1, "maxLength": 3},
}


def violations_of(schema: Mapping[str, Any], value: object) -> Violations:
    found = Violations()
    compile_schema(schema).check(value, "", found)
    return found


def pointers_of(schema: Mapping[str, Any], value: object) -> set[str]:
    """Where our checker finds violations, with 'required' and 'unknown_property' (which point at
    the property) moved to the object, where jsonschema reports them."""
    found = violations_of(schema, value)
    assert found.count <= MAX_REPORTED_VIOLATIONS
    moved = {"required", "unknown_property"}
    return {
        v["pointer"].rpartition("/")[0] if v["code"] in moved else v["pointer"] for v in found.kept
    }


def jsonschema_pointers(validator: Draft202012Validator, value: object) -> set[str]:
    pointers = set()
    for error in validator.iter_errors(value):
        pointer = ""
        for key in error.absolute_path:
            pointer = child_pointer(pointer, key)
        pointers.add(pointer)
    return pointers


# -- Generated inputs: near the schema, with boundary sizes and wrong types at every level -------

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, 1.0, 4.0, 4.5, -1.0, 8.0, 9.0, 15.0, 16.0]),
    st.text(max_size=5),
)
ANY_JSON = st.recursive(
    JSON_LEAVES,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)


def near(schema: Mapping[str, Any]) -> st.SearchStrategy[object]:
    """Values that mostly follow ``schema`` but stray over its bounds and types."""
    kind = schema["type"]
    if "enum" in schema or "const" in schema:
        choices = st.sampled_from(schema.get("enum", [schema.get("const")]))
        shaped = choices | st.text(st.sampled_from("abe-"), max_size=5) | st.integers(0, 5)
    elif kind == "boolean":
        shaped = st.booleans() | st.integers(0, 1)
    elif kind == "object":
        shaped = _near_object(schema)
    elif kind == "array":
        low = max(schema.get("minItems", 0) - 1, 0)
        high = min(schema.get("maxItems", 3), 3) + 1
        shaped = st.lists(near(schema["items"]), min_size=low, max_size=high)
    elif kind == "string":
        high = min(schema.get("maxLength", 4), 4) + 1
        shaped = st.text(st.sampled_from("ab\u00e9\u20ac~/"), max_size=high)
    else:
        low = schema.get("minimum", schema.get("exclusiveMinimum", -3)) - 1
        high = schema.get("maximum", schema.get("exclusiveMaximum", 20)) + 1
        edges = [
            schema[k]
            for k in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
            if k in schema
        ]
        integral = st.integers(int(low), int(high)) | st.sampled_from(edges or [0])
        shaped = integral | integral.map(float) | st.floats(low, high) | st.booleans()
    return st.one_of(shaped, shaped, shaped, ANY_JSON)


def _near_object(schema: Mapping[str, Any]) -> st.SearchStrategy[object]:
    properties = {name: near(sub) for name, sub in schema["properties"].items()}
    extra = st.dictionaries(st.sampled_from(["max_orders", "a/b~c", "bleu2"]), JSON_LEAVES)
    known = st.fixed_dictionaries({}, optional=properties)
    return st.tuples(known, extra | st.just({})).map(lambda pair: {**pair[1], **pair[0]})


# -- The differential test -----------------------------------------------------------------------


@pytest.mark.parametrize("schema", SCHEMAS.values(), ids=SCHEMAS.keys())
def test_the_published_schemas_are_valid_draft_2020_12_schemas(schema: Mapping[str, Any]) -> None:
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("schema", SCHEMAS.values(), ids=SCHEMAS.keys())
def test_the_checker_agrees_with_jsonschema_on_generated_inputs(schema: Mapping[str, Any]) -> None:
    validator = Draft202012Validator(schema)
    compiled = compile_schema(schema)

    @settings(max_examples=250, deadline=None)
    @given(near(schema))
    def agree(value: object) -> None:
        theirs = jsonschema_pointers(validator, value)
        assert pointers_of(schema, value) == theirs
        # The fast predicate, which answers for valid inputs, agrees too.
        assert compiled.valid(value) == (not theirs)

    agree()


@pytest.mark.parametrize(
    "value",
    [
        pytest.param({"hypotheses": [["a"]], "references": [[["a"]]]}, id="valid"),
        pytest.param({"hypotheses": [["a"]], "references": [[["a"]]], "x": 1}, id="extra key"),
        pytest.param({"hypotheses": [["abcd"]], "references": [[[]]]}, id="token too long"),
        pytest.param({"hypotheses": [[]] * 4, "references": [[[]]] * 4}, id="4 segments"),
        pytest.param({"hypotheses": [[]], "references": [[[]] * 3]}, id="3 references"),
        pytest.param({"hypotheses": [[]], "references": [[[]]], "max_order": 4.0}, id="4.0"),
        pytest.param({"hypotheses": [[]], "references": [[[]]], "max_order": 0.5}, id="0.5"),
        pytest.param({"hypotheses": [[]], "references": [[[]]], "decimals": True}, id="true"),
        pytest.param({"hypotheses": [[1]], "references": [[{}]]}, id="wrong types"),
    ],
)
def test_the_checker_agrees_with_jsonschema_at_the_boundaries(value: object) -> None:
    schema = SCHEMAS["input schema with small limits"]
    validator = Draft202012Validator(schema)
    assert (violations_of(schema, value).count == 0) == validator.is_valid(value)
    assert pointers_of(schema, value) == jsonschema_pointers(validator, value)


# -- The subset ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "schema",
    [
        pytest.param({"type": "integer", "multipleOf": 2}, id="multipleOf"),
        pytest.param({"type": "object", "oneOf": []}, id="oneOf"),
        pytest.param({"$ref": "#/$defs/x"}, id="$ref"),
        pytest.param({"type": "array", "items": {"type": "string", "format": "x"}}, id="nested"),
        pytest.param(
            {"type": "object", "properties": {"a": {"type": "number", "multipleOf": 2}}},
            id="in a property",
        ),
    ],
)
def test_an_unsupported_keyword_is_refused_when_compiling(schema: Mapping[str, Any]) -> None:
    with pytest.raises(ValueError, match="schema keywords not supported"):
        compile_schema(schema)


@pytest.mark.parametrize(
    "schema",
    [
        pytest.param({"type": "null"}, id="null"),
        pytest.param({"type": ["string", "null"]}, id="a list of types"),
        pytest.param({}, id="no type"),
    ],
)
def test_an_unsupported_type_is_refused_when_compiling(schema: Mapping[str, Any]) -> None:
    with pytest.raises(ValueError, match="schema type not supported"):
        compile_schema(schema)


def test_a_pattern_the_engine_does_not_know_is_refused_when_compiling() -> None:
    with pytest.raises(ValueError, match="schema pattern not supported"):
        compile_schema({"type": "string", "pattern": "^a$"})


def test_a_compiled_schema_is_itself_a_check() -> None:
    compiled = compile_schema({"type": "string"})
    found = Violations()
    compiled(3, "/x", found)
    assert isinstance(compiled, CompiledSchema)
    assert [(v["code"], v["pointer"]) for v in found.kept] == [("type", "/x")]


# -- Integer semantics --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "integral"),
    [
        pytest.param(4, True, id="4"),
        pytest.param(4.0, True, id="4.0"),
        pytest.param(-0.0, True, id="-0.0"),
        pytest.param(2**70, True, id="2**70"),
        pytest.param(1e300, True, id="1e300"),
        pytest.param(4.5, False, id="4.5"),
        pytest.param(5e-324, False, id="the smallest double"),
        pytest.param(True, False, id="true"),
        pytest.param(False, False, id="false"),
        pytest.param("4", False, id="a string"),
        pytest.param(None, False, id="null"),
        pytest.param(float("inf"), False, id="infinity"),
        pytest.param(float("nan"), False, id="NaN"),
    ],
)
def test_an_integer_is_any_number_with_an_integral_value_but_never_a_boolean(
    value: object, integral: bool
) -> None:
    assert is_integral(value) == integral
    assert compile_schema({"type": "integer"}).valid(value) == integral


@pytest.mark.parametrize(
    ("value", "codes"),
    [
        pytest.param(1, [], id="1 is the minimum"),
        pytest.param(8.0, [], id="8.0 is the maximum"),
        pytest.param(0, ["below_minimum"], id="0"),
        pytest.param(9.0, ["above_maximum"], id="9.0"),
        pytest.param(0.5, ["type"], id="0.5 is a type error, not below the minimum"),
        pytest.param(True, ["type"], id="true is not 1"),
    ],
)
def test_integer_bounds_apply_to_integral_values_only(value: object, codes: list[str]) -> None:
    found = violations_of({"type": "integer", "minimum": 1, "maximum": 8}, value)
    assert [v["code"] for v in found.kept] == codes


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        pytest.param(0, True, id="0"),
        pytest.param(0.25, True, id="0.25"),
        pytest.param(1, True, id="1"),
        pytest.param(True, False, id="true"),
        pytest.param(float("nan"), False, id="NaN"),
        pytest.param(float("inf"), False, id="infinity"),
        pytest.param(1.5, False, id="over the maximum"),
    ],
)
def test_a_number_is_finite_and_never_a_boolean(value: object, valid: bool) -> None:
    schema = {"type": "number", "minimum": 0, "maximum": 1}
    assert (violations_of(schema, value).count == 0) == valid
    assert compile_schema(schema).valid(value) == valid


# -- The fast path and the checker agree --------------------------------------------------------

STRINGS_AND_OTHERS = st.lists(
    st.text(st.sampled_from("ab\u20ac"), max_size=5) | JSON_LEAVES, max_size=12
)


@settings(max_examples=300, deadline=None)
@given(STRINGS_AND_OTHERS)
def test_an_array_of_strings_reports_what_checking_each_string_reports(values: list[Any]) -> None:
    whole = violations_of(TOKENS, values)
    each = Violations()
    token = compile_schema(TOKENS["items"])
    for index, value in enumerate(values):
        token.check(value, f"/{index}", each)
    assert whole.kept == each.kept
    assert compile_schema(TOKENS).valid(values) == (each.count == 0)


STRING_BOUNDS = [{}, {"maxLength": 3}, {"minLength": 1}, {"minLength": 2, "maxLength": 4}]


@pytest.mark.parametrize("bounds", STRING_BOUNDS, ids=str)
@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(st.sampled_from("ab\u20ac"), max_size=6), max_size=12))
def test_the_bulk_predicate_of_strings_agrees_with_each_string_under_any_bounds(
    bounds: dict[str, int], values: list[str]
) -> None:
    schema: dict[str, Any] = {"type": "array", "items": {"type": "string", **bounds}}
    token = compile_schema(schema["items"])
    assert compile_schema(schema).valid(values) == all(map(token.valid, values))


def test_a_valid_array_of_string_subclasses_is_checked_one_by_one_and_passes() -> None:
    class Token(str):
        pass

    values = [Token("a"), Token("bc")]
    assert violations_of(TOKENS, values).count == 0
    assert compile_schema(TOKENS).valid(values)


def test_invalid_strings_past_the_cap_are_counted_in_bulk() -> None:
    values = ["ok", 1, "", "abcd", None] * 100  # 400 invalid strings
    found = violations_of(TOKENS, values)
    assert found.count == 400
    assert len(found.kept) == MAX_REPORTED_VIOLATIONS
    assert found.kept[0]["pointer"] == "/1"
    assert found.kept[-1]["pointer"] == "/124"


def test_nested_violations_past_the_cap_are_counted_one_by_one() -> None:
    schema = {"type": "array", "items": TOKENS}
    found = violations_of(schema, [[1, 2]] * 60 + [3] * 10)
    assert found.count == 130
    assert len(found.kept) == MAX_REPORTED_VIOLATIONS


# -- Messages -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("schema", "value", "message"),
    [
        pytest.param(
            TOKENS["items"], "", "expected a non-empty string, got an empty string at /p", id="1"
        ),
        pytest.param(
            {"type": "string", "minLength": 3},
            "ab",
            "expected a string of at least 3 characters, got a string of 2 characters at /p",
            id="minLength 3",
        ),
        pytest.param(
            TOKENS["items"],
            "abcd",
            "expected a string of at most 3 characters, got a string of 4 characters at /p",
            id="maxLength",
        ),
        pytest.param(
            {"type": "array", "minItems": 1},
            [],
            "expected a non-empty array, got an empty array at /p",
            id="minItems 1",
        ),
        pytest.param(
            {"type": "array", "minItems": 2},
            [1],
            "expected at least 2 items, got an array of 1 item at /p",
            id="minItems 2",
        ),
        pytest.param(
            {"type": "array", "maxItems": 2},
            [1, 2, 3],
            "expected at most 2 items, got an array of 3 items at /p",
            id="maxItems",
        ),
        pytest.param(
            {"type": "object", "properties": {"max_order": {"type": "integer"}}},
            [],
            "expected an object, got an array of 0 items at /p",
            id="type",
        ),
    ],
)
def test_a_message_says_what_was_expected_what_arrived_and_where(
    schema: Mapping[str, Any], value: object, message: str
) -> None:
    found = Violations()
    compile_schema(schema).check(value, "/p", found)
    assert [v["message"] for v in found.kept] == [message]


def test_an_unknown_property_close_to_a_known_one_gets_a_suggestion() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"max_order": {"type": "integer"}},
        "additionalProperties": False,
    }
    found = violations_of(schema, {"max_orders": 4, "zzz": 1})
    assert [v["message"] for v in found.kept] == [
        "expected one of the properties 'max_order', got the unknown property 'max_orders' "
        "at the top level (did you mean 'max_order'?)",
        "expected one of the properties 'max_order', got the unknown property 'zzz' "
        "at the top level",
    ]


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        pytest.param([[["a"]], (("b", "c"), ())], True, id="lists and tuples"),
        pytest.param([[["a"]], [["b", 1]]], False, id="a number three levels down"),
        pytest.param([[["a"]], [["b", ""]]], False, id="an empty string three levels down"),
        pytest.param([[["a"]], [["abcd"]]], False, id="a long string three levels down"),
        pytest.param([[["a"]], []], False, id="an empty reference set"),
        pytest.param([[["a"]], [["a"]] * 3], False, id="too many references"),
        pytest.param([[["a"]], ["a"]], False, id="a string for a token list"),
        pytest.param([[["a"]], "a"], False, id="a string for a reference set"),
    ],
)
def test_the_bulk_predicate_looks_through_every_level(value: object, valid: bool) -> None:
    references = SCHEMAS["input schema with small limits"]["properties"]["references"]
    assert compile_schema(references).valid(value) == valid
    assert (violations_of(references, value).count == 0) == valid


# -- enum, const, exclusive bounds and booleans ---------------------------------------------------


def test_a_string_outside_an_enum_is_refused_naming_every_allowed_value() -> None:
    found = violations_of(
        {"type": "string", "enum": ["none", "exp"]},
        "floor",
    )
    assert found.kept == [
        {
            "code": "not_allowed",
            "pointer": "",
            "message": 'expected one of "none", "exp", got the string "floor" at the top level',
        }
    ]


def test_a_value_of_the_wrong_type_for_an_enum_is_a_type_error_only() -> None:
    found = violations_of({"type": "string", "enum": ["none", "exp"]}, 1)
    assert [v["code"] for v in found.kept] == ["type"]


def test_a_const_names_its_one_value() -> None:
    found = violations_of({"type": "integer", "const": 2}, 3)
    assert found.kept[0]["message"] == "expected 2, got the number 3 at the top level"
    assert compile_schema({"type": "integer", "const": 2}).valid(2.0)


def test_true_is_not_the_integer_one_of_an_enum() -> None:
    assert not compile_schema({"type": "integer", "enum": [1]}).valid(True)


@pytest.mark.parametrize(
    ("value", "codes"),
    [
        pytest.param(0, ["below_minimum"], id="the exclusive minimum itself"),
        pytest.param(5e-324, [], id="just above it"),
        pytest.param(1, ["above_maximum"], id="the exclusive maximum itself"),
    ],
)
def test_exclusive_bounds_refuse_the_bound_itself(value: float, codes: list[str]) -> None:
    schema = {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}
    assert [v["code"] for v in violations_of(schema, value).kept] == codes


def test_an_exclusive_minimum_says_greater_than() -> None:
    found = violations_of({"type": "number", "exclusiveMinimum": 0}, 0)
    assert found.kept[0]["message"] == "expected a number greater than 0, got 0 at the top level"


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "number", "minimum": 1, "exclusiveMinimum": 1},
        {"type": "number", "minimum": 2, "exclusiveMinimum": 1, "maximum": 3},
        {"type": "number", "exclusiveMinimum": 2, "minimum": 1, "exclusiveMaximum": 3},
        {"type": "integer", "maximum": 3, "exclusiveMaximum": 3, "minimum": -1},
        {"type": "number", "maximum": 2, "exclusiveMaximum": 3},
    ],
)
@pytest.mark.parametrize("value", [-1, 0, 1, 1.5, 2, 2.5, 3, 4, 1e308, -1e308])
def test_every_bound_holds_where_a_side_has_two_as_jsonschema_says(
    schema: Mapping[str, Any], value: float
) -> None:
    expected = Draft202012Validator(schema).is_valid(value)
    assert compile_schema(schema).valid(value) == expected
    assert (violations_of(schema, value).count == 0) == expected


@pytest.mark.parametrize("value", [0, 1, "true", None])
def test_a_boolean_is_only_true_or_false(value: object) -> None:
    found = violations_of({"type": "boolean"}, value)
    assert [v["code"] for v in found.kept] == ["type"]
    assert found.kept[0]["message"].startswith("expected a boolean, got ")
    assert compile_schema({"type": "boolean"}).valid(False)


# -- Past the cap, and arrays far over their maxItems --------------------------------------------


@pytest.mark.parametrize("schema", SCHEMAS.values(), ids=SCHEMAS.keys())
def test_past_the_cap_a_value_is_counted_as_the_checker_would_count_it(
    schema: Mapping[str, Any],
) -> None:
    compiled = compile_schema(schema)

    @settings(max_examples=250, deadline=None)
    @given(near(schema))
    def agree(value: object) -> None:
        walked = violations_of(schema, value)
        full = Violations()
        full.count_unreported(MAX_REPORTED_VIOLATIONS)
        full.kept = [{"code": "c", "pointer": "", "message": "m"}] * MAX_REPORTED_VIOLATIONS
        compiled.check(value, "", full)
        assert compiled.count(value) == walked.count == full.count - MAX_REPORTED_VIOLATIONS

    agree()


def test_an_object_of_many_unknown_keys_keeps_the_first_and_counts_the_rest() -> None:
    schema = input_schema(SMALL_LIMITS)
    value = {"hypotheses": [["a"]], "references": [[["a"]]]}
    value |= {f"hypothesez{index:05d}": 0 for index in range(10_000)}
    found = violations_of(schema, value)
    assert found.count == 10_000
    assert [v["pointer"] for v in found.kept] == [f"/hypothesez{i:05d}" for i in range(100)]
    suggested = [v for v in found.kept if "did you mean 'hypotheses'?" in v["message"]]
    assert suggested == found.kept[:MAX_SUGGESTIONS]


def test_an_array_far_over_its_max_items_is_walked_no_further_than_that() -> None:
    schema = input_schema(SMALL_LIMITS)  # 3 segments at most
    found = violations_of(schema, {"hypotheses": [[0]] * 7, "references": [[["a"]]] * 7})
    pointers = [v["pointer"] for v in found.kept]
    walked = ["/hypotheses/0/0", "/hypotheses/1/0", "/hypotheses/2/0"]
    assert pointers == ["/hypotheses", *walked, "/references"]
    assert found.cut_short


def test_an_array_a_little_over_its_max_items_is_walked_whole() -> None:
    schema = input_schema(SMALL_LIMITS)
    found = violations_of(schema, {"hypotheses": [[0]] * 6, "references": [[["a"]]] * 6})
    assert [v["pointer"] for v in found.kept] == [
        "/hypotheses",
        *(f"/hypotheses/{i}/0" for i in range(6)),
        "/references",
    ]
    assert not found.cut_short
