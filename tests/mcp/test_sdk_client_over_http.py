"""The SDK's own client against a live server: every tool, in both protocol eras."""

from typing import Any

import jsonschema
import pytest
from mcp import Client
from mcp.types import ListToolsResult

from mtcompute import api
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.contracts.titles import display_title
from tests.mcp.clients import HANDSHAKE, MODES, NEGOTIATED, STATELESS, call, run, text_of

TOOL, VERSION = "bleu-corpus-compute", "1.0.0"
INPUT: dict[str, Any] = {
    "hypotheses": [["the", "cat", "sat", "on", "the", "mat"], ["dog"]],
    "references": [[["the", "cat", "sat", "on", "a", "mat"]], [["a", "dog"], ["the", "dog"]]],
    "max_order": 2,
}


def _list_tools(url: str, mode: str) -> ListToolsResult:
    async def scenario(client: Client) -> ListToolsResult:
        return await client.list_tools()

    return run(url, mode, scenario)


@pytest.mark.parametrize(("mode", "version"), [*NEGOTIATED.items(), ("auto", STATELESS)])
def test_the_client_speaks_the_protocol_version_it_asks_for(
    mcp_url: str, mode: str, version: str
) -> None:
    async def scenario(client: Client) -> str:
        return client.protocol_version

    assert run(mcp_url, mode, scenario) == version


@pytest.mark.parametrize("mode", MODES)
def test_the_tools_are_execute_describe_search_execute_batch_and_each_tool_by_its_id(
    mcp_url: str, mode: str
) -> None:
    names = [tool.name for tool in _list_tools(mcp_url, mode).tools]
    assert names == ["execute", "describe", "search", "execute_batch", *tool_ids()]


@pytest.mark.parametrize("mode", MODES)
def test_a_tool_listed_by_its_id_carries_its_contract_schemas_as_they_are(
    mcp_url: str, mode: str
) -> None:
    contract = latest(TOOL).contract
    (tool,) = [tool for tool in _list_tools(mcp_url, mode).tools if tool.name == TOOL]
    assert tool.input_schema == contract.input_schema
    assert tool.output_schema == contract.output_schema
    assert tool.title == display_title(contract.title)


@pytest.mark.parametrize("mode", MODES)
def test_every_tool_is_read_only_idempotent_not_destructive_and_closed_world(
    mcp_url: str, mode: str
) -> None:
    for tool in _list_tools(mcp_url, mode).tools:
        assert tool.annotations is not None
        hints = tool.annotations
        assert (hints.read_only_hint, hints.idempotent_hint) == (True, True)
        assert (hints.destructive_hint, hints.open_world_hint) == (False, False)


@pytest.mark.parametrize("mode", MODES)
def test_execute_answers_the_result_as_structured_content_and_as_the_same_json_text(
    mcp_url: str, mode: str
) -> None:
    arguments = {"id": TOOL, "version": VERSION, "input": INPUT, "model": "test-model"}
    result = call(mcp_url, mode, "execute", arguments)
    assert not result.is_error
    assert result.structured_content == {"result": api.execute(TOOL, VERSION, INPUT)}
    assert text_of(result) == result.structured_content


@pytest.mark.parametrize("mode", MODES)
def test_a_tool_called_by_its_id_answers_its_result_object_valid_by_its_output_schema(
    mcp_url: str, mode: str
) -> None:
    result = call(mcp_url, mode, TOOL, INPUT)
    assert result.structured_content == api.execute(TOOL, VERSION, INPUT)
    assert text_of(result) == result.structured_content
    jsonschema.validate(result.structured_content, latest(TOOL).contract.output_schema)


@pytest.mark.parametrize("mode", MODES)
def test_describe_answers_the_contract(mcp_url: str, mode: str) -> None:
    result = call(mcp_url, mode, "describe", {"id": TOOL, "version": VERSION})
    assert result.structured_content == api.describe(TOOL, VERSION)
    assert text_of(result) == result.structured_content


@pytest.mark.parametrize("mode", MODES)
def test_search_finds_the_bleu_tool_with_a_score_between_0_and_1(mcp_url: str, mode: str) -> None:
    result = call(mcp_url, mode, "search", {"query": "corpus BLEU for a test set", "limit": 5})
    assert result.structured_content is not None
    found = result.structured_content["tools"][0]
    assert (found["id"], found["version"], found["title"]) == (TOOL, VERSION, "BLEU corpus compute")
    assert 0 < found["score"] <= 1


@pytest.mark.parametrize("mode", [HANDSHAKE, STATELESS])
def test_search_with_nothing_in_common_finds_nothing(mcp_url: str, mode: str) -> None:
    result = call(mcp_url, mode, "search", {"query": "weather forecast"})
    assert result.structured_content == {"tools": []}
