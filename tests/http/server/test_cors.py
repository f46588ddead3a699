"""CORS: off by default; with origins named, their preflights and calls are answered."""

from collections.abc import Iterator

import httpx
import pytest

from mtcompute.http.app import HttpSettings, create_app
from tests.http.inputs import EXECUTE_PATH, JSON_HEADERS, SMALL_INPUT
from tests.live_server import serving

ORIGIN = "https://app.example.org"
PREFLIGHT = {
    "origin": ORIGIN,
    "access-control-request-method": "POST",
    "access-control-request-headers": "content-type",
}


@pytest.fixture(scope="module")
def cors_client() -> Iterator[httpx.Client]:
    app = create_app(HttpSettings(cors_origins=(ORIGIN, "http://localhost:5173")))
    with serving(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        yield client


def test_a_preflight_from_an_allowed_origin_is_answered(cors_client: httpx.Client) -> None:
    response = cors_client.options(EXECUTE_PATH, headers=PREFLIGHT)
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == ORIGIN
    assert "POST" in response.headers["access-control-allow-methods"]
    assert "content-type" in response.headers["access-control-allow-headers"].lower()


def test_a_call_from_an_allowed_origin_may_be_read_by_its_page(cors_client: httpx.Client) -> None:
    response = cors_client.post(
        EXECUTE_PATH, json=SMALL_INPUT, headers={**JSON_HEADERS, "origin": ORIGIN}
    )
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == ORIGIN


def test_an_error_answer_may_be_read_by_the_page_too(cors_client: httpx.Client) -> None:
    response = cors_client.post(EXECUTE_PATH, json={}, headers={"origin": ORIGIN})
    assert response.status_code == 422
    assert response.headers["access-control-allow-origin"] == ORIGIN


def test_a_preflight_from_another_origin_is_refused(cors_client: httpx.Client) -> None:
    response = cors_client.options(EXECUTE_PATH, headers={**PREFLIGHT, "origin": "https://evil"})
    assert response.status_code == 400
    assert "access-control-allow-origin" not in response.headers


def test_cors_is_off_by_default(client: httpx.Client) -> None:
    preflight = client.options(EXECUTE_PATH, headers=PREFLIGHT)
    assert preflight.status_code == 405
    answer = client.post(EXECUTE_PATH, json=SMALL_INPUT, headers={"origin": ORIGIN})
    assert "access-control-allow-origin" not in answer.headers
