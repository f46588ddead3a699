"""Collecting violations: JSON Pointers, descriptions of what arrived, and the reporting cap.

Past the cap a violation is only counted: nobody reads its message, so none is built. What a
message costs beyond formatting (a "did you mean" suggestion) is spent on the first few only, so
that refusing any input costs about what reading it costs.
"""

import difflib
import re
import sys
from collections.abc import Collection

from mtcompute.errors import InputError, Violation

MAX_REPORTED_VIOLATIONS = 100
# A suggestion is a fuzzy match against every allowed name: made for the first few names only.
MAX_SUGGESTIONS = 5
_SHOWN_VALUE_CHARS = 40
# difflib's cutoff (a ratio of 0.6) cannot be reached by a name this many times longer than the
# longest allowed one, so such a name is not matched at all: its cost would grow with its length.
_LONGER_THAN_ANY_MATCH = 3


def child_pointer(pointer: str, key: object) -> str:
    """RFC 6901: '~' becomes '~0' and '/' becomes '~1' in a reference token. A key that is not
    a string (only the Python interface can pass one) is written as Python writes it. A lone
    surrogate, which no strict JSON parser would read back, is written as its escape
    (``\\ud800``), as the messages show it."""
    if isinstance(key, int):
        return f"{pointer}/{number_text(key)}"
    text = key if isinstance(key, str) else str(key)
    if not text.isascii():
        text = _LONE_SURROGATE.sub(lambda lone: f"\\u{ord(lone.group()):04x}", text)
    return f"{pointer}/{text.replace('~', '~0').replace('/', '~1')}"


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def describe_value(value: object) -> str:
    """What arrived, in JSON terms: 'the string "abc"', 'an array of 3 items', 'null'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, int | float):
        text = number_text(value)
        return text if text == _huge_integer() else f"the number {text}"
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


def number_text(number: float) -> str:
    """``repr`` of a number, or what it is when Python refuses to write it (an integer of more
    digits than ``sys.get_int_max_str_digits()``, which only the Python interface can pass)."""
    try:
        return repr(number)
    except ValueError:
        return _huge_integer()


def _huge_integer() -> str:
    return f"an integer of more than {sys.get_int_max_str_digits()} digits"


def did_you_mean(name: str, allowed: Collection[str], found: "Violations") -> str:
    """`` (did you mean 'x'?)`` when ``name`` is close to an allowed name, else ``""``; only for
    the first ``MAX_SUGGESTIONS`` names asked about in ``found``."""
    found.suggestions += 1
    longest = max(map(len, allowed), default=0)
    if found.suggestions > MAX_SUGGESTIONS or len(name) > _LONGER_THAN_ANY_MATCH * longest:
        return ""
    close = difflib.get_close_matches(name, allowed, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def where(pointer: str) -> str:
    return f"at {pointer}" if pointer else "at the top level"


class Violations:
    """Every violation found, of which the first ``MAX_REPORTED_VIOLATIONS`` are kept."""

    def __init__(self) -> None:
        self.kept: list[Violation] = []
        self.count = 0
        self.suggestions = 0
        # Set when an array far over its maxItems was walked no further than that: the rules
        # that walk items then leave the input alone (its count says what is wrong).
        self.cut_short = False

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
