"""``{"type": "boolean"}``: true or false, never 0 or 1."""

from mtcompute.contracts.validation.schema.compiled import CompiledSchema, compiled, type_error
from mtcompute.contracts.validation.violations import Violations


def boolean_schema() -> CompiledSchema:
    def valid(value: object) -> bool:
        return isinstance(value, bool)

    def check(value: object, pointer: str, found: Violations) -> None:
        if not isinstance(value, bool):
            type_error("a boolean", value, pointer, found)

    def count(value: object) -> int:
        return 0 if isinstance(value, bool) else 1

    return compiled(valid, check, count)
