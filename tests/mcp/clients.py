"""The SDK's own client, over Streamable HTTP or stdio, in either protocol era."""

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from mtcompute import jsonio

HANDSHAKE = "legacy"  # the initialize handshake, which the SDK negotiates at 2025-11-25
STATELESS = "2026-07-28"  # no handshake: every request carries its own protocol version
MODES = (HANDSHAKE, STATELESS)
NEGOTIATED = {HANDSHAKE: "2025-11-25", STATELESS: "2026-07-28"}

T = TypeVar("T")
Server = str | StdioServerParameters


def stdio_command() -> StdioServerParameters:
    """``mtcompute mcp``: the console script installed beside this Python."""
    return StdioServerParameters(
        command=str(Path(sys.executable).with_name("mtcompute")), args=["mcp"]
    )


def run(server: Server, mode: str, scenario: Callable[[Client], Awaitable[T]]) -> T:
    """Connect to ``server`` in protocol ``mode``, run ``scenario`` with the client, disconnect."""

    async def main() -> T:
        async with Client(server, mode=mode) as client:
            return await scenario(client)

    return anyio.run(main)


def call(server: Server, mode: str, name: str, arguments: dict[str, Any]) -> CallToolResult:
    async def scenario(client: Client) -> CallToolResult:
        return await client.call_tool(name, arguments)

    return run(server, mode, scenario)


def text_of(result: CallToolResult) -> Any:
    """The one text block of a result, parsed."""
    (block,) = result.content
    assert block.type == "text"
    return jsonio.loads(block.text)
