"""The check of a whole batch before anything runs: its schema, then the two rules beyond it.

A batch that breaks either is malformed and refused whole, with every violation pointing into
the batch. The operations' tool inputs are not looked into: each tool judges its own input when
its operation runs. The work is one pass over the batch's objects, and past the violations cap
a violation is only counted, so a huge malformed batch costs about what reading it does.
"""

from typing import Any, cast

from mtcompute.contracts.validation.schema import compile_schema, is_integral
from mtcompute.contracts.validation.violations import Violations, child_pointer, quoted, where
from mtcompute.meta.batch.schema import BATCH_INPUT_SCHEMA, MAX_BOUND_KEYS

_SCHEMA_CHECK = compile_schema(BATCH_INPUT_SCHEMA).check


def check_batch(batch: object) -> None:
    """``InputError`` listing every way ``batch`` is malformed; None for a well-formed batch."""
    found = Violations()
    _SCHEMA_CHECK(batch, "", found)
    # Far too many operations are reported by their count alone, as the schema check did.
    operations = (
        batch.get("operations") if isinstance(batch, dict) and not found.cut_short else None
    )
    for index, operation in enumerate(operations if isinstance(operations, list | tuple) else ()):
        if isinstance(operation, dict) and isinstance(operation.get("bind"), dict):
            _check_bindings(index, operation, found)
    found.raise_if_any()


def _check_bindings(index: int, operation: dict[str, Any], found: Violations) -> None:
    given = operation.get("input")
    keys = given if isinstance(given, dict) else {}
    bind_pointer = f"/operations/{index}/bind"
    if len(operation["bind"]) > MAX_BOUND_KEYS:
        return  # reported by its count alone, its bindings unread
    for key, bound in operation["bind"].items():
        pointer = "" if found.full else child_pointer(bind_pointer, key)  # none past the cap
        if key in keys:
            _bound_key_in_input(key, index, pointer, found)
        for place, binding in bindings_of(bound, pointer):
            step = _step_of(binding)
            # Index >= 0, so a negative step is the schema's below_minimum only.
            if step is not None and step >= index:
                _step_not_earlier(step, index, f"{place}/step", found)


def bindings_of(bound: object, pointer: str) -> list[tuple[str, object]]:
    """Each binding of a bound key with its place: the key's own, or the j-th of its list."""
    if isinstance(bound, list | tuple):
        return [(f"{pointer}/{j}" if pointer else "", item) for j, item in enumerate(bound)]
    return [(pointer, bound)]


def _step_of(binding: object) -> int | None:
    """The binding's step when it is an integer (4.0 is 4, as in tool inputs), else None."""
    step = binding.get("step") if isinstance(binding, dict) else None
    return int(cast(float, step)) if is_integral(step) else None


def _bound_key_in_input(key: object, index: int, pointer: str, found: Violations) -> None:
    if found.full:
        found.count_unreported()
        return
    shown = quoted(str(key), "'")
    message = (
        f"expected a key that /operations/{index}/input does not set, got {shown}, "
        f"which it sets too, {where(pointer)}"
    )
    found.add("bound_key_in_input", pointer, message)


def _step_not_earlier(step: int, index: int, pointer: str, found: Violations) -> None:
    if found.full:
        found.count_unreported()
        return
    earlier = f"a step from 0 to {index - 1}" if index else "an earlier step (operation 0 has none)"
    message = f"expected {earlier}, got {step} {where(pointer)}"
    found.add("step_not_earlier", pointer, message)
