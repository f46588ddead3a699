"""Every answer, page or JSON, tells a browser to load only the server's own files, never to be
framed, never to guess a content type, and to send no referrer."""

import httpx
import pytest

from mtcompute.http.server.security_headers import SECURITY_HEADERS
from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS

ANSWERS = [
    ("GET", "/", None),
    ("GET", "/tools/bleu-corpus-compute", None),
    ("GET", "/static/site.js", None),
    ("GET", "/v1/tools", None),
    ("GET", "/nowhere", None),
    ("POST", EXECUTE_PATH, b'{"hypotheses": []}'),
    ("POST", EXECUTE_PATH, b"not json"),
]


@pytest.mark.parametrize(("method", "path", "body"), ANSWERS)
def test_each_answer_carries_the_security_headers(
    client: httpx.Client, method: str, path: str, body: bytes | None
) -> None:
    answer = client.request(method, path, content=body, headers=JSON_HEADERS)
    for name, value in SECURITY_HEADERS:
        assert answer.headers[name.decode()] == value.decode()


def test_the_policy_forbids_other_sources_and_framing(client: httpx.Client) -> None:
    policy = client.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert client.get("/").headers["x-frame-options"] == "DENY"


def test_the_security_headers_arrive_over_a_real_socket(live_client: httpx.Client) -> None:
    answer = live_client.get("/")
    for name, value in SECURITY_HEADERS:
        assert answer.headers[name.decode()] == value.decode()
