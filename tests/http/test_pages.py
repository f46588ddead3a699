"""GET /tools/{id}: the page for people, rendered from the contract with this server's address."""

import dataclasses
from html import escape

import httpx

from mtcompute import jsonio
from mtcompute.contracts.registry import latest
from mtcompute.http.pages import render_tool_page
from tests.http.inputs import TOOL


def test_the_tool_page_renders_as_html(client: httpx.Client) -> None:
    response = client.get(f"/tools/{TOOL}")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.text.startswith("<!doctype html>")


def test_the_tool_page_shows_the_title_limits_and_example(client: httpx.Client) -> None:
    contract = latest(TOOL).contract
    page = client.get(f"/tools/{TOOL}").text
    assert contract.title in page
    for name, value in contract.limits.items():
        assert f"<td>{name.replace('_', ' ')}</td><td>{value}</td>" in page
    example_input = jsonio.dumps(contract.examples[0].input, indent=True).decode()
    assert example_input.replace('"', "&quot;") in page
    for item in (*contract.supported, *contract.not_supported, *contract.behavior):
        assert escape(item) in page


def test_the_tool_page_tells_how_to_call_this_very_server(
    client: httpx.Client, base_url: str
) -> None:
    contract = latest(TOOL).contract
    page = client.get(f"/tools/{TOOL}").text
    path = f"/v1/tools/{contract.id}/versions/{contract.version}"
    assert f"curl -X POST {base_url}{path}/execute" in page
    assert f"--base-url {base_url}" in page
    assert f"{base_url}/mcp" in page


def test_contract_text_is_escaped_not_interpreted() -> None:
    contract = dataclasses.replace(latest(TOOL).contract, title="<script>alert(1)</script>")
    page = render_tool_page(contract, "http://example.test/<b>")
    assert "<script>" not in page
    assert "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
