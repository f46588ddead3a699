"""Schema fragments the contracts share: tokens, token lists, texts and the common options.

Each takes the bound it needs (None for the library's unlimited parser) and returns a fresh
JSON Schema object, so that each contract publishes exactly the schema its parser compiles.
"""

from typing import Any

Schema = dict[str, Any]

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def bounded(schema: Schema, keyword: str, bound: int | None) -> Schema:
    """``schema`` with ``keyword: bound``, or as it is when there is no bound."""
    return schema if bound is None else {**schema, keyword: bound}


def token(max_bytes: int | None) -> Schema:
    # maxLength counts characters; the byte limit is a rule of its own, so the text states it.
    size = "" if max_bytes is None else f" of at most {max_bytes} UTF-8 bytes"
    description = (
        f"One token: a non-empty string of valid Unicode{size}, compared by exact equality."
    )
    return bounded(
        {"type": "string", "minLength": 1, "description": description}, "maxLength", max_bytes
    )


def token_list(max_bytes: int | None, **keywords: Any) -> Schema:
    return {"type": "array", **keywords, "items": token(max_bytes)}


def text(max_bytes: int | None) -> Schema:
    size = "" if max_bytes is None else f" of at most {max_bytes} UTF-8 bytes"
    return {
        "type": "string",
        "description": f"A text: a string of valid Unicode{size}; it may be empty.",
    }


def reference_set(items: Schema, max_references: int | None, description: str = "") -> Schema:
    """The 1 to ``max_references`` references of one segment."""
    schema: Schema = {"type": "array", "minItems": 1, "items": items}
    if description:
        schema["description"] = description
    return bounded(schema, "maxItems", max_references)


def segments(items: Schema, max_segments: int | None, description: str) -> Schema:
    """One item per segment, at least one segment."""
    schema = {"type": "array", "minItems": 1, "items": items, "description": description}
    return bounded(schema, "maxItems", max_segments)


def integer(minimum: int, maximum: int, description: str, default: int | None = None) -> Schema:
    schema: Schema = {"type": "integer", "minimum": minimum, "maximum": maximum}
    if default is not None:
        schema["default"] = default
    return {**schema, "description": description}


def boolean(default: bool, description: str) -> Schema:
    return {"type": "boolean", "default": default, "description": description}


def decimals(rounded: str) -> Schema:
    return integer(0, 15, f"Round {rounded} as Number.prototype.toFixed does.")


def closed_object(properties: Schema, required: list[str]) -> Schema:
    """A top-level input: these properties and no others."""
    return {
        "$schema": SCHEMA_DIALECT,
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def length(max_length: int | None, description: str) -> Schema:
    return bounded(
        {"type": "integer", "minimum": 0, "description": description}, "maximum", max_length
    )


def counts(description: str, max_items: int | None = None) -> Schema:
    """Exact counts, one per order."""
    schema: Schema = {"type": "array", "items": {"type": "integer", "minimum": 0}}
    schema = bounded({**schema, "minItems": 1}, "maxItems", max_items) if max_items else schema
    return {**schema, "description": description}


def score(description: str) -> Schema:
    return {"type": "number", "minimum": 0, "maximum": 1, "description": description}


def output_object(properties: Schema, optional: tuple[str, ...] = ()) -> Schema:
    """A result object: these properties, all required but the ``optional`` ones, no others."""
    return {
        "$schema": SCHEMA_DIALECT,
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }
