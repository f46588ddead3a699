"""The body of a ``POST /mcp``, read by the REST API's reader before the SDK sees it.

Reading it here gives ``/mcp`` the API's handling of a body: a problem+json 413 past the limit,
and a client that leaves mid-body logged as a 400 rather than as a 500 with a ``ClientDisconnect``
traceback. The SDK then reads the same bytes from a replayed ``receive``.

The body is also checked for request ids the SDK misreads: JSON-RPC ids are strings or integers,
and a message with an ``id`` of null, an object, an array or a fraction is taken by the SDK for a
notification and answered ``202`` with nothing. It is an invalid request: HTTP 400, ``-32600``.
"""

import orjson
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtcompute.http.body import read_body

INVALID_REQUEST = -32600


def _valid_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _bad_id(message: object) -> bool:
    return isinstance(message, dict) and "id" in message and not _valid_id(message["id"])


def has_invalid_id(body: bytes) -> bool:
    """Whether ``body`` is a JSON-RPC message (or batch) with an id that is neither a string nor
    an integer; a body that is not JSON is the SDK's to answer."""
    try:
        document = orjson.loads(body)
    except orjson.JSONDecodeError:
        return False
    messages = document if isinstance(document, list) else [document]
    return any(_bad_id(message) for message in messages)


def _invalid_id_answer() -> JSONResponse:
    message = "Invalid Request: expected an id that is a string or an integer"
    error = {"code": INVALID_REQUEST, "message": message}
    return JSONResponse({"jsonrpc": "2.0", "id": None, "error": error}, status_code=400)


class ReadBodyFirst:
    """Read the whole body with ``read_body`` (``ProblemError`` past ``max_body_bytes``), then
    call ``app`` with it."""

    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        self._app = app
        self._max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        body = await read_body(Request(scope, receive), self._max_body_bytes)
        if has_invalid_id(body):
            await _invalid_id_answer()(scope, receive, send)
            return
        await self._app(scope, _replaying(body, receive), send)


def _replaying(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if sent:
            return await receive()  # what comes after the body: a disconnect
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replay
