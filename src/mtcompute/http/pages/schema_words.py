"""A JSON Schema said in plain words, one row per field, for the tables of the pages.

``hypotheses`` reads "a list of 1 to 1,000 lists of texts (each 1 to 128 characters)", not a
schema keyword dump. Fields of nested objects get rows of their own, named by the path a
person would write (``segments[].chrf``), so no description in the schema is lost.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.served import UNAVAILABLE

Schema = Mapping[str, Any]

_NOUNS = {
    "string": ("a text", "texts"),
    "integer": ("a whole number", "whole numbers"),
    "number": ("a number", "numbers"),
    "boolean": ("true or false", "true or false values"),
    "object": ("an object", "objects"),
    "null": ("null", "nulls"),
}


@dataclass(frozen=True)
class FieldRow:
    name: str
    need: str
    kind: str
    meaning: str


def _count(schema: Schema, low: str, high: str) -> str:
    """ "1 to 8", "at least 1", "at most 8" or "" for a pair of bounds in ``schema``."""
    lo, hi = schema.get(low), schema.get(high)
    if lo is not None and hi is not None:
        return f"{lo:,} to {hi:,}" if lo != hi else f"{lo:,}"
    if lo is not None and lo > 0:
        return f"at least {lo:,}"
    return f"at most {hi:,}" if hi is not None else ""


def _bounds(schema: Schema) -> str:
    """What restricts one value: its range, its length, its choices."""
    if "enum" in schema:
        return "one of " + ", ".join(str(choice) for choice in schema["enum"])
    if schema.get("type") == "string":
        if schema.get("minLength") == 1 and "maxLength" not in schema:
            return "non-empty"
        length = _count(schema, "minLength", "maxLength")
        return f"{length} characters" if length else ""
    return _count(schema, "minimum", "maximum")


def _types(schema: Schema) -> list[str]:
    kind = schema.get("type", "object")
    return list(kind) if isinstance(kind, list) else [kind]


def _noun(schema: Schema, plural: bool) -> str:
    if "anyOf" in schema:
        return " or ".join(_noun(branch, plural) for branch in schema["anyOf"])
    if _types(schema) == ["array"]:
        return _list_noun(schema, plural)
    nouns = [_NOUNS.get(kind, (kind, kind))[1 if plural else 0] for kind in _types(schema)]
    text = " or ".join(nouns)
    if bounds := _bounds(schema):
        text += f" (each {bounds})" if plural else f", {bounds}"
    return text


def _list_noun(schema: Schema, plural: bool) -> str:
    count = _count(schema, "minItems", "maxItems")
    items = schema.get("items")
    inner = _noun(items, plural=True) if isinstance(items, Mapping) else "values"
    head = "lists" if plural else "a list"
    return f"{head} of {count} {inner}" if count else f"{head} of {inner}"


def describe(schema: Schema) -> str:
    """What a value of ``schema`` is, as a noun phrase: "a whole number, 1 to 8"."""
    return _noun(schema, plural=False)


def _innermost(schema: Schema) -> tuple[str, Schema]:
    """The ``[]`` suffix and the schema of the values at the bottom of nested lists."""
    suffix = ""
    while _types(schema) == ["array"] and isinstance(schema.get("items"), Mapping):
        schema, suffix = schema["items"], suffix + "[]"
    return suffix, schema


def _meaning(schema: Schema) -> str:
    parts = [schema.get("description", "")]
    _, inner = _innermost(schema)
    if inner is not schema and inner.get("description"):
        parts.append(f"Each item: {inner['description']}")
    if missing := schema.get(UNAVAILABLE):
        named = ", ".join(missing)
        parts.append(f"Not on this server (a package or model is missing): {named}.")
    return " ".join(part for part in parts if part)


def field_rows(schema: Schema, prefix: str = "") -> Iterator[FieldRow]:
    """A row per property of the object ``schema``, then rows for the properties of any object
    inside it; required fields say so, optional ones their default."""
    required = set(schema.get("required", ()))
    for name, field in schema.get("properties", {}).items():
        need = "required" if name in required else "optional"
        if "default" in field:
            need += f", default {_literal(field['default'])}"
        yield FieldRow(prefix + name, need, describe(field), _meaning(field))
        yield from _nested_rows(field, prefix + name)


def _nested_rows(field: Schema, path: str) -> Iterator[FieldRow]:
    suffix, inner = _innermost(field)
    if "properties" in inner:
        yield from field_rows(inner, f"{path}{suffix}.")
    elif isinstance(inner.get("additionalProperties"), Mapping):
        # A map from names a person chooses (bind's KEY) to values of one shape.
        value = inner["additionalProperties"]
        if "anyOf" in value:
            # One row for the choice, then the fields of its object branch (the list's items
            # have the same fields).
            yield FieldRow(f"{path}{suffix}.KEY", "optional", describe(value), _meaning(value))
            value = next(b for b in value["anyOf"] if _types(b) == ["object"])
        yield from field_rows(value, f"{path}{suffix}.KEY.")


def _literal(value: object) -> str:
    """A default as JSON writes it: true, null, "exp" shown bare."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "{}" if not value else str(dict(value))
    return str(value)
