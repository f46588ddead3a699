"""MCP mounted at ``/mcp``: the body of a ``POST /mcp`` read by the REST API's reader before the
SDK sees it.

Reading it here gives ``/mcp`` the API's handling of a body: a problem+json 413 past the limit,
and a client that leaves mid-body logged as a 400 rather than as a 500 with a ``ClientDisconnect``
traceback. The SDK then reads the same bytes from a replayed ``receive``.

The body is also checked for request ids the SDK misreads (``request_ids``), which it would answer
``202`` with nothing: HTTP 400, ``-32600``.
"""

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtcompute.http.routes.body import read_body
from mtcompute.mcp.request_ids import INVALID_ID_MESSAGE, has_invalid_id
from mtcompute.mcp.server import PATH, HttpEndpoint, http_endpoint
from mtcompute.mcp.transport import INVALID_REQUEST, McpSettings, PostOnly
from mtcompute.meta.bodies import largest_body_limit


def _invalid_id_answer() -> JSONResponse:
    error = {"code": INVALID_REQUEST, "message": INVALID_ID_MESSAGE}
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


def mcp_route(settings: McpSettings, max_body_bytes: int) -> tuple[Route, HttpEndpoint]:
    """The route at exactly ``/mcp`` and the endpoint whose lifespan the app must enter."""
    largest = largest_body_limit(max_body_bytes)  # a call names its tool inside the body
    endpoint = http_endpoint(settings, max_body_bytes=largest)
    app = PostOnly(ReadBodyFirst(endpoint.app, largest))
    # An ASGI object, not a function, so Starlette neither wraps it nor redirects /mcp to /mcp/.
    return Route(PATH, endpoint=app), endpoint
