"""A contract as this installation serves it. A released contract is frozen and the same on every
machine (its published JSON, ``describe`` in the library); but an option may name tokenizers that
run extras (``bleu-tokenize@1.1.0``'s ja-mecab, ko-mecab and SentencePiece tokenizers, which
need a package, a dictionary or a model file). What a server hands its clients (HTTP, MCP, the
pages, OpenAPI) lists in such an enum only the tokenizers this installation runs when asked, so
that a client validating against the served schema never sends one the server lacks; the others
stay named beside it, under ``x-unavailable``, so that a client can tell "not here" from "no
such tokenizer", and the version's full list is the two together.

A request naming an unavailable tokenizer is still judged by the released contract: it passes
the schema and is refused as ``tokenizer_unavailable`` at ``/tokenizer``, a message saying what
to install or fetch. An enum is a tokenizer enum when every value is a tokenizer name and one is
a multilingual one; other enums, and contracts without one, are served unchanged.
"""

import dataclasses
from collections.abc import Callable
from typing import Any

from mtcompute.contracts.contract import Contract
from mtcompute.metrics.tokenizers import (
    ALL_TOKENIZER_NAMES,
    MODEL_TOKENIZER_NAMES,
    available_tokenizers,
)

UNAVAILABLE = "x-unavailable"


def served(contract: Contract) -> Contract:
    """``contract`` with each tokenizer enum of its schemas narrowed to what runs here."""
    if not _has_tokenizer_enum(contract.input_schema):
        return contract
    available = available_tokenizers()
    return dataclasses.replace(
        contract,
        input_schema=_narrowed(contract.input_schema, available),
        output_schema=_narrowed(contract.output_schema, available),
    )


def _is_tokenizer_enum(values: object) -> bool:
    if not isinstance(values, list) or not values:
        return False
    names = [value for value in values if isinstance(value, str)]
    return (
        len(names) == len(values)
        and set(names) <= set(ALL_TOKENIZER_NAMES)
        and not set(names).isdisjoint(MODEL_TOKENIZER_NAMES)
    )


def _has_tokenizer_enum(schema: Any) -> bool:
    return _walk(schema, lambda node: _is_tokenizer_enum(node.get("enum")))


def _walk(schema: Any, found: Callable[[dict[str, Any]], bool]) -> bool:
    if isinstance(schema, dict):
        return found(schema) or any(_walk(value, found) for value in schema.values())
    if isinstance(schema, list):
        return any(_walk(value, found) for value in schema)
    return False


def _narrowed(schema: Any, available: tuple[str, ...]) -> Any:
    """A copy of ``schema`` whose tokenizer enums keep the ``available`` names, the others
    listed under ``x-unavailable`` (present only when some are missing)."""
    if isinstance(schema, list):
        return [_narrowed(value, available) for value in schema]
    if not isinstance(schema, dict):
        return schema
    copied = {key: _narrowed(value, available) for key, value in schema.items()}
    if _is_tokenizer_enum(schema.get("enum")):
        names = schema["enum"]
        copied["enum"] = [name for name in names if name in available]
        missing = [name for name in names if name not in available]
        if missing:
            copied[UNAVAILABLE] = missing
    return copied
