"""A base URL is checked before anything is sent; each common slip says how to fix it."""

import pytest

from mtcompute.errors import InvalidBaseUrlError
from mtcompute.remote.base_url import checked_base_url


@pytest.mark.parametrize(
    ("url", "checked"),
    [
        ("http://127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000"),
        ("https://mt.example.org/mtcompute/", "https://mt.example.org/mtcompute"),
        ("  http://localhost:8000 ", "http://localhost:8000"),
    ],
)
def test_a_good_base_url_loses_only_its_trailing_slash(url: str, checked: str) -> None:
    assert checked_base_url(url) == checked


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("localhost:8000", "has no scheme: write it as http://localhost:8000"),
        ("127.0.0.1:8000/", "has no scheme: write it as http://127.0.0.1:8000"),
        ("ftp://example.org", "expected http:// or https://"),
        ("http://", "has no host"),
        ("http://127.0.0.1:8000/v1", "ends in /v1: give the server's root, http://127.0.0.1:8000"),
        ("http://h:8000/api/v1/", "give the server's root, http://h:8000/api"),
    ],
)
def test_a_malformed_base_url_says_how_to_fix_it(url: str, message: str) -> None:
    with pytest.raises(InvalidBaseUrlError, match="base URL") as caught:
        checked_base_url(url)
    assert message in str(caught.value)
    assert caught.value.exit_code == 2
    assert isinstance(caught.value, ValueError)
    assert caught.value.errors[0]["code"] == "invalid_base_url"
