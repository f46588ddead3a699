"""The input the ``-from-statistics`` tools share: ``parts``, the statistics of the parts of a
test set, each a few arrays with one count per order, which add up to the whole's.

The schema says each count is a non-negative integer; ``PerOrderCounts`` says what it cannot:
every array of every part has the same number of orders, and a part's matches are at most the
counts they were found among (so that no score is over 1). Its bulk check is one pass over the
counts; its walk points at each count or array that breaks a rule.
"""

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where

# The largest integer every JSON reader holds exactly (a double's 53 bits): a count beyond it
# could not come back as it was sent.
MAX_COUNT = 2**53 - 1


def count(description: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": MAX_COUNT, "description": description}


def per_order(description: str, max_orders: int) -> dict[str, Any]:
    """One count per order."""
    return {
        "type": "array",
        "minItems": 1,
        "maxItems": max_orders,
        "items": {"type": "integer", "minimum": 0, "maximum": MAX_COUNT},
        "description": description,
    }


def parts_schema(part: dict[str, Any], max_parts: int | None) -> dict[str, Any]:
    """``parts``: 1 to ``max_parts`` part statistics."""
    return fields.segments(part, max_parts, "The statistics of each part of the test set.")


def integral_counts(value: object) -> list[int] | None:
    """An array of integral numbers as integers (4.0 is 4), else None."""
    if not isinstance(value, list | tuple):
        return None
    if not all(map(is_count, value)):
        return None
    return [int(item) for item in value]


@dataclass(frozen=True)
class PerOrderCounts:
    """The arrays ``arrays`` of every part of ``parts`` hold ``orders(raw)`` counts each
    (``orders`` names where that number comes from), and in each part ``matches[n]`` is at most
    ``bound[n]`` for each array named in ``bounds``."""

    arrays: tuple[str, ...]
    bounds: tuple[str, ...]
    orders: Callable[[dict[str, Any]], int | None]
    orders_from: str
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        orders = self.orders(raw)
        for part in raw["parts"]:
            arrays = [part[name] for name in self.arrays]
            if any(len(counts) != orders for counts in arrays):
                return FAILED
            matches = part["matches"]
            for name in self.bounds:
                if any(map(operator.gt, matches, part[name])):
                    return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        parts, orders = raw.get("parts"), self.orders(raw)
        if not isinstance(parts, list | tuple):
            return
        for index, part in enumerate(parts):
            if isinstance(part, dict):
                self._walk_part(part, f"/parts/{index}", orders, found)

    def _walk_part(
        self, part: dict[str, Any], pointer: str, orders: int | None, found: Violations
    ) -> None:
        lengths_agree = True
        for name in self.arrays:
            counts = part.get(name)
            if orders is not None and isinstance(counts, list | tuple) and len(counts) != orders:
                lengths_agree = False
                place = f"{pointer}/{name}"
                message = (
                    f"expected {orders} counts, one per order ({self.orders_from}), "
                    f"got {len(counts)} {where(place)}"
                )
                found.add("order_count_mismatch", place, message)
        matches = integral_counts(part.get("matches"))
        if not lengths_agree or matches is None:
            return
        bounds = [(name, integral_counts(part.get(name))) for name in self.bounds]
        for order, m in enumerate(matches):
            for name, bound in bounds:
                if bound is not None and len(bound) == len(matches) and m > bound[order]:
                    place = f"{pointer}/matches/{order}"
                    message = (
                        f"expected at most {bound[order]}, the part's {name}[{order}] (its "
                        f"matches are among them), got {m} {where(place)}"
                    )
                    found.add("matches_above_count", place, message)
                    break


def is_count(value: object) -> bool:
    """Whether ``value`` is an integral JSON number (4.0 is 4)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
