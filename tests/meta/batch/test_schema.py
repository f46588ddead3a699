"""The published schemas of ``execute_batch``: valid draft 2020-12, with the page's limit."""

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mtcompute.contracts.validation.pointer import POINTER_PATTERN
from mtcompute.meta.batch.schema import (
    BATCH_INPUT_SCHEMA,
    BATCH_OUTPUT_SCHEMA,
    BINDING_SCHEMA,
    MAX_OPERATIONS,
    OPERATION_SCHEMA,
)

SCHEMAS = {"input": BATCH_INPUT_SCHEMA, "output": BATCH_OUTPUT_SCHEMA}


@pytest.mark.parametrize("schema", SCHEMAS.values(), ids=SCHEMAS.keys())
def test_the_schemas_are_valid_draft_2020_12_schemas(schema: Mapping[str, Any]) -> None:
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_a_batch_has_1_to_20_operations() -> None:
    operations = BATCH_INPUT_SCHEMA["properties"]["operations"]
    assert (operations["minItems"], operations["maxItems"], MAX_OPERATIONS) == (1, 20, 20)
    assert BATCH_OUTPUT_SCHEMA["properties"]["results"]["maxItems"] == MAX_OPERATIONS


def test_every_object_of_the_batch_is_closed_but_bind_whose_keys_are_the_tool_s() -> None:
    assert BATCH_INPUT_SCHEMA["additionalProperties"] is False
    assert OPERATION_SCHEMA["additionalProperties"] is False
    one, many = OPERATION_SCHEMA["properties"]["bind"]["additionalProperties"]["anyOf"]
    assert one is BINDING_SCHEMA
    assert many["items"] is BINDING_SCHEMA
    assert BINDING_SCHEMA["additionalProperties"] is False
    assert BINDING_SCHEMA["properties"]["pointer"]["pattern"] == POINTER_PATTERN


def _properties(schema: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    for name, sub in schema.get("properties", {}).items():
        yield name, sub
        yield from _properties(sub)
    if isinstance(schema.get("additionalProperties"), Mapping):
        yield from _properties(schema["additionalProperties"])
    if "items" in schema:
        yield from _properties(schema["items"])
    for branch in schema.get("anyOf", ()):
        yield from _properties(branch)


def test_every_input_property_is_described_for_the_clients_that_read_it() -> None:
    assert BATCH_INPUT_SCHEMA["description"]
    undescribed = [
        name for name, sub in _properties(BATCH_INPUT_SCHEMA) if not sub.get("description")
    ]
    assert undescribed == []


@pytest.mark.parametrize(
    "entry",
    [
        {"status": "ok", "result": {"bleu": 1}},
        {"status": "ok"},
        {"status": "error", "errors": [{"code": "type", "pointer": "", "message": "m"}]},
        {"status": "skipped", "reason": "step 0 did not succeed"},
    ],
)
def test_the_output_schema_admits_each_kind_of_entry(entry: dict[str, Any]) -> None:
    Draft202012Validator(BATCH_OUTPUT_SCHEMA).validate({"results": [entry]})


@pytest.mark.parametrize(
    "entry",
    [
        {"status": "error", "errors": []},
        {"status": "skipped"},
        {"status": "ok", "errors": []},
        {"status": "done"},
    ],
)
def test_the_output_schema_refuses_an_entry_the_page_does_not_name(entry: dict[str, Any]) -> None:
    assert not Draft202012Validator(BATCH_OUTPUT_SCHEMA).is_valid({"results": [entry]})
