"""Redirects for a path that differs from a route's by a trailing slash, by a relative address.

Starlette's own redirect writes an absolute address built from the request's ``Host`` header, so
a client naming another host is sent there; ``Location: /v1/tools`` goes nowhere else.
"""

from urllib.parse import quote

from starlette.exceptions import HTTPException
from starlette.responses import RedirectResponse
from starlette.routing import Match, Router
from starlette.types import Receive, Scope, Send

# Characters left as they are in a path written into a Location header.
_SAFE_PATH_CHARACTERS = "/-._~!$&'()*+,;=:@"


def _toggled(path: str) -> str:
    return path.rstrip("/") if path.endswith("/") else path + "/"


def relative_slash_redirects(router: Router) -> None:
    """Make ``router`` answer a path that misses a route only by its trailing slash with a
    redirect to the route's path, relative to the host the client asked, and 404 otherwise."""
    router.redirect_slashes = False

    async def redirect_or_not_found(scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"]
        if scope["type"] == "http" and path != "/":
            moved = {**scope, "path": _toggled(path)}
            if any(route.matches(moved)[0] is not Match.NONE for route in router.routes):
                location = quote(moved["path"], safe=_SAFE_PATH_CHARACTERS)
                query = scope.get("query_string", b"").decode("latin-1")
                target = f"{location}?{query}" if query else location
                await RedirectResponse(target)(scope, receive, send)
                return
        raise HTTPException(status_code=404)

    router.default = redirect_or_not_found
