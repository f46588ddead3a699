"""The hook through which a server that mounts MCP charges a tool call for its answer.

A server bounding what its requests hold (``http.server.admission``) sets ``ANSWER_CHARGE`` for
the request it is serving; ``call_tool`` awaits it with the call's estimated extra answer bytes
(``contracts.estimates``) before it computes. Over stdio nothing is set, and nothing is charged.
"""

from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from typing import Any

from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES
from mtcompute.contracts.estimates import answer_bytes, batch_answer_bytes
from mtcompute.contracts.registry import LATEST
from mtcompute.meta.batch import doc as batch_doc

Charge = Callable[[int], Awaitable[None]]
ANSWER_CHARGE: ContextVar[Charge | None] = ContextVar("mtcompute_answer_charge", default=None)
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
