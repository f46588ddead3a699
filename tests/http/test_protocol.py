"""``mtcompute serve``'s connections: a request that does not arrive whole in time is closed."""

import json
import re

import httpx
import pytest

from tests.http.inputs import EXECUTE_PATH
from tests.http.served import Served
from tests.http.sockets import answers_in, read_until_closed, send_raw

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
    # The app saw the client leave mid-body: a 400 in the log, no traceback.
    serve.wait_for_line(re.compile(rf"POST {EXECUTE_PATH} 400"))
    assert not [line for line in serve.lines if "Traceback" in line]


@pytest.mark.parametrize("serve", [TIMEOUT], indirect=True)
def test_a_kept_alive_connection_serves_request_after_request(serve: Served) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{serve.port}") as client:
        statuses = [client.get("/healthz").status_code for _ in range(20)]
    assert statuses == [200] * 20
