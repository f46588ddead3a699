"""GET /tools/{id}: each registered tool's page, built from its contract alone, with this
server's address, for people first and then for agents."""

import dataclasses
import html
import re

import httpx
import pytest
from markupsafe import escape

from mtcompute import jsonio
from mtcompute.contracts.contract import Contract
from mtcompute.contracts.registry import get_tool, latest, tool_ids
from mtcompute.contracts.served import served
from mtcompute.contracts.titles import display_title
from mtcompute.http.pages.schema_words import field_rows
from mtcompute.http.pages.snippets import pretty
from mtcompute.http.pages.templating import inline, render
from mtcompute.http.pages.tool_view import tool_page

CONTRACTS = [latest(tool_id).contract for tool_id in tool_ids()]
every_tool = pytest.mark.parametrize("contract", CONTRACTS, ids=[c.id for c in CONTRACTS])


def _page(client: httpx.Client, contract: Contract) -> str:
    response = client.get(f"/tools/{contract.id}")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    return response.text


@every_tool
def test_the_tool_page_renders_as_html_with_the_title_first(
    client: httpx.Client, contract: Contract
) -> None:
    page = _page(client, contract)
    assert page.startswith("<!doctype html>")
    assert f"<h1>{escape(display_title(contract.title))}</h1>" in page
    assert page.index("Try it") < page.index("Decide before calling")


@every_tool
def test_the_worked_example_and_the_try_it_form_hold_the_contracts_first_example(
    client: httpx.Client, contract: Contract
) -> None:
    page = _page(client, contract)
    example = contract.examples[0]
    assert f"<code>{escape(pretty(example.input))}</code>" in page
    assert f"<code>{escape(pretty({'result': example.result}))}</code>" in page
    textarea = re.search(r'<textarea id="try-input"[^>]*>(.*?)</textarea>', page, re.S)
    assert textarea is not None
    assert jsonio.loads(html.unescape(textarea.group(1))) == example.input
    assert f'data-execute="/v1/tools/{contract.id}/versions/{contract.version}/execute"' in page


@every_tool
def test_every_example_of_the_contract_is_shown_compactly(
    client: httpx.Client, contract: Contract
) -> None:
    page = _page(client, contract)
    for example in contract.examples:
        assert escape(jsonio.dumps(example.input).decode()) in page
        assert escape(jsonio.dumps({"result": example.result}).decode()) in page


@every_tool
def test_the_scope_behaviour_and_limits_are_the_contracts(
    client: httpx.Client, contract: Contract
) -> None:
    page = _page(client, contract)
    for item in (*contract.supported, *contract.not_supported, *contract.behavior):
        assert inline(item) in page
    for name, value in contract.limits.items():
        assert f'<th scope="row">{name.replace("_", " ")}</th><td>{value:,}</td>' in page


@every_tool
def test_the_input_and_output_tables_have_a_row_per_field_in_plain_words(
    client: httpx.Client, contract: Contract
) -> None:
    page = _page(client, contract)
    shown = served(contract)  # its tokenizer enums: what this server runs
    for row in (*field_rows(shown.input_schema), *field_rows(shown.output_schema)):
        assert f"<td><code>{escape(row.name)}</code><br>" in page
        assert f"<td>{escape(row.kind)}</td>" in page
    assert "each item: each item" not in page
    assert "minLength" not in page


@every_tool
def test_the_tool_page_tells_how_to_call_this_very_server(
    client: httpx.Client, contract: Contract
) -> None:
    page = _page(client, contract)
    base_url = str(client.base_url)
    path = f"/v1/tools/{contract.id}/versions/{contract.version}"
    assert f"curl -X POST {base_url}{path}/execute" in page
    assert f"--base-url {base_url}" in page
    assert f"{base_url}/mcp" in page
    assert escape(f"mtcompute.execute(\n    '{contract.id}',\n    '{contract.version}',") in page
    assert f'<a href="{path}">' in page
    assert '<a href="/openapi.json">' in page
    assert f'<a href="{path}">{contract.version}</a>.' in page


@every_tool
def test_the_agents_sections_stay_below(client: httpx.Client, contract: Contract) -> None:
    page = _page(client, contract)
    name = f"{contract.id}@{contract.version}"
    assert f"Reuse {name} when your input" in page
    assert escape(f"I can use {name} for {contract.use_when[0]}.") in page


def test_contract_text_is_escaped_not_interpreted() -> None:
    contract = dataclasses.replace(
        CONTRACTS[0],
        title="<script>alert(1)</script>",
        behavior=("`<b>bold</b>` and **<i>x</i>**",),
    )
    page = render("tool.html", page=tool_page(contract, "http://example.test/<b>"), base_url="")
    assert "<script>" not in page
    assert "<b>" not in page
    assert "<i>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<code>&lt;b&gt;bold&lt;/b&gt;</code>" in page


@pytest.mark.parametrize(
    ("tool_id", "seconds"), [("ter-compute", "3.4 s"), ("paired-significance", "6.2 s")]
)  # the released 1.0.0 of each
def test_the_page_states_the_measured_worst_case_beside_the_frozen_contract(
    tool_id: str, seconds: str
) -> None:
    contract = get_tool(tool_id, "1.0.0").contract
    page = html.unescape(
        render("tool.html", page=tool_page(contract, "http://example.test"), base_url="")
    )
    limits = page[page.index('id="limits"') : page.index('id="examples"')]
    assert "Measured since the release" in limits
    assert seconds in limits
