"""The rules of several systems scored against one set of references: each system has one
hypothesis per reference set and a name no other system has; the metrics are named once each;
and TER, which compares each hypothesis with each of its references, is bounded by the bytes of
its pairs over every system."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where


def _systems(raw: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    systems = raw.get("systems")
    if not isinstance(systems, list):
        return []
    return [(k, system) for k, system in enumerate(systems) if isinstance(system, dict)]


@dataclass(frozen=True)
class SystemsMatchReferences:
    """``systems[k].hypotheses`` has as many items as ``references``; names are distinct."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        names = [system["name"] for system in raw["systems"]]
        if len(set(names)) != len(names):
            return FAILED
        if "references" not in raw:  # systems given another way (by their statistics)
            return None
        segments = len(raw["references"])
        return None if all(len(s["hypotheses"]) == segments for s in raw["systems"]) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        references = raw.get("references")
        seen: dict[str, int] = {}
        for k, system in _systems(raw):
            hypotheses, name = system.get("hypotheses"), system.get("name")
            if (
                isinstance(references, list)
                and isinstance(hypotheses, list)
                and len(hypotheses) != len(references)
            ):
                pointer = f"/systems/{k}/hypotheses"
                message = (
                    f"expected {len(references)} hypotheses (one per reference set), got "
                    f"{len(hypotheses)} {where(pointer)}"
                )
                found.add("segment_count_mismatch", pointer, message)
            if isinstance(name, str):
                if name in seen:
                    pointer = f"/systems/{k}/name"
                    message = (
                        f'expected a name no other system has, got "{name}" (also at '
                        f"/systems/{seen[name]}/name) {where(pointer)}"
                    )
                    found.add("duplicate_name", pointer, message)
                seen.setdefault(name, k)


@dataclass(frozen=True)
class DistinctMetrics:
    """Each metric named once."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        metrics = raw.get("metrics", [])
        return None if len(set(metrics)) == len(metrics) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        metrics = raw.get("metrics")
        if not isinstance(metrics, list):
            return
        seen: set[str] = set()
        for k, metric in enumerate(metrics):
            if isinstance(metric, str) and metric in seen:
                pointer = f"/metrics/{k}"
                message = f'expected each metric once, got "{metric}" again {where(pointer)}'
                found.add("duplicate_metric", pointer, message)
            if isinstance(metric, str):
                seen.add(metric)


def _utf8(text: object) -> int:
    return len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else 0


def ter_pair_bytes(raw: dict[str, Any]) -> int:
    """Over every system, segment and reference: the bytes of the hypothesis and the reference."""
    references = raw.get("references")
    if not isinstance(references, list):
        return 0
    sizes = [
        (sum(map(_utf8, refs)), len(refs)) if isinstance(refs, list) else (0, 0)
        for refs in references
    ]
    total = 0
    for _, system in _systems(raw):
        hypotheses = system.get("hypotheses")
        if not isinstance(hypotheses, list):
            continue
        for hypothesis, (reference_bytes, count) in zip(hypotheses, sizes, strict=False):
            total += _utf8(hypothesis) * count + reference_bytes
    return total


@dataclass(frozen=True)
class TerPairBytes:
    """With ``ter`` among the metrics, the pair bytes of every system within the bound."""

    max_pair_bytes: int
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if "ter" not in raw.get("metrics", ()):
            return None
        return None if ter_pair_bytes(raw) <= self.max_pair_bytes else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        metrics = raw.get("metrics")
        if not isinstance(metrics, list) or "ter" not in metrics:
            return
        total = ter_pair_bytes(raw)
        if total > self.max_pair_bytes:
            message = (
                f"expected at most {self.max_pair_bytes} UTF-8 bytes of (hypothesis, reference) "
                f"pairs over every system with ter, got {total}"
            )
            found.add("too_many_pair_bytes", "", message)


@dataclass(frozen=True)
class SegmentScores:
    """Systems times segments times metrics within the bound: the statistics every metric
    extracts, segment by segment, for every system."""

    max_segment_scores: int
    checks_items_at: Sequence[Path] = ()
    code: str = "too_much_work"

    @property
    def walks_items(self) -> bool:
        return False

    def _count(self, raw: dict[str, Any]) -> int:
        systems, references = raw.get("systems"), raw.get("references")
        metrics = raw.get("metrics", ["bleu"])
        if not isinstance(systems, list) or not isinstance(references, list):
            return 0
        return len(systems) * len(references) * (len(metrics) if isinstance(metrics, list) else 1)

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        return None if self._count(raw) <= self.max_segment_scores else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        count = self._count(raw)
        if count > self.max_segment_scores:
            message = (
                f"expected systems x segments x metrics of at most {self.max_segment_scores}, "
                f"got {count}"
            )
            found.add(self.code, "", message)


@dataclass(frozen=True)
class OneReferenceFor:
    """With one of ``metrics`` asked (WER and CER compare a hypothesis with one reference),
    each segment has one reference."""

    metrics: frozenset[str]
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def _asked(self, raw: dict[str, Any]) -> list[str]:
        metrics = raw.get("metrics")
        if not isinstance(metrics, list):
            return []
        return [m for m in metrics if isinstance(m, str) and m in self.metrics]

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if not self._asked(raw):
            return None
        return None if all(len(refs) == 1 for refs in raw.get("references", ())) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        asked, references = self._asked(raw), raw.get("references")
        if not asked or not isinstance(references, list):
            return
        for i, refs in enumerate(references):
            if isinstance(refs, list) and len(refs) != 1:
                pointer = f"/references/{i}"
                message = (
                    f"expected one reference a segment with {asked[0]}, got {len(refs)} "
                    f"{where(pointer)}"
                )
                found.add("one_reference", pointer, message)
