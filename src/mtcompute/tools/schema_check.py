"""A compiled checker for the subset of JSON Schema (draft 2020-12) that contracts use.

The published input schema is the object this module compiles, so what the contract says and what
is enforced cannot drift apart. A keyword outside the subset is refused when compiling rather than
silently ignored. Arrays of strings, where nearly all of a request's elements live, are checked in
bulk first and walked one element at a time only when the bulk check finds something.
"""

import math
from collections.abc import Callable, Mapping
from typing import Any

from mtcompute.tools.violations import Violations, child_pointer, describe_value, where

Check = Callable[[object, str, Violations], None]
Schema = Mapping[str, Any]

SUPPORTED_KEYWORDS = frozenset(
    {
        "$schema", "$id", "title", "description", "examples", "default",
        "type", "properties", "required", "additionalProperties", "items",
        "minItems", "maxItems", "minLength", "maxLength", "minimum", "maximum",
    }
)  # fmt: skip

_ARTICLE = {"object": "an object", "array": "an array", "string": "a string"}


def compile_schema(schema: Schema) -> Check:
    """A function that adds every violation of ``schema`` by a value to a ``Violations``."""
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise ValueError(f"schema keywords not supported: {sorted(unknown)}")
    kind = schema.get("type")
    if kind == "object":
        return _object_check(schema)
    if kind == "array":
        return _array_check(schema)
    if kind == "string":
        return _string_check(schema)
    if kind in ("integer", "number"):
        return _number_check(schema)
    raise ValueError(f"schema type not supported: {kind!r}")


def is_integral(value: object) -> bool:
    """JSON Schema's integer: any number with an integral value (4 and 4.0), never a boolean."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value) and value.is_integer()


def _type_error(expected: str, value: object, pointer: str) -> tuple[str, str, str]:
    message = f"expected {expected}, got {describe_value(value)} {where(pointer)}"
    return "type", pointer, message


def _object_check(schema: Schema) -> Check:
    properties = {name: compile_schema(sub) for name, sub in schema.get("properties", {}).items()}
    required = tuple(schema.get("required", ()))
    closed = schema.get("additionalProperties", True) is False

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, dict):
            found.add(*_type_error("an object", value, pointer))
            return
        for name in required:
            if name not in value:
                message = f"expected the required property '{name}' {where(pointer)}, it is missing"
                found.add("required", child_pointer(pointer, name), message)
        for name, item in value.items():
            item_pointer = child_pointer(pointer, name)
            if name in properties:
                properties[name](item, item_pointer, found)
            elif closed:
                allowed = ", ".join(f"'{p}'" for p in properties)
                message = f"unknown property '{name}' {where(pointer)}; allowed: {allowed}"
                found.add("unknown_property", item_pointer, message)

    return check


def _array_check(schema: Schema) -> Check:
    min_items = schema.get("minItems", 0)
    max_items = schema.get("maxItems")
    items: Schema = schema.get("items", {})
    item_check = compile_schema(items) if items else None
    bulk = _bulk_string_check(items) if items.get("type") == "string" else None

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, list | tuple):
            found.add(*_type_error("an array", value, pointer))
            return
        _check_item_count(len(value), min_items, max_items, pointer, found)
        if item_check is None or (bulk is not None and bulk(value)):
            return
        for index, item in enumerate(value):
            item_check(item, f"{pointer}/{index}", found)

    return check


def _check_item_count(
    count: int, min_items: int, max_items: int | None, pointer: str, found: Violations
) -> None:
    if count < min_items:
        message = f"expected at least {min_items} item(s), got an empty array {where(pointer)}"
        if count:
            message = f"expected at least {min_items} items, got {count} {where(pointer)}"
        found.add("too_few_items", pointer, message)
    if max_items is not None and count > max_items:
        message = f"expected at most {max_items} items, got {count} {where(pointer)}"
        found.add("too_many_items", pointer, message)


def _bulk_string_check(schema: Schema) -> Callable[[list[Any] | tuple[Any, ...]], bool]:
    """True when every item is a string within the length bounds (the common, valid case)."""
    min_length = schema.get("minLength", 0)
    max_length = schema.get("maxLength", math.inf)

    def all_valid(values: list[Any] | tuple[Any, ...]) -> bool:
        if not values:
            return True
        if not all(type(v) is str for v in values):
            return False
        lengths = list(map(len, values))
        return bool(min(lengths) >= min_length and max(lengths) <= max_length)

    return all_valid


def _string_check(schema: Schema) -> Check:
    min_length = schema.get("minLength", 0)
    max_length = schema.get("maxLength")

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, str):
            found.add(*_type_error("a string", value, pointer))
        elif len(value) < min_length:
            what = "an empty string" if not value else f"{len(value)} characters"
            message = f"expected a string of at least {min_length} character(s), got {what} "
            found.add("too_short", pointer, message + where(pointer))
        elif max_length is not None and len(value) > max_length:
            message = f"expected a string of at most {max_length} characters, got {len(value)} "
            found.add("too_long", pointer, message + where(pointer))

    return check


def _number_check(schema: Schema) -> Check:
    integral = schema["type"] == "integer"
    minimum = schema.get("minimum")
    maximum = schema.get("maximum")
    expected = "an integer" if integral else "a number"

    def check(value: object, pointer: str, found: Violations) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            found.add(*_type_error(expected, value, pointer))
            return
        if integral and not is_integral(value):
            found.add(*_type_error(expected, value, pointer))
            return
        if minimum is not None and value < minimum:
            message = f"expected {expected} of at least {minimum}, got {value!r} {where(pointer)}"
            found.add("below_minimum", pointer, message)
        if maximum is not None and value > maximum:
            message = f"expected {expected} of at most {maximum}, got {value!r} {where(pointer)}"
            found.add("above_maximum", pointer, message)

    return check
