"""Every contract as an MCP resource, listed and readable, so that an agent can read a tool's
scope, behaviour, schemas and limits without calling a tool.

    mtcompute://contracts/{id}/{version}    a released tool version: what ``describe`` answers
    mtcompute://contracts/execute-batch     the batch meta-tool: its words, schemas and limits

The first form is also the one resource template. Each is JSON (``application/json``), the
same bytes the HTTP API serves for it. A URI that names no contract is the MCP error "resource
not found" (-32002), naming the URIs that exist.
"""

from mcp import types
from mcp.shared.exceptions import MCPError

from mtcompute import jsonio
from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.registry import all_tools
from mtcompute.contracts.titles import display_title
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.execute import describe_served

SCHEME = "mtcompute://contracts/"
BATCH_URI = f"{SCHEME}{batch_doc.ID}"
MIME_TYPE = "application/json"
# The MCP specification's code for a resource that does not exist.
RESOURCE_NOT_FOUND = -32002


def contract_uri(tool_id: str, version: str) -> str:
    return f"{SCHEME}{tool_id}/{version}"


def resources() -> list[types.Resource]:
    """Every released contract, ordered by id then version, then the batch's."""
    listed = [
        types.Resource(
            uri=contract_uri(tool.contract.id, tool.contract.version),
            name=f"{tool.contract.id}@{tool.contract.version}",
            title=f"{display_title(tool.contract.title)} {tool.contract.version}",
            description=tool.contract.summary,
            mime_type=MIME_TYPE,
        )
        for tool in all_tools()
    ]
    batch = types.Resource(
        uri=BATCH_URI,
        name=batch_doc.MCP_NAME,
        title=batch_doc.TITLE,
        description=batch_doc.SUMMARY,
        mime_type=MIME_TYPE,
    )
    return [*listed, batch]


def templates() -> list[types.ResourceTemplate]:
    """The one template the contracts' URIs follow, so that an agent can read a contract whose
    id and version it knows without listing them all."""
    template = types.ResourceTemplate(
        uri_template=f"{SCHEME}{{id}}/{{version}}",
        name="contract",
        title="A tool's contract",
        description=(
            "The contract of one released tool version (what describe answers): its scope, "
            "behaviour, input and output schemas, limits and examples. resources/list names "
            "every one."
        ),
        mime_type=MIME_TYPE,
    )
    return [template]


def read(uri: str) -> types.ReadResourceResult:
    """The contract that ``uri`` names, as JSON text; ``MCPError`` for any other URI."""
    document = _document(uri)
    text = jsonio.dumps(document).decode("utf-8")
    contents = types.TextResourceContents(uri=uri, mime_type=MIME_TYPE, text=text)
    return types.ReadResourceResult(contents=[contents])


def _document(uri: str) -> JsonObject:
    if uri == BATCH_URI:
        return batch_doc.contract_json()
    for tool in all_tools():
        if uri == contract_uri(tool.contract.id, tool.contract.version):
            return describe_served(tool.contract.id, tool.contract.version)
    shown = uri if len(uri) <= 200 else uri[:200] + "..."
    message = (
        f"no contract at {shown!r}: the resources are {SCHEME}{{id}}/{{version}} for each "
        f"released tool (resources/list names them) and {BATCH_URI}"
    )
    raise MCPError(RESOURCE_NOT_FOUND, message, {"uri": shown})
