"""The hooks through which a server that mounts MCP charges a tool call for its answer and
admits it by its cost.

A server bounding what its requests hold (``http.server.admission``) sets ``ANSWER_CHARGE`` for
the request it is serving; ``call_tool`` awaits it with the call's estimated extra answer bytes
(``contracts.estimates``) before it computes. A server admitting work by its cost
(``http.server.admitted``) sets ``CALL_RUNNER``, which ``run_call`` hands the call's estimated
cost (``contracts.costs``) and answer bytes, and which charges both before it runs the call.
Over stdio nothing is set: nothing is charged, and the call runs in a thread.
"""

from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from typing import Any

import anyio.to_thread

from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES
from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.costs import Cost, batch_estimate, estimate
from mtcompute.contracts.estimates import answer_bytes, batch_answer_bytes
from mtcompute.contracts.registry import LATEST
from mtcompute.meta.batch import doc as batch_doc

Charge = Callable[[int], Awaitable[None]]
ANSWER_CHARGE: ContextVar[Charge | None] = ContextVar("mtcompute_answer_charge", default=None)
Call = Callable[[str, Mapping[str, Any]], JsonObject]
# (cost, answer bytes, the call, its name and arguments) -> its result, once admitted.
Runner = Callable[[Cost, int, Call, str, Mapping[str, Any]], Awaitable[JsonObject]]
CALL_RUNNER: ContextVar[Runner | None] = ContextVar("mtcompute_call_runner", default=None)
_EXECUTE = "execute"


def call_answer_bytes(name: str, arguments: Mapping[str, Any]) -> int:
    """The extra answer bytes of the tool call ``name`` with ``arguments``: ``execute``,
    ``execute_batch`` or a tool by its id (its latest version)."""
    if name == _EXECUTE:
        return answer_bytes(arguments.get("id"), arguments.get("version"), arguments.get("input"))
    if name == batch_doc.MCP_NAME:
        return min(batch_answer_bytes(arguments), BATCH_ANSWER_BYTES)
    return answer_bytes(name, LATEST, arguments)


async def charge_call(name: str, arguments: Mapping[str, Any]) -> None:
    """Charge the request serving this call, if a server set a charge, for its answer."""
    charge = ANSWER_CHARGE.get()
    if charge is not None:
        await charge(call_answer_bytes(name, arguments))


def call_cost(name: str, arguments: Mapping[str, Any]) -> Cost:
    """The estimated cost of the tool call ``name`` with ``arguments`` (as ``call_answer_bytes``
    reads them)."""
    if name == _EXECUTE:
        return estimate(arguments.get("id"), arguments.get("version"), arguments.get("input"))
    if name == batch_doc.MCP_NAME:
        return batch_estimate(arguments)
    return estimate(name, LATEST, arguments)


async def run_call(call: Call, name: str, arguments: Mapping[str, Any]) -> JsonObject:
    """``call(name, arguments)`` in a thread: admitted and charged by the server's runner if
    one is set, else charged for its answer (``charge_call``) and run at once."""
    runner = CALL_RUNNER.get()
    if runner is None:
        await charge_call(name, arguments)
        return await anyio.to_thread.run_sync(call, name, arguments)
    cost = call_cost(name, arguments)
    return await runner(cost, call_answer_bytes(name, arguments), call, name, arguments)
