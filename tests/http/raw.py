"""HTTP requests written by hand, for what a well-behaved client will not send: a body announced
but never sent, or a chunked body cut off before its end."""

import http.client
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class RawAnswer:
    status: int
    headers: dict[str, str]
    body: Any


def _connection(base_url: str) -> http.client.HTTPConnection:
    parts = urlsplit(base_url)
    return http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)


def _answer(connection: http.client.HTTPConnection) -> RawAnswer:
    response = connection.getresponse()
    headers = {name.lower(): value for name, value in response.getheaders()}
    return RawAnswer(response.status, headers, json.loads(response.read()))


def post_announcing(base_url: str, path: str, content_length: int) -> RawAnswer:
    """POST headers claiming ``content_length`` bytes, send none of them, read the answer."""
    connection = _connection(base_url)
    try:
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Content-Length", str(content_length))
        connection.endheaders()
        return _answer(connection)
    finally:
        connection.close()


def post_chunks_unfinished(base_url: str, path: str, chunks: Iterable[bytes]) -> RawAnswer:
    """POST a chunked body made of ``chunks`` without its closing chunk, then read the answer."""
    connection = _connection(base_url)
    try:
        connection.putrequest("POST", path)
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.endheaders()
        for chunk in chunks:
            connection.send(b"%x\r\n%b\r\n" % (len(chunk), chunk))
        return _answer(connection)
    finally:
        connection.close()
