"""The OpenAPI 3.1 description of the HTTP API, built from the registered contracts.

Each tool version gets its own execute operation whose request and response bodies are the
contract's input and output JSON Schemas, embedded as they are under ``components/schemas``: the
very objects validation uses, so a client generator or a fuzzer sees what the server enforces.
Each tool's newest version is also described at ``versions/latest``, whose answer names the
version it resolved to.
``POST /v1/batch`` embeds the batch's schemas the same way.
"""

from collections.abc import Iterable
from importlib.metadata import version as package_version
from typing import Any

from mtcompute.contracts.contract import Contract, JsonObject
from mtcompute.contracts.registry import LATEST, version_key
from mtcompute.contracts.titles import display_title
from mtcompute.http.routes.body import JSON_MEDIA_TYPE
from mtcompute.http.routes.problems import PROBLEM_MEDIA_TYPE
from mtcompute.meta.batch import doc as batch_doc
from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA, BATCH_OUTPUT_SCHEMA

_VIOLATION = {
    "type": "object",
    "properties": {
        "code": {"type": "string"},
        "pointer": {"type": "string", "description": "RFC 6901 JSON Pointer into the input."},
        "message": {"type": "string"},
    },
    "required": ["code", "pointer", "message"],
}
_PROBLEM = {
    "type": "object",
    "description": "RFC 9457 problem details with every violation found.",
    "properties": {
        "type": {"type": "string"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
    },
    "required": ["type", "title", "status", "errors"],
}
_PROBLEM_WHY = {
    "400": "The body is not JSON (or not UTF-8).",
    "404": "No such tool, version or resource.",
    "413": "The body is larger than the server's limit.",
    "415": "The body is not declared as JSON.",
    "422": "The input breaks the tool's contract (schema or limits).",
    "422Batch": "The batch is malformed: nothing ran; every violation points into the batch.",
}
_BATCH_INPUT, _BATCH_OUTPUT = "execute-batch-input", "execute-batch-output"


def _problem(status: str) -> JsonObject:
    return {"$ref": f"#/components/responses/Problem{status}"}


def _json_ok(description: str, schema: JsonObject, media_type: str = JSON_MEDIA_TYPE) -> JsonObject:
    return {"description": description, "content": {media_type: {"schema": schema}}}


def _path_parameter(name: str, description: str, example: str) -> JsonObject:
    return {
        "name": name,
        "in": "path",
        "required": True,
        "description": description,
        "schema": {"type": "string"},
        "example": example,
    }


_TOOL_ID = _path_parameter("id", "Tool id.", "bleu-corpus-compute")
_TOOL_VERSION = _path_parameter("version", "Released version, or latest for the newest.", "1.0.0")


def _name(contract: Contract, part: str) -> str:
    return f"{contract.id}-{contract.version}-{part}"


def _operation_id(contract: Contract, version: str) -> str:
    return "execute_" + f"{contract.id}_{version}".replace("-", "_").replace(".", "_")


def _execute_operation(contract: Contract, version: str) -> JsonObject:
    """Execute ``contract`` at ``version``: its own version, or latest (while it is the newest),
    whose answer names the version it resolved to."""
    properties: JsonObject = {
        "result": {"$ref": f"#/components/schemas/{_name(contract, 'output')}"}
    }
    if version == LATEST:
        properties["version"] = {"type": "string", "const": contract.version}
    result = {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    input_ref = {"$ref": f"#/components/schemas/{_name(contract, 'input')}"}
    examples = {
        f"example-{number}": {"summary": example.title, "value": example.input}
        for number, example in enumerate(contract.examples, start=1)
    }
    newest = f" (latest: {contract.version})" if version == LATEST else ""
    return {
        "operationId": _operation_id(contract, version),
        "summary": f"{display_title(contract.title)} {version}{newest}",
        "description": contract.summary,
        "tags": ["execute"],
        "requestBody": {
            "required": True,
            "content": {JSON_MEDIA_TYPE: {"schema": input_ref, "examples": examples}},
        },
        "responses": {
            "200": _json_ok("The result.", result),
            **{status: _problem(status) for status in ("400", "413", "415", "422")},
        },
    }


_ANY_OBJECT: JsonObject = {"type": "object"}
_TOOL_LIST: JsonObject = {
    "type": "object",
    "properties": {"tools": {"type": "array", "items": {"type": "object"}}},
    "required": ["tools"],
}
_HEALTH: JsonObject = {
    "type": "object",
    "properties": {"status": {"const": "ok"}},
    "required": ["status"],
}


def _read(operation_id: str, summary: str, ok: JsonObject, *params: JsonObject) -> JsonObject:
    """A GET path item; one with path parameters can also answer 404."""
    responses = {"200": ok, **({"404": _problem("404")} if params else {})}
    operation = {"operationId": operation_id, "summary": summary, "responses": responses}
    return {"get": operation, **({"parameters": list(params)} if params else {})}


def _fixed_paths() -> JsonObject:
    contract = _json_ok("The contract.", _ANY_OBJECT)
    page = _json_ok("HTML page.", {"type": "string"}, "text/html")
    return {
        "/v1/tools": _read("list_tools", "Every tool.", _json_ok("Tools.", _TOOL_LIST)),
        "/v1/tools/{id}/versions/{version}": _read(
            "describe_tool", "The contract of one tool version.", contract, _TOOL_ID, _TOOL_VERSION
        ),
        "/tools/{id}": _read(
            "tool_page", "The page about a tool's latest version.", page, _TOOL_ID
        ),
        "/openapi.json": _read("openapi", "This document.", _json_ok("OpenAPI.", _ANY_OBJECT)),
        "/healthz": _read("healthz", "Liveness.", _json_ok("Alive.", _HEALTH)),
    }


def _batch_operation() -> JsonObject:
    """POST /v1/batch: 200 whatever the operations' statuses, 422 for a malformed batch."""
    example = {
        "example-1": {
            "summary": "chrF++ words into sentence BLEU, beside chrF",
            "value": batch_doc.EXAMPLE_BATCH,
        }
    }
    request = {"schema": {"$ref": f"#/components/schemas/{_BATCH_INPUT}"}, "examples": example}
    ok = _json_ok("One entry per operation.", {"$ref": f"#/components/schemas/{_BATCH_OUTPUT}"})
    return {
        "operationId": "execute_batch",
        "summary": batch_doc.TITLE,
        "description": batch_doc.SUMMARY,
        "tags": ["execute"],
        "requestBody": {"required": True, "content": {JSON_MEDIA_TYPE: request}},
        "responses": {
            "200": ok,
            **{status: _problem(status) for status in ("400", "413", "415")},
            "422": _problem("422Batch"),
        },
    }


def _components(contracts: Iterable[Contract]) -> JsonObject:
    schemas: dict[str, Any] = {"Problem": _PROBLEM, "Violation": _VIOLATION}
    schemas |= {_BATCH_INPUT: BATCH_INPUT_SCHEMA, _BATCH_OUTPUT: BATCH_OUTPUT_SCHEMA}
    for contract in contracts:
        schemas[_name(contract, "input")] = contract.input_schema
        schemas[_name(contract, "output")] = contract.output_schema
    responses = {
        f"Problem{status}": _json_ok(
            why, {"$ref": "#/components/schemas/Problem"}, PROBLEM_MEDIA_TYPE
        )
        for status, why in _PROBLEM_WHY.items()
    }
    return {"schemas": schemas, "responses": responses}


def _newest(contracts: Iterable[Contract]) -> list[Contract]:
    """The newest version of each tool among ``contracts``, by id."""
    newest: dict[str, Contract] = {}
    for contract in contracts:
        known = newest.get(contract.id)
        if known is None or version_key(contract.version) > version_key(known.version):
            newest[contract.id] = contract
    return [newest[tool_id] for tool_id in sorted(newest)]


def openapi_document(contracts: Iterable[Contract]) -> JsonObject:
    """OpenAPI 3.1 for the API serving ``contracts``."""
    contracts = list(contracts)
    paths = {**_fixed_paths(), "/v1/batch": {"post": _batch_operation()}}
    for contract in contracts:
        path = f"/v1/tools/{contract.id}/versions/{contract.version}/execute"
        paths[path] = {"post": _execute_operation(contract, contract.version)}
    for contract in _newest(contracts):
        path = f"/v1/tools/{contract.id}/versions/{LATEST}/execute"
        paths[path] = {"post": _execute_operation(contract, LATEST)}
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "mtcompute",
            "version": package_version("mtcompute"),
            "description": "Exact, versioned compute tools for machine-translation evaluation.",
        },
        "paths": paths,
        "components": _components(contracts),
    }
