"""The HTTP adapter: parse the request, delegate to the registry, translate errors.

    POST /v1/tools/{id}/versions/{version}/execute   200 {"result": {...}}
    POST /v1/batch                                   200 {"results": [...]} (``http.batch``)
    GET  /v1/tools                                   the tools: id, versions, title, summary
    GET  /v1/tools/{id}/versions/{version}           the machine-readable contract
    GET  /, /tools, /tools/{id}, /docs               the pages for people (``http.site``)
    GET  /openapi.json                               OpenAPI 3.1 with every contract's schemas
    GET  /healthz                                    liveness
    POST /mcp                                        MCP, Streamable HTTP (``mtcompute.mcp.server``)

Errors are problem+json (``http_problems``). Nothing here computes or validates: the bytes go
through the same ``jsonio.loads`` → ``api.execute`` → ``jsonio.dumps`` as the CLI and library, so
an answer's bytes equal theirs.
"""

import os
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from mtcompute import api, jsonio
from mtcompute.contracts.registry import all_tools
from mtcompute.errors import MtcomputeError
from mtcompute.http.api.batch import batch_route
from mtcompute.http.api.body import JSON_MEDIA_TYPE, check_json_media_type, read_body
from mtcompute.http.api.openapi import openapi_document
from mtcompute.http.api.problems import (
    ProblemError,
    on_mtcompute_error,
    on_problem,
    on_unexpected,
)
from mtcompute.http.mcp_mount import mcp_route
from mtcompute.http.pages.site import on_http_exception, site_routes
from mtcompute.http.server.admission import BodyAdmission
from mtcompute.http.server.cors import cors_middleware
from mtcompute.http.server.guard import RequestGuard
from mtcompute.http.server.log import RequestLog
from mtcompute.http.server.origins import origins_from_environ, origins_to_environ
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

    def to_environ(self) -> dict[str, str]:
        """The settings besides ``mcp``'s as environment variables, for ``from_environ``."""
        return {
            MAX_BODY_BYTES_ENV: str(self.max_body_bytes),
            PUBLIC_URL_ENV: self.public_url or "",
            CHECK_HOST_ENV: "1" if self.check_host else "",
            **origins_to_environ(self.cors_origins),
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
        )


def _json(value: object) -> Response:
    return Response(jsonio.dumps(value), media_type=JSON_MEDIA_TYPE)


def _execute_bytes(tool_id: str, version: str, body: bytes) -> bytes:
    # The CLI's own order: parse the JSON, then look the tool up, then run it.
    return jsonio.dumps(api.execute_answer(tool_id, version, jsonio.loads(body)))


def _execute_endpoint(settings: HttpSettings) -> Route:
    async def execute(request: Request) -> Response:
        check_json_media_type(request)
        body = await read_body(request, settings.max_body_bytes)
        tool_id, version = request.path_params["id"], request.path_params["version"]
        # Parsing and scoring are CPU work: a thread keeps the event loop answering meanwhile.
        answer = await run_in_threadpool(_execute_bytes, tool_id, version, body)
        return Response(answer, media_type=JSON_MEDIA_TYPE)

    return Route("/v1/tools/{id}/versions/{version}/execute", execute, methods=["POST"])


async def _list_tools(_: Request) -> Response:
    return _json({"tools": api.tools()})


async def _describe(request: Request) -> Response:
    return _json(api.describe(request.path_params["id"], request.path_params["version"]))


async def _openapi(_: Request) -> Response:
    return _json(openapi_document(tool.contract for tool in all_tools()))


async def _healthz(_: Request) -> Response:
    return _json({"status": "ok"})


def api_routes(settings: HttpSettings) -> list[BaseRoute]:
    """The routes of the HTTP API (every path in the module docstring)."""
    return [
        _execute_endpoint(settings),
        batch_route(settings.max_body_bytes),
        Route("/v1/tools", _list_tools, methods=["GET"]),
        Route("/v1/tools/{id}/versions/{version}", _describe, methods=["GET"]),
        Route("/openapi.json", _openapi, methods=["GET"]),
        Route("/healthz", _healthz, methods=["GET"]),
    ]


def create_app(settings: HttpSettings | None = None) -> Starlette:
    """The ASGI app serving every registered tool.

    Extension seam (for another transport in the same app, such as MCP at ``/mcp``): add its
    ``Route``/``Mount`` to ``routes`` below, and enter whatever must run while the app serves
    (an SDK's session manager, say) inside ``lifespan`` around its ``yield``. Both are built
    here, per app, so each app (and each worker process) owns its own state.
    """
    settings = settings or HttpSettings()
    mcp_path, mcp = mcp_route(settings.mcp, settings.max_body_bytes)
    routes = [*api_routes(settings), *site_routes(), mcp_path]

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with mcp.lifespan():
            yield

    host_patterns = settings.mcp.host_patterns() if settings.check_host else None
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            *cors_middleware(settings.cors_origins),
            Middleware(RequestLog),
            Middleware(RequestGuard, host_patterns=host_patterns),
            Middleware(BodyAdmission, max_body_bytes=settings.max_body_bytes),
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
