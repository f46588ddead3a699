"""Reading a JSON request body without ever holding more than the limit.

A body is refused with 413 before it is read whole: at once when its ``Content-Length`` says it
is too large, and otherwise (a chunked body) as soon as the bytes counted while streaming pass
the limit. A content type that is not JSON is 415 before any byte is read.
"""

from starlette.requests import ClientDisconnect, Request

from mtcompute.http.routes.problems import ProblemError

JSON_MEDIA_TYPE = "application/json"
_JSON_SUFFIX = "+json"


def check_json_media_type(request: Request) -> None:
    """415 unless the body is declared JSON (``application/json`` or ``application/*+json``)."""
    declared = request.headers.get("content-type", "")
    media_type = declared.split(";", 1)[0].strip().lower()
    if media_type == JSON_MEDIA_TYPE or (
        media_type.startswith("application/") and media_type.endswith(_JSON_SUFFIX)
    ):
        return
    shown = repr(declared) if declared else "no Content-Type"
    raise ProblemError(
        415, "unsupported_media_type", f"expected Content-Type {JSON_MEDIA_TYPE}, got {shown}"
    )


def _too_large(max_bytes: int, what: str) -> ProblemError:
    message = f"expected a body of at most {max_bytes} bytes, got {what}"
    return ProblemError(413, "body_too_large", message)


def _check_declared_length(request: Request, max_bytes: int) -> None:
    declared = request.headers.get("content-length")
    # The server has already refused a Content-Length that is not a number.
    if declared is not None and declared.isdigit() and int(declared) > max_bytes:
        raise _too_large(max_bytes, f"a Content-Length of {declared}")


async def read_body(request: Request, max_bytes: int) -> bytes:
    """The whole body, or ``ProblemError`` 413 once it is known to pass ``max_bytes``."""
    _check_declared_length(request, max_bytes)
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > max_bytes:
                raise _too_large(max_bytes, f"more than {max_bytes} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        # Nobody is left to read the answer; it is for the log, which must not say 500.
        message = f"expected a body, got a connection closed after {size} bytes"
        raise ProblemError(400, "incomplete_body", message) from None
    return b"".join(chunks)
