"""How many answer bytes the operations of one batch may still take, as a server serves it.

A batch's operations are each within their own contract, but twenty of them can each answer
4.5 MiB of clipping tables: a 5.7 MiB batch answered 90 MiB and grew the server by 1.9 GiB. A
server runs a batch inside ``answer_allowance(BATCH_ANSWER_BYTES)``; each operation then
spends its tool's estimate of its extra answer bytes (``Tool.answer_bytes``, an upper bound)
before it computes, and one that would pass what is left is refused with
``answer_too_large``, so that its status is ``error`` and the batch goes on. Outside an
allowance (the library, a single execute, the CLI) nothing is counted.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from mtcompute.errors import InputError, Violation

# The extra answer bytes a served batch may take in all: four operations at the largest
# clipping tables a contract allows, each estimated at about 8 MB.
BATCH_ANSWER_BYTES = 32 * 1024 * 1024
_LEFT: ContextVar[list[int] | None] = ContextVar("mtcompute_answer_allowance", default=None)


@contextmanager
def answer_allowance(total: int) -> Iterator[None]:
    """Count the answer bytes of the executes in this block (this thread) against ``total``."""
    token = _LEFT.set([total])
    try:
        yield
    finally:
        _LEFT.reset(token)


def spend(tool_id: str, estimate: int) -> None:
    """Take ``estimate`` bytes from the allowance, if one is in force; ``InputError`` with
    ``answer_too_large`` when fewer are left."""
    left = _LEFT.get()
    if left is None or estimate <= 0:
        return
    if estimate > left[0]:
        message = (
            f"expected the operations of a batch to answer at most {BATCH_ANSWER_BYTES} bytes "
            f"in all, got an operation of {tool_id} whose answer can take {estimate} bytes "
            f"with {left[0]} left; make it a call of its own"
        )
        raise InputError([Violation(code="answer_too_large", pointer="", message=message)])
    left[0] -= estimate
