"""Bounding what the requests in progress hold at once, in bytes: a budget sized from the
thread pool.

A request with a body is charged in a ``ByteBudget`` (``budget``) for the bytes of its body as
they arrive, never for bytes only announced: a client that announces 8 MiB and sends one byte
holds one byte. A route then charges the request for what its answer will hold, estimated
before it is computed (``charge_request``). The request keeps its charges until its answer is
sent, so that the bodies and results being read, parsed, computed and written add up to about
the budget: one MiB per thread of the pool. A charge that does not fit waits, first come first
served, and the body's further bytes wait unread in the kernel's buffers meanwhile (the
connection's deadline is extended by that wait, ``protocol``); the oldest request in progress
never waits, so a body or result larger than the budget runs alone. Once ``WAITING_PER_THREAD``
times the threads are already waiting, a new request is answered 503 with ``Retry-After``, once
its body has arrived and been dropped (``concurrency.refuse``). Small requests are charged
little, so many run at once.
"""

from typing import cast

import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtcompute.http.server.budget import Account, ByteBudget
from mtcompute.http.server.concurrency import refuse
from mtcompute.mcp.charges import ANSWER_CHARGE

BUDGET_BYTES_PER_THREAD = 1024 * 1024
WAITING_PER_THREAD = 4
_CHARGE_KEY = "mtcompute.charge"


def has_body(scope: Scope) -> bool:
    """Whether a request announces a body: a ``Transfer-Encoding`` or a ``Content-Length``
    other than 0."""
    for name, value in scope["headers"]:
        if name == b"transfer-encoding" or (name == b"content-length" and value != b"0"):
            return True
    return False


class _Charge:
    """What a route needs to charge its request: the budget and the request's account."""

    def __init__(self, budget: ByteBudget, account: Account) -> None:
        self.budget = budget
        self.account = account


async def charge_request(scope: Scope, size: int) -> None:
    """Charge the request of ``scope`` ``size`` more bytes (an estimate of its result), waiting
    for room in the budget; nothing when no ``BodyAdmission`` serves it."""
    charge = cast(_Charge | None, scope.get(_CHARGE_KEY))
    if charge is not None:
        await charge.budget.charge(charge.account, size)


class BodyAdmission:
    """ASGI middleware charging each request's body, and what its route adds, to a
    ``ByteBudget``: by default one MiB per thread, and ``WAITING_PER_THREAD`` waiting requests
    per thread."""

    def __init__(
        self,
        app: ASGIApp,
        budget: ByteBudget | None = None,
        most_waiting: int | None = None,
    ) -> None:
        self._app = app
        self._budget = budget
        self._most_waiting = most_waiting

    def _budget_now(self) -> tuple[ByteBudget, int]:
        # The thread pool is known only inside the event loop.
        if self._budget is None or self._most_waiting is None:
            threads = int(anyio.to_thread.current_default_thread_limiter().total_tokens)
            self._budget = self._budget or ByteBudget(threads * BUDGET_BYTES_PER_THREAD)
            self._most_waiting = threads * WAITING_PER_THREAD
        return self._budget, self._most_waiting

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not has_body(scope):
            await self._app(scope, receive, send)
            return
        budget, most_waiting = self._budget_now()
        if budget.waiting >= most_waiting:
            message = f"expected at most {most_waiting} requests waiting to be read, got more"
            await refuse(f"{message}; retry later", scope, receive, send)
            return
        account = Account()

        async def receive_charged() -> Message:
            message = await receive()
            await budget.charge(account, len(message.get("body", b"")))
            return message

        scope[_CHARGE_KEY] = _Charge(budget, account)

        async def charge_answer(size: int) -> None:
            await budget.charge(account, size)

        # For a tool call over /mcp, in this request's context.
        token = ANSWER_CHARGE.set(charge_answer)
        try:
            await self._app(scope, receive_charged, send)
        finally:
            ANSWER_CHARGE.reset(token)
            budget.release(account)
