"""The HTTP side of ``/mcp``: who may reach it, and the ASGI layer around the SDK's transport.

``McpSettings`` says which Host and Origin headers pass the checks against DNS rebinding. Two
corrections wrap the SDK's ASGI app:

- ``PostOnly``: a stateless server has no stream to open for a GET, which the SDK would otherwise
  hold open forever; any method but POST is answered 405 at once.
- ``PlainProtocolErrors``: for a body that is not JSON, or not a JSON-RPC message, the SDK's
  error message is the parser's exception text (pydantic's, echoing the input); the client gets
  the standard JSON-RPC wording instead.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
_WILDCARD_HOSTS = ("", "0.0.0.0", "::")
ALLOWED_HOSTS_ENV = "MTCOMPUTE_ALLOWED_HOSTS"
ALLOWED_ORIGINS_ENV = "MTCOMPUTE_ALLOWED_ORIGINS"
BIND_HOST_ENV = "MTCOMPUTE_BIND_HOST"

PARSE_ERROR = -32700
INVALID_REQUEST = -32600

# The SDK's message prefix -> the (code, message) a client gets instead.
_PLAIN = {
    "Parse error:": (PARSE_ERROR, "Parse error: the body is not valid JSON"),
    "Validation error:": (INVALID_REQUEST, "Invalid Request: expected one JSON-RPC 2.0 message"),
}
_MIN_ERROR_STATUS = 400


@dataclass(frozen=True)
class McpSettings:
    """Who may reach ``/mcp``: the Host and Origin values let through besides loopback's.

    A bare host name is allowed on any port, ``name:port`` on that port only; origins are exact
    (``https://example.org``). The bound host, unless a wildcard, is allowed too.
    """

    bind_host: str = "127.0.0.1"
    allowed_hosts: tuple[str, ...] = ()
    allowed_origins: tuple[str, ...] = ()

    def to_environ(self) -> dict[str, str]:
        """The settings as environment variables, for ``from_environ`` in a worker process."""
        return {
            BIND_HOST_ENV: self.bind_host,
            ALLOWED_HOSTS_ENV: ",".join(self.allowed_hosts),
            ALLOWED_ORIGINS_ENV: ",".join(self.allowed_origins),
        }

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "McpSettings":
        def listed(name: str) -> tuple[str, ...]:
            return tuple(item.strip() for item in environ.get(name, "").split(",") if item.strip())

        return cls(
            bind_host=environ.get(BIND_HOST_ENV, cls.bind_host),
            allowed_hosts=listed(ALLOWED_HOSTS_ENV),
            allowed_origins=listed(ALLOWED_ORIGINS_ENV),
        )

    def host_patterns(self) -> list[str]:
        """Host header values let through, ``name:*`` meaning the name on any port."""
        patterns = []
        for name in self._host_names():
            has_port = ":" in name.rsplit("]", 1)[-1]
            patterns += [name] if has_port else [name, f"{name}:*"]
        return patterns

    def origin_patterns(self) -> list[str]:
        """Origin header values let through; a request without one (not a browser) passes too."""
        local = [f"http://{name}" for name in LOOPBACK_HOSTS]
        return [*local, *(f"{origin}:*" for origin in local), *self.allowed_origins]

    def _host_names(self) -> list[str]:
        names = list(LOOPBACK_HOSTS)
        bound = f"[{self.bind_host}]" if ":" in self.bind_host else self.bind_host
        if self.bind_host not in _WILDCARD_HOSTS and bound not in names:
            names.append(bound)
        return names + [host for host in self.allowed_hosts if host not in names]


class PostOnly:
    """Answer every method but POST with 405, before the SDK sees it."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] != "POST":
            error = {"code": INVALID_REQUEST, "message": "Method not allowed: POST JSON-RPC here"}
            body = {"jsonrpc": "2.0", "id": None, "error": error}
            await JSONResponse(body, status_code=405, headers={"Allow": "POST"})(
                scope, receive, send
            )
            return
        await self._app(scope, receive, send)


class PlainProtocolErrors:
    """Rewrite the message of an error answer (status 400 or more) that carries exception text."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        start: Message | None = None
        chunks: list[bytes] = []

        async def send_plain(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start" and message["status"] >= _MIN_ERROR_STATUS:
                start = message  # held until the whole (small) error body is known
                return
            if start is None or message["type"] != "http.response.body":
                await send(message)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                await _send_rewritten(send, start, plain_error_body(b"".join(chunks)))

        await self._app(scope, receive, send_plain)


async def _send_rewritten(send: Send, start: Message, body: bytes) -> None:
    headers = [(name, value) for name, value in start["headers"] if name != b"content-length"]
    headers.append((b"content-length", str(len(body)).encode("ascii")))
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def plain_error_body(body: bytes) -> bytes:
    """``body`` with a parser's exception text replaced; any other body unchanged."""
    try:
        document = json.loads(body)
    except ValueError:
        return body
    error = document.get("error") if isinstance(document, dict) else None
    message = error.get("message") if isinstance(error, dict) else None
    if not isinstance(message, str):
        return body
    for prefix, (code, plain) in _PLAIN.items():
        if message.startswith(prefix):
            document["error"] = {"code": code, "message": plain}
            return json.dumps(document, separators=(",", ":")).encode("utf-8")
    return body
