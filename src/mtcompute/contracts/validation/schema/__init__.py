"""The one schema engine: every published schema (tool inputs, the batch) compiles here.

``compile_schema`` is the entry; each JSON type has its module, and the bulk helpers that other
rules share (``strings_of``, ``is_integral``) are exported from here.
"""

from mtcompute.contracts.validation.schema.arrays import FAR_OVER_MAX_ITEMS, strings_of
from mtcompute.contracts.validation.schema.compiled import Check, CompiledSchema, Schema
from mtcompute.contracts.validation.schema.compiler import SUPPORTED_KEYWORDS, compile_schema
from mtcompute.contracts.validation.schema.numbers import is_integral
from mtcompute.contracts.validation.schema.values import json_equal

__all__ = [
    "FAR_OVER_MAX_ITEMS",
    "SUPPORTED_KEYWORDS",
    "Check",
    "CompiledSchema",
    "Schema",
    "compile_schema",
    "is_integral",
    "json_equal",
    "strings_of",
]
