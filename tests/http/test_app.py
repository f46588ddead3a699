"""The app factory: settings, the environment that carries them to workers, and the last line
of defence against an unforeseen exception."""

import httpx
import pytest
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from mtcompute.cli.serve import serve as serve_command
from mtcompute.http.app import HttpSettings, create_app
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES, MAX_BODY_BYTES_ENV
from tests.live_server import serving


def test_settings_default_to_an_8_mib_body_limit() -> None:
    assert HttpSettings().max_body_bytes == DEFAULT_MAX_BODY_BYTES == 8 * 1024 * 1024
    assert HttpSettings.from_environ({}) == HttpSettings()


def test_settings_read_the_body_limit_from_the_environment() -> None:
    assert HttpSettings.from_environ({MAX_BODY_BYTES_ENV: "1024"}).max_body_bytes == 1024


@pytest.mark.parametrize("raw", ["", "0", "-5", "8MiB", "1e6"])
def test_a_body_limit_that_is_not_a_positive_integer_is_refused_by_name(raw: str) -> None:
    with pytest.raises(ValueError, match=MAX_BODY_BYTES_ENV):
        HttpSettings.from_environ({MAX_BODY_BYTES_ENV: raw})


async def _fail(_: Request) -> Response:
    raise RuntimeError("secret internals")


def test_an_unforeseen_exception_is_a_500_problem_that_does_not_show_it() -> None:
    app = create_app()
    app.router.routes.append(Route("/fail", _fail))
    with serving(app) as url:
        response = httpx.get(f"{url}/fail")
    assert response.status_code == 500
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["errors"][0]["code"] == "internal_error"
    assert "secret" not in response.text
    assert "RuntimeError" not in response.text


def test_serve_offers_the_same_default_body_limit_as_the_app() -> None:
    option = next(param for param in serve_command.params if param.name == "max_body_bytes")
    assert option.default == HttpSettings().max_body_bytes == DEFAULT_MAX_BODY_BYTES
