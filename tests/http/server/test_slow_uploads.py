"""A client that sends its body slowly holds what it sent, and only until its deadline."""

import json
import time

import httpx
import pytest

from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS, SMALL_INPUT
from tests.http.served import Served
from tests.http.sockets import answers_in, read_until_closed, send_raw

EIGHT_MIB = 8 * 1024 * 1024
STALLED = 5  # 5 x 8 MiB announced: the whole budget of one worker's 40 threads


def _head(content_length: int) -> bytes:
    return (
        f"POST {EXECUTE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {content_length}\r\n\r\n"
    ).encode()


# The stalled uploads would hold the budget until their deadline, past the client's wait.
@pytest.mark.parametrize("serve", [["--request-timeout", "120"]], indirect=True)
def test_uploads_that_announce_much_and_send_a_byte_keep_no_other_request_waiting(
    serve: Served,
) -> None:
    stalled = [send_raw(serve.port, _head(EIGHT_MIB) + b"[") for _ in range(STALLED)]
    try:
        time.sleep(0.5)  # each has been admitted (or would have been made to reserve 8 MiB)
        url = f"http://127.0.0.1:{serve.port}{EXECUTE_PATH}"
        answer = httpx.post(url, json=SMALL_INPUT, headers=JSON_HEADERS, timeout=60)
        assert answer.status_code == 200
    finally:
        for connection in stalled:
            connection.close()


@pytest.mark.parametrize("serve", [["--request-timeout", "2"]], indirect=True)
def test_a_body_sent_in_bursts_is_answered_408_at_its_deadline(serve: Served) -> None:
    burst = b" " * 200_000  # more than uvicorn buffers before it pauses reading
    connection = send_raw(serve.port, _head(EIGHT_MIB))
    sent = 0
    with connection:
        try:
            for _ in range(40):  # 20 s, ten deadlines, if nothing stops it
                connection.sendall(burst)
                sent += 1
                time.sleep(0.5)
        except (BrokenPipeError, ConnectionResetError):
            pass  # closed by the server, as it should be
        connection.settimeout(30)
        try:
            answer = read_until_closed(connection)
        except TimeoutError:
            answer = b""
    assert sent < 40
    assert answers_in(answer) == [408]
    assert b"x-content-type-options: nosniff\r\n" in answer
    problem = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert problem["errors"][0]["code"] == "request_timeout"
