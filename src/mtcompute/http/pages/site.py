"""The pages for people, rendered from the contracts (DESIGN §3 "Pages for people").

    GET /                      what mtcompute is, a search box, every tool, how to connect
    GET /tools?q=              the index; q searches as the MCP ``search`` tool does
    GET /tools/{id}            one tool's page (``tool_view``); /tools/execute-batch the batch's
    GET /score                 text files scored by score-texts, as ``mtcompute score`` prints
    GET /docs                  MCP clients, the HTTP API and its errors, the CLI, Python, limits
    GET /static/...            the stylesheet and the page script, package data
    GET /favicon.ico           the site's icon, where browsers look for it

A browser that asks for HTML gets an HTML 404 for a page that does not exist; any other client
gets problem+json, as from the rest of the API.
"""

from dataclasses import dataclass
from importlib import resources

import anyio.to_thread
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from mtcompute.contracts.registry import catalog, latest
from mtcompute.errors import InputError, UnknownToolError
from mtcompute.http.pages.base_url import base_url_of
from mtcompute.http.pages.batch_view import batch_page
from mtcompute.http.pages.docs_view import docs_context
from mtcompute.http.pages.researchers import SCORE_COMMAND, SCORE_NOTE, SCORE_OUTPUT
from mtcompute.http.pages.score_view import PAGE as SCORE_PAGE
from mtcompute.http.pages.score_view import score_page
from mtcompute.http.pages.templating import render
from mtcompute.http.pages.tool_view import BATCH_PAGE, tool_page
from mtcompute.http.routes.problems import on_http_exception as problem_for_http_exception
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.search import Match, search

# What the home page and the docs show a researcher with text files.
SCORE = {"command": SCORE_COMMAND, "output": SCORE_OUTPUT, "note": SCORE_NOTE}


@dataclass(frozen=True)
class Entry:
    """One tool in a list of tools."""

    id: str
    title: str
    version: str
    summary: str
    href: str


def entries() -> list[Entry]:
    """Every tool's latest version, then the batch meta-tool."""
    tools = [
        Entry(t["id"], t["title"], t["latest"], t["summary"], f"/tools/{t['id']}")
        for t in catalog()
    ]
    return [*tools, Entry(batch_doc.ID, batch_doc.TITLE, "", batch_doc.SUMMARY, BATCH_PAGE)]


def _base_url(request: Request) -> str:
    """Where the pages' snippets call the service: never the request's Host (``base_url``)."""
    return base_url_of(request, getattr(request.app.state, "public_url", None))


def wants_html(request: Request) -> bool:
    """A browser asks for text/html by name; curl, httpx and SDKs send */* or JSON."""
    return "text/html" in request.headers.get("accept", "")


def not_found_page(message: str, query: str = "") -> Response:
    """The 404 page; ``query``, when given, is offered as a search of the tools."""
    page = render("not_found.html", message=message, query=query)
    return HTMLResponse(page, status_code=404)


async def _home(request: Request) -> Response:
    page = render("home.html", entries=entries(), base_url=_base_url(request), score=SCORE)
    return HTMLResponse(page)


async def _tools(request: Request) -> Response:
    """The index; a search runs on a worker thread, off the event loop, and a query over the
    search's caps is answered 422 with the reason, every tool listed below it."""
    query = request.query_params.get("q")
    matches: list[Match] = []
    refused = ""
    if query is not None:
        try:
            matches = await anyio.to_thread.run_sync(search, query)
        except InputError as error:
            refused = error.errors[0]["message"].removesuffix(" at /query")
    page = render("tools.html", query=query, matches=matches, entries=entries(), refused=refused)
    return HTMLResponse(page, status_code=422 if refused else 200)


async def _tool(request: Request) -> Response:
    try:
        contract = latest(request.path_params["id"]).contract
    except UnknownToolError as error:
        if wants_html(request):
            return not_found_page(str(error), query=request.path_params["id"])
        raise
    page = tool_page(contract, _base_url(request))
    return HTMLResponse(render("tool.html", page=page, base_url=_base_url(request)))


async def _batch(request: Request) -> Response:
    page = batch_page(_base_url(request))
    return HTMLResponse(render("tool.html", page=page, base_url=_base_url(request)))


async def _score(request: Request) -> Response:
    return HTMLResponse(render("score.html", page=score_page()))


async def _docs(request: Request) -> Response:
    return HTMLResponse(render("docs.html", **docs_context(_base_url(request)), score=SCORE))


_FAVICON = resources.files("mtcompute.http.pages").joinpath("static", "favicon.ico").read_bytes()


async def _favicon(request: Request) -> Response:
    headers = {"Cache-Control": "public, max-age=86400"}
    return Response(_FAVICON, media_type="image/x-icon", headers=headers)


async def on_http_exception(request: Request, error: Exception) -> Response:
    """Starlette's 404 as a page for a browser; everything else as problem+json."""
    if isinstance(error, HTTPException) and error.status_code == 404 and wants_html(request):
        return not_found_page(f"There is no page at {request.url.path}.")
    return await problem_for_http_exception(request, error)


def site_routes() -> list[BaseRoute]:
    """The pages' routes; the batch's before ``/tools/{id}``, which would take its id."""
    return [
        Route("/", _home, methods=["GET"]),
        Route("/tools", _tools, methods=["GET"]),
        Route("/docs", _docs, methods=["GET"]),
        Route(SCORE_PAGE, _score, methods=["GET"]),
        Route("/favicon.ico", _favicon, methods=["GET"]),
        Route(BATCH_PAGE, _batch, methods=["GET"]),
        Route("/tools/{id}", _tool, methods=["GET"]),
        Mount("/static", StaticFiles(packages=[("mtcompute.http.pages", "static")]), name="static"),
    ]
