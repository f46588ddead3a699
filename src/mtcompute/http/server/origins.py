"""The origins that ``--allow-cors-origin`` names, checked and handed to every worker through
the environment; no server library is needed to check them (the CLI does before serving)."""

import re
from collections.abc import Mapping

CORS_ORIGINS_ENV = "MTCOMPUTE_CORS_ORIGINS"
# scheme://host[:port], nothing after: what a browser sends in its Origin header.
_ORIGIN = re.compile(r"^https?://[^/\s?#]+$")


def check_origin(origin: str) -> str:
    """``origin`` itself, or ``ValueError`` saying what an origin looks like."""
    if origin != "*" and not _ORIGIN.match(origin):
        raise ValueError(f"expected an origin such as https://example.org or *, got {origin!r}")
    return origin


def origins_to_environ(origins: tuple[str, ...]) -> dict[str, str]:
    return {CORS_ORIGINS_ENV: " ".join(origins)}


def origins_from_environ(environ: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(check_origin(o) for o in environ.get(CORS_ORIGINS_ENV, "").split())
