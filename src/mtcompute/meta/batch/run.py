"""``execute_batch``: catalogue tool calls run in order, later inputs bound from earlier results.

    run_batch({"operations": [...]})  -> {"results": [...]}       what HTTP, MCP and the CLI serve
    execute_batch([...])              -> [...]                    the Python interface

A malformed batch raises ``InputError`` with nothing run (see ``batch_check``). Otherwise every
operation gets an entry, in order:

    {"status": "ok", "result": {...}}       "result" left out when include_result is false
    {"status": "error", "errors": [...]}    its unresolved bindings, else an unknown id or
                                            version, else its tool's input errors
    {"status": "skipped", "reason": "..."}  it binds from a step that did not succeed

Each operation is a single execute of its tool: the input it gets is its ``input`` with each
bound key set, and the tool's errors keep their codes, moved under ``/operations/i/input``.

Binding costs no copy: a bound value is the earlier result's own value (no tool changes its
input). Before any pointer is resolved, the bound keys are checked against the tool's input
properties; the values bound in a whole batch are capped at ``MAX_BOUND_BYTES`` of JSON.
"""

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from mtcompute.contracts.contract import JsonObject, Tool
from mtcompute.contracts.registry import LATEST, get_tool
from mtcompute.contracts.validation.pointer import UnresolvedPointerError, resolve
from mtcompute.contracts.validation.schema.objects import report_unknown_property
from mtcompute.contracts.validation.violations import Violations, child_pointer, quoted
from mtcompute.errors import InputError, UnknownToolError, Violation
from mtcompute.meta.batch.check import bindings_of, check_batch
from mtcompute.meta.batch.prefix import prefixed
from mtcompute.meta.batch.size import json_size
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES

_PLACE_OF = {"unknown_tool": "id", "unknown_version": "version"}
# What a whole batch may bind, as JSON: as much as one request body may send.
MAX_BOUND_BYTES = DEFAULT_MAX_BODY_BYTES


class _Step(NamedTuple):
    """An operation's entry, and its result, kept for binding whether the entry shows it or not."""

    entry: JsonObject
    result: JsonObject | None


def run_batch(batch: object) -> JsonObject:
    """The ``results`` of a batch ``{"operations": [...]}``; ``InputError`` if it is malformed.

    A value bound from one step into another is the same object in both results: read the
    results, or copy them before changing one."""
    check_batch(batch)
    steps: list[_Step] = []
    budget = _Budget(MAX_BOUND_BYTES)
    for index, operation in enumerate(cast(JsonObject, batch)["operations"]):
        steps.append(_run(index, operation, steps, budget))
    return {"results": [step.entry for step in steps]}


def execute_batch(operations: object) -> list[JsonObject]:
    """The ``results`` of a batch of ``operations``; a malformed one raises ``InputError`` whose
    pointers are those of the batch ``{"operations": operations}``."""
    return cast(list[JsonObject], run_batch({"operations": operations})["results"])


class _Budget:
    """The bytes of JSON the batch may still bind."""

    def __init__(self, left: int) -> None:
        self.left = left


def _run(index: int, operation: JsonObject, earlier: list[_Step], budget: _Budget) -> _Step:
    bind: dict[str, Any] = operation.get("bind", {})
    failed = _first_failed(bind, earlier)
    if failed is not None:
        return _skipped(failed, earlier[failed], bind)
    tool: Tool[Any] | UnknownToolError
    try:
        tool = get_tool(operation["id"], operation["version"])
    except UnknownToolError as error:
        tool = error
    if isinstance(tool, Tool):
        unknown = _unknown_keys(index, tool, bind)
        if unknown:
            return _error(unknown)
    bound, unresolved = _bound_values(index, bind, earlier)
    if unresolved:
        return _error(unresolved)
    if isinstance(tool, UnknownToolError):
        return _error([_unknown_tool(index, tool)])
    too_large = _over_budget(index, bound, budget)
    if too_large:
        return _error(too_large)
    return _execute(index, operation, tool, bound)


