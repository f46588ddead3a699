"""The meta-tools every adapter offers (execute, describe, search, execute_batch), as plain data
and functions.

    execute        {id, version, input, model?}  -> {"result": {...}}
    describe       {id, version}                 -> the contract
    search         {query, limit?}               -> {"tools": [{id, version, ..., score}]}
    execute_batch  {operations}                  -> {"results": [...]}, as ``batch.run_batch``
    <tool id>      the tool's own input          -> its result object (latest version)

``run`` raises ``MtcomputeError`` for arguments that break a schema and for an unknown tool or
version, with the same ``errors`` the HTTP API answers.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.contract import Contract, JsonObject
from mtcompute.contracts.registry import latest, tool_ids
from mtcompute.contracts.served import served
from mtcompute.contracts.titles import display_title
from mtcompute.contracts.validation.schema import compile_schema
from mtcompute.contracts.validation.violations import Violations
from mtcompute.meta import execute as api
from mtcompute.meta import search
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.batch import run as batch
from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA, BATCH_OUTPUT_SCHEMA

_TOOL_REF = {
    "id": {"type": "string", "minLength": 1, "description": "Tool id, e.g. bleu-corpus-compute."},
    "version": {
        "type": "string",
        "minLength": 1,
        "description": "Released version, e.g. 1.0.0, or latest for the newest.",
    },
}
EXECUTE_INPUT: JsonObject = {
    "type": "object",
    "properties": {
        **_TOOL_REF,
        "input": {"type": "object", "description": "The tool's input, per its contract."},
        "model": {"type": "string", "description": "Optional: the model making the call."},
    },
    "required": ["id", "version", "input"],
    "additionalProperties": False,
}
DESCRIBE_INPUT: JsonObject = {
    "type": "object",
    "properties": _TOOL_REF,
    "required": ["id", "version"],
    "additionalProperties": False,
}
SEARCH_INPUT: JsonObject = {
    "type": "object",
    "properties": {
        "query": {
            "type": "string",
            "minLength": 1,
            "maxLength": search.MAX_QUERY_CHARACTERS,
            "description": (
                f"What you need to compute, in words (at most {search.MAX_QUERY_TERMS} of them)."
            ),
        },
        "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": search.MAX_LIMIT,
            "default": search.DEFAULT_LIMIT,
        },
    },
    "required": ["query"],
    "additionalProperties": False,
}
_EXECUTE_OUTPUT: JsonObject = {
    "type": "object",
    "properties": {
        "result": {"type": "object"},
        "version": {"type": "string", "description": "The version `latest` resolved to."},
    },
    "required": ["result"],
}
_DESCRIBE_OUTPUT: JsonObject = {
    "type": "object",
    "required": ["id", "version", "input_schema", "output_schema", "limits"],
}
_SEARCH_OUTPUT: JsonObject = {
    "type": "object",
    "properties": {"tools": {"type": "array", "items": {"type": "object"}}},
    "required": ["tools"],
}


@dataclass(frozen=True)
class ToolSpec:
    name: str
    title: str
    description: str
    input_schema: JsonObject
    output_schema: JsonObject


META_TOOLS = (
    ToolSpec(
        "execute",
        "Execute a tool",
        'Run tool `id` at `version` (or "latest") on `input`; the answer is {"result": {...}},'
        ' with "version" beside it when "latest" was asked for.',
        EXECUTE_INPUT,
        _EXECUTE_OUTPUT,
    ),
    ToolSpec(
        "describe",
        "Describe a tool",
        "The contract of tool `id` at `version`: scope, behaviour, schemas, limits, examples.",
        DESCRIBE_INPUT,
        _DESCRIBE_OUTPUT,
    ),
    ToolSpec(
        "search",
        "Search the tools",
        "Tools matching what you need to compute, best first, each with a 0-1 score.",
        SEARCH_INPUT,
        _SEARCH_OUTPUT,
    ),
    ToolSpec(
        batch_doc.MCP_NAME,
        batch_doc.TITLE,
        batch_doc.mcp_description(),
        BATCH_INPUT_SCHEMA,
        BATCH_OUTPUT_SCHEMA,
    ),
)


def _contract_spec(released: Contract) -> ToolSpec:
    contract = served(released)  # its tokenizer enums list what this installation runs
    description = (
        f"{contract.summary} (`{contract.id}@{contract.version}`.) "
        f"Use when you need to: {'; '.join(contract.use_when)}. "
        f"Not supported: {'; '.join(contract.not_supported)}."
    )
    schemas = (dict(contract.input_schema), dict(contract.output_schema))
    return ToolSpec(contract.id, display_title(contract.title), description, *schemas)


def specs() -> list[ToolSpec]:
    """execute, describe, search, execute_batch, then each registered tool by its id (its
    latest version)."""
    return [*META_TOOLS, *(_contract_spec(latest(tool_id).contract) for tool_id in tool_ids())]


# The batch checks its own arguments, as a whole batch (``batch_check``).
_CHECKS = {
    spec.name: compile_schema(spec.input_schema)
    for spec in META_TOOLS
    if spec.name != batch_doc.MCP_NAME
}


def _check(name: str, arguments: Mapping[str, Any]) -> None:
    """``InputError`` listing every way ``arguments`` break meta tool ``name``'s input schema."""
    found = Violations()
    _CHECKS[name].check(dict(arguments), "", found)
    found.raise_if_any()


def _execute(arguments: Mapping[str, Any]) -> JsonObject:
    # The tool judges its own input, so that a non-object input gets the error it gets over
    # HTTP (at pointer ""); the check of the other arguments sees an empty object in its place.
    stand_in: JsonObject = {"input": {}} if "input" in arguments else {}
    _check("execute", {**arguments, **stand_in})
    return api.execute_answer(arguments["id"], arguments["version"], arguments["input"])


def _describe(arguments: Mapping[str, Any]) -> JsonObject:
    _check("describe", arguments)
    return api.describe_served(arguments["id"], arguments["version"])


def _search(arguments: Mapping[str, Any]) -> JsonObject:
    _check("search", arguments)
    limit = int(arguments.get("limit", search.DEFAULT_LIMIT))
    return {"tools": [match.to_json() for match in search.search(arguments["query"], limit)]}


def _execute_batch(arguments: Mapping[str, Any]) -> JsonObject:
    # The arguments are the batch: a malformed one points into it as over HTTP.
    return batch.run_batch(dict(arguments))


_RUN_META: dict[str, Callable[[Mapping[str, Any]], JsonObject]] = {
    "execute": _execute,
    "describe": _describe,
    "search": _search,
    batch_doc.MCP_NAME: _execute_batch,
}


def run(name: str, arguments: Mapping[str, Any]) -> JsonObject:
    """The answer of tool ``name``; a registered tool's own name runs its latest version."""
    if name in _RUN_META:
        return _RUN_META[name](arguments)
    return api.execute(name, latest(name).contract.version, dict(arguments))
