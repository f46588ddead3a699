"""Cross-origin calls from a browser app on another origin: off unless origins are named.

``mtcompute serve --allow-cors-origin ORIGIN`` (repeatable) lets pages at ORIGIN call the API,
and answers their preflight OPTIONS; every worker reads the origins from the environment.
"""

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

# The headers a browser client of the API and of /mcp sends or must read.
_REQUEST_HEADERS = ("Content-Type", "Accept", "Mcp-Protocol-Version", "Mcp-Session-Id")
_EXPOSED_HEADERS = ("Mcp-Session-Id",)
_PREFLIGHT_MAX_AGE_SECONDS = 600


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
