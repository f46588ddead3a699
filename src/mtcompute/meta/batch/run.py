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
"""

from collections.abc import Mapping
from typing import Any, NamedTuple, cast

from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.registry import LATEST, get_tool
from mtcompute.contracts.validation.pointer import UnresolvedPointerError, resolve
from mtcompute.contracts.validation.violations import child_pointer, quoted
from mtcompute.errors import InputError, UnknownToolError, Violation
from mtcompute.meta.batch.check import check_batch
from mtcompute.meta.batch.prefix import prefixed

_PLACE_OF = {"unknown_tool": "id", "unknown_version": "version"}


class _Step(NamedTuple):
    """An operation's entry, and its result, kept for binding whether the entry shows it or not."""

    entry: JsonObject
    result: JsonObject | None


def run_batch(batch: object) -> JsonObject:
    """The ``results`` of a batch ``{"operations": [...]}``; ``InputError`` if it is malformed."""
    check_batch(batch)
    steps: list[_Step] = []
    for index, operation in enumerate(cast(JsonObject, batch)["operations"]):
        steps.append(_run(index, operation, steps))
    return {"results": [step.entry for step in steps]}


def execute_batch(operations: object) -> list[JsonObject]:
    """The ``results`` of a batch of ``operations``; a malformed one raises ``InputError`` whose
    pointers are those of the batch ``{"operations": operations}``."""
    return cast(list[JsonObject], run_batch({"operations": operations})["results"])


def _run(index: int, operation: JsonObject, earlier: list[_Step]) -> _Step:
    bind: dict[str, Any] = operation.get("bind", {})
    failed = _first_failed(bind, earlier)
    if failed is not None:
        return _skipped(failed, earlier[failed], bind)
    bound, unresolved = _bound_values(index, bind, earlier)
    if unresolved:
        return _error(unresolved)
    return _execute(index, operation, bound)


def _execute(index: int, operation: JsonObject, bound: JsonObject) -> _Step:
    """A single execute of the operation's tool, on its input with the bound keys set."""
    try:
        tool = get_tool(operation["id"], operation["version"])
    except UnknownToolError as error:
        return _error([_unknown_tool(index, error)])
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


def _first_failed(bind: Mapping[str, Any], earlier: list[_Step]) -> int | None:
    """The earliest step bound from that did not succeed, if any."""
    failed = [step for step in map(_step_of, bind.values()) if earlier[step].result is None]
    return min(failed, default=None)


def _step_of(binding: Mapping[str, Any]) -> int:
    return int(binding["step"])  # the check made it an integral number: 4.0 is step 4


def _skipped(failed: int, step: _Step, bind: Mapping[str, Any]) -> _Step:
    key = next(key for key, binding in bind.items() if _step_of(binding) == failed)
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
    """The value of each bound key, copied, or every binding that does not resolve."""
    values: JsonObject = {}
    unresolved: list[Violation] = []
    for key, binding in bind.items():
        step, pointer = _step_of(binding), binding["pointer"]
        try:
            values[key] = resolve(earlier[step].result, pointer)
        except UnresolvedPointerError as error:
            message = (
                f"expected the pointer {quoted(pointer)} to name a value in the result of "
                f"step {step}, got {error}"
            )
            place = child_pointer(f"/operations/{index}/bind", key)
            unresolved.append(Violation(code="unresolved_binding", pointer=place, message=message))
    if unresolved:
        return {}, unresolved
    return {key: _copied(value) for key, value in values.items()}, []


def _copied(value: object) -> object:
    """A JSON value with fresh arrays and objects: a tool may keep or change the values bound
    into its input without touching the earlier result they came from, or a later one."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


def _unknown_tool(index: int, error: UnknownToolError) -> Violation:
    pointer = f"/operations/{index}/{_PLACE_OF[error.code]}"
    return Violation(code=error.code, pointer=pointer, message=str(error))


def _error(errors: list[Violation]) -> _Step:
    return _Step({"status": "error", "errors": errors}, None)
