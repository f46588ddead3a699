"""The ``execute_batch`` meta-tool's page, as data laid out as a tool's page is: its words are
``batch_doc``'s and its tables ``batch_schema``'s, so the page, the MCP tool and the OpenAPI
document say the same thing."""

from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.contracts.titles import display_title
from mtcompute.http.pages.schema_words import field_rows
from mtcompute.http.pages.snippets import cli_command, compact, curl_command, pretty
from mtcompute.http.pages.tool_view import Related, ShownExample, Snippet, ToolPage
from mtcompute.http.routes.batch import BATCH_PATH
from mtcompute.meta.batch import doc
from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA

_EXPLAIN = (
    f"I can use {doc.ID} for several metrics of the same data in one round trip. Each operation "
    "follows its own tool's contract; I will check each status and result against the task's "
    "requirements. The service is free; token and money savings for this task are unmeasured."
)
_DECIDE = (
    "Each operation is an ordinary call of a catalogue tool at a version: read that tool's "
    f"versioned contract (linked below) as for a single call. Use {doc.ID} when the calls are "
    "known in advance and a later input needs only whole values from earlier results; make "
    "separate calls when it needs a value computed from them."
)
_OUTPUT = (
    "results: one entry per operation, in order, each one of:",
    '{"status": "ok", "result": {...}}: the tool\'s result object, left out when include_result '
    "is false",
    '{"status": "error", "errors": [...]}: at least one {code, pointer, message}',
    '{"status": "skipped", "reason": "..."}: names the first step bound from that did not succeed',
    "200 with the results whatever the operations' statuses; 422 problem+json with every "
    "violation for a malformed batch; 400, 413 or 415 as a single call.",
    f"Served over HTTP and MCP, the operations may answer {BATCH_ANSWER_BYTES // 2**20} MiB in "
    "all, each counted by its tool's upper bound before it runs (bleu-ngrams-count's clipping "
    "tables: up to a row per hypothesis n-gram, about 20 bytes a row); an operation past that "
    'is {"status": "error"} with code answer_too_large: make it a call of its own.',
)
_PYTHON = (
    "import json, mtcompute\n\n"
    'results = mtcompute.execute_batch(json.load(open("batch.json"))["operations"])'
)


def _snippets(base_url: str) -> tuple[Snippet, ...]:
    return (
        Snippet("Python", _PYTHON, "batch.json holds the request body above."),
        Snippet(
            "CLI",
            cli_command("batch", doc.RESEARCH_BATCH)
            + "\n"
            + cli_command(f"batch --base-url {base_url}", doc.RESEARCH_BATCH),
            "The first computes in this process; the second asks this server.",
        ),
        Snippet("curl", curl_command(f"{base_url}{BATCH_PATH}", doc.RESEARCH_BATCH)),
        Snippet(
            "MCP",
            pretty(doc.RESEARCH_BATCH),
            f"Connect {base_url}/mcp (or run mtcompute mcp), then call the tool "
            f"{doc.MCP_NAME} with these arguments.",
        ),
    )


def _related() -> tuple[Related, ...]:
    """Every tool of the catalogue, read from the registry: a batch may call any of them."""
    return tuple(
        Related(display_title(latest(i).contract.title), f"/tools/{i}", latest(i).contract.summary)
        for i in tool_ids()
    )


def _limit(item: str) -> tuple[str, str]:
    """ "max operations: 20" as its name and value."""
    name, _, value = item.partition(": ")
    return name, value


def batch_page(base_url: str) -> ToolPage:
    """The batch's page, its calls addressed to the server at ``base_url``."""
    base_url = base_url.rstrip("/")
    shown = ShownExample(
        doc.RESEARCH_TITLE, pretty(doc.RESEARCH_BATCH), pretty(doc.RESEARCH_RESPONSE)
    )
    return ToolPage(
        id=doc.ID,
        title=doc.TITLE,
        badge="meta-tool, not versioned · free, no key needed",
        summary=doc.SUMMARY,
        use_when=doc.USE_WHEN,
        how=doc.BEHAVIOR,
        example=shown,
        try_url=BATCH_PATH,
        try_body=pretty(doc.RESEARCH_BATCH),
        supported=doc.SUPPORTED,
        not_supported=doc.NOT_SUPPORTED,
        input_rows=tuple(field_rows(BATCH_INPUT_SCHEMA)),
        output_rows=(),
        output_notes=_OUTPUT,
        limits=(
            *(_limit(item) for item in doc.LIMITS),
            ("max answer bytes in all, served", str(BATCH_ANSWER_BYTES)),
        ),
        examples=(
            ShownExample(
                doc.RESEARCH_TITLE, compact(doc.RESEARCH_BATCH), compact(doc.RESEARCH_RESPONSE)
            ),
            ShownExample(
                doc.EXAMPLE_TITLE, compact(doc.EXAMPLE_BATCH), compact(doc.EXAMPLE_RESPONSE)
            ),
            ShownExample(doc.PARTS_TITLE, pretty(doc.PARTS_BATCH), pretty(doc.PARTS_RESPONSE)),
        ),
        snippets=_snippets(base_url),
        versions=(),
        links=(("OpenAPI 3.1 (POST /v1/batch)", "/openapi.json"),),
        decide=_DECIDE,
        explain=_EXPLAIN,
        related=_related(),
    )
