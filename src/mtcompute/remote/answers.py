"""Reading a service's answer within bounds: its size, its encoding and its duration.

A server that answers a gigabyte, a body that never ends, a gzip bomb or a byte every half
second must not hold a caller's memory or time: the answer is streamed and refused
(``ServiceError``) once it passes ``max_bytes`` (at once when its ``Content-Length`` says so), it
is asked for and accepted only unencoded (a body is never decompressed), and it must arrive
whole within ``timeout`` seconds of the request, however it trickles: the call runs within one
``deadline``, which a ``DeadlineTransport`` keeps in every connect and read, the answer's head
included; over another transport (the seam) the body is still checked against it chunk by chunk.
"""

import time
from dataclasses import dataclass

import httpx

from mtcompute.errors import ServiceError
from mtcompute.remote.deadline import deadline

# A few times the largest answer a contract allows (a batch of twenty 4.5 MiB clipping tables).
DEFAULT_MAX_ANSWER_BYTES = 256 * 1024 * 1024
IDENTITY = {"accept-encoding": "identity"}


@dataclass(frozen=True)
class Answer:
    """An answer read whole: its status, reason, the URL it came from, its bytes and its media
    type (``Content-Type`` without parameters, lower case; "" when there is none)."""

    status: int
    reason: str
    url: str
    content: bytes
    media_type: str = ""


def fetch(
    http: httpx.Client, request: httpx.Request, base_url: str, timeout: float, max_bytes: int
) -> Answer:
    """Send ``request`` and read its answer within the bounds; ``ServiceError`` past one, or
    when the service cannot be reached."""
    end = time.monotonic() + timeout
    try:
        with deadline(timeout):
            response = http.send(request, stream=True)
            try:
                content = _read(response, base_url, end, timeout, max_bytes)
            finally:
                response.close()
    except httpx.TimeoutException:
        raise _late(base_url, timeout) from None
    except (httpx.HTTPError, httpx.InvalidURL) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise ServiceError(f"cannot reach {base_url}: {reason}") from None
    media_type = response.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return Answer(
        response.status_code, response.reason_phrase, str(response.url), content, media_type
    )


def _read(
    response: httpx.Response, base_url: str, deadline: float, timeout: float, max_bytes: int
) -> bytes:
    encoding = response.headers.get("content-encoding", "identity").strip().lower()
    if encoding not in ("", "identity"):
        message = f"expected an answer without Content-Encoding, got {encoding!r}"
        raise ServiceError(f"{base_url} answered badly: {message}")
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise _too_large(base_url, max_bytes, f"a Content-Length of {declared}")
    if response.is_stream_consumed:  # a transport that answered bytes already in memory
        if len(response.content) > max_bytes:
            raise _too_large(base_url, max_bytes, f"{len(response.content)} bytes")
        return response.content
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_raw():
        size += len(chunk)
        if size > max_bytes:
            raise _too_large(base_url, max_bytes, f"more than {max_bytes} bytes")
        if time.monotonic() > deadline:
            raise _late(base_url, timeout)
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large(base_url: str, max_bytes: int, got: str) -> ServiceError:
    return ServiceError(
        f"expected an answer of at most {max_bytes} bytes from {base_url}, got {got}"
    )


def _late(base_url: str, timeout: float) -> ServiceError:
    return ServiceError(f"no answer from {base_url} within {timeout:g} s")
