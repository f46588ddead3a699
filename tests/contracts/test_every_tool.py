"""What every registered tool promises, checked over the registry: a new tool gets these tests
by being registered."""

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mtcompute import describe, execute, jsonio
from mtcompute.contracts.registry import all_tools
from tests.golden import golden_cases

TOOLS = all_tools()
every_tool = pytest.mark.parametrize(
    "tool", TOOLS, ids=[f"{t.contract.id}@{t.contract.version}" for t in TOOLS]
)


@every_tool
def test_the_published_input_schema_is_the_object_validation_uses(tool: Any) -> None:
    assert tool.contract.input_schema is tool.parser.schema
    assert describe(tool.contract.id, tool.contract.version)["input_schema"] == tool.parser.schema


@every_tool
def test_the_published_schemas_are_draft_2020_12_and_closed(tool: Any) -> None:
    for schema in (tool.contract.input_schema, tool.contract.output_schema):
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert tool.contract.input_schema["additionalProperties"] is False


@every_tool
def test_every_example_gives_its_result_and_both_follow_the_schemas(tool: Any) -> None:
    contract = tool.contract
    assert contract.examples, "a contract shows at least one example"
    inputs = Draft202012Validator(contract.input_schema)
    outputs = Draft202012Validator(contract.output_schema)
    for example in contract.examples:
        inputs.validate(example.input)
        result = execute(contract.id, contract.version, example.input)
        # Compared as JSON text: 1 and 1.0 are the same JSON number, and the bytes are the contract.
        assert jsonio.dumps(result) == jsonio.dumps(example.result), example.title
        outputs.validate(jsonio.loads(jsonio.dumps(result)))


@every_tool
def test_every_tool_has_golden_cases_of_success_and_of_error(tool: Any) -> None:
    cases = [
        case
        for case in golden_cases()
        if (case.tool_id, case.version) == (tool.contract.id, tool.contract.version)
    ]
    assert any(case.name == "spec-example" for case in cases)
    assert any(case.is_error for case in cases)
    assert sum(not case.is_error for case in cases) >= 3


@every_tool
def test_the_limits_published_are_positive_integers(tool: Any) -> None:
    assert tool.contract.limits
    assert all(isinstance(value, int) and value > 0 for value in tool.contract.limits.values())
