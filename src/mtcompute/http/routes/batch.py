"""``POST /v1/batch``: the ``execute_batch`` meta-tool over HTTP (its page is ``http.site``'s).

    POST /v1/batch              200 {"results": [...]}, whatever the operations' statuses;
                                422 problem+json for a malformed batch, with every violation

The body is read, limited and typed exactly as a single execute's, charged for the answer its
operations can give (``contracts.estimates``), admitted by what its operations cost as written
(``contracts.costs``), and runs in a thread as one does: the event loop keeps answering other
clients while it computes. An operation whose input is bound from an earlier result is charged
its real cost before it runs (``http.server.admitted.BatchCharges``); the batch gives back all
it was charged when it ends. Its operations may answer
``BATCH_ANSWER_BYTES`` in all (``contracts.allowance``): one past that is an ``error``.
"""

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mtcompute import jsonio
from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES, answer_allowance
from mtcompute.contracts.costs import batch_estimate
from mtcompute.contracts.estimates import batch_answer_bytes
from mtcompute.http.routes.body import JSON_MEDIA_TYPE, check_json_media_type, read_body
from mtcompute.http.server.admission import SMALL_BODY_BYTES
from mtcompute.http.server.admitted import prepare, run_admitted
from mtcompute.meta.batch.run import run_batch

BATCH_PATH = "/v1/batch"


def _batch_bytes(raw: object) -> bytes:
    # Run and write in one thread: both are CPU work on a large batch.
    with answer_allowance(BATCH_ANSWER_BYTES):
        return jsonio.dumps(run_batch(raw))


def batch_route(max_body_bytes: int) -> Route:
    async def batch(request: Request) -> Response:
        check_json_media_type(request)
        body = await read_body(request, max_body_bytes)
        raw = await run_in_threadpool(jsonio.loads, body)
        size = min(batch_answer_bytes(raw), BATCH_ANSWER_BYTES)
        large = len(body) > SMALL_BODY_BYTES
        cost = await prepare(request.scope, large, batch_estimate, raw)
        answer = await run_admitted(request.scope, cost, size, _batch_bytes, raw)
        return Response(answer, media_type=JSON_MEDIA_TYPE)

    return Route(BATCH_PATH, batch, methods=["POST"])
