"""The cell rule: a matrix with a row per item of one array and a column per item of another
holds at most so many cells. A bound on the product of two lengths, which a JSON Schema cannot
say (it bounds each length alone)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where


@dataclass(frozen=True)
class CellCount:
    """At most ``max_cells`` (None: any number) rows times columns, the rows being the items of
    the top-level array ``rows`` and the columns those of ``columns``; a violation points at
    ``columns``, the array that completes the product."""

    rows: str
    columns: str
    max_cells: int | None
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False  # the two lengths only

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if self.max_cells is None or len(raw[self.rows]) * len(raw[self.columns]) <= self.max_cells:
            return None
        return FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        rows, columns = raw.get(self.rows), raw.get(self.columns)
        if not isinstance(rows, list | tuple) or not isinstance(columns, list | tuple):
            return  # absent or of another type: the schema reported it
        cells = len(rows) * len(columns)
        if self.max_cells is None or cells <= self.max_cells:
            return
        pointer = f"/{self.columns}"
        message = (
            f"expected at most {self.max_cells} cells ({self.rows} times {self.columns}), "
            f"got {len(rows)} {self.rows} times {len(columns)} {self.columns} = {cells} "
            f"{where(pointer)}"
        )
        found.add("too_many_cells", pointer, message)


@dataclass(frozen=True)
class SameRowLengths:
    """The top-level array ``rows`` is a matrix: its items (arrays; the schema says so) all have
    as many items as its first. A row of another length is pointed at, ``noun`` naming its
    items."""

    rows: str
    noun: str
    nouns: str
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False  # the rows' lengths only

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        return None if len(set(map(len, raw[self.rows]))) <= 1 else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        rows = raw.get(self.rows)
        if not isinstance(rows, list | tuple) or not rows:
            return
        lengths = [len(row) if isinstance(row, list | tuple) else None for row in rows]
        first = lengths[0]
        if first is None:
            return  # the schema reported the first row
        for index, length in enumerate(lengths):
            if length is not None and length != first:
                pointer = f"/{self.rows}/{index}"
                message = (
                    f"expected {first} {self.noun if first == 1 else self.nouns} (as many as "
                    f"row 0), got {length} {where(pointer)}"
                )
                found.add("row_length_mismatch", pointer, message)
