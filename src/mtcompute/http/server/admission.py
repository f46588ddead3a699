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
never waits, so a body or result larger than the budget runs alone. A charge waits at most
``most_wait`` seconds: bodies read in part can fill the budget while only the oldest request
goes on, so past that the request is answered 503 with ``Retry-After`` (the rest of its body
read and dropped, so that the client reads the answer) and gives back what it held. A request
announcing a body of at most ``SMALL_BODY_BYTES`` is charged to a budget of its own instead
(``SMALL_BUDGET_BYTES``), so that it never waits behind large bodies being read (it waited up
to 45 s behind them). Once ``WAITING_PER_THREAD``
times the threads are already waiting, a new request is answered 503 with ``Retry-After``, once
its body has arrived and been dropped (``concurrency.refuse``). Small requests are charged
little, so many run at once.
"""

import math
from typing import cast

import anyio
import anyio.to_thread
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mtcompute.http.routes.problems import ProblemError
from mtcompute.http.server.budget import Account, ByteBudget
from mtcompute.http.server.concurrency import drain, refuse
from mtcompute.mcp.charges import ANSWER_CHARGE

BUDGET_BYTES_PER_THREAD = 1024 * 1024
WAITING_PER_THREAD = 4
# A body announced at most this long is charged to a budget of its own: small requests never
# wait behind large bodies being read.
SMALL_BODY_BYTES = 16 * 1024
SMALL_BUDGET_BYTES = 4 * 1024 * 1024
# How long a charge may wait for room; past it, 503 with Retry-After (``ComputeSettings``).
DEFAULT_MOST_WAIT_SECONDS = 5.0
_CHARGE_KEY = "mtcompute.charge"


def _declares_small_body(scope: Scope, most: int) -> bool:
    for name, value in scope["headers"]:
        if name == b"content-length":
            return value.isdigit() and int(value) <= most
    return False  # chunked: its length is unknown


def has_body(scope: Scope) -> bool:
    """Whether a request announces a body: a ``Transfer-Encoding`` or a ``Content-Length``
    other than 0."""
    for name, value in scope["headers"]:
        if name == b"transfer-encoding" or (name == b"content-length" and value != b"0"):
            return True
    return False


class _Charge:
    """What a route needs to charge its request: the budget, the request's account, and how
    long a charge may wait."""

    def __init__(self, budget: ByteBudget, account: Account, most_wait: float) -> None:
        self.budget = budget
        self.account = account
        self.most_wait = most_wait

    async def __call__(self, size: int) -> None:
        """Charge ``size`` bytes; ``ProblemError`` 503 if there is no room within the wait."""
        try:
            with anyio.fail_after(self.most_wait):
                await self.budget.charge(self.account, size)
        except TimeoutError:
            message = (
                f"expected room for this request's bytes within {self.most_wait:g} s, got none "
                "(the bodies and answers of the requests in progress fill the budget); retry later"
            )
            retry_after = str(max(1, math.ceil(self.most_wait)))
            raise ProblemError(503, "service_busy", message, {"Retry-After": retry_after}) from None


async def charge_request(scope: Scope, size: int) -> None:
    """Charge the request of ``scope`` ``size`` more bytes (an estimate of its result), waiting
    for room in the budget (503 past the wait); nothing when no ``BodyAdmission`` serves it."""
    charge = cast(_Charge | None, scope.get(_CHARGE_KEY))
    if charge is not None:
        await charge(size)


class BodyAdmission:
    """ASGI middleware charging each request's body, and what its route adds, to a
    ``ByteBudget``: by default one MiB per thread, and ``WAITING_PER_THREAD`` waiting requests
    per thread; a body announced at most ``small_body_bytes`` long to the small budget."""

    def __init__(
        self,
        app: ASGIApp,
        budget: ByteBudget | None = None,
        most_waiting: int | None = None,
        small_body_bytes: int = SMALL_BODY_BYTES,
        most_wait: float = DEFAULT_MOST_WAIT_SECONDS,
    ) -> None:
        self._app = app
        self._budget = budget
        self._most_waiting = most_waiting
        self._small_body_bytes = small_body_bytes
        self._most_wait = most_wait
        self._small_budget = ByteBudget(SMALL_BUDGET_BYTES)

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
        if _declares_small_body(scope, self._small_body_bytes):
            budget = self._small_budget
        if budget.waiting >= most_waiting:
            message = f"expected at most {most_waiting} requests waiting to be read, got more"
            await refuse(f"{message}; retry later", scope, receive, send)
            return
        account = Account()
        charge = _Charge(budget, account, self._most_wait)

        async def receive_charged() -> Message:
            message = await receive()
            try:
                await charge(len(message.get("body", b"")))
            except ProblemError:
                if message.get("more_body", False):
                    await drain(receive)  # so that the client reads the answer
                raise
            return message

        scope[_CHARGE_KEY] = charge

        async def charge_answer(size: int) -> None:
            await charge(size)

        # For a tool call over /mcp, in this request's context.
        token = ANSWER_CHARGE.set(charge_answer)
        try:
            await self._app(scope, receive_charged, send)
        finally:
            ANSWER_CHARGE.reset(token)
            budget.release(account)
