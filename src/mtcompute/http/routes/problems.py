"""RFC 9457 problem details: every HTTP error answer, as ``application/problem+json``.

A problem carries the same ``errors`` array of ``{code, pointer, message}`` that the library raises
and the CLI prints, so a client handles one shape whatever went wrong. No answer carries exception
text it did not put there on purpose: a stack trace never leaves the server.
"""

from http import HTTPStatus

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from mtcompute import jsonio
from mtcompute.errors import InputError, MalformedJsonError, MtcomputeError, Violation

PROBLEM_MEDIA_TYPE = "application/problem+json"

# The error class decides the status, as it decides the CLI's exit code.
_STATUS_OF_ERROR: tuple[tuple[type[MtcomputeError], int], ...] = (
    (MalformedJsonError, 400),
    (InputError, 422),
)
_STATUS_OF_UNKNOWN_ERROR = 404


class ProblemError(Exception):
    """An answer the HTTP layer refuses on its own (413, 415): status plus one violation."""

    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.violation = Violation(code=code, pointer="", message=message)
        self.headers = headers


def problem_bytes(status: int, errors: list[Violation]) -> bytes:
    """The problem+json body for ``status``; its detail is the first error's message."""
    body = {
        "type": "about:blank",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": errors[0]["message"] if errors else HTTPStatus(status).description,
        "errors": errors,
    }
    return jsonio.dumps(body)


def problem_response(
    status: int, errors: list[Violation], headers: dict[str, str] | None = None
) -> Response:
    """The problem+json answer for ``status`` (``problem_bytes``)."""
    return Response(problem_bytes(status, errors), status, headers, media_type=PROBLEM_MEDIA_TYPE)


def status_of(error: MtcomputeError) -> int:
    for error_class, status in _STATUS_OF_ERROR:
        if isinstance(error, error_class):
            return status
    return _STATUS_OF_UNKNOWN_ERROR


async def on_mtcompute_error(_: Request, error: Exception) -> Response:
    assert isinstance(error, MtcomputeError)
    return problem_response(status_of(error), error.errors)


async def on_problem(_: Request, error: Exception) -> Response:
    assert isinstance(error, ProblemError)
    return problem_response(error.status, [error.violation], error.headers)


async def on_http_exception(request: Request, error: Exception) -> Response:
    """Starlette's own 404 (no route) and 405 (wrong method), keeping the ``Allow`` header."""
    assert isinstance(error, HTTPException)
    code = HTTPStatus(error.status_code).phrase.lower().replace(" ", "_")
    allowed = (error.headers or {}).get("Allow")
    message = f"no resource at {request.url.path}"
    if allowed is not None:
        message = f"{request.url.path} accepts {allowed}, got {request.method}"
    return problem_response(
        error.status_code,
        [Violation(code=code, pointer="", message=message)],
        dict(error.headers or {}),
    )


async def on_unexpected(_: Request, __: Exception) -> Response:
    """The last line of defence: a 500 that says nothing about the exception behind it."""
    message = "the server failed to answer this request; the failure is logged"
    return problem_response(500, [Violation(code="internal_error", pointer="", message=message)])
