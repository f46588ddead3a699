"""A trailing slash too many or too few: a relative redirect, whatever Host the client sent."""

from urllib.parse import urlsplit

from tests.http.sockets import answers_in, read_until_closed, send_raw


def _get(base_url: str, path: str, host: str = "elsewhere.example") -> bytes:
    request = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    with send_raw(urlsplit(base_url).port or 0, request.encode()) as connection:
        return read_until_closed(connection)


def test_a_trailing_slash_redirects_to_the_path_without_it_on_the_same_host(
    base_url: str,
) -> None:
    answer = _get(base_url, "/v1/tools/?x=1")
    assert answers_in(answer) == [307]
    assert b"\r\nlocation: /v1/tools?x=1\r\n" in answer.lower()
    assert b"elsewhere.example" not in answer


def test_a_path_no_route_has_with_or_without_a_slash_is_404(base_url: str) -> None:
    assert answers_in(_get(base_url, "/nowhere/")) == [404]
