"""Cross-origin calls from a browser app on another origin: off unless origins are named.

``mtcompute serve --allow-cors-origin ORIGIN`` (repeatable) lets pages at ORIGIN call the API,
and answers their preflight OPTIONS; every worker reads the origins from the environment.
"""

import re
from collections.abc import Mapping

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

CORS_ORIGINS_ENV = "MTCOMPUTE_CORS_ORIGINS"
# scheme://host[:port], nothing after: what a browser sends in its Origin header.
_ORIGIN = re.compile(r"^https?://[^/\s?#]+$")
# The headers a browser client of the API and of /mcp sends or must read.
_REQUEST_HEADERS = ("Content-Type", "Accept", "Mcp-Protocol-Version", "Mcp-Session-Id")
_EXPOSED_HEADERS = ("Mcp-Session-Id",)
_PREFLIGHT_MAX_AGE_SECONDS = 600


def check_origin(origin: str) -> str:
    """``origin`` itself, or ``ValueError`` saying what an origin looks like."""
    if origin != "*" and not _ORIGIN.match(origin):
        raise ValueError(f"expected an origin such as https://example.org or *, got {origin!r}")
    return origin


def origins_to_environ(origins: tuple[str, ...]) -> dict[str, str]:
    return {CORS_ORIGINS_ENV: " ".join(origins)}


def origins_from_environ(environ: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(check_origin(o) for o in environ.get(CORS_ORIGINS_ENV, "").split())


def cors_middleware(origins: tuple[str, ...]) -> list[Middleware]:
    """The CORS middleware for ``origins``, or none at all when there are none."""
    if not origins:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=list(origins),
            allow_methods=["GET", "POST"],
            allow_headers=list(_REQUEST_HEADERS),
            expose_headers=list(_EXPOSED_HEADERS),
            max_age=_PREFLIGHT_MAX_AGE_SECONDS,
        )
    ]
