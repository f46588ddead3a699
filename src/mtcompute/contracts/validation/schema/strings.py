"""``{"type": "string"}`` with ``minLength``, ``maxLength`` and ``pattern``.

Lengths count code points. A string must be valid Unicode: a lone surrogate (``"\\ud800"``,
which JSON can name and UTF-8 cannot carry) is ``invalid_unicode``, so that no string a schema
lets through (a system's name, a tool id) is echoed into an answer that cannot be written. Where
a rule checks the strings itself (tokens, texts), the parser marks them ``unicode_left_to_rule``
and the rule alone reports one, with its own message.

A pattern is supported only where the engine knows what it means (``KNOWN_PATTERNS``): its
violation then has its own code and message, and the string is matched only once its length is
within bounds, so a huge string costs one length check, not a match.
"""

import math
from collections.abc import Callable
from typing import NamedTuple

from mtcompute import jsonio
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


# The mark (an annotation, as JSON Schema's ``$comment`` is) of a string a rule checks for Unicode.
_UNICODE_BY_RULE = "$comment"
_UNICODE_BY_RULE_TEXT = "valid Unicode checked by a rule"


def unicode_left_to_rule(schema: Schema) -> dict[str, object]:
    """``schema`` with every string schema within it marked as checked for Unicode by a rule."""
    copy = dict(schema)
    if copy.get("type") == "string":
        copy[_UNICODE_BY_RULE] = _UNICODE_BY_RULE_TEXT
    if isinstance(copy.get("items"), dict):
        copy["items"] = unicode_left_to_rule(copy["items"])
    if isinstance(copy.get("anyOf"), list):
        copy["anyOf"] = [unicode_left_to_rule(branch) for branch in copy["anyOf"]]
    return copy


def string_schema(schema: Schema) -> CompiledSchema:
    checks_unicode = schema.get(_UNICODE_BY_RULE) != _UNICODE_BY_RULE_TEXT
    min_length = schema.get("minLength", 0)
    max_length = schema.get("maxLength", math.inf)
    pattern = _known_pattern(schema)

    def within(value: object) -> bool:
        return (
            isinstance(value, str)
            and min_length <= len(value) <= max_length
            and (not checks_unicode or value.isascii() or jsonio.has_utf8_form(value))
        )

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
        elif checks_unicode and not jsonio.has_utf8_form(value):
            got = f"got {describe_value(value)} with a lone surrogate {where(pointer)}"
            found.add("invalid_unicode", pointer, f"expected a string of valid Unicode, {got}")
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
