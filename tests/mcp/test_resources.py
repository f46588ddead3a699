"""Every contract as an MCP resource, listed and read with the SDK's own client against a live
server: the JSON ``describe`` answers, so an agent reads a tool's scope without calling one."""

from typing import Any, cast

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import (
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceResult,
    TextResourceContents,
)

from mtcompute import jsonio
from mtcompute.contracts.registry import all_tools
from mtcompute.mcp.resources import BATCH_URI, RESOURCE_NOT_FOUND, contract_uri
from mtcompute.mcp.server import INSTRUCTIONS
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.execute import describe_served
from tests.mcp.clients import MODES, run

EVERY_CONTRACT = [(t.contract.id, t.contract.version) for t in all_tools()]


def _list(url: str, mode: str) -> ListResourcesResult:
    async def scenario(client: Client) -> ListResourcesResult:
        return await client.list_resources()

    return run(url, mode, scenario)


def _read(url: str, mode: str, uri: str) -> ReadResourceResult:
    async def scenario(client: Client) -> ReadResourceResult:
        return await client.read_resource(uri)

    return run(url, mode, scenario)


def _text(result: ReadResourceResult) -> str:
    (contents,) = result.contents
    assert isinstance(contents, TextResourceContents)
    assert contents.mime_type == "application/json"
    return contents.text


@pytest.mark.parametrize("mode", MODES)
def test_every_contract_is_listed_as_a_json_resource_and_the_batch_s_last(
    mcp_url: str, mode: str
) -> None:
    listed = _list(mcp_url, mode).resources
    expected = [contract_uri(tool_id, version) for tool_id, version in EVERY_CONTRACT]
    assert [str(resource.uri) for resource in listed] == [*expected, BATCH_URI]
    assert all(resource.mime_type == "application/json" for resource in listed)
    assert all(resource.description for resource in listed)


@pytest.mark.parametrize("mode", MODES)
def test_the_contracts_uri_template_is_listed_and_names_readable_contracts(
    mcp_url: str, mode: str
) -> None:
    async def scenario(client: Client) -> ListResourceTemplatesResult:
        return await client.list_resource_templates()

    (template,) = run(mcp_url, mode, scenario).resource_templates
    assert template.uri_template == "mtcompute://contracts/{id}/{version}"
    assert template.mime_type == "application/json"
    tool_id, version = EVERY_CONTRACT[0]
    uri = template.uri_template.format(id=tool_id, version=version)
    assert (
        _text(_read(mcp_url, mode, uri)) == jsonio.dumps(describe_served(tool_id, version)).decode()
    )


@pytest.mark.parametrize(("tool_id", "version"), EVERY_CONTRACT)
def test_a_contract_read_as_a_resource_is_what_describe_answers(
    mcp_url: str, tool_id: str, version: str
) -> None:
    result = _read(mcp_url, MODES[1], contract_uri(tool_id, version))
    assert _text(result) == jsonio.dumps(describe_served(tool_id, version)).decode()


def test_the_batch_s_contract_is_a_resource_with_its_schemas_and_examples(mcp_url: str) -> None:
    document = cast(dict[str, Any], jsonio.loads(_text(_read(mcp_url, MODES[0], BATCH_URI))))
    assert document == jsonio.loads(jsonio.dumps(batch_doc.contract_json()))
    assert document["not_supported"] == list(batch_doc.NOT_SUPPORTED)


@pytest.mark.parametrize(
    "uri", ["mtcompute://contracts/nope/1.0.0", "mtcompute://contracts/chrf-compute/9.9.9"]
)
def test_a_uri_that_names_no_contract_is_resource_not_found(mcp_url: str, uri: str) -> None:
    async def scenario(client: Client) -> MCPError | None:
        try:
            await client.read_resource(uri)
        except MCPError as error:
            return error
        return None

    error = run(mcp_url, MODES[1], scenario)
    assert error is not None
    assert error.code == RESOURCE_NOT_FOUND
    assert "resources/list names them" in error.message


def test_the_instructions_say_how_to_choose_a_tool_and_how_to_score_over_the_limits(
    mcp_url: str,
) -> None:
    async def scenario(client: Client) -> str | None:
        return client.instructions

    assert run(mcp_url, MODES[0], scenario) == INSTRUCTIONS
    for needed in ("To choose a tool", "`search`", "mtcompute://contracts/", "not supported"):
        assert needed in INSTRUCTIONS
    assert batch_doc.PARTS_RECIPE in INSTRUCTIONS
    assert "bleu-corpus-from-statistics" in INSTRUCTIONS
    assert "ter-from-statistics" in INSTRUCTIONS
