"""The address the pages show for calling the service: configured, or the one a client reached.

A page never writes the request's ``Host`` header into its links: any client can send any Host
(and a cache or a proxy would serve that page to others). The address is ``--public-url`` when
given, as behind a proxy; otherwise the address and port of the socket the request arrived on.
"""

from starlette.requests import Request

_DEFAULT_PORTS = {"http": 80, "https": 443}


def base_url_of(request: Request, public_url: str | None) -> str:
    """``public_url`` without its trailing slash, or the local address of the connection."""
    if public_url:
        return public_url.rstrip("/")
    scheme: str = request.scope.get("scheme", "http")
    server = request.scope.get("server")
    if not server:
        return ""  # not known (a test client): the pages' paths stay relative
    host, port = server
    host = f"[{host}]" if ":" in host else host
    shown_port = "" if port in (None, _DEFAULT_PORTS.get(scheme)) else f":{port}"
    return f"{scheme}://{host}{shown_port}"
