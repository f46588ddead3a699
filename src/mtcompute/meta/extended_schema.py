"""A checker for the batch schema: the contracts' JSON Schema subset plus what a batch needs.

The batch schema uses three keywords beyond ``compile_schema``'s subset: objects whose other
properties follow a schema (``bind``: any key, each a binding), the ``boolean`` type
(``include_result``) and, for a binding's ``pointer``, the RFC 6901 pattern, whose violation is
``invalid_pointer``. Objects and arrays are walked here; every other leaf is compiled by
``compile_schema``, so its codes and messages are those of tool inputs. A keyword outside this
subset is refused when compiling, so nothing published goes unchecked. Past the violations cap a
violation is only counted, without building its message.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mtcompute.contracts.validation.schema import FAR_OVER_MAX_ITEMS, compile_schema
from mtcompute.contracts.validation.violations import (
    Violations,
    child_pointer,
    describe_value,
    did_you_mean,
    quoted,
    where,
)
from mtcompute.meta.pointer import POINTER_PATTERN, is_pointer

Check = Callable[[object, str, Violations], None]
Schema = Mapping[str, Any]

_ANNOTATIONS = frozenset({"$schema", "title", "description", "default"})
_KEYWORDS = {
    "object": _ANNOTATIONS | {"type", "properties", "required", "additionalProperties"},
    "array": _ANNOTATIONS | {"type", "items", "minItems", "maxItems"},
    "boolean": _ANNOTATIONS | {"type"},
    "pointer": _ANNOTATIONS | {"type", "pattern"},
}


def compile_extended(schema: Schema) -> Check:
    """The check of ``schema``; ``ValueError`` for a keyword outside the subset."""
    kind = "pointer" if "pattern" in schema else schema.get("type")
    if kind not in _KEYWORDS:
        return compile_schema(schema).check
    unknown = set(schema) - _KEYWORDS[kind]
    if unknown:
        raise ValueError(f"schema keywords not supported for {kind}: {sorted(unknown)}")
    if kind == "object":
        return _object_check(schema)
    if kind == "array":
        return _array_check(schema)
    if kind == "boolean":
        return _boolean_check
    return _pointer_check(schema)


def _report(found: Violations, code: str, pointer: str, message: Callable[[], str]) -> None:
    if found.full:
        found.count_unreported()
    else:
        found.add(code, pointer, message())


def _type_error(expected: str, value: object, pointer: str, found: Violations) -> None:
    _report(
        found,
        "type",
        pointer,
        lambda: f"expected {expected}, got {describe_value(value)} {where(pointer)}",
    )


def _object_check(schema: Schema) -> Check:
    properties = {name: compile_extended(sub) for name, sub in schema.get("properties", {}).items()}
    required = tuple(schema.get("required", ()))
    additional = schema.get("additionalProperties", True)
    other = compile_extended(additional) if isinstance(additional, Mapping) else None

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, dict):
            _type_error("an object", value, pointer, found)
            return
        for name in required:
            if name not in value:
                _missing(name, pointer, found)
        for name, item in value.items():
            rule = properties.get(name, other)
            if rule is not None:
                # Past the cap nothing is reported: no pointer is built, "" stands for any.
                rule(item, "" if found.full else child_pointer(pointer, name), found)
            elif additional is False:
                _unknown(name, list(properties), pointer, found)

    return check


def _missing(name: str, pointer: str, found: Violations) -> None:
    message = f"expected the required property '{name}', got an object without it "
    _report(found, "required", child_pointer(pointer, name), lambda: message + where(pointer))


def _unknown(name: object, allowed: Sequence[str], pointer: str, found: Violations) -> None:
    if found.full:
        found.count_unreported()
        return
    names = ", ".join(f"'{p}'" for p in allowed)
    shown = quoted(name, "'") if isinstance(name, str) else describe_value(name)
    message = f"expected one of the properties {names}, got the unknown property {shown} "
    message += where(pointer) + (
        did_you_mean(name, allowed, found) if isinstance(name, str) else ""
    )
    found.add("unknown_property", child_pointer(pointer, name), message)


def _array_check(schema: Schema) -> Check:
    min_items, max_items = schema.get("minItems", 0), schema.get("maxItems")
    items = compile_extended(schema["items"]) if "items" in schema else None
    # As in tool inputs: far over maxItems, the count is reported and no more items are walked.
    far_over = None if max_items is None else FAR_OVER_MAX_ITEMS * max_items

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, list | tuple):
            _type_error("an array", value, pointer, found)
            return
        if len(value) < min_items:
            _too_few(len(value), min_items, pointer, found)
        if max_items is not None and len(value) > max_items:
            _too_many(len(value), max_items, pointer, found)
        if far_over is not None and len(value) > far_over:
            found.cut_short = True
            value = value[:max_items]
        if items is not None:
            for index, item in enumerate(value):
                items(item, "" if found.full else f"{pointer}/{index}", found)

    return check


def _items(count: int) -> str:
    return f"an array of {count} item{'' if count == 1 else 's'}"


def _too_few(count: int, min_items: int, pointer: str, found: Violations) -> None:
    if count == 0:
        expected = "a non-empty array" if min_items == 1 else f"at least {min_items} items"
        message = f"expected {expected}, got an empty array {where(pointer)}"
    else:
        message = f"expected at least {min_items} items, got {_items(count)} {where(pointer)}"
    found.add("too_few_items", pointer, message)


def _too_many(count: int, max_items: int, pointer: str, found: Violations) -> None:
    message = f"expected at most {max_items} items, got {_items(count)} {where(pointer)}"
    found.add("too_many_items", pointer, message)


def _boolean_check(value: object, pointer: str, found: Violations) -> None:
    if not isinstance(value, bool):
        _type_error("a boolean", value, pointer, found)


def _pointer_check(schema: Schema) -> Check:
    # The one pattern supported is the pointer's, so that it can be checked by the same code
    # that resolves pointers and reported with its own code.
    if schema["pattern"] != POINTER_PATTERN or schema.get("type") != "string":
        raise ValueError("schema pattern not supported: only JSON Pointer strings have one")

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, str):
            _type_error("a string", value, pointer, found)
        elif not is_pointer(value):
            _report(found, "invalid_pointer", pointer, lambda: _not_a_pointer(value, pointer))

    return check


def _not_a_pointer(value: str, pointer: str) -> str:
    return (
        'expected an RFC 6901 JSON Pointer ("" or /-prefixed tokens, ~ only in ~0 and ~1), '
        f"got {describe_value(value)} {where(pointer)}"
    )
