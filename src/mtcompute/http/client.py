"""Calling a remote mtcompute service: the answer comes back as the local call would give it.

A result is the ``result`` object (of a batch, its ``{"results": [...]}``); a problem answer is
raised as the error the library raises for the same input (``InputError``, ``UnknownToolError``),
so the CLI prints the same thing and exits with the same code; a server that cannot be reached,
times out or answers otherwise is a ``ServiceError``.
"""

from typing import Any
from urllib.parse import quote

import httpx

from mtcompute import jsonio
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import InputError, MtcomputeError, ServiceError, UnknownToolError, Violation

_INPUT_STATUSES = (400, 413, 415, 422)
_UNKNOWN_STATUS = 404


def execute_url(base_url: str, tool_id: str, version: str) -> str:
    tool, ver = quote(tool_id, safe=""), quote(version, safe="")
    return f"{base_url.rstrip('/')}/v1/tools/{tool}/versions/{ver}/execute"


def execute_remote(
    base_url: str, tool_id: str, version: str, body: bytes, *, timeout: float
) -> JsonObject:
    """POST ``body`` to the tool's execute route and return the ``result`` object."""
    result: JsonObject = _post(base_url, execute_url(base_url, tool_id, version), body, timeout)
    return result


def batch_remote(base_url: str, body: bytes, *, timeout: float) -> JsonObject:
    """POST the batch ``body`` to ``/v1/batch`` and return the answer, ``{"results": [...]}``."""
    url = f"{base_url.rstrip('/')}/v1/batch"
    return {"results": _post(base_url, url, body, timeout, member="results")}


def _post(base_url: str, url: str, body: bytes, timeout: float, *, member: str = "result") -> Any:
    """The ``member`` of a 200 answer to the POST; any other answer raised as its error."""
    headers = {"content-type": "application/json"}
    try:
        response = httpx.post(url, content=body, headers=headers, timeout=timeout)
    except httpx.TimeoutException:
        raise ServiceError(f"no answer from {base_url} within {timeout:g} s") from None
    except (httpx.HTTPError, httpx.InvalidURL) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise ServiceError(f"cannot reach {base_url}: {reason}") from None
    return _answer_of(response, member)


def _answer_of(response: httpx.Response, member: str) -> Any:
    try:
        answer: Any = jsonio.loads(response.content)
        if response.status_code == httpx.codes.OK:
            return answer[member]
        errors: list[Violation] = answer["errors"]
        first = errors[0]
    except (MtcomputeError, LookupError, TypeError):
        raise _unexpected(response) from None
    if response.status_code == _UNKNOWN_STATUS and first["code"].startswith("unknown_"):
        raise UnknownToolError(first["message"], code=first["code"])
    if response.status_code in _INPUT_STATUSES:
        raise InputError(errors)
    raise _unexpected(response)


def _unexpected(response: httpx.Response) -> ServiceError:
    return ServiceError(f"{response.url} answered {response.status_code} {response.reason_phrase}")
