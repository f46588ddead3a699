"""A JSON Schema said in plain words, a row per field, nested objects' fields included."""

from typing import Any

import pytest

from mtcompute.contracts.registry import all_tools
from mtcompute.http.pages.schema_words import FieldRow, describe, field_rows


@pytest.mark.parametrize(
    ("schema", "words"),
    [
        ({"type": "integer", "minimum": 1, "maximum": 8}, "a whole number, 1 to 8"),
        ({"type": "integer", "minimum": 0}, "a whole number"),
        ({"type": "number", "minimum": 1}, "a number, at least 1"),
        ({"type": "string", "enum": ["none", "exp"]}, "a text, one of none, exp"),
        ({"type": "string", "minLength": 1, "maxLength": 128}, "a text, 1 to 128 characters"),
        ({"type": "boolean"}, "true or false"),
        ({"type": ["number", "null"]}, "a number or null"),
        (
            {"type": "array", "items": {"type": "integer"}, "maxItems": 8},
            "a list of at most 8 whole numbers",
        ),
        (
            {
                "type": "array",
                "minItems": 1,
                "maxItems": 1000,
                "items": {"type": "array", "items": {"type": "string", "minLength": 1}},
            },
            "a list of 1 to 1,000 lists of texts (each non-empty)",
        ),
        ({"type": "array", "minItems": 3, "maxItems": 3, "items": {}}, "a list of 3 objects"),
    ],
)
def test_a_schema_reads_as_a_noun_phrase(schema: dict[str, Any], words: str) -> None:
    assert describe(schema) == words


def test_fields_say_whether_they_are_required_and_their_default() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "integer", "description": "The a."},
            "b": {"type": "boolean", "default": True},
            "c": {"type": "string", "default": "exp"},
        },
        "required": ["a"],
    }
    assert list(field_rows(schema)) == [
        FieldRow("a", "required", "a whole number", "The a."),
        FieldRow("b", "optional, default true", "true or false", ""),
        FieldRow("c", "optional, default exp", "a text", ""),
    ]


def test_the_fields_of_nested_objects_get_rows_named_by_their_path() -> None:
    inner = {"type": "object", "properties": {"x": {"type": "integer"}}, "required": ["x"]}
    schema = {
        "type": "object",
        "properties": {
            "one": inner,
            "many": {"type": "array", "items": inner},
            "map": {"type": "object", "additionalProperties": inner},
        },
    }
    names = [row.name for row in field_rows(schema)]
    assert names == ["one", "one.x", "many", "many[].x", "map", "map.KEY.x"]


def test_the_description_of_the_innermost_item_is_kept() -> None:
    schema = {
        "type": "object",
        "properties": {
            "tokens": {
                "type": "array",
                "description": "The tokens.",
                "items": {"type": "string", "description": "One token."},
            }
        },
    }
    assert next(field_rows(schema)).meaning == "The tokens. Each item: One token."


@pytest.mark.parametrize("tool", all_tools(), ids=lambda t: t.contract.id)
def test_every_property_of_every_contract_gets_a_row_with_its_description(tool: Any) -> None:
    for schema in (tool.contract.input_schema, tool.contract.output_schema):
        rows = {row.name: row for row in field_rows(schema)}
        for name, field in schema["properties"].items():
            assert field.get("description", "") in rows[name].meaning
            assert "minLength" not in rows[name].kind
