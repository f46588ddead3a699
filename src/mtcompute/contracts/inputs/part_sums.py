"""Sums a JavaScript client can read: each count of the parts, added over them, at most 2^53 - 1.

A part's counts are each at most ``MAX_COUNT`` (the schema says so), but their sums are what a
``-from-statistics`` tool answers, and a sum past 2^53 - 1 would reach a client whose numbers
are doubles (every JavaScript one) as another integer. ``PartSums`` refuses it at the count
that takes the sum past, in the first part where it does.
"""

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from mtcompute.contracts.inputs.parts import MAX_COUNT, is_count
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where


@dataclass(frozen=True)
class _Crossing:
    """The sum of ``label`` over the parts up to ``pointer``'s is ``total``, past the bound."""

    pointer: str
    label: str
    total: int


@dataclass(frozen=True)
class PartSums:
    """Each count ``names`` names (a count, or an array of one count per order: each order
    apart) adds up over the parts to at most ``MAX_COUNT``."""

    names: tuple[str, ...]
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        # The schema passed: each name is a count in every part, or an array of them in every
        # part (of any lengths: a missing order adds 0).
        parts = raw["parts"]
        for name in self.names:
            given = [part[name] for part in parts]
            arrays = isinstance(given[0], list | tuple)
            columns = itertools.zip_longest(*given, fillvalue=0) if arrays else (given,)
            if any(sum(map(int, column)) > MAX_COUNT for column in columns):
                return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        parts = raw.get("parts")
        for crossing in self._crossings(parts if isinstance(parts, list | tuple) else ()):
            message = (
                f"expected the parts' {crossing.label} to add up to at most {MAX_COUNT} (2^53 - "
                f"1, the largest integer every JSON reader holds exactly), got {crossing.total} "
                f"up to this part {where(crossing.pointer)}"
            )
            found.add("sum_too_large", crossing.pointer, message)

    def _crossings(self, parts: Sequence[object]) -> Iterator[_Crossing]:
        """Where each sum first passes the bound: one crossing a name at most. A count the
        schema refuses adds nothing (it is reported there)."""
        sums: dict[str, list[int]] = {name: [] for name in self.names}
        for index, part in enumerate(parts):
            if not isinstance(part, dict):
                continue
            for name in [name for name in self.names if name in sums]:
                crossing = _added(sums[name], part.get(name), f"/parts/{index}/{name}", name)
                if crossing is not None:
                    del sums[name]  # one report a name: its later parts only add to it
                    yield crossing


def _added(sums: list[int], given: object, pointer: str, name: str) -> _Crossing | None:
    """``given`` (a count, or one count per order) added to ``sums``, order by order; the first
    order whose sum passes the bound, if any."""
    array = isinstance(given, list | tuple)
    counts = given if isinstance(given, list | tuple) else [given]
    sums.extend([0] * (len(counts) - len(sums)))
    crossed = None
    for order, count in enumerate(counts):
        if is_count(count) and 0 <= cast(float, count) <= MAX_COUNT:
            sums[order] += int(cast(float, count))
            if crossed is None and sums[order] > MAX_COUNT:
                place, label = (
                    (f"{pointer}/{order}", f"{name}[{order}]") if array else (pointer, name)
                )
                crossed = _Crossing(place, label, sums[order])
    return crossed
