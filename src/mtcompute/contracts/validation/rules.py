"""What a rule is, and the rules over whole arrays: what a JSON Schema cannot say.

A rule is written once, as two functions that agree: ``bulk`` answers fast for a valid input
(whose shape the schema's fast predicate accepted), and ``walk`` reports every violation of any
input with its pointer. ``bulk`` may hand what it computed on the way (the tokens' bytes, say)
to the request it passes, so that valid input pays for the work once.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar, cast

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.violations import Violations, number_text, where

T_co = TypeVar("T_co", covariant=True)


class _Failed:
    """What ``bulk`` answers when the input may break the rule: walk it to find out."""

    def __repr__(self) -> str:
        return "FAILED"


FAILED: Final = _Failed()


class Rule(Protocol, Generic[T_co]):
    """A rule of an input that its schema cannot say."""

    @property
    def checks_items_at(self) -> Sequence[Path]:
        """Arrays whose items the rule's bulk check checks in the schema's place."""
        ...

    @property
    def walks_items(self) -> bool:
        """Whether ``walk`` visits the items of arrays: then it is skipped for an input with an
        array over its maxItems, whose count was reported and whose items are walked no more."""
        ...

    def bulk(self, raw: dict[str, Any]) -> T_co | _Failed:
        """What the rule computed on a valid input (None if nothing), or ``FAILED``."""
        ...

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        """Add every violation of the rule in ``raw``, whatever its shape, to ``found``."""
        ...


@dataclass(frozen=True)
class SameLength:
    """Two top-level arrays with as many items each: one ``per`` item of ``first``, ``noun`` (and
    ``nouns``) naming the items of ``second``. Never silently truncated."""

    first: str
    second: str
    noun: str
    nouns: str
    per: str
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False  # the two lengths only

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if self.second not in raw:  # an optional second array left out: nothing to compare
            return None
        return None if len(raw[self.first]) == len(raw[self.second]) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        first, second = raw.get(self.first), raw.get(self.second)
        if not isinstance(first, list | tuple) or not isinstance(second, list | tuple):
            return
        if len(first) != len(second):
            pointer = f"/{self.second}"
            message = (
                f"expected {len(first)} {self.noun if len(first) == 1 else self.nouns} "
                f"(one per {self.per}), got {len(second)} {where(pointer)}"
            )
            found.add("segment_count_mismatch", pointer, message)


@dataclass(frozen=True)
class RangeByChoice:
    """A number ``option`` whose range depends on the choice made in ``choice`` (``default``
    when left out): allowed only with the choices in ``ranges``, within their bounds. The schema
    states the widest bounds; this rule the rest."""

    option: str
    choice: str
    default: str
    ranges: Mapping[str, tuple[float, float]]
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False  # two top-level properties only

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if self.option not in raw:
            return None
        bounds = self.ranges.get(raw.get(self.choice, self.default))
        if bounds is None or not bounds[0] <= raw[self.option] <= bounds[1]:
            return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        value, chosen = raw.get(self.option), raw.get(self.choice, self.default)
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if self.option not in raw or not number or not isinstance(chosen, str):
            return  # absent, or the schema reported its type
        pointer = f"/{self.option}"
        bounds = self.ranges.get(chosen)
        if bounds is None:
            allowed = " or ".join(f'"{name}"' for name in self.ranges)
            message = (
                f'expected no {self.option} with {self.choice} "{chosen}" (only with {allowed}), '
                f"got the number {number_text(cast(float, value))} {where(pointer)}"
            )
            found.add("not_allowed", pointer, message)
            return
        self._check_bounds(cast(float, value), chosen, bounds, found)

    def _check_bounds(
        self, value: float, chosen: str, bounds: tuple[float, float], found: Violations
    ) -> None:
        pointer = f"/{self.option}"
        low, high = bounds
        with_choice = f'with {self.choice} "{chosen}"'
        # The schema reported a number outside the widest bounds; only the narrower ones here.
        if low <= value <= high or not self._within_schema(value):
            return
        code, words, bound = (
            ("below_minimum", "at least", low)
            if value < low
            else ("above_maximum", "at most", high)
        )
        message = (
            f"expected a number of {words} {bound} {with_choice}, "
            f"got {number_text(value)} {where(pointer)}"
        )
        found.add(code, pointer, message)

    def _within_schema(self, value: float) -> bool:
        lows, highs = zip(*self.ranges.values(), strict=True)
        return bool(min(lows) <= value <= max(highs))