def _execute(index: int, operation: JsonObject, tool: Tool[Any], bound: JsonObject) -> _Step:
    """A single execute of the operation's tool, on its input with the bound keys set."""
    try:
        result = tool.execute({**operation["input"], **bound} if bound else operation["input"])
    except InputError as error:
        return _error(prefixed(error.errors, f"/operations/{index}/input"))
    entry: JsonObject = {"status": "ok", "result": result}
    if not operation.get("include_result", True):
        entry = {"status": "ok"}
    if operation["version"] == LATEST:
        entry["version"] = tool.contract.version  # the version latest resolved to
    return _Step(entry, result)


def _unknown_keys(index: int, tool: Tool[Any], bind: Mapping[str, Any]) -> list[Violation]:
    """A bound key the tool's input does not have, as the tool would report it in its input:
    found before any pointer is resolved, so that it costs nothing."""
    schema = tool.contract.input_schema
    if schema.get("additionalProperties", True) is not False:
        return []  # an open input takes any key
    properties = schema.get("properties", {})
    found = Violations()
    for key in bind:
        if key not in properties:
            report_unknown_property(key, properties, "", found)
    return prefixed(found.kept, f"/operations/{index}/input")


def _first_failed(bind: Mapping[str, Any], earlier: list[_Step]) -> int | None:
    """The earliest step bound from that did not succeed, if any."""
    steps = (_step_of(binding) for _, binding in _each_binding(bind))
    return min((step for step in steps if earlier[step].result is None), default=None)


def _each_binding(bind: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """Every binding with its key, a list's in order."""
    return [
        (key, cast(Mapping[str, Any], binding))
        for key, bound in bind.items()
        for _, binding in bindings_of(bound, "")
    ]


def _step_of(binding: Mapping[str, Any]) -> int:
    return int(binding["step"])  # the check made it an integral number: 4.0 is step 4


def _skipped(failed: int, step: _Step, bind: Mapping[str, Any]) -> _Step:
    key = next(key for key, binding in _each_binding(bind) if _step_of(binding) == failed)
    reason = (
        f"step {failed} did not succeed (its status is {step.entry['status']}), "
        f"and this operation binds {_name(key)} from it"
    )
    return _Step({"status": "skipped", "reason": reason}, None)


def _name(key: str) -> str:
    return quoted(key, "'")


def _bound_values(
    index: int, bind: Mapping[str, Any], earlier: list[_Step]
) -> tuple[JsonObject, list[Violation]]:
    """The value of each bound key (a list binding's: an array of values), or every binding
    that does not resolve. Values are the results' own, not copies: no tool changes its input."""
    values: JsonObject = {}
    unresolved: list[Violation] = []
    for key, bound in bind.items():
        place = child_pointer(f"/operations/{index}/bind", key)
        resolved = [
            _resolved(cast(Mapping[str, Any], binding), where, earlier, unresolved)
            for where, binding in bindings_of(bound, place)
        ]
        values[key] = resolved if isinstance(bound, list | tuple) else resolved[0]
    return ({}, unresolved) if unresolved else (values, [])


def _resolved(
    binding: Mapping[str, Any], place: str, earlier: list[_Step], unresolved: list[Violation]
) -> object:
    step, pointer = _step_of(binding), binding["pointer"]
    try:
        return resolve(earlier[step].result, pointer)
    except UnresolvedPointerError as error:
        message = (
            f"expected the pointer {quoted(pointer)} to name a value in the result of "
            f"step {step}, got {error}"
        )
        unresolved.append(Violation(code="unresolved_binding", pointer=place, message=message))
        return None


def _over_budget(index: int, bound: JsonObject, budget: _Budget) -> list[Violation]:
    """The first bound value past what the batch may still bind, or nothing (and the budget
    spent)."""
    for key, value in bound.items():
        size = json_size(value, budget.left)
        if size is None:
            place = child_pointer(f"/operations/{index}/bind", key)
            message = (
                f"expected the values a batch binds to take at most {MAX_BOUND_BYTES} bytes of "
                f"JSON in all, got a value over the {budget.left} bytes left for {_name(key)}; "
                "make smaller parts, or bind parts of the result"
            )
            return [Violation(code="binding_too_large", pointer=place, message=message)]
        budget.left -= size
    return []


def _unknown_tool(index: int, error: UnknownToolError) -> Violation:
    pointer = f"/operations/{index}/{_PLACE_OF[error.code]}"
    return Violation(code=error.code, pointer=pointer, message=str(error))


def _error(errors: list[Violation]) -> _Step:
    return _Step({"status": "error", "errors": errors}, None)
