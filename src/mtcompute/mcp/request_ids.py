"""JSON-RPC request ids that the SDK misreads, checked before it reads a message on any transport.

JSON-RPC ids are strings or integers. The SDK takes a message whose ``id`` is null, an object, an
array, a boolean or a fraction for a notification, and gives it no answer; it is an invalid
request, answered ``-32600`` with id null.
"""

import contextlib
import json

from mtcompute import jsonio
from mtcompute.errors import MalformedJsonError

INVALID_ID_MESSAGE = "Invalid Request: expected an id that is a string or an integer"


def _valid_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _bad_id(message: object) -> bool:
    return isinstance(message, dict) and "id" in message and not _valid_id(message["id"])


def has_invalid_id(document: bytes) -> bool:
    """Whether ``document`` is a JSON-RPC message (or batch) with an id that is neither a string
    nor an integer; a document that is not JSON is the SDK's to answer. Read as ``jsonio`` reads
    it, so that a lone surrogate escape elsewhere in the message hides no id."""
    try:
        messages = _messages(jsonio.loads(document))
    except MalformedJsonError:
        return False
    if any(isinstance(_id_of(message), float) for message in messages):
        # jsonio reads an integer past 64 bits as a double, as JavaScript would; the SDK reads
        # it as the integer it is, and so is it read here (a document nested too deep for this
        # parser keeps jsonio's reading).
        with contextlib.suppress(RecursionError, ValueError):
            messages = _messages(json.loads(document))
    return any(_bad_id(message) for message in messages)


def _messages(parsed: object) -> list[object]:
    return parsed if isinstance(parsed, list) else [parsed]


def _id_of(message: object) -> object:
    return message.get("id") if isinstance(message, dict) else None
