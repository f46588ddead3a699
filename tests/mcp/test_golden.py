"""The golden requests through ``execute`` answer what the Python API answers, byte for byte in
the text, with every structured result valid by the tool's output schema."""

import jsonschema
import pytest
from mcp import Client
from mcp.types import CallToolResult

import mtcompute
from mtcompute import jsonio
from mtcompute.contracts.registry import get_tool
from tests.golden import GoldenCase, golden_cases
from tests.mcp.clients import MODES, run

CASES = golden_cases()


def text_bytes(result: CallToolResult) -> bytes:
    (block,) = result.content
    assert block.type == "text"
    return block.text.encode("utf-8")


def check_answer(case: GoldenCase, answer: CallToolResult) -> None:
    assert answer.is_error == case.is_error, case.id
    assert text_bytes(answer) == case.response, case.id
    if not case.is_error:
        expected = mtcompute.execute(case.tool_id, case.version, jsonio.loads(case.request))
        assert answer.structured_content == {"result": expected}, case.id
        schema = get_tool(case.tool_id, case.version).contract.output_schema
        jsonschema.validate(answer.structured_content["result"], schema)


@pytest.mark.parametrize("mode", MODES)
def test_every_golden_request_through_execute_gets_the_golden_response(
    mcp_url: str, mode: str
) -> None:
    async def scenario(client: Client) -> None:
        for case in CASES:
            reference = {"id": case.tool_id, "version": case.version}
            arguments = {**reference, "input": jsonio.loads(case.request)}
            check_answer(case, await client.call_tool("execute", arguments))

    assert len(CASES) >= 15
    run(mcp_url, mode, scenario)
