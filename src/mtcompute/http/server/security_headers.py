"""Headers on every answer that tell a browser what the pages may do.

The pages load only their own stylesheet and script, and nothing of another origin, so the
policy costs nothing: ``default-src 'self'`` refuses any other source (inline scripts included),
``frame-ancestors 'none'`` and ``X-Frame-Options: DENY`` (for browsers older than the policy)
keep another origin from framing the try-it form, ``nosniff`` keeps a JSON answer from being
read as a script or a page, and ``no-referrer`` keeps a page's address (a search query, say)
from reaching the sites it links to. A header the app set already is kept.
"""

from starlette.types import ASGIApp, Message, Receive, Scope, Send

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", b"default-src 'self'; frame-ancestors 'none'; base-uri 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeaders:
    """ASGI middleware adding ``SECURITY_HEADERS`` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self._app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [pair for pair in SECURITY_HEADERS if pair[0] not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self._app(scope, receive, send_with_headers)
