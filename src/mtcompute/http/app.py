"""The HTTP adapter, composed: the JSON API (``http.routes``: ``/v1/...``, ``/openapi.json``,
``/healthz``), the pages for people (``http.pages``: ``/``, ``/tools``, ``/tools/{id}``,
``/docs``), MCP mounted at ``/mcp`` (``http.mcp_mount``), and the server's middleware
(``http.server``). Errors are problem+json (``http.routes.problems``).
"""

import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware

from mtcompute.errors import MtcomputeError
from mtcompute.http.mcp_mount import mcp_route
from mtcompute.http.pages.site import on_http_exception, site_routes
from mtcompute.http.routes.problems import (
    ProblemError,
    on_mtcompute_error,
    on_problem,
    on_unexpected,
)
from mtcompute.http.routes.tools import api_routes
from mtcompute.http.server.accept_errors import log_accept_errors_once_per_interval
from mtcompute.http.server.admission import BodyAdmission
from mtcompute.http.server.admitted import ComputeAdmission
from mtcompute.http.server.compute import ComputeSettings
from mtcompute.http.server.cors import cors_middleware
from mtcompute.http.server.guard import RequestGuard
from mtcompute.http.server.log import RequestLog
from mtcompute.http.server.origins import origins_from_environ, origins_to_environ
from mtcompute.http.server.security_headers import SecurityHeaders
from mtcompute.http.server.slash_redirect import relative_slash_redirects
from mtcompute.mcp.transport import McpSettings
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_ENV

PUBLIC_URL_ENV = "MTCOMPUTE_PUBLIC_URL"
CHECK_HOST_ENV = "MTCOMPUTE_CHECK_HOST"


@dataclass(frozen=True)
class HttpSettings:
    """How one app behaves; ``from_environ`` reads it in each worker process of ``serve``."""

    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    mcp: McpSettings = field(default_factory=McpSettings)
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call the API (``http.cors``)
    # The address the pages show (``base_url``); and whether every path checks Host as /mcp does.
    public_url: str | None = None
    check_host: bool = False
    compute: ComputeSettings = field(default_factory=ComputeSettings)  # ``http.server.compute``

    def to_environ(self) -> dict[str, str]:
        """The settings besides ``mcp``'s as environment variables, for ``from_environ``."""
        return {
            MAX_BODY_BYTES_ENV: str(self.max_body_bytes),
            PUBLIC_URL_ENV: self.public_url or "",
            CHECK_HOST_ENV: "1" if self.check_host else "",
            **origins_to_environ(self.cors_origins),
            **self.compute.to_environ(),
        }

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> "HttpSettings":
        mcp = McpSettings.from_environ(environ)
        raw = environ.get(MAX_BODY_BYTES_ENV)
        if raw is not None and (not raw.isdigit() or int(raw) < 1):
            raise ValueError(f"expected {MAX_BODY_BYTES_ENV} to be a positive integer, got {raw!r}")
        return cls(
            max_body_bytes=DEFAULT_MAX_BODY_BYTES if raw is None else int(raw),
            mcp=mcp,
            cors_origins=origins_from_environ(environ),
            public_url=environ.get(PUBLIC_URL_ENV) or None,
            check_host=bool(environ.get(CHECK_HOST_ENV)),
            compute=ComputeSettings.from_environ(environ),
        )


def create_app(settings: HttpSettings | None = None) -> Starlette:
    """The ASGI app serving every registered tool.

    Extension seam (for another transport in the same app, such as MCP at ``/mcp``): add its
    ``Route``/``Mount`` to ``routes`` below, and enter whatever must run while the app serves
    (an SDK's session manager, say) inside ``lifespan`` around its ``yield``. Both are built
    here, per app, so each app (and each worker process) owns its own state.
    """
    settings = settings or HttpSettings()
    mcp_path, mcp = mcp_route(settings.mcp, settings.max_body_bytes)
    routes = [*api_routes(settings.max_body_bytes), *site_routes(), mcp_path]

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        log_accept_errors_once_per_interval()
        async with mcp.lifespan():
            yield

    host_patterns = settings.mcp.host_patterns() if settings.check_host else None
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(SecurityHeaders),
            *cors_middleware(settings.cors_origins),
            Middleware(RequestLog),
            Middleware(RequestGuard, host_patterns=host_patterns),
            Middleware(BodyAdmission, most_wait=settings.compute.max_wait),
            Middleware(ComputeAdmission, settings=settings.compute),
        ],
        exception_handlers={
            MtcomputeError: on_mtcompute_error,
            ProblemError: on_problem,
            HTTPException: on_http_exception,
            Exception: on_unexpected,
        },
    )
    app.state.public_url = settings.public_url  # the pages' address (``http.site``)
    relative_slash_redirects(app.router)
    return app


def app_from_environ() -> Starlette:
    """The factory ``serve`` hands to uvicorn: settings come from the environment, so that each
    worker process builds the same app."""
    return create_app(HttpSettings.from_environ(os.environ))
