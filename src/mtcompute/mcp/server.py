"""MCP for agents: every tool over the Model Context Protocol, on stdio and on Streamable HTTP.

It uses the SDK's low-level server, so each contract's JSON Schemas reach a client exactly as
the contract publishes them. The tools are ``mcp_tools``'s; who may reach ``/mcp`` over HTTP is
``transport``'s; what each line of stdin asks for is ``stdio_lines``'s.

Each answer is structured content plus the same JSON as text. An input that breaks a contract,
or an unknown tool or version, is a result with ``isError`` whose text is the
``{"errors": [...]}`` JSON the HTTP API returns; nothing else about a failure reaches a client.
"""

import contextlib
import logging
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib.metadata import version as package_version
from typing import Any

import anyio
import anyio.to_thread
import orjson
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream
from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from starlette.types import ASGIApp

from mtcompute import jsonio
from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES, answer_allowance
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import MtcomputeError, Violation
from mtcompute.mcp import resources as contract_resources
from mtcompute.mcp.charges import run_call
from mtcompute.mcp.files import TOOL as FILES_TOOL
from mtcompute.mcp.files import FilesRoot, with_file_fields
from mtcompute.mcp.stdio_reading import bounded_lines, max_line_bytes
from mtcompute.mcp.stdio_relay import Incoming, relay
from mtcompute.mcp.surrogates import LoneSurrogateCalls, arguments_as_arrived
from mtcompute.mcp.transport import McpSettings, PlainProtocolErrors
from mtcompute.meta import tools as mcp_tools
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.tools import ToolSpec
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

logger = logging.getLogger(__name__)

PATH = "/mcp"

INSTRUCTIONS = (
    "Exact, versioned compute tools for machine-translation evaluation. To choose a tool: call "
    '`search` with what you need to compute, in your words (e.g. "corpus BLEU of a test '
    'set", "chrF++ per segment"); the first result is the best match, and a tool whose '
    '"not supported" list names your need ranks lower. Read its contract before relying on '
    "it: `describe` {id, version}, or the resource mtcompute://contracts/{id}/{version} (every "
    "contract is listed as a resource): its supported and not-supported scope, behaviour, "
    "schemas and limits. Then call `execute` with {id, version, input}, or the tool by its id "
    "(its latest version). An input error says what was expected, what arrived and where (a "
    "JSON Pointer), with a fix for the commonest mistakes. `execute_batch` runs up to 20 calls "
    "in one request, binding later inputs to earlier results. " + batch_doc.PARTS_RECIPE
)

UNWRITABLE_ANSWER = "Internal error: the answer could not be written as JSON"
_INTERNAL_ERROR = Violation(code="internal_error", pointer="", message="internal error")


def _tool(spec: ToolSpec) -> types.Tool:
    hints = types.ToolAnnotations(
        title=spec.title,
        read_only_hint=True,
        destructive_hint=False,
        idempotent_hint=True,
        open_world_hint=False,
    )
    return types.Tool(
        name=spec.name,
        title=spec.title,
        description=spec.description,
        input_schema=spec.input_schema,
        output_schema=spec.output_schema,
        annotations=hints,
    )


def tool_definitions() -> list[types.Tool]:
    """The MCP tools: execute, describe, search, execute_batch, then each tool by its id."""
    return [_tool(spec) for spec in mcp_tools.specs()]


def _text_result(value: JsonObject, *, is_error: bool = False) -> types.CallToolResult:
    text = jsonio.dumps(value).decode("utf-8")  # a lone surrogate written as its escape
    return types.CallToolResult(
        content=[types.TextContent(text=text)],
        structured_content=None if is_error else _structured(text),
        is_error=is_error,
    )


def _structured(text: str) -> JsonObject:
    """The structured content of an answer whose JSON is ``text``, re-read from it so numbers are
    what the text says (1, not 1.0), as over HTTP. An answer holding a lone surrogate, which no
    input should be able to put there (the schemas refuse one in every string they let through),
    cannot be written as a JSON-RPC message: the call is answered -32603, and the server goes on.
    """
    try:
        structured: JsonObject = orjson.loads(text)
    except orjson.JSONDecodeError:
        logger.error("an answer held a lone surrogate; answered -32603")
        raise MCPError(code=types.INTERNAL_ERROR, message=UNWRITABLE_ANSWER) from None
    return structured


def _run_within_allowance(name: str, arguments: Mapping[str, Any]) -> JsonObject:
    """Run tool ``name``; a batch's operations within the answer bytes a served batch may take
    (``contracts.allowance``)."""
    with answer_allowance(BATCH_ANSWER_BYTES):
        return mcp_tools.run(name, arguments)


