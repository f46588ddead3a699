"""What the docs page shows, as data: the routes, the error shape, the CLI and Python calls,
and each registered tool's limits, with addresses on this server."""

from http import HTTPStatus

from mtcompute import api, jsonio
from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.registry import all_tools, latest, tool_ids
from mtcompute.errors import InputError
from mtcompute.http.pages.snippets import curl_command, pretty
from mtcompute.http.pages.tool_view import contract_path
from mtcompute.http.routes.batch import BATCH_PATH
from mtcompute.http.routes.problems import status_of
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

ROUTES = (
    ("POST", "/v1/tools/{id}/versions/{version}/execute", '200 {"result": {...}}'),
    ("POST", BATCH_PATH, '200 {"results": [...]}: the execute_batch meta-tool'),
    ("GET", "/v1/tools", "the tools: id, versions, title, summary"),
    ("GET", "/v1/tools/{id}/versions/{version}", "the machine-readable contract"),
    ("GET", "/openapi.json", "OpenAPI 3.1, embedding each contract's input and output schema"),
    ("POST", "/mcp", "MCP, Streamable HTTP (stateless, JSON responses)"),
    ("GET", "/healthz", "liveness"),
    ("GET", "/, /tools, /tools/{id}, /docs", "these pages"),
)
# A typo every contract refuses (unknown properties are errors), so the page shows the very
# error the API returns.
_BAD_OPTION = {"max_orders": 4}
_CLI = """mtcompute tools                                    # a table; --json for JSON
mtcompute describe ID VERSION
mtcompute run ID VERSION --input input.json        # or --input - for standard input
mtcompute run ID VERSION --input input.json --base-url {base_url}
mtcompute batch --input batch.json
mtcompute serve --host 127.0.0.1 --port 8000
mtcompute mcp"""
_PYTHON = """import mtcompute

result = mtcompute.execute("bleu-corpus-compute", "1.0.0", {
    "hypotheses": [["this", "is", "a", "test"]],
    "references": [[["this", "is", "a", "test"]]],
})
scores = mtcompute.chrf(["The cat sat on the mat."], [["The cat sat on a mat."]])
print(result["bleu"], scores.chrf)"""


def _mcp_servers(entry: dict[str, object]) -> str:
    # Laid out as a client's configuration file is, every object on its own lines.
    return jsonio.dumps({"mcpServers": {"mtcompute": entry}}, indent=True).decode("utf-8")


def _problem_example(tool_id: str, version: str, example: JsonObject) -> str:
    try:
        api.execute(tool_id, version, {**example, **_BAD_OPTION})
    except InputError as error:
        status = status_of(error)
        body = {
            "type": "about:blank",
            "title": HTTPStatus(status).phrase,
            "status": status,
            "detail": error.errors[0]["message"],
            "errors": error.errors,
        }
        return pretty(body)
    return ""


def _limits_text(limits: dict[str, int]) -> str:
    return " · ".join(f"{name.replace('_', ' ')} {value:,}" for name, value in limits.items())


def docs_context(base_url: str) -> dict[str, object]:
    """The docs template's values for the server at ``base_url``."""
    base_url = base_url.rstrip("/")
    first = latest(tool_ids()[0]).contract
    example = first.examples[0].input if first.examples else {}
    return {
        "base_url": base_url,
        "mcp_http": _mcp_servers({"type": "http", "url": f"{base_url}/mcp"}),
        "mcp_stdio": _mcp_servers(
            {"command": "/absolute/path/to/.venv/bin/mtcompute", "args": ["mcp"]}
        ),
        "routes": ROUTES,
        "example_id": first.id,
        "example_curl": curl_command(f"{base_url}{contract_path(first)}/execute", example),
        "problem_example": _problem_example(first.id, first.version, example),
        "cli": _CLI.format(base_url=base_url),
        "python": _PYTHON,
        "tool_limits": [
            (t.contract.id, t.contract.version, _limits_text(dict(t.contract.limits)))
            for t in all_tools()
        ],
        "max_body": (
            f"{DEFAULT_MAX_BODY_BYTES:,} bytes by default (a tool whose valid input is larger "
            "names its own among its limits, max_body_bytes, which the execute route takes "
            "while the default stands)"
        ),
        "parts_recipe": batch_doc.PARTS_RECIPE,
        "parts_batch": pretty(batch_doc.PARTS_BATCH),
    }
