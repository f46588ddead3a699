"""A tool's violations moved under a place in a larger document, message text included.

A violation's message names its place with ``where(p)`` ("at /hypotheses/0", "at the top
level"), where ``p`` is its own pointer or, for a missing or unknown property, the object's. So
the place in a message is found as the last mention of ``where`` of the pointer or one of its
ancestors: values shown in a message come before the place, so a token that happens to read
"at /x" is never taken for it. A message naming no such place is kept as it is.
"""

from collections.abc import Iterable

from mtcompute.contracts.validation.violations import where
from mtcompute.errors import Violation


def prefixed(violations: Iterable[Violation], prefix: str) -> list[Violation]:
    """``violations`` with ``prefix`` (a pointer) put before every pointer, in messages too."""
    return [
        Violation(
            code=violation["code"],
            pointer=prefix + violation["pointer"],
            message=_message_under(violation["message"], violation["pointer"], prefix),
        )
        for violation in violations
    ]


def _message_under(message: str, pointer: str, prefix: str) -> str:
    start, named = -1, ""
    # Longest first: "at /a/0" and "at /a" start at the same place, and the longer one is meant.
    for candidate in _self_and_ancestors(pointer):
        found = message.rfind(where(candidate))
        if found > start:
            start, named = found, candidate
    if start < 0:
        return message
    end = start + len(where(named))
    return message[:start] + where(prefix + named) + message[end:]


def _self_and_ancestors(pointer: str) -> list[str]:
    """``/a/b`` gives ``/a/b``, ``/a`` and ``""``."""
    cuts = [index for index, char in enumerate(pointer) if char == "/"]
    return [pointer, *(pointer[:cut] for cut in reversed(cuts))]
