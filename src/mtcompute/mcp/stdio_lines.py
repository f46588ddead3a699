"""A line read from stdin: the message for the server, or the error that answers it at once.

The SDK's own reader would leave some lines without an answer or misread them; each is answered
here as over HTTP, with id null:

- not JSON, invalid UTF-8 included (which the SDK would read with U+FFFD in its place):
  ``-32700 Parse error``;
- JSON that is not one JSON-RPC message: ``-32600 Invalid Request``;
- an id neither a string nor an integer (``request_ids``), which the SDK takes for a notification:
  ``-32600 Invalid Request``;
- a line longer than the body limit, never held whole (``stdio_reading``): ``-32600 Invalid
  Request``.

A ``tools/call`` that only its lone surrogates keep from parsing goes to the server as
``surrogates`` rewrites it, the call as it arrived riding along as the message's request context.
"""

from mcp import types
from mcp.shared.message import ServerMessageMetadata, SessionMessage
from pydantic import ValidationError

from mtcompute.mcp.request_ids import INVALID_ID_MESSAGE, has_invalid_id
from mtcompute.mcp.surrogates import surrogate_call
from mtcompute.mcp.transport import INVALID_REQUEST, PARSE_ERROR

NOT_JSON_MESSAGE = "Parse error: the line is not valid JSON"
NOT_A_MESSAGE = "Invalid Request: expected one JSON-RPC 2.0 message"

# A message for the server, or (a bare error) the answer to write at once.
Line = SessionMessage | types.JSONRPCError


def read_line(line: bytes) -> Line:
    """What ``line`` (one line of stdin, its newline included or not) asks for."""
    call = surrogate_call(line)
    try:
        message = types.jsonrpc_message_adapter.validate_json(
            line if call is None else call.document, by_name=False
        )
    except ValidationError as error:
        if has_invalid_id(line):
            return _refusal(INVALID_REQUEST, INVALID_ID_MESSAGE)
        return _unreadable(error)
    # Only a message the SDK read as a notification may be a request with an invalid id: a
    # request with a valid one, the common case, is not parsed a second time.
    if isinstance(message, types.JSONRPCNotification) and has_invalid_id(line):
        return _refusal(INVALID_REQUEST, INVALID_ID_MESSAGE)
    if call is None:
        return SessionMessage(message)
    return SessionMessage(message, ServerMessageMetadata(request_context=call.arrived))


def too_long(max_bytes: int) -> types.JSONRPCError:
    """The answer to a line of more than ``max_bytes``."""
    message = f"Invalid Request: expected a line of at most {max_bytes} bytes, got more"
    return _refusal(INVALID_REQUEST, message)


def _unreadable(error: ValidationError) -> types.JSONRPCError:
    if any(detail["type"] == "json_invalid" for detail in error.errors()):
        return _refusal(PARSE_ERROR, NOT_JSON_MESSAGE)
    return _refusal(INVALID_REQUEST, NOT_A_MESSAGE)


def _refusal(code: int, message: str) -> types.JSONRPCError:
    data = types.ErrorData(code=code, message=message)
    return types.JSONRPCError(jsonrpc="2.0", id=None, error=data)
