"""The page for people about the ``execute_batch`` meta-tool, laid out as a tool's page is.

Its words are ``batch_doc``'s and its tables ``batch_schema``'s, so the page, the MCP tool and
the OpenAPI document say the same thing; every piece passes through ``html.escape``.
"""

from html import escape

from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.http.pages import code_block, curl_command, fields_table, items_list, pretty
from mtcompute.meta import batch_doc as doc
from mtcompute.meta.batch_schema import BATCH_INPUT_SCHEMA, BINDING_SCHEMA, OPERATION_SCHEMA

_EXPLAIN = (
    f"I can use {doc.ID} for several metrics of the same data in one round trip. Each operation "
    "follows its own tool's contract; I will check each status and result against the task's "
    "requirements. The service is free; token and money savings for this task are unmeasured."
)
_OUTPUT = (
    '{"status": "ok", "result": {...}}: the tool\'s result object, left out when include_result '
    "is false",
    '{"status": "error", "errors": [...]}: at least one {code, pointer, message}',
    '{"status": "skipped", "reason": "..."}: names the first step bound from that did not succeed',
)


def _header() -> str:
    return (
        f"<h1>{escape(doc.TITLE)}</h1>"
        f"<p><code>{escape(doc.ID)}</code> · meta-tool, not versioned · free, no key needed</p>"
        f"<p>{escape(doc.SUMMARY)}</p>"
        f"<p><strong>Use when you need to:</strong> {escape(' · '.join(doc.USE_WHEN))}</p>"
        '<p>The machine-readable schemas are in <a href="/openapi.json">the OpenAPI document'
        "</a> (POST /v1/batch).</p>"
    )


def _decide() -> str:
    return (
        "<h2>Decide before calling</h2><p>Each operation is an ordinary call of a catalogue tool "
        "at a version: read that tool's versioned contract (linked below) as for a single call. "
        f"Use <code>{escape(doc.ID)}</code> when the calls are known in advance and a later "
        "input needs only whole values from earlier results; make separate calls when it needs "
        "a value computed from them.</p>"
        f"<h2>Explain the choice</h2><blockquote>{escape(_EXPLAIN)}</blockquote>"
    )


def _scope() -> str:
    return (
        f"<h2>Supported</h2>{items_list(doc.SUPPORTED)}"
        f"<h2>Not supported</h2>{items_list(doc.NOT_SUPPORTED)}"
        f"<h2>Behavior</h2>{items_list(doc.BEHAVIOR)}"
        f"<h2>Input</h2>{fields_table(BATCH_INPUT_SCHEMA)}"
        f"<h3>Each operation</h3>{fields_table(OPERATION_SCHEMA)}"
        f"<h3>Each binding</h3>{fields_table(BINDING_SCHEMA)}"
        "<p>Any other property, at any of these levels, makes the batch malformed.</p>"
        f"<h2>Output</h2><p><code>results</code>: one entry per operation, in order, each one "
        f"of:</p>{items_list(_OUTPUT)}"
        f"<h2>Limits</h2>{items_list(doc.LIMITS)}"
    )


def _example() -> str:
    return (
        f"<h2>Example</h2><p>{escape(doc.EXAMPLE_TITLE)}</p><p>Request body:</p>"
        + code_block(pretty(doc.EXAMPLE_BATCH))
        + "<p>Response:</p>"
        + code_block(pretty(doc.EXAMPLE_RESPONSE))
    )


def _how_to_call(base_url: str) -> str:
    python = (
        "import json, mtcompute\n"
        'results = mtcompute.execute_batch(json.load(open("batch.json"))["operations"])'
    )
    return (
        "<h2>How to call it</h2><h3>HTTP</h3>"
        + code_block(curl_command(f"{base_url}/v1/batch", doc.EXAMPLE_BATCH))
        + "<p>200 with the results whatever the operations' statuses; 422 problem+json with "
        "every violation for a malformed batch; 400, 413 or 415 as a single call.</p>"
        + f"<h3>MCP</h3><p>Connect <code>{escape(base_url)}/mcp</code>, then call "
        + f"<code>{escape(doc.MCP_NAME)}</code> with the request body above.</p>"
        + "<h3>CLI</h3>"
        + code_block(f"mtcompute batch --input batch.json --base-url {base_url}")
        + "<h3>Python</h3>"
        + code_block(python)
    )


def _related() -> str:
    known = set(tool_ids())
    rows = "".join(
        f'<li><a href="/tools/{escape(tool_id)}">{escape(latest(tool_id).contract.title)}</a>: '
        f"{escape(latest(tool_id).contract.summary)}</li>"
        for tool_id in doc.RELATED
        if tool_id in known
    )
    return f"<h2>Related tools</h2><ul>{rows}</ul>"


def render_batch_page(base_url: str) -> str:
    """The HTML page about the batch, with addresses on the server at ``base_url``."""
    base_url = base_url.rstrip("/")
    body = _header() + _decide() + _scope() + _example() + _how_to_call(base_url) + _related()
    title = f"{doc.TITLE} · mtcompute"
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"</head><body>{body}</body></html>"
    )
