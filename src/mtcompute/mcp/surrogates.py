"""Tool calls whose arguments hold a lone surrogate escape (``"\\ud800"``), on stdio and HTTP.

Such a message is JSON that the SDK's parser refuses whole, as a protocol error without a pointer;
the contracts call it an input error, answered ``isError`` with the pointer of the string that
holds it. So the message is read here the way ``jsonio`` reads it (keeping the surrogates), handed
to the SDK with each lone surrogate replaced by U+FFFD (the SDK checks the message and the
transport's rules as for any other), and the tool is then called with the arguments as they
arrived (``arguments_as_arrived``).

The arrived call travels with its request: over HTTP in the request's context (``_ARRIVED``, set
by ``LoneSurrogateCalls``), over stdio as the message's request context, which the SDK hands the
call handler (a context variable set where the line is read would not reach it there: the SDK
starts each request's task from a context of its own).
"""

from collections import deque
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import orjson
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtcompute import jsonio
from mtcompute.errors import MalformedJsonError

_REPLACEMENT = "\ufffd"


@dataclass(frozen=True)
class ArrivedCall:
    """A call of tool ``name`` with its arguments as they arrived, lone surrogates kept."""

    name: str
    arguments: Mapping[str, Any]


@dataclass(frozen=True)
class SurrogateCall:
    """A ``tools/call`` that only its lone surrogates kept from parsing."""

    document: bytes  # the message with each lone surrogate replaced by U+FFFD, for the SDK
    arrived: ArrivedCall


_ARRIVED: ContextVar[ArrivedCall | None] = ContextVar("arrived", default=None)


def arguments_as_arrived(request: object, name: str, given: Mapping[str, Any]) -> Mapping[str, Any]:
    """The arguments of this request's call of ``name`` as they arrived, lone surrogates kept;
    ``given`` (what the SDK parsed) for any other request. ``request`` is the SDK's request
    context for the call: the ``ArrivedCall`` itself over stdio."""
    arrived = request if isinstance(request, ArrivedCall) else _ARRIVED.get()
    return arrived.arguments if arrived is not None and arrived.name == name else given


class LoneSurrogateCalls:
    """Hand the SDK a parseable ``tools/call`` in place of one that held lone surrogates."""

    def __init__(self, app: ASGIApp, max_body_bytes: int) -> None:
        self._app = app
        self._max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self._declared_too_large(scope):
            await self._app(scope, receive, send)  # refused there before any byte is read
            return
        messages = await _buffered(receive, self._max_body_bytes)
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.request")
        call = surrogate_call(body) if not messages[-1].get("more_body") else None
        if call is None:
            await self._app(scope, _replay(messages, receive), send)
            return
        token = _ARRIVED.set(call.arrived)
        try:
            rewritten = {"type": "http.request", "body": call.document}
            await self._app(scope, _replay(deque([rewritten]), receive), send)
        finally:
            _ARRIVED.reset(token)

    def _declared_too_large(self, scope: Scope) -> bool:
        declared = Headers(scope=scope).get("content-length", "")
        return declared.isdigit() and int(declared) > self._max_body_bytes


async def _buffered(receive: Receive, max_body_bytes: int) -> deque[Message]:
    """The request's messages up to its end, or up to the limit (the SDK refuses what is over)."""
    messages: deque[Message] = deque()
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        size += len(message.get("body", b""))
        if (
            message["type"] != "http.request"
            or not message.get("more_body")
            or size > max_body_bytes
        ):
            return messages


def _replay(messages: deque[Message], receive: Receive) -> Receive:
    async def replay() -> Message:
        return messages.popleft() if messages else await receive()

    return replay


def surrogate_call(body: bytes) -> SurrogateCall | None:
    """The call in ``body`` when it is a ``tools/call`` that only its lone surrogates keep from
    parsing; None for any other body, which goes to the SDK as it is."""
    if b"\\u" not in body:
        return None
    try:
        orjson.loads(body)
    except orjson.JSONDecodeError as error:
        if "surrogate" not in str(error):
            return None
    else:
        return None
    try:
        document = jsonio.loads(body)
    except MalformedJsonError:
        return None
    if not isinstance(document, dict) or document.get("method") != "tools/call":
        return None
    params = document.get("params")
    if not isinstance(params, dict):
        return None
    name, arguments = params.get("name"), params.get("arguments")
    if not isinstance(name, str) or not isinstance(arguments, dict):
        return None
    try:
        replaced = jsonio.dumps(_replaced(document))
    except (RecursionError, orjson.JSONEncodeError):
        return None  # nested deeper than a writer goes: the SDK refuses the message as it came
    return SurrogateCall(replaced, ArrivedCall(name, arguments))


def _replaced(value: object) -> object:
    if isinstance(value, str):
        return value if jsonio.has_utf8_form(value) else "".join(_unicode_char(c) for c in value)
    if isinstance(value, dict):
        return {str(_replaced(key)): _replaced(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_replaced(item) for item in value]
    return value


def _unicode_char(char: str) -> str:
    return _REPLACEMENT if "\ud800" <= char <= "\udfff" else char
