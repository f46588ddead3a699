"""The reference rule of a test set: every segment has as many references, as reference files
give them (one line of each file a segment)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where


@dataclass(frozen=True)
class SameReferenceCount:
    """``references[i]`` holds as many texts as ``references[0]``, for every segment i."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        references = raw["references"]
        first = len(references[0])
        return None if all(len(refs) == first for refs in references) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        references = raw.get("references")
        if not isinstance(references, list) or not references:
            return
        lists = [(i, refs) for i, refs in enumerate(references) if isinstance(refs, list)]
        if not lists:
            return
        first_index, first = lists[0]
        for i, refs in lists[1:]:
            if len(refs) != len(first):
                pointer = f"/references/{i}"
                message = (
                    f"expected {len(first)} reference{'' if len(first) == 1 else 's'} (as many "
                    f"as references[{first_index}]: every segment has one line of each reference "
                    f"file), got {len(refs)} {where(pointer)}"
                )
                found.add("reference_count_mismatch", pointer, message)
                if found.full:
                    return
