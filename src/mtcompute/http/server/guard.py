"""Requests refused by their framing, headers or path before any route sees them.

- ``Transfer-Encoding`` and ``Content-Length`` together: the two say different things about where
  the body ends, which is how a request is smuggled past a proxy. 400, and the connection is
  closed so that no byte after the body is read as another request (RFC 9112 §6.3).
- A ``Content-Encoding`` other than ``identity``: 415; a body is never decompressed, so that the
  body limit bounds what the server holds.
- An encoded slash (``%2F``) in the path: data inside a segment, never a separator. No route has
  a segment that can hold a slash, so the answer is 404, where decoding would have found a route.
- With ``check_host``, a ``Host`` header that ``/mcp`` would refuse: 421, on every path.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from starlette.types import ASGIApp, Receive, Scope, Send

from mtcompute.errors import Violation
from mtcompute.http.routes.problems import problem_response

_ENCODED_SLASH = b"%2f"
_FRAMING = frozenset((b"transfer-encoding", b"content-length"))


@dataclass(frozen=True)
class Refusal:
    status: int
    code: str
    message: str
    close: bool = False


def host_allowed(host: str, patterns: Sequence[str]) -> bool:
    """Whether ``host`` is one of ``patterns``, where ``name:*`` means name on any port (the
    patterns of ``McpSettings.host_patterns``)."""
    return any(
        host == pattern or (pattern.endswith(":*") and host.startswith(pattern[:-1]))
        for pattern in patterns
    )


@dataclass
class _Headers:
    """The headers the checks read, found in one pass (this runs for every request)."""

    framing: set[bytes]
    encoding: bytes | None = None
    host: bytes = b""

    @classmethod
    def of(cls, scope: Scope) -> "_Headers":
        found = cls(framing=set())
        for name, value in scope["headers"]:
            if name in _FRAMING:
                found.framing.add(name)
            elif name == b"content-encoding":
                found.encoding = value if found.encoding is None else found.encoding + b", " + value
            elif name == b"host":
                found.host = value
        return found


def refusal(scope: Scope, host_patterns: Sequence[str] | None) -> Refusal | None:
    """Why the request of ``scope`` is refused, or None."""
    headers = _Headers.of(scope)
    if len(headers.framing) == len(_FRAMING):
        message = "expected Transfer-Encoding or Content-Length, got both"
        return Refusal(400, "ambiguous_framing", message, close=True)
    encoding = None if headers.encoding is None else headers.encoding.decode("latin-1")
    if encoding is not None and encoding.strip().lower() != "identity":
        message = f"expected no Content-Encoding (or identity), got {encoding!r}"
        return Refusal(415, "unsupported_content_encoding", message)
    raw_path: bytes = scope.get("raw_path") or scope["path"].encode("utf-8")
    if b"%" in raw_path and _ENCODED_SLASH in raw_path.lower():
        shown = raw_path.decode("latin-1")
        message = f"no resource at {shown} (an encoded / is data, not a separator)"
        return Refusal(404, "not_found", message)
    host = headers.host.decode("latin-1")
    if host_patterns is not None and not host_allowed(host, host_patterns):
        message = f"expected a Host this server answers for, got {host or 'none'!r}"
        return Refusal(421, "misdirected_request", message)
    return None


class RequestGuard:
    """ASGI middleware answering a ``refusal`` as problem+json; ``host_patterns`` None: any Host."""

    def __init__(self, app: ASGIApp, host_patterns: Sequence[str] | None = None) -> None:
        self._app = app
        self._host_patterns = host_patterns

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        refused = refusal(scope, self._host_patterns) if scope["type"] == "http" else None
        if refused is None:
            await self._app(scope, receive, send)
            return
        headers = {"Connection": "close"} if refused.close else None
        violation = Violation(code=refused.code, pointer="", message=refused.message)
        await problem_response(refused.status, [violation], headers)(scope, receive, send)
