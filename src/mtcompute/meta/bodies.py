"""How large a request body a server takes for a tool: its own limit, unless a tool whose
largest valid input needs more declares a larger one (``Tool.max_body_bytes``, such as a test
set scored in one call) and the server's limit was left at its default.

A limit the operator set is kept for every tool, lower or higher: it is a decision about that
deployment. An endpoint whose body names its tool inside (MCP, over HTTP or stdio) takes the
largest body any tool takes; each tool's contract still bounds the input it accepts.
"""

from mtcompute.contracts.registry import all_tools, get_tool
from mtcompute.errors import UnknownToolError
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES


def tool_body_limit(tool_id: str, version: str, configured: int) -> int:
    """The body limit of executing ``tool_id`` at ``version`` under the server's ``configured``."""
    if configured != DEFAULT_MAX_BODY_BYTES:
        return configured
    try:
        declared = get_tool(tool_id, version).max_body_bytes
    except UnknownToolError:
        return configured  # the body is small or refused anyway: the tool's error says which
    return max(configured, declared or 0)


def largest_body_limit(configured: int) -> int:
    """The body limit of an endpoint that may execute any tool."""
    if configured != DEFAULT_MAX_BODY_BYTES:
        return configured
    return max(configured, *(tool.max_body_bytes or 0 for tool in all_tools()))
