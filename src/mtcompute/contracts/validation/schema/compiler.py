"""A compiled checker for the subset of JSON Schema (draft 2020-12) that contracts and the batch
meta-tool use.

The published schema is the object this module compiles, so what a contract says and what is
enforced cannot drift apart. A keyword outside the subset is refused when compiling rather than
silently ignored. Each JSON type compiles in its own module (``objects``, ``arrays``,
``strings``, ``numbers``, ``booleans``); ``enum`` and ``const`` wrap any of them (``values``);
``anyOf`` chooses among branches by JSON type (``choices``).
"""

from mtcompute.contracts.validation.schema.arrays import array_schema
from mtcompute.contracts.validation.schema.booleans import boolean_schema
from mtcompute.contracts.validation.schema.choices import any_of_types
from mtcompute.contracts.validation.schema.compiled import CompiledSchema, Schema
from mtcompute.contracts.validation.schema.numbers import number_schema
from mtcompute.contracts.validation.schema.objects import object_schema
from mtcompute.contracts.validation.schema.strings import string_schema
from mtcompute.contracts.validation.schema.values import one_of_values

SUPPORTED_KEYWORDS = frozenset(
    {
        "$schema", "$id", "$comment", "title", "description", "examples", "default",
        "type", "properties", "required", "additionalProperties", "items",
        "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum",
        "exclusiveMinimum", "exclusiveMaximum", "enum", "const", "anyOf", "maxProperties",
    }
)  # fmt: skip


def compile_schema(schema: Schema) -> CompiledSchema:
    """Compile ``schema``; ``ValueError`` for a keyword or type outside the supported subset."""
    unknown = set(schema) - SUPPORTED_KEYWORDS
    if unknown:
        raise ValueError(f"schema keywords not supported: {sorted(unknown)}")
    if "anyOf" in schema:
        return any_of_types(schema, compile_schema)
    typed = _typed_schema(schema)
    if "enum" in schema or "const" in schema:
        return one_of_values(schema, typed)
    return typed


def _typed_schema(schema: Schema) -> CompiledSchema:
    kind = schema.get("type")
    if "pattern" in schema and kind != "string":
        raise ValueError("schema keyword pattern is supported for strings only")
    if kind == "object":
        return object_schema(schema, compile_schema)
    if kind == "array":
        return array_schema(schema, compile_schema)
    if kind == "string":
        return string_schema(schema)
    if kind in ("integer", "number"):
        return number_schema(schema)
    if kind == "boolean":
        return boolean_schema()
    raise ValueError(f"schema type not supported: {kind!r}")
