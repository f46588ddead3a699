"""Collecting violations: JSON Pointers, descriptions of what arrived, and the reporting cap."""

from mtcompute.errors import InputError, Violation

MAX_REPORTED_VIOLATIONS = 100
_SHOWN_VALUE_CHARS = 40


def child_pointer(pointer: str, key: str | int) -> str:
    """RFC 6901: '~' becomes '~0' and '/' becomes '~1' in a reference token."""
    if isinstance(key, int):
        return f"{pointer}/{key}"
    return f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}"


def describe_value(value: object) -> str:
    """What arrived, in JSON terms: 'the string "abc"', 'an array of 3 items', 'null'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {_shorten(value)}"
    if isinstance(value, list | tuple):
        return f"an array of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def _shorten(text: str) -> str:
    shown = text if len(text) <= _SHOWN_VALUE_CHARS else text[:_SHOWN_VALUE_CHARS] + "..."
    return '"' + shown.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'


def where(pointer: str) -> str:
    return f"at {pointer}" if pointer else "at the top level"


class Violations:
    """Every violation found, of which the first ``MAX_REPORTED_VIOLATIONS`` are kept."""

    def __init__(self) -> None:
        self.kept: list[Violation] = []
        self.count = 0

    def add(self, code: str, pointer: str, message: str) -> None:
        self.count += 1
        if len(self.kept) < MAX_REPORTED_VIOLATIONS:
            self.kept.append(Violation(code=code, pointer=pointer, message=message))

    def raise_if_any(self) -> None:
        if self.count == 0:
            return
        reported = list(self.kept)
        if self.count > len(self.kept):
            rest = self.count - len(self.kept)
            reported.append(
                Violation(
                    code="too_many_violations",
                    pointer="",
                    message=f"{rest} more violations were found and not listed; "
                    f"the first {len(self.kept)} are shown",
                )
            )
        raise InputError(reported)
