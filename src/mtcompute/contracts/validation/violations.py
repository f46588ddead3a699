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
        return f"the string {quoted(value)}"
    if isinstance(value, list | tuple):
        return f"an array of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return "an object"
    return f"a Python {type(value).__name__}"


def quoted(text: str, quote: str = '"') -> str:
    """``text`` in quotes, cut at 40 characters, with anything unprintable escaped (a lone
    surrogate shows as ``\\ud800``); printable non-ASCII text is shown as it is."""
    shown = text if len(text) <= _SHOWN_VALUE_CHARS else text[:_SHOWN_VALUE_CHARS]
    more = "..." if len(text) > _SHOWN_VALUE_CHARS else ""
    return quote + "".join(_escaped(char, quote) for char in shown) + quote + more


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(char: str, quote: str) -> str:
    if char == quote:
        return "\\" + char
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char.isprintable():
        return char
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def where(pointer: str) -> str:
    return f"at {pointer}" if pointer else "at the top level"


class Violations:
    """Every violation found, of which the first ``MAX_REPORTED_VIOLATIONS`` are kept."""

    def __init__(self) -> None:
        self.kept: list[Violation] = []
        self.count = 0

    @property
    def full(self) -> bool:
        """True once no more violations will be kept: a caller may then count one without
        building its message, which keeps a huge invalid input about as cheap as a valid one."""
        return len(self.kept) >= MAX_REPORTED_VIOLATIONS

    def add(self, code: str, pointer: str, message: str) -> None:
        self.count += 1
        if not self.full:
            self.kept.append(Violation(code=code, pointer=pointer, message=message))

    def count_unreported(self, count: int = 1) -> None:
        """Count violations found after the cap, whose messages nobody will read."""
        self.count += count

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
