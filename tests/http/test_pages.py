"""GET /tools/{id}: the page for people, rendered from the contract with this server's address,
for every registered tool."""

import dataclasses
import shlex
import subprocess
from html import escape

import httpx
import pytest

from mtcompute import execute, jsonio
from mtcompute.contracts.contract import Contract
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.http.pages import curl_command, render_tool_page

CONTRACTS = [latest(tool_id).contract for tool_id in tool_ids()]
IDS = [contract.id for contract in CONTRACTS]
every_tool = pytest.mark.parametrize("contract", CONTRACTS, ids=IDS)


@every_tool
def test_the_tool_page_renders_as_html(client: httpx.Client, contract: Contract) -> None:
    response = client.get(f"/tools/{contract.id}")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.text.startswith("<!doctype html>")


@every_tool
def test_the_tool_page_shows_the_title_limits_and_example(
    client: httpx.Client, contract: Contract
) -> None:
    page = client.get(f"/tools/{contract.id}").text
    assert escape(contract.title) in page
    for name, value in contract.limits.items():
        assert f"<td>{name.replace('_', ' ')}</td><td>{value}</td>" in page
    example_input = jsonio.dumps(contract.examples[0].input, indent=True).decode()
    assert escape(example_input) in page
    for item in (*contract.supported, *contract.not_supported, *contract.behavior):
        assert escape(item) in page


@every_tool
def test_the_tool_page_tells_how_to_call_this_very_server(
    client: httpx.Client, base_url: str, contract: Contract
) -> None:
    page = client.get(f"/tools/{contract.id}").text
    path = f"/v1/tools/{contract.id}/versions/{contract.version}"
    assert f"curl -X POST {base_url}{path}/execute" in page
    assert f"--base-url {base_url}" in page
    assert f"{base_url}/mcp" in page


def test_the_curl_command_is_quoted_for_the_shell_whatever_the_input_holds(
    base_url: str,
) -> None:
    tokens = ["it's", '"quoted"', "$HOME", "`x`", "a\\b", "\u00e9"]
    body = {"hypotheses": [tokens], "references": [[tokens]]}
    url = f"{base_url}/v1/tools/bleu-corpus-compute/versions/1.0.0/execute"
    command = curl_command(url, body)
    assert shlex.split(command)[-1] == jsonio.dumps(body).decode()
    # The very command a person copies, run by a real shell and a real curl.
    answer = subprocess.run(
        ["sh", "-c", command.replace(" \\\n", " ") + " --silent"],
        capture_output=True,
        check=True,
        timeout=60,
    )
    assert jsonio.loads(answer.stdout) == {"result": execute("bleu-corpus-compute", "1.0.0", body)}


def test_contract_text_is_escaped_not_interpreted() -> None:
    contract = dataclasses.replace(CONTRACTS[0], title="<script>alert(1)</script>")
    page = render_tool_page(contract, "http://example.test/<b>")
    assert "<script>" not in page
    assert "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
