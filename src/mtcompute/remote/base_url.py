"""The base URL of a remote mtcompute service, checked before anything is sent.

The commonest slips each get a message saying how to fix them: no scheme (``localhost:8000``),
a scheme other than http or https, no host, and the API's ``/v1`` on the end (mtcompute adds
``/v1/...`` itself, so ``http://host:8000/v1`` would call ``/v1/v1/...``).
"""

from urllib.parse import urlsplit

from mtcompute.errors import InvalidBaseUrlError

# Where the CLI and ``Client`` read a base URL that is not given.
ENVIRONMENT_VARIABLE = "MTCOMPUTE_URL"
_SCHEMES = ("http", "https")
_API_PREFIX = "/v1"


def checked_base_url(url: str) -> str:
    """``url`` without a trailing "/", or ``InvalidBaseUrlError`` saying how to fix it."""
    if "://" not in url:
        example = url.strip().rstrip("/") or "127.0.0.1:8000"
        raise InvalidBaseUrlError(f"base URL {url!r} has no scheme: write it as http://{example}")
    stripped = url.strip().rstrip("/")
    parts = urlsplit(stripped)
    if parts.scheme.lower() not in _SCHEMES:
        raise InvalidBaseUrlError(
            f"base URL {url!r} has the scheme {parts.scheme!r}: expected http:// or https://"
        )
    if not parts.netloc:
        raise InvalidBaseUrlError(f"base URL {url!r} has no host: write it as http://HOST:PORT")
    if parts.path.endswith(_API_PREFIX):
        root = stripped[: -len(_API_PREFIX)]
        raise InvalidBaseUrlError(
            f"base URL {url!r} ends in {_API_PREFIX}: give the server's root, {root}"
            f" (mtcompute adds {_API_PREFIX}/... itself)"
        )
    return stripped
