"""The input and output JSON Schemas (draft 2020-12) of the ``execute_batch`` meta-tool.

The input schema is published as it is and is the object the batch check compiles. Two rules
of a well-formed batch are beyond a JSON Schema and are stated in descriptions only: a binding's
step is an earlier step, and a key is set by ``input`` or by ``bind``, not both.

A bound key takes one binding, or a list of bindings whose values it gets as an array, in the
list's order (for a tool that combines parts); a batch of single bindings means what it always
meant. Every size is bounded here, before anything is resolved: the keys of ``bind``, the
bindings of a list, the length of a pointer (checked before its pattern).
"""

from typing import Any

from mtcompute.contracts.validation.pointer import POINTER_PATTERN

MAX_OPERATIONS = 20
# No tool input has this many properties, so a larger bind names keys that cannot be inputs.
MAX_BOUND_KEYS = 20
# A list binding collects at most one value per earlier step.
MAX_LIST_BINDINGS = MAX_OPERATIONS
# Far longer than any pointer into a result: results nest a few levels deep.
MAX_POINTER_LENGTH = 1024
DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

BINDING_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "Where a bound value comes from: a value in an earlier step's result.",
    "properties": {
        "step": {
            "type": "integer",
            "minimum": 0,
            "description": "The index of an earlier operation: 0 to this operation's index - 1.",
        },
        "pointer": {
            "type": "string",
            "maxLength": MAX_POINTER_LENGTH,
            "pattern": POINTER_PATTERN,
            "description": (
                'An RFC 6901 JSON Pointer into that step\'s result object: "" for the whole '
                "result, or /-prefixed tokens with ~0 for ~ and ~1 for /; array indexes in "
                'canonical decimal, e.g. "/matches/0".'
            ),
        },
    },
    "required": ["step", "pointer"],
    "additionalProperties": False,
}

BINDINGS_SCHEMA: dict[str, Any] = {
    "anyOf": [
        BINDING_SCHEMA,
        {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_LIST_BINDINGS,
            "items": BINDING_SCHEMA,
            "description": (
                "Several bindings: the key is set to the array of their values, in this order "
                "(the parts a -from-statistics tool combines, say)."
            ),
        },
    ],
    "description": "One binding, or a non-empty list of bindings bound as an array of values.",
}

BIND_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": (
        "Top-level input keys set from earlier results: each key a property of the tool's "
        "input that `input` does not have, each value where its value comes from (one binding) "
        "or a list of bindings (an array of their values)."
    ),
    "maxProperties": MAX_BOUND_KEYS,
    "additionalProperties": BINDINGS_SCHEMA,
    "default": {},
}

OPERATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One call of a catalogue tool at a version, as a single execute would make it.",
    "properties": {
        "id": {"type": "string", "description": "A catalogue tool id, e.g. bleu-corpus-compute."},
        "version": {
            "type": "string",
            "description": "A released version of it, e.g. 1.0.0, or latest for the newest.",
        },
        "input": {
            "type": "object",
            "description": "The tool's input, per its contract, without the keys `bind` sets.",
        },
        "bind": BIND_SCHEMA,
        "include_result": {
            "type": "boolean",
            "default": True,
            "description": "false leaves `result` out of the response; later steps still bind it.",
        },
    },
    "required": ["id", "version", "input"],
    "additionalProperties": False,
}

BATCH_INPUT_SCHEMA: dict[str, Any] = {
    "$schema": DRAFT_2020_12,
    "title": "Execute batch",
    "description": (
        f"1 to {MAX_OPERATIONS} catalogue tool calls, run in order; a later input may take "
        "whole values from earlier results by JSON Pointer."
    ),
    "type": "object",
    "properties": {
        "operations": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_OPERATIONS,
            "items": OPERATION_SCHEMA,
            "description": "The calls, run one after another in this order.",
        },
    },
    "required": ["operations"],
    "additionalProperties": False,
}

_VIOLATION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {"type": "string"},
        "pointer": {"type": "string", "description": "An RFC 6901 JSON Pointer into the batch."},
        "message": {"type": "string"},
    },
    "required": ["code", "pointer", "message"],
    "additionalProperties": False,
}


def _entry(status: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"status": {"const": status}, **properties},
        "required": ["status", *required],
        "additionalProperties": False,
    }


BATCH_OUTPUT_SCHEMA: dict[str, Any] = {
    "$schema": DRAFT_2020_12,
    "type": "object",
    "properties": {
        "results": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_OPERATIONS,
            "description": "One entry per operation, in order.",
            "items": {
                "oneOf": [
                    _entry(
                        "ok",
                        {
                            "result": {"type": "object"},
                            "version": {
                                "type": "string",
                                "description": "The version `latest` resolved to.",
                            },
                        },
                        [],
                    ),
                    _entry(
                        "error",
                        {"errors": {"type": "array", "minItems": 1, "items": _VIOLATION_SCHEMA}},
                        ["errors"],
                    ),
                    _entry("skipped", {"reason": {"type": "string"}}, ["reason"]),
                ]
            },
        },
    },
    "required": ["results"],
    "additionalProperties": False,
}
