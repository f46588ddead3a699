"""``enum`` and ``const``: a value of the schema's type must also equal one of the values, by
JSON's equality (a boolean equals only a boolean, 1 equals 1.0)."""

from typing import cast

from mtcompute.contracts.validation.schema.compiled import CompiledSchema, Schema, Valid, compiled
from mtcompute.contracts.validation.violations import (
    Violations,
    describe_value,
    number_text,
    quoted,
    where,
)


def one_of_values(schema: Schema, typed: CompiledSchema) -> CompiledSchema:
    """``enum`` and ``const``: a value of the right type must also equal one of the values."""
    allowed = tuple(schema["enum"]) if "enum" in schema else (schema["const"],)
    if "enum" in schema and "const" in schema:
        allowed = tuple(v for v in allowed if json_equal(v, schema["const"]))
    shown = ", ".join(jsonio_text(v) for v in allowed)
    expected = f"one of {shown}" if len(allowed) != 1 else shown

    allowed_value = _equals_one_of(allowed)

    def valid(value: object) -> bool:
        return typed.valid(value) and allowed_value(value)

    def check(value: object, pointer: str, found: Violations) -> None:
        if not typed.valid(value):
            typed.check(value, pointer, found)
        elif not allowed_value(value):
            message = f"expected {expected}, got {describe_value(value)} {where(pointer)}"
            found.add("not_allowed", pointer, message)

    def count(value: object) -> int:
        if not typed.valid(value):
            return typed.count(value)
        return 0 if allowed_value(value) else 1

    return compiled(valid, check, count)


def _equals_one_of(allowed: tuple[object, ...]) -> Valid:
    """Whether a value of the schema's type equals one of ``allowed``, by JSON's equality; for
    strings only (a value of the type is a string then), a set lookup."""
    if all(type(choice) is str for choice in allowed):
        return frozenset(allowed).__contains__

    def equals_one(value: object) -> bool:
        return any(json_equal(value, choice) for choice in allowed)

    return equals_one


def json_equal(a: object, b: object) -> bool:
    """JSON's equality: a boolean equals only a boolean, 1 equals 1.0, arrays and objects by
    their items."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(map(json_equal, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and a == b


def jsonio_text(value: object) -> str:
    """A value as JSON text, for messages: strings in double quotes."""
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, bool) or value is None:
        return describe_value(value)
    return number_text(cast(float, value))
