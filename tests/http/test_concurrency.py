"""``--limit-concurrency``: past the limit, 503 problem+json with ``Retry-After``."""

import httpx
import pytest

from tests.http.served import Served
from tests.http.sockets import send_raw

LIMIT = 3


@pytest.mark.parametrize("serve", [["--limit-concurrency", str(LIMIT)]], indirect=True)
def test_past_the_limit_a_request_is_told_to_retry_later(serve: Served) -> None:
    held = [send_raw(serve.port, b"GET /healthz HTTP/1.1\r\nX-a: ") for _ in range(LIMIT)]
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


@pytest.mark.parametrize("serve", [["--limit-concurrency", str(LIMIT)]], indirect=True)
def test_within_the_limit_requests_are_served(serve: Served) -> None:
    with httpx.Client(base_url=f"http://127.0.0.1:{serve.port}") as client:
        assert [client.get("/healthz").status_code for _ in range(10)] == [200] * 10
