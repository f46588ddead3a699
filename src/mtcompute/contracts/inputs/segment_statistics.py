"""Several systems given by their per-segment statistics, as the parts tools answer them, in
place of their texts: each system's ``statistics`` maps each metric to one object a segment.

The schema says each object's shape (the counts a segment's parts tool answers, and the other
numbers it answers beside them, which are allowed and left unread). ``SystemForms`` says that
every system is given one way, texts or statistics, and references come with texts only;
``SegmentStatistics`` says what the schema cannot: each system has the statistics of every
metric asked, of as many segments as the others, each with the orders its options name, matches
at most what they were found among, and a TER average that is an average of 1 to 8 integer
lengths.
"""

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, where
from mtcompute.fast.resampling.statistics import reference_count

# A segment's count: far above any text's, and low enough that 100,000 segments of it, scaled
# by TER's common multiple of reference counts (at most 840), are exact in a double.
MAX_SEGMENT_COUNT = 100_000_000
_SCORE = {"type": "number", "description": "The segment's score, answered beside its counts."}


def _count(description: str) -> dict[str, Any]:
    return {
        "type": "integer",
        "minimum": 0,
        "maximum": MAX_SEGMENT_COUNT,
        "description": description,
    }


def _per_order(description: str, max_orders: int) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": 1,
        "maxItems": max_orders,
        "items": {"type": "integer", "minimum": 0, "maximum": MAX_SEGMENT_COUNT},
        "description": description,
    }


def _segment(required: dict[str, Any], optional: dict[str, Any], description: str) -> Any:
    return {
        "type": "object",
        "properties": {**required, **optional},
        "required": list(required),
        "additionalProperties": False,
        "description": description,
    }


BLEU_SEGMENT = _segment(
    {
        "candidate_length": _count("c: the hypothesis's tokens."),
        "reference_length": _count("r: the closest reference length."),
        "matches": _per_order("Clipped n-gram matches m_n, n = 1..4.", 8),
        "totals": _per_order("Hypothesis n-grams l_n, n = 1..4.", 8),
    },
    {
        "max_order": {"type": "integer", "minimum": 1, "maximum": 8},
        "reference_lengths": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    },
    "One segment's BLEU statistics, as bleu-sentence-components answers them.",
)
CHRF_SEGMENT = _segment(
    {
        "hypothesis": _per_order("Hypothesis n-grams per order (characters, then words).", 12),
        "reference": _per_order("The kept reference's n-grams per order.", 12),
        "matches": _per_order("Matches per order.", 12),
    },
    {"chrf": _SCORE, "reference_index": {"type": "integer", "minimum": 0}},
    "One segment's statistics, as chrf-compute and chrf-plus-plus-compute answer them.",
)
TER_SEGMENT = _segment(
    {
        "num_edits": _count("The fewest edits to any reference."),
        "ref_length": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_SEGMENT_COUNT,
            "description": "The references' average length in words.",
        },
    },
    {"ter": _SCORE},
    "One segment's statistics, as ter-compute answers them.",
)
EDITS_SEGMENT = _segment(
    {
        "hits": _count("H: reference items kept."),
        "substitutions": _count("S: items substituted."),
        "deletions": _count("D: reference items deleted."),
        "insertions": _count("I: hypothesis items inserted."),
    },
    dict.fromkeys(("wer", "mer", "wil", "wip", "cer"), _SCORE),
    "One segment's counts, as wer-compute and cer-compute answer them.",
)
SEGMENT_SCHEMAS = {
    "bleu": BLEU_SEGMENT,
    "chrf": CHRF_SEGMENT,
    "chrf++": CHRF_SEGMENT,
    "ter": TER_SEGMENT,
    "wer": EDITS_SEGMENT,
    "cer": EDITS_SEGMENT,
}


def statistics_schema(metrics: Sequence[str], max_segments: int) -> dict[str, Any]:
    """A system's ``statistics``: for each metric, one object a segment."""
    properties = {
        metric: {
            "type": "array",
            "minItems": 1,
            "maxItems": max_segments,
            "items": SEGMENT_SCHEMAS[metric],
            "description": f"The {metric} statistics of each segment.",
        }
        for metric in metrics
    }
    return {
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
        "description": "The statistics of each metric asked, in place of hypotheses.",
    }


