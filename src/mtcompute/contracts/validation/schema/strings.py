"""``{"type": "string"}`` with ``minLength``, ``maxLength`` and ``pattern``.

Lengths count code points. A pattern is supported only where the engine knows what it means
(``KNOWN_PATTERNS``): its violation then has its own code and message, and the string is matched
only once its length is within bounds, so a huge string costs one length check, not a match.
"""

import math
from collections.abc import Callable
from typing import NamedTuple

from mtcompute.contracts.validation.pointer import POINTER_PATTERN, is_pointer
from mtcompute.contracts.validation.schema.compiled import (
    CompiledSchema,
    Schema,
    compiled,
    type_error,
)
from mtcompute.contracts.validation.violations import Violations, describe_value, where


class KnownPattern(NamedTuple):
    """A pattern the engine supports: the test it stands for and how its violation reads."""

    matches: Callable[[str], bool]
    code: str
    expected: str


KNOWN_PATTERNS = {
    POINTER_PATTERN: KnownPattern(
        is_pointer,
        "invalid_pointer",
        'an RFC 6901 JSON Pointer ("" or /-prefixed tokens, ~ only in ~0 and ~1)',
    ),
}


def string_schema(schema: Schema) -> CompiledSchema:
    min_length = schema.get("minLength", 0)
    max_length = schema.get("maxLength", math.inf)
    pattern = _known_pattern(schema)

    def within(value: object) -> bool:
        return isinstance(value, str) and min_length <= len(value) <= max_length

    def valid(value: object) -> bool:
        return within(value) and (pattern is None or pattern.matches(value))  # type: ignore[arg-type]

    def check(value: object, pointer: str, found: Violations) -> None:
        if valid(value):
            return
        if not isinstance(value, str):
            type_error("a string", value, pointer, found)
        elif len(value) < min_length:
            expected = _chars("a string of at least", min_length)
            expected = "a non-empty string" if min_length == 1 else expected
            got = _chars("a string of", len(value)) if value else "an empty string"
            found.add("too_short", pointer, f"expected {expected}, got {got} {where(pointer)}")
        elif len(value) > max_length:
            expected = _chars("a string of at most", max_length)
            got = _chars("a string of", len(value))
            found.add("too_long", pointer, f"expected {expected}, got {got} {where(pointer)}")
        elif pattern is not None:
            got = f"got {describe_value(value)} {where(pointer)}"
            found.add(pattern.code, pointer, f"expected {pattern.expected}, {got}")

    def count(value: object) -> int:
        return 0 if valid(value) else 1  # an invalid string breaks exactly one keyword

    return compiled(valid, check, count)


def _known_pattern(schema: Schema) -> KnownPattern | None:
    if "pattern" not in schema:
        return None
    known = KNOWN_PATTERNS.get(schema["pattern"])
    if known is None:
        raise ValueError(f"schema pattern not supported: {schema['pattern']!r}")
    return known


def _chars(prefix: str, count: float) -> str:
    return f"{prefix} {count} character{'' if count == 1 else 's'}"
