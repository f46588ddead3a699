"""The total rule: the arrays inside a top-level array hold at most so many items in all. A bound
on a sum of lengths, which a JSON Schema cannot say (it bounds each array alone)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where


@dataclass(frozen=True)
class TotalItems:
    """The arrays that are the items of the top-level array ``outer`` hold at most ``max_items``
    (None: any number) ``noun`` in all; a violation, ``code``, points at ``outer``."""

    outer: str
    noun: str
    max_items: int | None
    code: str
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False  # the inner arrays' lengths only

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if self.max_items is None or sum(map(len, raw[self.outer])) <= self.max_items:
            return None
        return FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        outer = raw.get(self.outer)
        if self.max_items is None or not isinstance(outer, list | tuple):
            return  # absent or of another type: the schema reported it
        total = sum(len(inner) for inner in outer if isinstance(inner, list | tuple))
        if total <= self.max_items:
            return
        pointer = f"/{self.outer}"
        message = (
            f"expected at most {self.max_items} {self.noun} in all its {self.outer}, "
            f"got {total} {where(pointer)}"
        )
        found.add(self.code, pointer, message)
