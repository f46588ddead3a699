"""A request over stdio before the handshake is told to start with ``initialize``.

The SDK refuses a request that comes before ``initialize`` (in the protocol eras that have the
handshake) with ``-32602 Invalid request parameters``, which sends a client looking for a fault
in its parameters. Here that answer, to a request sent before any ``initialize`` or
``notifications/initialized``, becomes ``-32600`` saying what was expected and what came.
"""

from mcp import types
from mcp.shared.message import SessionMessage

from mtcompute.mcp.transport import INVALID_REQUEST

_INITIALIZE = "initialize"
_INITIALIZED = "notifications/initialized"
# The SDK's refusal of a request before the handshake, exactly as it writes it.
_GATE = types.ErrorData(code=-32602, message="Invalid request parameters", data="")


class Handshake:
    """Whether the handshake has begun, and the requests sent before it, by id."""

    def __init__(self) -> None:
        self._begun = False
        self._too_early: dict[types.RequestId, str] = {}

    def inbound(self, message: types.JSONRPCMessage) -> None:
        """Note a message going to the server. The SDK handles ``initialize`` before it reads
        on, so a request after it is not too early, whenever its answer comes."""
        if isinstance(message, types.JSONRPCRequest):
            if message.method == _INITIALIZE:
                self._begun = True
            elif not self._begun:
                self._too_early[message.id] = message.method
        elif isinstance(message, types.JSONRPCNotification) and message.method == _INITIALIZED:
            self._begun = True

    def outbound(self, item: SessionMessage) -> SessionMessage:
        """The server's answer ``item``, or the clearer one for a request made too early."""
        message = item.message
        if not isinstance(message, types.JSONRPCResponse | types.JSONRPCError):
            return item
        method = self._too_early.pop(message.id, None) if message.id is not None else None
        if method is None or not isinstance(message, types.JSONRPCError) or message.error != _GATE:
            return item
        text = (
            "Invalid Request: expected an initialize request first (or a request whose _meta "
            f"names protocol version 2026-07-28), got {method} before it"
        )
        error = types.ErrorData(code=INVALID_REQUEST, message=text)
        return SessionMessage(types.JSONRPCError(jsonrpc="2.0", id=message.id, error=error))
