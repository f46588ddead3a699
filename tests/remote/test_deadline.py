"""``DeadlineTransport`` keeps one deadline over a whole call, on a real port: past it, any
connect or read fails as httpx's timeout; without one, it is httpx's transport."""

import socket
import time
from functools import partial

import httpx
import pytest

from mtcompute.remote.deadline import DeadlineTransport, deadline
from tests.remote import hostile_servers as hostile


def _unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_without_a_deadline_the_transport_answers_as_httpxs_does() -> None:
    with (
        hostile.answering(lambda: hostile.whole("200 OK", b'{"tools": []}')) as url,
        httpx.Client(transport=DeadlineTransport()) as http,
    ):
        answer = http.get(url)
    assert (answer.status_code, answer.json()) == (200, {"tools": []})


def test_a_call_whose_deadline_has_passed_times_out_before_it_connects() -> None:
    # Nothing listens there: a connect would be a ConnectError, not a timeout.
    url = f"http://127.0.0.1:{_unused_port()}"
    with (
        httpx.Client(transport=DeadlineTransport()) as http,
        deadline(0),
        pytest.raises(httpx.TimeoutException),
    ):
        http.get(url)


def test_a_server_that_is_not_there_is_httpxs_network_error() -> None:
    url = f"http://127.0.0.1:{_unused_port()}"
    with (
        httpx.Client(transport=DeadlineTransport()) as http,
        deadline(5),
        pytest.raises(httpx.NetworkError),
    ):
        http.get(url)


def test_a_body_that_trickles_past_the_deadline_is_cut_there_whatever_the_read_timeout() -> None:
    # Each byte comes well within the read timeout (60 s); only the deadline can stop it.
    speech = partial(hostile.trickle, b" " * 1000, 0.1)
    start = time.monotonic()
    with (
        hostile.answering(speech) as url,
        httpx.Client(transport=DeadlineTransport(), timeout=60) as http,
        deadline(0.5),
        pytest.raises(httpx.TimeoutException),
        http.stream("GET", url) as answer,
    ):
        answer.read()
    assert time.monotonic() - start < 3 * 0.5
