"""The routes of the JSON API: parse the request, delegate to the library, translate errors.

    POST /v1/tools/{id}/versions/{version}/execute   200 {"result": {...}}
    POST /v1/batch                                   200 {"results": [...]} (``batch``)
    GET  /v1/tools                                   the tools: id, versions, title, summary
    GET  /v1/tools/{id}/versions/{version}           the machine-readable contract, as served
    GET  /openapi.json                               OpenAPI 3.1 with every contract's schemas

A contract is served as this installation runs it (``contracts.served``): a tokenizer enum lists
the tokenizers it has, the others under ``x-unavailable``.
    GET  /healthz                                    liveness

Nothing here computes or validates: the bytes go through the same ``jsonio.loads`` →
``api.execute`` → ``jsonio.dumps`` as the CLI and library, so an answer's bytes equal theirs.
"""

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from mtcompute import api, jsonio
from mtcompute.contracts.costs import Cost, estimate
from mtcompute.contracts.estimates import answer_bytes
from mtcompute.contracts.registry import all_tools
from mtcompute.contracts.served import served
from mtcompute.http.routes.batch import batch_route
from mtcompute.http.routes.body import JSON_MEDIA_TYPE, check_json_media_type, read_body
from mtcompute.http.routes.openapi import openapi_document
from mtcompute.http.server.admission import SMALL_BODY_BYTES
from mtcompute.http.server.admitted import prepare, run_admitted
from mtcompute.meta.bodies import tool_body_limit
from mtcompute.meta.execute import describe_served


def _json(value: object) -> Response:
    return Response(jsonio.dumps(value), media_type=JSON_MEDIA_TYPE)


def _execute_bytes(tool_id: str, version: str, raw: object) -> bytes:
    return jsonio.dumps(api.execute_answer(tool_id, version, raw))


def _parsed_and_estimated(body: bytes, tool_id: str, version: str) -> tuple[object, Cost]:
    raw = jsonio.loads(body)
    return raw, estimate(tool_id, version, raw)


def _execute_endpoint(max_body_bytes: int) -> Route:
    async def execute(request: Request) -> Response:
        check_json_media_type(request)
        tool_id, version = request.path_params["id"], request.path_params["version"]
        body = await read_body(request, tool_body_limit(tool_id, version, max_body_bytes))
        # The CLI's own order: parse the JSON, then look the tool up, then run it. Parsing and
        # scoring are CPU work: a thread keeps the event loop answering meanwhile.
        large = len(body) > SMALL_BODY_BYTES
        raw, cost = await prepare(
            request.scope, large, _parsed_and_estimated, body, tool_id, version
        )
        # Costly work waits for a lane (or is refused at once); small work runs at once.
        size = answer_bytes(tool_id, version, raw)
        answer = await run_admitted(
            request.scope, cost, size, _execute_bytes, tool_id, version, raw
        )
        return Response(answer, media_type=JSON_MEDIA_TYPE)

    return Route("/v1/tools/{id}/versions/{version}/execute", execute, methods=["POST"])


async def _list_tools(_: Request) -> Response:
    return _json({"tools": api.tools()})


async def _describe(request: Request) -> Response:
    tool_id, version = request.path_params["id"], request.path_params["version"]
    return _json(describe_served(tool_id, version))


async def _openapi(_: Request) -> Response:
    return _json(openapi_document(served(tool.contract) for tool in all_tools()))


async def _healthz(_: Request) -> Response:
    return _json({"status": "ok"})


def api_routes(max_body_bytes: int) -> list[BaseRoute]:
    """The routes of the JSON API (every path in the module docstring)."""
    return [
        _execute_endpoint(max_body_bytes),
        batch_route(max_body_bytes),
        Route("/v1/tools", _list_tools, methods=["GET"]),
        Route("/v1/tools/{id}/versions/{version}", _describe, methods=["GET"]),
        Route("/openapi.json", _openapi, methods=["GET"]),
        Route("/healthz", _healthz, methods=["GET"]),
    ]
