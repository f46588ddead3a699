"""``{"type": "integer"}`` and ``{"type": "number"}`` with their bounds.

An integer is any JSON number with an integral value (4 and 4.0), never a boolean; NaN and the
infinities are no JSON numbers and are refused.
"""

import math
from collections.abc import Callable
from typing import NamedTuple, cast

from mtcompute.contracts.validation.schema.compiled import (
    CompiledSchema,
    Schema,
    compiled,
    type_error,
)
from mtcompute.contracts.validation.violations import Violations, number_text, where


def is_integral(value: object) -> bool:
    """JSON Schema's integer: any number with an integral value (4 and 4.0), never a boolean."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value) and value.is_integer()


class _Bound(NamedTuple):
    """One bound of a number: the value must not be ``below`` it (or above, for a maximum)."""

    limit: float
    exclusive: bool
    code: str
    words: str

    def broken_by(self, number: float, *, minimum: bool) -> bool:
        if minimum:
            return number <= self.limit if self.exclusive else number < self.limit
        return number >= self.limit if self.exclusive else number > self.limit


def _bounds(schema: Schema) -> tuple[tuple[_Bound, bool], ...]:
    """The number's bounds present in ``schema``, each with whether it is a minimum."""
    found = []
    if "minimum" in schema:
        found.append((_Bound(schema["minimum"], False, "below_minimum", "of at least"), True))
    if "exclusiveMinimum" in schema:
        bound = _Bound(schema["exclusiveMinimum"], True, "below_minimum", "greater than")
        found.append((bound, True))
    if "maximum" in schema:
        found.append((_Bound(schema["maximum"], False, "above_maximum", "of at most"), False))
    if "exclusiveMaximum" in schema:
        bound = _Bound(schema["exclusiveMaximum"], True, "above_maximum", "less than")
        found.append((bound, False))
    return tuple(found)


def _range_test(bounds: tuple[tuple[_Bound, bool], ...]) -> Callable[[float], bool]:
    """Whether a number keeps every bound, as two comparisons: the tightest bound on each side
    (an exclusive one wins a tie with an inclusive one at the same limit)."""
    low, low_open, high, high_open = -math.inf, False, math.inf, False
    for bound, minimum in bounds:
        if minimum and (bound.limit, bound.exclusive) > (low, low_open):
            low, low_open = bound.limit, bound.exclusive
        if not minimum and (-bound.limit, bound.exclusive) > (-high, high_open):
            high, high_open = bound.limit, bound.exclusive

    def within(number: float) -> bool:
        if number < low or number > high:
            return False
        return not ((low_open and number == low) or (high_open and number == high))

    return within


def number_schema(schema: Schema) -> CompiledSchema:
    integral = schema["type"] == "integer"
    bounds = _bounds(schema)
    expected = "an integer" if integral else "a number"

    def right_type(value: object) -> bool:
        if integral:
            return type(value) is int or is_integral(value)
        return isinstance(value, int | float) and not isinstance(value, bool) and _finite(value)

    within = _range_test(bounds)

    def valid(value: object) -> bool:
        return right_type(value) and within(cast(float, value))

    def check(value: object, pointer: str, found: Violations) -> None:
        if not right_type(value):
            type_error(expected, value, pointer, found)
            return
        number = cast(float, value)
        for bound, low in bounds:
            if bound.broken_by(number, minimum=low):
                message = (
                    f"expected {expected} {bound.words} {bound.limit}, "
                    f"got {number_text(number)} {where(pointer)}"
                )
                found.add(bound.code, pointer, message)

    def count(value: object) -> int:
        if not right_type(value):
            return 1
        number = cast(float, value)
        return sum(bound.broken_by(number, minimum=low) for bound, low in bounds)

    return compiled(valid, check, count)


def _finite(value: float) -> bool:
    # JSON has no NaN or Infinity; from Python they are refused as not being JSON numbers.
    return isinstance(value, int) or math.isfinite(value)
