"""``--limit-concurrency``: connections take slots in the order they open; past the limit, 503
problem+json with ``Retry-After``, logged, and readable even by a client that sends its whole
body first."""

import asyncio
import re
import time

import httpx
import pytest
from starlette.types import Message, Scope

from mtcompute.http.server.concurrency import DRAINED_BYTES, refuse
from tests.http.inputs import EXECUTE_PATH
from tests.http.served import Served
from tests.http.sockets import WAIT_SECONDS, answers_in, read_until_closed, send_raw

LIMIT = 3
LIMITED = [["--limit-concurrency", str(LIMIT)]]
HEAD_CUT_SHORT = b"GET /healthz HTTP/1.1\r\nX-a: "
HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


@pytest.mark.parametrize("serve", LIMITED, indirect=True)
def test_past_the_limit_a_request_is_told_to_retry_later(serve: Served) -> None:
    held = [send_raw(serve.port, HEAD_CUT_SHORT) for _ in range(LIMIT)]
    try:
        response = httpx.get(f"http://127.0.0.1:{serve.port}/healthz")
    finally:
        for connection in held:
            connection.close()
    assert response.status_code == 503
    assert response.headers["retry-after"] == "1"
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["errors"][0]["code"] == "service_unavailable"
    assert f"at most {LIMIT}" in response.json()["detail"]
    serve.wait_for_line(re.compile(r"GET /healthz 503 "))


@pytest.mark.parametrize("serve", LIMITED, indirect=True)
def test_within_the_limit_requests_are_served(serve: Served) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{serve.port}") as client:
        assert [client.get("/healthz").status_code for _ in range(10)] == [200] * 10


@pytest.mark.parametrize("serve", LIMITED, indirect=True)
def test_one_connection_past_the_limit_is_refused_and_the_first_ones_are_served(
    serve: Served,
) -> None:
    connections = [send_raw(serve.port, b"") for _ in range(LIMIT + 1)]
    time.sleep(0.2)  # every connection open before any request arrives
    for connection in connections:
        connection.sendall(HEALTHZ)
    statuses = []
    for connection in connections:
        with connection:
            statuses += answers_in(read_until_closed(connection))
    assert statuses == [200] * LIMIT + [503]


@pytest.mark.parametrize("serve", LIMITED, indirect=True)
def test_a_slot_is_free_again_once_its_connection_closes(serve: Served) -> None:
    for connection in [send_raw(serve.port, HEAD_CUT_SHORT) for _ in range(LIMIT)]:
        connection.close()
    deadline = time.monotonic() + WAIT_SECONDS
    while httpx.get(f"http://127.0.0.1:{serve.port}/healthz").status_code != 200:
        assert time.monotonic() < deadline, "the slots were never given back"
        time.sleep(0.05)


@pytest.mark.parametrize("serve", LIMITED, indirect=True)
def test_a_refused_client_that_sends_its_whole_body_first_reads_the_answer(
    serve: Served,
) -> None:
    held = [send_raw(serve.port, HEAD_CUT_SHORT) for _ in range(LIMIT)]
    body = b'{"hypotheses": [' + b'["a"], ' * 1_100_000 + b'["a"]]}'  # about 7.3 MiB
    try:
        # httpx writes the whole body before it reads: a connection reset would lose the answer.
        # Whether a reset lands before the read is a race on loopback, so the order itself (the
        # body read, then the answer) is asserted by the unit tests of ``refuse`` below.
        response = httpx.post(
            f"http://127.0.0.1:{serve.port}{EXECUTE_PATH}",
            content=body,
            headers={"Content-Type": "application/json"},
            timeout=WAIT_SECONDS,
        )
    finally:
        for connection in held:
            connection.close()
    assert response.status_code == 503
    assert response.headers["retry-after"] == "1"


def _refused(headers: list[tuple[bytes, bytes]]) -> list[str]:
    """What ``refuse`` did, in order: each body chunk it read and each message it sent."""
    events: list[str] = []
    chunks = [b"a", b"b", b"c"]

    async def receive() -> Message:
        chunk = chunks.pop(0)
        events.append(f"read {chunk.decode()}")
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    async def send(message: Message) -> None:
        events.append(message["type"])

    scope: Scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    asyncio.run(refuse("busy", scope, receive, send))
    return events


def test_a_refusal_reads_the_body_being_sent_before_it_answers() -> None:
    answer = ["http.response.start", "http.response.body"]
    assert _refused([(b"content-length", b"3")]) == ["read a", "read b", "read c", *answer]


def test_a_refusal_answers_a_client_waiting_for_100_continue_at_once() -> None:
    answer = ["http.response.start", "http.response.body"]
    assert _refused([(b"expect", b"100-continue")]) == answer


def test_a_refusal_reads_no_further_than_the_body_limit() -> None:
    chunk = b"x" * (1024 * 1024)
    reads = 0

    async def receive() -> Message:
        nonlocal reads
        reads += 1
        return {"type": "http.request", "body": chunk, "more_body": True}  # a body without end

    async def send(message: Message) -> None:
        pass

    scope: Scope = {"type": "http", "method": "POST", "path": "/", "headers": []}
    asyncio.run(refuse("busy", scope, receive, send))
    assert reads == DRAINED_BYTES // len(chunk) + 1
