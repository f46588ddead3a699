"""A request whose task is cancelled (the server stopping) is answered 503, never a crash."""

import asyncio

import orjson
from starlette.types import Message, Receive, Scope, Send

from mtcompute.http.server.shutdown import STOPPING_MESSAGE, StoppingAnswer

_SCOPE: Scope = {"type": "http", "method": "POST", "path": "/", "headers": []}


async def _waits_for_ever(scope: Scope, receive: Receive, send: Send) -> None:
    await asyncio.Event().wait()


async def _starts_then_waits(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await asyncio.Event().wait()


async def _cancelled_while_serving(app: StoppingAnswer) -> list[Message]:
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": True}

    async def send(message: Message) -> None:
        sent.append(message)

    task = asyncio.ensure_future(app(_SCOPE, receive, send))
    await asyncio.sleep(0)
    task.cancel()
    await task  # answered: the task ends without raising
    return sent


def test_a_request_cancelled_before_its_answer_gets_503_with_retry_after() -> None:
    sent = asyncio.run(_cancelled_while_serving(StoppingAnswer(_waits_for_ever)))
    start, body = sent
    assert start["status"] == 503
    assert (b"retry-after", b"1") in start["headers"]
    assert (b"connection", b"close") in start["headers"]
    assert orjson.loads(body["body"])["errors"][0]["message"] == STOPPING_MESSAGE


def test_a_request_cancelled_after_its_answer_began_gets_nothing_more() -> None:
    sent = asyncio.run(_cancelled_while_serving(StoppingAnswer(_starts_then_waits)))
    assert [message["type"] for message in sent] == ["http.response.start"]