def _systems(raw: Mapping[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    systems = raw.get("systems")
    if not isinstance(systems, list):
        return []
    return [(k, system) for k, system in enumerate(systems) if isinstance(system, dict)]


def given_statistics(raw: Mapping[str, Any]) -> bool:
    """Whether the systems are given by their statistics (as the first says, giving them
    alone)."""
    systems = _systems(raw)
    if not systems or systems[0][0] != 0:
        return False
    return "statistics" in systems[0][1] and "hypotheses" not in systems[0][1]


@dataclass(frozen=True)
class SystemForms:
    """Every system has ``hypotheses`` or ``statistics``, all the same one; ``references``
    come with hypotheses and never with statistics."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        systems = raw["systems"]
        forms = {"statistics" in system for system in systems}
        one_each = all(("statistics" in s) != ("hypotheses" in s) for s in systems)
        if not one_each or len(forms) != 1 or (forms == {False}) != ("references" in raw):
            return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        statistics = given_statistics(raw)
        for k, system in _systems(raw):
            pointer = f"/systems/{k}"
            if "statistics" in system and "hypotheses" in system:
                message = f"expected hypotheses or statistics, not both {where(pointer)}"
                found.add("conflicting_forms", pointer, message)
            elif statistics and "hypotheses" in system:
                message = f"expected statistics as /systems/0's, got hypotheses {where(pointer)}"
                found.add("mixed_forms", f"{pointer}/hypotheses", message)
            elif not statistics and "statistics" in system:
                message = f"expected hypotheses as /systems/0's, got statistics {where(pointer)}"
                found.add("mixed_forms", f"{pointer}/statistics", message)
            elif "statistics" not in system and "hypotheses" not in system:
                message = f"expected hypotheses (or statistics) {where(pointer)}"
                found.add("required", f"{pointer}/hypotheses", message)
        if statistics and "references" in raw:
            message = (
                "expected no references with statistics (they were scored against them "
                "already) at /references"
            )
            found.add("unexpected_references", "/references", message)
        elif not statistics and "references" not in raw and _systems(raw):
            found.add("required", "/references", "expected references with hypotheses")


Orders = Callable[[Mapping[str, Any], str], int]


@dataclass(frozen=True)
class SegmentStatistics:
    """With statistics: each system's are those of every metric asked, of as many segments as
    the first system's first; each segment's arrays hold ``orders(raw, metric)`` counts (BLEU's
    and chrF's) with matches at most the counts they were found among; a TER average is one of
    1 to 8 integer lengths; and systems x segments x metrics is at most ``max_rows``."""

    metrics: Callable[[Mapping[str, Any]], list[str]]
    orders: Orders
    max_rows: int
    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        if not given_statistics(raw):
            return None
        metrics = self.metrics(raw)
        systems = [system["statistics"] for system in raw["systems"]]
        if any(set(statistics) != set(metrics) for statistics in systems):
            return FAILED
        segments = len(systems[0][metrics[0]])
        if len(systems) * segments * len(metrics) > self.max_rows:
            return FAILED
        for metric in metrics:
            check = _CHECKS[metric]
            orders = self.orders(raw, metric)
            for statistics in systems:
                rows = statistics[metric]
                if len(rows) != segments or not all(check(row, orders) for row in rows):
                    return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        if not given_statistics(raw):
            return
        metrics = self.metrics(raw)
        segments: int | None = None
        rows = 0
        for k, system in _systems(raw):
            statistics = system.get("statistics")
            if not isinstance(statistics, dict):
                continue
            pointer = f"/systems/{k}/statistics"
            for metric in metrics:
                if metric not in statistics:
                    message = f"expected the {metric} statistics asked in /metrics {where(pointer)}"
                    found.add("required", f"{pointer}/{metric}", message)
            for metric, given in statistics.items():
                place = f"{pointer}/{_escaped(metric)}"
                if metric not in metrics:
                    message = f"expected statistics of the metrics asked only {where(place)}"
                    found.add("metric_not_asked", place, message)
                    continue
                if not isinstance(given, list):
                    continue
                rows += len(given)
                if segments is None:
                    segments = len(given)
                elif len(given) != segments:
                    message = (
                        f"expected {segments} segments (as /systems/0's), got {len(given)} "
                        f"{where(place)}"
                    )
                    found.add("segment_count_mismatch", place, message)
                self._walk_segments(raw, metric, given, place, found)
        if rows > self.max_rows:
            message = (
                f"expected systems x segments x metrics of at most {self.max_rows}, got {rows}"
            )
            found.add("too_many_segment_statistics", "", message)

    def _walk_segments(
        self, raw: Mapping[str, Any], metric: str, given: list[Any], pointer: str, found: Violations
    ) -> None:
        orders = self.orders(raw, metric)
        walk = _WALKS[metric]
        for i, segment in enumerate(given):
            if isinstance(segment, dict):
                walk(segment, orders, f"{pointer}/{i}", found)


def _escaped(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def _bleu_ok(segment: Mapping[str, Any], orders: int) -> bool:
    matches, totals = segment["matches"], segment["totals"]
    return (
        len(matches) == orders
        and len(totals) == orders
        and not any(map(operator.gt, matches, totals))
    )


def _chrf_ok(segment: Mapping[str, Any], orders: int) -> bool:
    matches, hypothesis, reference = segment["matches"], segment["hypothesis"], segment["reference"]
    return (
        len(matches) == len(hypothesis) == len(reference) == orders
        and not any(map(operator.gt, matches, hypothesis))
        and not any(map(operator.gt, matches, reference))
    )


def _ter_ok(segment: Mapping[str, Any], orders: int) -> bool:
    return reference_count(segment["ref_length"]) is not None


def _edits_ok(segment: Mapping[str, Any], orders: int) -> bool:
    return True


_CHECKS: dict[str, Callable[[Mapping[str, Any], int], bool]] = {
    "bleu": _bleu_ok,
    "chrf": _chrf_ok,
    "chrf++": _chrf_ok,
    "ter": _ter_ok,
    "wer": _edits_ok,
    "cer": _edits_ok,
}


def _walk_counts(
    segment: Mapping[str, Any],
    arrays: tuple[str, ...],
    bounds: tuple[str, ...],
    *,
    orders: int,
    pointer: str,
    found: Violations,
) -> None:
    agree = True
    for name in arrays:
        counts = segment.get(name)
        if isinstance(counts, list) and len(counts) != orders:
            agree = False
            place = f"{pointer}/{name}"
            message = f"expected {orders} counts, one per order, got {len(counts)} {where(place)}"
            found.add("order_count_mismatch", place, message)
    matches = segment.get("matches")
    if not agree or not isinstance(matches, list):
        return
    for order, m in enumerate(matches):
        for name in bounds:
            bound = segment.get(name)
            b = bound[order] if isinstance(bound, list) and order < len(bound) else None
            if _number(m) and _number(b) and m > b:
                place = f"{pointer}/matches/{order}"
                message = (
                    f"expected at most {b}, the segment's {name}[{order}] (its matches are "
                    f"among them), got {m} {where(place)}"
                )
                found.add("matches_above_count", place, message)
                break


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _walk_bleu(segment: Mapping[str, Any], orders: int, pointer: str, found: Violations) -> None:
    _walk_counts(
        segment, ("matches", "totals"), ("totals",), orders=orders, pointer=pointer, found=found
    )


def _walk_chrf(segment: Mapping[str, Any], orders: int, pointer: str, found: Violations) -> None:
    arrays = ("hypothesis", "reference", "matches")
    bounds = ("hypothesis", "reference")
    _walk_counts(segment, arrays, bounds, orders=orders, pointer=pointer, found=found)


def _walk_ter(segment: Mapping[str, Any], orders: int, pointer: str, found: Violations) -> None:
    average = segment.get("ref_length")
    if not isinstance(average, int | float) or isinstance(average, bool):
        return
    if 0 <= average <= MAX_SEGMENT_COUNT and reference_count(average) is None:
        place = f"{pointer}/ref_length"
        message = (
            f"expected the average of 1 to 8 integer reference lengths (as ter-compute "
            f"answers it), got {average} {where(place)}"
        )
        found.add("not_an_average_length", place, message)


def _walk_edits(segment: Mapping[str, Any], orders: int, pointer: str, found: Violations) -> None:
    return None


_WALKS: dict[str, Callable[[Mapping[str, Any], int, str, Violations], None]] = {
    "bleu": _walk_bleu,
    "chrf": _walk_chrf,
    "chrf++": _walk_chrf,
    "ter": _walk_ter,
    "wer": _walk_edits,
    "cer": _walk_edits,
}
