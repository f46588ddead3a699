"""``mtcompute serve``'s connections: a request that does not arrive whole in time is closed."""

import json
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import anyio
import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mtcompute.http.server.admission import BodyAdmission
from mtcompute.http.server.budget import ByteBudget
from mtcompute.http.server.protocol import REQUEST_TIMEOUT_ENV, DeadlineProtocol
from tests.http.inputs import EXECUTE_PATH
from tests.http.served import Served
from tests.http.sockets import answers_in, read_until_closed, send_raw
from tests.live_server import serving

TIMEOUT = ["--request-timeout", "1"]
SLOWLORIS_CONNECTIONS = 50
HEAD_CUT_SHORT = b"GET /healthz HTTP/1.1\r\nX-a: "


@pytest.mark.parametrize("serve", [TIMEOUT], indirect=True)
def test_connections_whose_head_never_ends_are_answered_408_and_closed(serve: Served) -> None:
    connections = [send_raw(serve.port, HEAD_CUT_SHORT) for _ in range(SLOWLORIS_CONNECTIONS)]
    for connection in connections:
        with connection:
            answer = read_until_closed(connection)
        assert answers_in(answer) == [408]
        problem = json.loads(answer.split(b"\r\n\r\n", 1)[1])
        assert problem["errors"][0]["code"] == "request_timeout"
        assert "within 1 s" in problem["detail"]
    assert httpx.get(f"http://127.0.0.1:{serve.port}/healthz").status_code == 200
    # Each is logged, without the method and path that never arrived.
    serve.wait_for_line(re.compile(r"- - 408 1000\.0ms"), count=SLOWLORIS_CONNECTIONS)


@pytest.mark.parametrize("serve", [TIMEOUT], indirect=True)
def test_a_connection_that_sends_nothing_is_closed(serve: Served) -> None:
    with send_raw(serve.port, b"") as connection:
        assert answers_in(read_until_closed(connection)) == [408]


@pytest.mark.parametrize("serve", [TIMEOUT], indirect=True)
def test_a_body_that_stops_halfway_is_answered_408_and_closed(serve: Served) -> None:
    head = (
        f"POST {EXECUTE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n"
    )
    with send_raw(serve.port, head.encode() + b'{"hypotheses": [') as connection:
        assert answers_in(read_until_closed(connection)) == [408]
    # The log says what the client got, and has no traceback.
    serve.wait_for_line(re.compile(rf"POST {EXECUTE_PATH} 408"))
    assert not [line for line in serve.lines if "Traceback" in line]


@pytest.mark.parametrize("serve", [TIMEOUT], indirect=True)
def test_a_kept_alive_connection_serves_request_after_request(serve: Served) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{serve.port}") as client:
        statuses = [client.get("/healthz").status_code for _ in range(20)]
    assert statuses == [200] * 20


def test_a_body_the_server_holds_back_is_not_cut_by_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(REQUEST_TIMEOUT_ENV, "0.5")
    entered, gate = threading.Event(), threading.Event()

    async def endpoint(request: Request) -> Response:
        body = await request.body()
        if body == b"first":
            entered.set()
            await anyio.to_thread.run_sync(gate.wait, 30)
        return Response(str(len(body)))

    app = Starlette(routes=[Route("/", endpoint, methods=["POST"])])
    budget = ByteBudget(len(b"first"))
    admitted = BodyAdmission(app, budget=budget, most_waiting=8, small_body_bytes=0)
    large = b"x" * 512 * 1024  # more than uvicorn buffers: reading pauses while it waits
    with serving(admitted, http=DeadlineProtocol) as url, ThreadPoolExecutor(2) as pool:
        first = pool.submit(httpx.post, url, content=b"first", timeout=60)
        assert entered.wait(30)
        second = pool.submit(httpx.post, url, content=large, timeout=60)
        time.sleep(2)  # four deadlines pass while the second waits for the budget
        gate.set()
        assert first.result().status_code == 200
        assert second.result().text == str(len(large))
