"""Eight clients at once, each sending a mix of the largest valid inputs, small valid inputs and
invalid ones: every answer is the right one, none is a 5xx, and the server answers afterwards."""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import httpx

from mtcompute import jsonio
from tests.http.inputs import (
    EXECUTE_PATH,
    JSON_HEADERS,
    SMALL_INPUT,
    expected_answer,
    expected_errors,
    maximum_input,
)

_CLIENTS = 8
_REQUESTS_PER_CLIENT = 50


@dataclass(frozen=True)
class Exchange:
    """A request and the answer it must get: status and body (or the problem's errors)."""

    path: str
    body: bytes
    status: int
    answer: bytes


def _valid(document: object) -> Exchange:
    return Exchange(EXECUTE_PATH, jsonio.dumps(document), 200, expected_answer(document))


def _invalid(document: object) -> Exchange:
    errors = jsonio.dumps(expected_errors(document))
    return Exchange(EXECUTE_PATH, jsonio.dumps(document), 422, errors)


def _mix() -> list[Exchange]:
    """Ten kinds of request; client i sends them in turn starting from the i-th, so at every
    moment some client has a maximum-size input in flight."""
    small = _valid(SMALL_INPUT)
    not_json = Exchange(EXECUTE_PATH, b'{"hypotheses": NaN}', 400, b"")
    unknown = Exchange(EXECUTE_PATH.replace("1.0.0", "7.0.0"), small.body, 404, b"")
    return [
        _valid(maximum_input()),
        small,
        _invalid({"hypotheses": [["a"]], "references": [[["a"]], [["b"]]]}),
        not_json,
        _valid({**SMALL_INPUT, "decimals": 2}),
        _invalid({**maximum_input(), "max_order": 9}),
        unknown,
        small,
        _invalid({"hypotheses": [[""]], "references": [[[]]], "decimals": 0.5}),
        not_json,
    ]


def _check(client: httpx.Client, exchange: Exchange) -> None:
    response = client.post(exchange.path, content=exchange.body, headers=JSON_HEADERS)
    assert response.status_code == exchange.status
    if exchange.status == 200:
        assert response.content == exchange.answer
    elif exchange.answer:
        assert jsonio.dumps(response.json()["errors"]) == exchange.answer


def _client_session(base_url: str, first: int, mix: list[Exchange]) -> int:
    with httpx.Client(base_url=base_url, timeout=120) as client:
        for index in range(first, first + _REQUESTS_PER_CLIENT):
            _check(client, mix[index % len(mix)])
    return _REQUESTS_PER_CLIENT


def test_eight_concurrent_clients_each_get_every_answer_right(base_url: str) -> None:
    mix = _mix()
    with ThreadPoolExecutor(_CLIENTS) as pool:
        sessions = [pool.submit(_client_session, base_url, i, mix) for i in range(_CLIENTS)]
        assert sum(session.result() for session in sessions) == _CLIENTS * _REQUESTS_PER_CLIENT
    assert httpx.get(f"{base_url}/healthz").status_code == 200
