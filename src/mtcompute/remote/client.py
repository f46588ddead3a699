"""Calling a remote mtcompute service: the answer comes back as the local call would give it.

A result is the ``result`` object (of a batch, its ``{"results": [...]}``); a problem answer is
raised as the error the library raises for the same input (``InputError``, ``UnknownToolError``),
so the CLI prints the same thing and exits with the same code; a server that cannot be reached,
times out, answers too much or answers otherwise is a ``ServiceError`` (``answers``). ``Client``
offers the same calls as the library's ``execute``, ``describe``, ``tools`` and
``execute_batch``, over one connection pool.
"""

from collections.abc import Sequence
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
from mtcompute.remote.answers import DEFAULT_MAX_ANSWER_BYTES, IDENTITY, Answer, fetch
from mtcompute.remote.base_url import checked_base_url
from mtcompute.remote.deadline import DeadlineTransport
from mtcompute.settings import DEFAULT_TIMEOUT_SECONDS

_JSON = {"content-type": "application/json"}
_JSON_MEDIA_TYPES = frozenset({"application/json", "application/problem+json"})

_INPUT_STATUSES = (400, 413, 415, 422)
_UNKNOWN_STATUS = 404
_VIOLATION_KEYS = ("code", "pointer", "message")


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
    with httpx.Client(timeout=timeout, transport=DeadlineTransport()) as http:
        request = http.build_request("POST", url, content=body, headers={**_JSON, **IDENTITY})
        return _answer_of(fetch(http, request, base_url, timeout, DEFAULT_MAX_ANSWER_BYTES), member)


def _answer_of(answer: Answer, member: str | None) -> Any:
    if answer.media_type not in _JSON_MEDIA_TYPES:
        # A page of a proxy or a login portal may hold JSON-looking text: it is not an answer.
        got = repr(answer.media_type) if answer.media_type else "no Content-Type"
        raise ServiceError(
            f"{answer.url} answered {answer.status} {answer.reason} with {got}, expected JSON "
            "(application/json or application/problem+json)"
        )
    try:
        value: Any = jsonio.loads(answer.content)
    except MtcomputeError:
        raise _unexpected(answer) from None
    if answer.status == httpx.codes.OK:
        if member is None:
            return value
        if isinstance(value, dict) and member in value:
            return value[member]
        raise _unexpected(answer)
    errors = _problem_errors(value)
    if errors is None:
        raise _unexpected(answer)
    first = errors[0]
    if answer.status == _UNKNOWN_STATUS and first["code"].startswith("unknown_"):
        raise UnknownToolError(first["message"], code=first["code"])
    if answer.status in _INPUT_STATUSES:
        raise InputError(errors)
    raise _unexpected(answer)


def _problem_errors(value: object) -> list[Violation] | None:
    """The ``errors`` of a problem answer, when it is a non-empty list of ``{code, pointer,
    message}`` strings; None for anything else a server may answer."""
    errors = value.get("errors") if isinstance(value, dict) else None
    if not isinstance(errors, list) or not errors:
        return None
    for error in errors:
        if not isinstance(error, dict) or not all(
            isinstance(error.get(key), str) for key in _VIOLATION_KEYS
        ):
            return None
    return [Violation(code=e["code"], pointer=e["pointer"], message=e["message"]) for e in errors]


def _unexpected(answer: Answer) -> ServiceError:
    return ServiceError(f"{answer.url} answered {answer.status} {answer.reason}")


class Client:
    """A remote mtcompute service, called as the library is: ``execute``, ``describe``,
    ``tools`` and ``execute_batch`` answer what ``mtcompute``'s functions of those names answer,
    and raise the same errors (``InputError``, ``UnknownToolError``), or ``ServiceError`` when
    the service cannot be reached, times out or answers otherwise.

    ``base_url`` is the server's root, e.g. ``http://127.0.0.1:8000`` (a malformed one is an
    ``InvalidBaseUrlError`` saying how to fix it). Use it as a context manager, or ``close()``
    it, to release its connections. ``transport`` is httpx's seam: another way to reach the
    service (an app in this process, say), which the client then uses instead of the network.

    Each call, from connecting to its answer's last byte, must end within ``timeout`` seconds
    however the answer trickles (its head included), and the answer be at most
    ``max_answer_bytes`` (256 MiB by default, a few times the largest answer a contract allows),
    unencoded; past either bound, or for an answer that is not one the service gives, the call
    raises ``ServiceError``. A ``transport`` of one's own keeps the bound on the body only.
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_answer_bytes: int = DEFAULT_MAX_ANSWER_BYTES,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = checked_base_url(base_url)
        self.timeout = timeout
        self.max_answer_bytes = max_answer_bytes
        headers = {"accept": "application/json", **IDENTITY}
        bounded = DeadlineTransport() if transport is None else transport
        self._http = httpx.Client(timeout=timeout, headers=headers, transport=bounded)

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
        return self._fetched(
            self._http.build_request("POST", url, content=body, headers=_JSON), member
        )

    def _get(self, url: str, member: str | None) -> Any:
        return self._fetched(self._http.build_request("GET", url), member)

    def _fetched(self, request: httpx.Request, member: str | None) -> Any:
        answer = fetch(self._http, request, self.base_url, self.timeout, self.max_answer_bytes)
        return _answer_of(answer, member)

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
