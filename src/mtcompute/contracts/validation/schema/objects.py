"""``{"type": "object"}`` with ``properties``, ``required`` and ``additionalProperties``: false
(closed: any other name is an error, with "did you mean"), true (any other name goes), or a
schema that every other property's value must satisfy (the batch's ``bind``); ``maxProperties``
bounds the number of names, and an object over it is reported by its count alone, its values
left unread."""

import math
from collections.abc import Mapping

from mtcompute.contracts.validation.schema.compiled import (
    Compile,
    CompiledSchema,
    Schema,
    compiled,
    type_error,
)
from mtcompute.contracts.validation.violations import (
    Violations,
    child_pointer,
    describe_value,
    did_you_mean,
    quoted,
    where,
)


def object_schema(schema: Schema, compile_schema: Compile) -> CompiledSchema:
    properties = {name: compile_schema(sub) for name, sub in schema.get("properties", {}).items()}
    required = tuple(schema.get("required", ()))
    additional = schema.get("additionalProperties", True)
    other = compile_schema(additional) if isinstance(additional, Mapping) else None
    closed = additional is False
    required_names = frozenset(required)
    valid_by_name = {name: rule.valid for name, rule in properties.items()}
    other_valid = None if other is None else other.valid
    max_properties = schema.get("maxProperties", math.inf)

    def valid(value: object) -> bool:
        if not isinstance(value, dict) or not required_names <= value.keys():
            return False
        if len(value) > max_properties:
            return False
        for name, item in value.items():
            item_valid = valid_by_name.get(name, other_valid)
            if item_valid is None:
                if closed:
                    return False
            elif not item_valid(item):
                return False
        return True

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, dict):
            type_error("an object", value, pointer, found)
            return
        if len(value) > max_properties:
            _too_many(len(value), max_properties, pointer, found)
            return
        for name in required:
            if name not in value:
                message = f"expected the required property '{name}', got an object without it "
                found.add("required", child_pointer(pointer, name), message + where(pointer))
        for name, item in value.items():
            rule = properties.get(name, other)
            if rule is not None:
                # Past the cap nothing is reported: no pointer is built, "" stands for any.
                rule.check(item, "" if found.full else child_pointer(pointer, name), found)
            elif closed:
                report_unknown_property(name, properties, pointer, found)

    def count(value: object) -> int:
        if not isinstance(value, dict) or len(value) > max_properties:
            return 1
        missing = sum(name not in value for name in required)
        unknown = value.keys() - properties.keys()
        known = (rule.count(value[name]) for name, rule in properties.items() if name in value)
        if other is not None:
            return missing + sum(known) + sum(other.count(value[name]) for name in unknown)
        return missing + (len(unknown) if closed else 0) + sum(known)

    return compiled(valid, check, count)


def _too_many(count: int, max_properties: float, pointer: str, found: Violations) -> None:
    noun = "property" if max_properties == 1 else "properties"
    message = (
        f"expected an object of at most {max_properties:g} {noun}, "
        f"got an object of {count} {where(pointer)}"
    )
    found.add("too_many_properties", pointer, message)


def report_unknown_property(
    name: object, properties: Mapping[str, object], pointer: str, found: Violations
) -> None:
    """The violation of ``name``, a property of the object at ``pointer`` that is none of
    ``properties``: what is allowed, what arrived, and a close name if there is one."""
    if found.full:  # an input of a million unknown keys: each is only counted
        found.count_unreported()
        return
    allowed = ", ".join(f"'{p}'" for p in properties)
    shown = quoted(name, "'") if isinstance(name, str) else describe_value(name)
    message = f"expected one of the properties {allowed}, got the unknown property {shown} "
    close = did_you_mean(name, properties.keys(), found) if isinstance(name, str) else ""
    found.add("unknown_property", child_pointer(pointer, name), message + where(pointer) + close)
