"""The origins named with --allow-cors-origin: checked, and handed to every worker."""

import pytest

from mtcompute.http.app import HttpSettings
from mtcompute.http.server.origins import CORS_ORIGINS_ENV, check_origin, origins_from_environ

ORIGIN = "https://app.example.org"


def test_the_origins_travel_to_the_workers_through_the_environment() -> None:
    environ = {CORS_ORIGINS_ENV: f"{ORIGIN} http://localhost:5173"}
    assert origins_from_environ(environ) == (ORIGIN, "http://localhost:5173")
    assert HttpSettings.from_environ(environ).cors_origins == (ORIGIN, "http://localhost:5173")
    assert origins_from_environ({}) == ()


@pytest.mark.parametrize("origin", ["example.org", "https://example.org/", "ftp://x", ""])
def test_something_that_is_not_an_origin_is_refused_saying_what_one_looks_like(
    origin: str,
) -> None:
    with pytest.raises(ValueError, match=r"expected an origin such as https://example\.org"):
        check_origin(origin)
