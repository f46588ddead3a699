"""The hook through which a server charges a batch's operation for its cost before it runs.

A batch is admitted by what its operations cost as written (``contracts.costs``), but an
operation whose input is bound from an earlier result may cost far more: 16 batches of 0.19 MiB
binding a large result into later operations grew a server by 4.8 GiB. A server runs a batch
inside ``operation_charges(charge)``; each execute in that block (that thread) calls ``charge``
with its tool, version and validated input before it computes, and ``charge`` may refuse it
with an ``InputError``, so that its status is ``error`` and the batch goes on. Outside (the
library, the CLI, a single execute) nothing is charged.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Charge = Callable[[str, str, object], None]
_CHARGE: ContextVar[Charge | None] = ContextVar("mtcompute_operation_charge", default=None)


@contextmanager
def operation_charges(charge: Charge) -> Iterator[None]:
    """Charge each execute in this block (this thread) with ``charge``."""
    token = _CHARGE.set(charge)
    try:
        yield
    finally:
        _CHARGE.reset(token)


def charge_operation(tool_id: str, version: str, raw: object) -> None:
    """Charge the execute of ``tool_id`` at ``version`` on ``raw``, if a charge is in force."""
    charge = _CHARGE.get()
    if charge is not None:
        charge(tool_id, version, raw)
