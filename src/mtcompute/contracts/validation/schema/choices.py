"""``anyOf`` whose branches each have a ``type`` of their own: a value takes the branch of its
JSON type, and is judged by that branch alone, so its errors are that branch's (never "matches
none of"); a value of no branch's type is a type error naming every type allowed.

This is the one form of ``anyOf`` the contracts need (the batch's binding: an object, or an
array of them); branches of the same type would need a judge between them, so they are refused
when compiling.
"""

from collections.abc import Callable

from mtcompute.contracts.validation.schema.compiled import (
    Compile,
    CompiledSchema,
    Schema,
    compiled,
    type_error,
)
from mtcompute.contracts.validation.violations import Violations

# A JSON type, and the test of a Python value for it.
_TESTS: dict[str, Callable[[object], bool]] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list | tuple),
    "string": lambda value: isinstance(value, str),
    "boolean": lambda value: isinstance(value, bool),
}
_NOUNS = {"object": "an object", "array": "an array", "string": "a string", "boolean": "a boolean"}


def any_of_types(schema: Schema, compile_schema: Compile) -> CompiledSchema:
    """``{"anyOf": [...]}``, each branch of a distinct type among object, array, string and
    boolean."""
    branches: list[tuple[str, CompiledSchema]] = []
    for branch in schema["anyOf"]:
        kind = branch.get("type")
        if kind not in _TESTS or any(kind == seen for seen, _ in branches):
            raise ValueError(f"anyOf needs branches of distinct types, got {kind!r}")
        branches.append((kind, compile_schema(branch)))
    choices = tuple((_TESTS[kind], rule) for kind, rule in branches)
    expected = " or ".join(_NOUNS[kind] for kind, _ in branches)

    def branch_of(value: object) -> CompiledSchema | None:
        return next((rule for test, rule in choices if test(value)), None)

    def valid(value: object) -> bool:
        rule = branch_of(value)
        return rule is not None and rule.valid(value)

    def check(value: object, pointer: str, found: Violations) -> None:
        rule = branch_of(value)
        if rule is None:
            type_error(expected, value, pointer, found)
        else:
            rule.check(value, pointer, found)

    def count(value: object) -> int:
        rule = branch_of(value)
        return 1 if rule is None else rule.count(value)

    return compiled(valid, check, count)
