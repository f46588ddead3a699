"""``mtcompute mcp`` fed lines through a pipe, as a client that writes raw JSON-RPC would."""

import json
import os
import subprocess
from collections.abc import Sequence
from typing import Any

from tests.mcp.clients import stdio_command

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "pipe", "version": "1"},
    },
}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
# The legacy era's opening: the initialize handshake, answered with id 0.
HANDSHAKE = [json.dumps(INITIALIZE), json.dumps(INITIALIZED)]
# The 2026-07-28 era's envelope, which a request carries in place of the handshake.
STATELESS_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


def piped_answers(
    lines: Sequence[str | bytes], env: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The answers ``mtcompute mcp`` writes for ``lines``, its input closed after the last
    (with ``env`` added to its environment)."""
    command = stdio_command()
    piped = b"".join((line.encode() if isinstance(line, str) else line) + b"\n" for line in lines)
    finished = subprocess.run(
        [command.command, *command.args],
        input=piped,
        capture_output=True,
        timeout=120,
        check=True,
        env=None if env is None else {**os.environ, **env},
    )
    return [json.loads(line) for line in finished.stdout.splitlines() if line.strip()]


def tools_call(
    request_id: object, name: str, arguments: dict[str, Any], meta: object = None
) -> str:
    """A ``tools/call`` line; ``json`` writes a lone surrogate in ``arguments`` as its escape."""
    params: dict[str, object] = {"name": name, "arguments": arguments}
    if meta is not None:
        params["_meta"] = meta
    return json.dumps(
        {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}
    )