async def call_tool(
    name: str, arguments: Mapping[str, Any], files: FilesRoot | None = None
) -> types.CallToolResult:
    """Run tool ``name`` off the event loop (its files read first, under ``files``' root);
    every failure becomes an ``isError`` result."""
    try:
        if files is not None:
            arguments = await anyio.to_thread.run_sync(files.arguments, name, arguments)
        value = await run_call(_run_within_allowance, name, arguments)
    except MtcomputeError as error:
        return _text_result({"errors": error.errors}, is_error=True)
    except Exception:
        # The details go to the log, never to the client.
        logger.exception("tool %r failed", name)
        return _text_result({"errors": [_INTERNAL_ERROR]}, is_error=True)
    return _text_result(value)


def build_server(files: FilesRoot | None = None) -> Server[Any]:
    """A low-level MCP server offering ``tool_definitions()``, and every contract as a resource
    (``resources``); with ``files``, score-texts takes files under its root too."""
    tools = tool_definitions()
    if files is not None:
        tools = [
            tool.model_copy(update={"input_schema": with_file_fields(tool.input_schema)})
            if tool.name == FILES_TOOL
            else tool
            for tool in tools
        ]
    listed = contract_resources.resources()
    input_schemas = {tool.name: tool.input_schema for tool in tools}

    async def on_list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        # Made again for each list: a tokenizer enum lists what this installation runs now.
        return types.ListToolsResult(tools=tool_definitions())

    async def on_list_resources(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourcesResult:
        return types.ListResourcesResult(resources=listed)

    async def on_list_resource_templates(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=contract_resources.templates())

    async def on_read_resource(
        ctx: ServerRequestContext[Any], params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        return contract_resources.read(params.uri)

    async def on_call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        arguments = arguments_as_arrived(ctx.request, params.name, params.arguments or {})
        return await call_tool(params.name, arguments, files)

    return Server(
        "mtcompute",
        version=package_version("mtcompute"),
        instructions=INSTRUCTIONS,
        get_tool_input_schema=input_schemas.get,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
        on_list_resources=on_list_resources,
        on_list_resource_templates=on_list_resource_templates,
        on_read_resource=on_read_resource,
    )


async def serve_stdio(files: FilesRoot | None = None) -> None:
    """Serve MCP on standard input and output until the client closes them."""
    server = build_server(files)
    options = server.create_initialization_options()

    async def run(
        read_stream: MemoryObjectReceiveStream[Incoming],
        write_stream: MemoryObjectSendStream[SessionMessage],
    ) -> None:
        await server.run(read_stream, write_stream, options)

    # The lines are read here, as bytes, so that each is answered as over HTTP (``stdio_lines``);
    # every line answered, every answer written before the end, and what waits for a client
    # that does not read bounded (``stdio_relay``).
    limit = max_line_bytes()
    with _claimed_stdout() as wire:
        await relay(run, bounded_lines(sys.stdin.buffer, limit), _Stdout(wire), limit)


@contextlib.contextmanager
def _claimed_stdout() -> Iterator[int]:
    """A descriptor of the real stdout for the answers alone, while fd 1 points at stderr: stray
    output (a print, a child process) goes there and never into the stream of messages."""
    sys.stdout.flush()
    wire = os.dup(1)  # not inherited by child processes
    os.dup2(2, 1)
    try:
        yield wire
    finally:
        os.dup2(wire, 1)
        os.close(wire)


class _Stdout:
    """The answers' stdout: each line written whole, off the event loop (a client that does not
    read blocks the write, never the server)."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    async def write(self, data: bytes) -> None:
        await anyio.to_thread.run_sync(_write_all, self._fd, data)

    async def aclose(self) -> None:
        pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def run_stdio(files: FilesRoot | None = None) -> None:
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a person stops it
        anyio.run(serve_stdio, files)


def transport_security(settings: McpSettings) -> TransportSecuritySettings:
    """Host and Origin checks against DNS rebinding, whatever address the server is bound to."""
    return TransportSecuritySettings(
        allowed_hosts=settings.host_patterns(), allowed_origins=settings.origin_patterns()
    )


@dataclass(frozen=True)
class HttpEndpoint:
    """What an ASGI app needs to serve MCP: the ASGI app that answers a ``POST /mcp`` whose body
    has been read, and the lifespan that runs the SDK's session manager (enter it in the app's
    lifespan). The HTTP adapter mounts it, reading the body by its own rules first."""

    app: ASGIApp
    lifespan: Callable[[], AbstractAsyncContextManager[None]]


def http_endpoint(
    settings: McpSettings | None = None, *, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
) -> HttpEndpoint:
    """Streamable HTTP, stateless with JSON responses, behind ``transport_security``."""
    manager = StreamableHTTPSessionManager(
        app=build_server(),
        json_response=True,
        stateless=True,
        security_settings=transport_security(settings or McpSettings()),
        max_request_body_size=max_body_bytes,
    )
    # Calls whose lone surrogates the SDK would refuse are answered as tool errors.
    calls = LoneSurrogateCalls(manager.handle_request, max_body_bytes)
    return HttpEndpoint(app=PlainProtocolErrors(calls), lifespan=manager.run)
