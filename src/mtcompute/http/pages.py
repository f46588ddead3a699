"""The page for people about one tool, rendered from its contract.

Everything shown comes from the contract and the server's own address; every piece of it passes
through ``html.escape``, so no contract text or Host header can inject markup.
"""

import shlex
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from mtcompute import jsonio
from mtcompute.contracts.contract import Contract
from mtcompute.meta import batch_doc

BATCH_PAGE = f"/tools/{batch_doc.ID}"

# Schema keywords shown in the input and output tables, in this order.
_SHOWN_KEYWORDS = (
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
    "default",
)


def items_list(items: Iterable[str]) -> str:
    return "<ul>" + "".join(f'<li dir="auto">{escape(item)}</li>' for item in items) + "</ul>"


def code_block(text: str) -> str:
    return f"<pre><code>{escape(text)}</code></pre>"


def _type_of(schema: Mapping[str, Any]) -> str:
    if schema.get("type") == "array" and isinstance(schema.get("items"), Mapping):
        return "array of " + _type_of(schema["items"])
    return str(schema.get("type", "any"))


def _constraints(schema: Mapping[str, Any]) -> str:
    shown = [f"{key} {schema[key]}" for key in _SHOWN_KEYWORDS if key in schema]
    items = schema.get("items")
    if isinstance(items, Mapping) and (inner := _constraints(items)):
        shown.append(f"each item: {inner}")
    return "; ".join(shown)


def fields_table(schema: Mapping[str, Any]) -> str:
    required = set(schema.get("required", ()))
    rows = "".join(
        f"<tr><td><code>{escape(name)}</code></td><td>{escape(_type_of(field))}</td>"
        f"<td>{'required' if name in required else 'optional'}</td>"
        f"<td>{escape(_constraints(field))}</td>"
        f"<td>{escape(field.get('description', ''))}</td></tr>"
        for name, field in schema.get("properties", {}).items()
    )
    head = "<tr><th>field</th><th>type</th><th></th><th>constraints</th><th>meaning</th></tr>"
    return f"<table>{head}{rows}</table>"


def _limits_table(limits: Mapping[str, int]) -> str:
    rows = "".join(
        f"<tr><td>{escape(name.replace('_', ' '))}</td><td>{value}</td></tr>"
        for name, value in limits.items()
    )
    return f"<table>{rows}</table>"


def pretty(value: object) -> str:
    return jsonio.dumps(value, indent=True).decode("utf-8")


def _how_to_call(contract: Contract, base_url: str) -> str:
    example = contract.examples[0].input if contract.examples else {}
    execute_url = f"{base_url}/v1/tools/{contract.id}/versions/{contract.version}/execute"
    curl = curl_command(execute_url, example)
    mcp = {"id": contract.id, "version": contract.version, "input": example}
    cli = f"mtcompute run {contract.id} {contract.version} --input input.json --base-url {base_url}"
    return (
        "<h2>How to call it</h2><h3>HTTP</h3>"
        + code_block(curl)
        + f"<h3>MCP</h3><p>Connect <code>{escape(base_url)}/mcp</code>, then call "
        + "<code>execute</code> with:</p>"
        + code_block(pretty(mcp))
        + "<h3>CLI</h3>"
        + code_block(cli)
        + "<p>Several calls in one request, a result bound into a later input: "
        + f'<a href="{BATCH_PAGE}">Execute batch</a>.</p>'
    )


def curl_command(url: str, body: object) -> str:
    """A POST of ``body`` as JSON, quoted for a POSIX shell whatever the input holds (a ``'`` in
    a token, say); --data-binary sends the bytes as they are."""
    data = shlex.quote(jsonio.dumps(body).decode("utf-8"))
    return (
        f"curl -X POST {shlex.quote(url)} \\\n  -H 'Content-Type: application/json' \\\n"
        f"  --data-binary {data}"
    )


def _example(contract: Contract) -> str:
    if not contract.examples:
        return ""
    example = contract.examples[0]
    return (
        f"<h2>Example</h2><p>{escape(example.title)}</p><p>Request input:</p>"
        + code_block(pretty(example.input))
        + "<p>Response:</p>"
        + code_block(pretty({"result": example.result}))
    )


def _decide(contract: Contract, contract_path: str) -> str:
    """The spec's advice to an agent: read the contract, reuse the tool, say why."""
    name = f"{contract.id}@{contract.version}"
    purpose = contract.use_when[0] if contract.use_when else contract.summary
    quote = (
        f"I can use {name} for {purpose}. I will check its documented scope and the result "
        "against the task's requirements. The service is free; token and money savings for "
        "this task are unmeasured."
    )
    return (
        f'<h2>Decide before calling</h2><p>Read the <a href="{escape(contract_path)}">versioned '
        f"contract</a> and the supported scope below. Reuse <code>{escape(name)}</code> when "
        "your input, required output and limits match it. Choose another approach for an "
        "unsupported operation.</p>"
        f"<h2>Explain the choice</h2><blockquote>{escape(quote)}</blockquote>"
    )


def _header(contract: Contract, base_url: str, contract_path: str) -> str:
    return (
        f"<h1>{escape(contract.title)}</h1>"
        f"<p><code>{escape(contract.id)}</code> · version {escape(contract.version)}"
        " · free, no key needed</p>"
        f"<p>{escape(contract.summary)}</p>"
        f"<p><strong>Use when you need to:</strong> {escape(' · '.join(contract.use_when))}</p>"
        f'<p>The machine-readable contract is at <a href="{escape(contract_path)}">'
        f"{escape(base_url + contract_path)}</a>.</p>"
    )


def _scope(contract: Contract) -> str:
    return (
        f"<h2>Supported</h2>{items_list(contract.supported)}"
        f"<h2>Not supported</h2>{items_list(contract.not_supported)}"
        f"<h2>Behavior</h2>{items_list(contract.behavior)}"
        f"<h2>Input</h2>{fields_table(contract.input_schema)}"
        f"<h2>Output</h2>{fields_table(contract.output_schema)}"
        f"<h2>Limits</h2>{_limits_table(contract.limits)}"
    )


def render_tool_page(contract: Contract, base_url: str) -> str:
    """The HTML page about ``contract``, with addresses on the server at ``base_url``."""
    base_url = base_url.rstrip("/")
    contract_path = f"/v1/tools/{contract.id}/versions/{contract.version}"
    body = (
        _header(contract, base_url, contract_path)
        + _decide(contract, contract_path)
        + _scope(contract)
        + _example(contract)
        + _how_to_call(contract, base_url)
    )
    title = f"{contract.title} {contract.version} · mtcompute"
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"</head><body>{body}</body></html>"
    )
