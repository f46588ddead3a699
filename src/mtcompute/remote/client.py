"""Calling a remote mtcompute service: the answer comes back as the local call would give it.

A result is the ``result`` object (of a batch, its ``{"results": [...]}``); a problem answer is
raised as the error the library raises for the same input (``InputError``, ``UnknownToolError``),
so the CLI prints the same thing and exits with the same code; a server that cannot be reached,
times out or answers otherwise is a ``ServiceError``. ``Client`` offers the same calls as the
library's ``execute``, ``describe``, ``tools`` and ``execute_batch``, over one connection pool.
"""

from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any
from urllib.parse import quote

import httpx

from mtcompute import jsonio
from mtcompute.contracts.contract import JsonObject
from mtcompute.errors import (
    InputError,
    MalformedJsonError,
    MtcomputeError,
    ServiceError,
    UnknownToolError,
    Violation,
)
from mtcompute.remote.base_url import checked_base_url
from mtcompute.settings import DEFAULT_TIMEOUT_SECONDS

_JSON = {"content-type": "application/json"}

_INPUT_STATUSES = (400, 413, 415, 422)
_UNKNOWN_STATUS = 404


def version_url(base_url: str, tool_id: str, version: str) -> str:
    tool, ver = quote(tool_id, safe=""), quote(version, safe="")
    return f"{base_url.rstrip('/')}/v1/tools/{tool}/versions/{ver}"


def execute_url(base_url: str, tool_id: str, version: str) -> str:
    return f"{version_url(base_url, tool_id, version)}/execute"


def execute_remote(
    base_url: str, tool_id: str, version: str, body: bytes, *, timeout: float
) -> JsonObject:
    """POST ``body`` to the tool's execute route and return the ``result`` object."""
    result: JsonObject = _post(base_url, execute_url(base_url, tool_id, version), body, timeout)
    return result


def execute_remote_answer(
    base_url: str, tool_id: str, version: str, body: bytes, *, timeout: float
) -> JsonObject:
    """The whole answer, ``{"result": ...}`` (and the ``version`` that ``latest`` named)."""
    url = execute_url(base_url, tool_id, version)
    answer: JsonObject = _post(base_url, url, body, timeout, member=None)
    return answer


def batch_remote(base_url: str, body: bytes, *, timeout: float) -> JsonObject:
    """POST the batch ``body`` to ``/v1/batch`` and return the answer, ``{"results": [...]}``."""
    url = f"{base_url.rstrip('/')}/v1/batch"
    return {"results": _post(base_url, url, body, timeout, member="results")}


def _post(
    base_url: str, url: str, body: bytes, timeout: float, *, member: str | None = "result"
) -> Any:
    """The ``member`` of a 200 answer to the POST (``None``: all of it); any other answer
    raised as its error."""
    send = lambda: httpx.post(url, content=body, headers=_JSON, timeout=timeout)  # noqa: E731
    return _answer_of(_sent(send, base_url, timeout), member)


def _sent(send: Callable[[], httpx.Response], base_url: str, timeout: float) -> httpx.Response:
    try:
        return send()
    except httpx.TimeoutException:
        raise ServiceError(f"no answer from {base_url} within {timeout:g} s") from None
    except (httpx.HTTPError, httpx.InvalidURL) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise ServiceError(f"cannot reach {base_url}: {reason}") from None


def _answer_of(response: httpx.Response, member: str | None) -> Any:
    try:
        answer: Any = jsonio.loads(response.content)
        if response.status_code == httpx.codes.OK:
            return answer if member is None else answer[member]
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


class Client:
    """A remote mtcompute service, called as the library is: ``execute``, ``describe``,
    ``tools`` and ``execute_batch`` answer what ``mtcompute``'s functions of those names answer,
    and raise the same errors (``InputError``, ``UnknownToolError``), or ``ServiceError`` when
    the service cannot be reached, times out or answers otherwise.

    ``base_url`` is the server's root, e.g. ``http://127.0.0.1:8000`` (a malformed one is an
    ``InvalidBaseUrlError`` saying how to fix it). Use it as a context manager, or ``close()``
    it, to release its connections. ``transport`` is httpx's seam: another way to reach the
    service (an app in this process, say), which the client then uses instead of the network.
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = checked_base_url(base_url)
        self.timeout = timeout
        self._http = httpx.Client(
            timeout=timeout, headers={"accept": "application/json"}, transport=transport
        )

    def execute(self, tool_id: str, version: str, input: object) -> JsonObject:
        """The tool's result object for ``input`` (``version`` may be ``latest``)."""
        url = execute_url(self.base_url, tool_id, version)
        result: JsonObject = self._post(url, "result", input)
        return result

    def describe(self, tool_id: str, version: str) -> JsonObject:
        """The machine-readable contract; with ``latest``, its ``version`` is the newest."""
        contract: JsonObject = self._get(version_url(self.base_url, tool_id, version), None)
        return contract

    def tools(self) -> list[JsonObject]:
        """Every tool: id, versions, latest version, title and summary."""
        listed: list[JsonObject] = self._get(f"{self.base_url}/v1/tools", "tools")
        return listed

    def execute_batch(self, operations: Sequence[object]) -> list[JsonObject]:
        """The meta-tool's ``results``, one per operation, whatever their statuses."""
        body = {"operations": list(operations)}
        results: list[JsonObject] = self._post(f"{self.base_url}/v1/batch", "results", body)
        return results

    def _post(self, url: str, member: str, value: object) -> Any:
        try:
            body = jsonio.dumps(value)
        except TypeError as error:  # orjson's encode error: a set, an object, a NaN...
            raise MalformedJsonError(f"the input cannot be sent as JSON: {error}") from None
        send = lambda: self._http.post(url, content=body, headers=_JSON)  # noqa: E731
        return _answer_of(_sent(send, self.base_url, self.timeout), member)

    def _get(self, url: str, member: str | None) -> Any:
        send = lambda: self._http.get(url)  # noqa: E731
        return _answer_of(_sent(send, self.base_url, self.timeout), member)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Client({self.base_url!r})"
