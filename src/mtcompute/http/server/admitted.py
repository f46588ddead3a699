"""Running a request's computation once the worker's ``ComputeGate`` admits its cost.

``ComputeAdmission`` puts the worker's gate in each request's scope; a route then runs its
computation with ``run_admitted``, which waits for a lane (503 with ``Retry-After`` at once
when the wait would pass the bound), runs it in a thread, and answers 503 past the deadline.
A batch's thread charges its bound operations beyond what was admitted (``BatchCharges``).
"""

import asyncio
import contextlib
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

import anyio.from_thread
import anyio.to_thread
from starlette.types import ASGIApp, Receive, Scope, Send

from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.costs import Cost, estimate
from mtcompute.contracts.operation_charge import operation_charges
from mtcompute.errors import InputError, Violation
from mtcompute.http.routes.problems import ProblemError
from mtcompute.http.server.admission import charge_request
from mtcompute.http.server.compute import BusyError, ComputeGate, ComputeSettings, Ticket
from mtcompute.mcp.charges import CALL_RUNNER, Call, Runner

T = TypeVar("T")
_GATE_KEY = "mtcompute.compute"


class ComputeAdmission:
    """ASGI middleware giving each request the worker's ``ComputeGate``, and a tool call over
    /mcp its runner (``mcp.charges.CALL_RUNNER``)."""

    def __init__(self, app: ASGIApp, settings: ComputeSettings | None = None) -> None:
        self._app = app
        self._gate = ComputeGate(settings or ComputeSettings())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        scope[_GATE_KEY] = self._gate
        token = CALL_RUNNER.set(_call_runner(scope))
        try:
            await self._app(scope, receive, send)
        finally:
            CALL_RUNNER.reset(token)


def _call_runner(scope: Scope) -> Runner:
    async def run(
        cost: Cost, answer_bytes: int, call: Call, name: str, arguments: Mapping[str, Any]
    ) -> JsonObject:
        try:
            return await run_admitted(scope, cost, answer_bytes, call, name, arguments)
        except ProblemError as refused:
            # A tool call's errors are its result's: the code says to retry.
            raise InputError([refused.violation]) from None

    return run


def gate_of(scope: Scope) -> ComputeGate | None:
    return cast(ComputeGate | None, scope.get(_GATE_KEY))


async def prepare(scope: Scope, large: bool, function: Callable[..., T], *args: object) -> T:
    """``function(*args)`` (parsing and estimating a body) in a thread; a ``large`` body's in
    one of the gate's few threads for that (``ComputeGate.preparing``)."""
    gate = gate_of(scope)
    limiter = gate.preparing if gate is not None and large else None
    return await anyio.to_thread.run_sync(function, *args, limiter=limiter)


def _unavailable(code: str, message: str, retry_after: int) -> ProblemError:
    return ProblemError(503, code, message, {"Retry-After": str(retry_after)})


async def admit(gate: ComputeGate, cost: Cost) -> Ticket:
    """A ticket for ``cost``; 503 ``service_busy`` with ``Retry-After`` if the wait is too long."""
    try:
        return await gate.admit(cost)
    except BusyError as busy:
        raise _unavailable("service_busy", str(busy), busy.retry_after) from None


async def admit_request(
    scope: Scope, cost: Cost, answer_bytes: int
) -> tuple[ComputeGate, Ticket] | None:
    """Admit the request of ``scope`` for ``cost``, then charge it its ``answer_bytes``
    (``admission``); None when no gate serves it. Admission comes first: a request refused for
    its cost gives its body back at once, never waiting for the byte budget."""
    gate = gate_of(scope)
    if gate is None:
        await charge_request(scope, answer_bytes)
        return None
    ticket = await admit(gate, cost)
    try:
        await charge_request(scope, answer_bytes)
    except BaseException:
        gate.release(ticket)
        raise
    return gate, ticket


async def run_admitted(
    scope: Scope, cost: Cost, answer_bytes: int, function: Callable[..., T], *args: object
) -> T:
    """``function(*args)`` in a thread once admitted (``admit_request``), within the deadline."""
    admitted = await admit_request(scope, cost, answer_bytes)
    if admitted is None:
        return await anyio.to_thread.run_sync(function, *args)
    return await run_ticket(*admitted, function, *args)


async def run_ticket(
    gate: ComputeGate, ticket: Ticket, function: Callable[..., T], *args: object
) -> T:
    """``function(*args)`` in a thread holding ``ticket`` until it ends, each execute in it
    charged beyond what was admitted (``BatchCharges``: a batch's bound operations); 503 past
    the deadline, the thread abandoned (it keeps its lane and memory until it ends)."""
    loop = asyncio.get_running_loop()
    charges = BatchCharges(gate, ticket)

    def work() -> T:
        try:
            with operation_charges(charges):
                return function(*args)
        finally:
            with contextlib.suppress(RuntimeError):  # the loop closed: the server has stopped
                loop.call_soon_threadsafe(gate.release, ticket)

    deadline = gate.settings.deadline
    with anyio.move_on_after(deadline):
        return await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
    message = (
        f"expected the computation to end within {deadline:g} s, got more; it was abandoned "
        "(make the request smaller, or retry when the server is less busy)"
    )
    raise _unavailable("computation_timeout", message, round(deadline))


class BatchCharges:
    """What a batch's operations cost beyond what the batch was admitted for: each is charged
    its cost on its real input (a bound one's included) before it runs, from the batch's thread,
    and holds it until the batch ends (its result stays for later bindings)."""

    def __init__(self, gate: ComputeGate, ticket: Ticket) -> None:
        self._gate = gate
        self._ticket = ticket
        self._admitted = ticket.cost
        self._spent = Cost()

    def __call__(self, tool_id: str, version: str, raw: object) -> None:
        self._spent += estimate(tool_id, version, raw)
        extra = Cost(
            max(self._spent.seconds - self._admitted.seconds, 0.0),
            max(self._spent.memory - self._admitted.memory, 0),
        )
        if extra.seconds <= 0 and extra.memory <= 0:
            return
        try:
            anyio.from_thread.run(self._gate.grow, self._ticket, extra)
        except BusyError as busy:
            violation = Violation(code="service_busy", pointer="", message=str(busy))
            raise InputError([violation]) from None
        self._admitted += extra
