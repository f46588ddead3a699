"""The docs page's values: the error it shows is the one the API gives, the snippets address
this server, and every tool's limits are listed."""

from typing import Any

import httpx

from mtcompute import jsonio
from mtcompute.contracts.registry import all_tools, latest, tool_ids
from mtcompute.http.pages.docs_view import docs_context


def test_the_error_shown_is_the_one_the_api_answers_for_a_typo(
    client: httpx.Client,
) -> None:
    context = docs_context("http://example.test")
    contract = latest(tool_ids()[0]).contract
    body = {**contract.examples[0].input, "max_orders": 4}
    answer = client.post(f"/v1/tools/{contract.id}/versions/{contract.version}/execute", json=body)
    assert answer.status_code == 422
    assert jsonio.loads(str(context["problem_example"]).encode()) == answer.json()


def _server(snippet: object) -> Any:
    """The ``mtcompute`` entry of an ``mcpServers`` snippet."""
    document: Any = jsonio.loads(str(snippet).encode())
    return document["mcpServers"]["mtcompute"]


def test_the_mcp_snippets_address_this_server() -> None:
    context = docs_context("http://example.test:8123/")
    assert _server(context["mcp_http"]) == {"type": "http", "url": "http://example.test:8123/mcp"}
    assert _server(context["mcp_stdio"])["args"] == ["mcp"]
    assert "--base-url http://example.test:8123" in str(context["cli"])


def test_every_released_tool_version_has_its_limits_listed() -> None:
    listed = docs_context("http://x")["tool_limits"]
    assert isinstance(listed, list)
    assert [(i, v) for i, v, _ in listed] == [
        (t.contract.id, t.contract.version) for t in all_tools()
    ]
