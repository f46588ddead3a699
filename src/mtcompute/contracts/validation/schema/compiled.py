"""What every compiled schema is: three functions that always agree, and the types they share.

A valid value, by far the common case, is answered by ``valid`` without building a pointer or a
message; ``check`` walks only into the parts ``valid`` refuses; past the violations cap ``check``
only counts, with ``count``, which agrees with both: no pointer, no message.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from mtcompute.contracts.validation.violations import Violations, describe_value, where

Check = Callable[[object, str, Violations], None]
Count = Callable[[object], int]
Valid = Callable[[object], bool]
ItemsValid = Callable[[Sequence[object]], bool]
Schema = Mapping[str, Any]


class CompiledSchema(NamedTuple):
    """A schema as three functions that always agree: ``valid`` answers fast, without pointers
    or messages; ``check`` adds every violation to a ``Violations``; ``count`` says how many
    ``check`` would add, which is all that is left to do past the cap."""

    valid: Valid
    check: Check
    count: Count

    def __call__(self, value: object, pointer: str, found: Violations) -> None:
        """The same as ``check``: a compiled schema is itself a ``Check``."""
        self.check(value, pointer, found)


# How a schema compiles the schemas inside it (properties, items): the compiler passes itself.
Compile = Callable[[Schema], CompiledSchema]


def compiled(valid: Valid, check: Check, count: Count) -> CompiledSchema:
    """The three functions, ``check`` only counting once ``found`` is full."""

    def check_or_count(value: object, pointer: str, found: Violations) -> None:
        if found.full:
            found.count_unreported(count(value))
        else:
            check(value, pointer, found)

    return CompiledSchema(valid, check_or_count, count)


def type_error(expected: str, value: object, pointer: str, found: Violations) -> None:
    message = f"expected {expected}, got {describe_value(value)} {where(pointer)}"
    found.add("type", pointer, message)
