"""``mtcompute mcp`` started as a subprocess by the SDK's client, as an MCP client would."""

import pytest
from mcp import Client

from mtcompute import api
from mtcompute.contracts.registry import tool_ids
from mtcompute.errors import InputError, Violation
from tests.mcp.clients import MODES, NEGOTIATED, run, stdio_command, text_of

pytestmark = pytest.mark.live

TOOL, VERSION = "bleu-corpus-compute", "1.0.0"
INPUT = {"hypotheses": [["a", "small", "test"]], "references": [[["a", "small", "test"]]]}
BAD_INPUT = {"hypotheses": [[""]], "references": []}


def expected_errors(document: object) -> list[Violation]:
    with pytest.raises(InputError) as raised:
        api.execute(TOOL, VERSION, document)
    return raised.value.errors


@pytest.mark.parametrize("mode", MODES)
def test_mtcompute_mcp_serves_every_tool_and_its_input_errors_over_stdio(mode: str) -> None:
    async def scenario(client: Client) -> None:
        assert client.protocol_version == NEGOTIATED[mode]
        listed = await client.list_tools()
        assert [tool.name for tool in listed.tools] == [
            "execute",
            "describe",
            "search",
            "execute_batch",
            *tool_ids(),
        ]
        execute = await client.call_tool(
            "execute", {"id": TOOL, "version": VERSION, "input": INPUT}
        )
        assert execute.structured_content == {"result": api.execute(TOOL, VERSION, INPUT)}
        by_id = await client.call_tool(TOOL, INPUT)
        assert by_id.structured_content == api.execute(TOOL, VERSION, INPUT)
        describe = await client.call_tool("describe", {"id": TOOL, "version": VERSION})
        assert describe.structured_content == api.describe(TOOL, VERSION)
        search = await client.call_tool("search", {"query": "corpus BLEU"})
        assert search.structured_content is not None
        assert search.structured_content["tools"][0]["id"] == TOOL
        bad = await client.call_tool(TOOL, BAD_INPUT)
        assert bad.is_error
        assert text_of(bad) == {"errors": expected_errors(BAD_INPUT)}

    run(stdio_command(), mode, scenario)
