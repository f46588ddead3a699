"""score-texts's several systems: ``systems`` in place of ``hypotheses`` (exactly one of the
two), the rules over them, the metrics' cost rules counted over every system, and the answer
with resampling: what ``mtcompute score REF -i A B ... --format json`` prints for the same
lines and options, through the functions ``score`` prints it with (``scoring.systems``).
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.inputs import resampling as asked
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, Rule, _Failed
from mtcompute.contracts.validation.violations import Violations
from mtcompute.scoring.metric import ScoringMetric, Streams
from mtcompute.scoring.report import as_baseline, score_json
from mtcompute.scoring.systems import (
    Resampling,
    compare_systems,
    confident_scores,
    printed_rows,
)
from mtcompute.scoring.tools.costs import Count

MAX_SYSTEMS = 16
MAX_NAME_LENGTH = 200
Systems = Sequence[tuple[str, Sequence[str]]]


# The answer's row of one of several systems, as `score --format json` prints it.
_NULLABLE_NUMBER = {"type": ["number", "null"]}
_TESTED = {
    "type": "object",
    "description": "A score with a paired test, unrounded: the bootstrap's mean and half the "
    "95% interval's width (null beside randomization without confidence) and the p-value "
    "against the baseline (null for the baseline).",
    "properties": {
        "score": {"type": "number"},
        "p_value": _NULLABLE_NUMBER,
        "mean": _NULLABLE_NUMBER,
        "ci": _NULLABLE_NUMBER,
    },
    "required": ["score", "p_value", "mean", "ci"],
    "additionalProperties": False,
}
SYSTEM_ROW = {
    "type": "object",
    "description": "One of several systems as `mtcompute score --format json` prints it: its "
    "name, then each score by its name: to `width` decimals as a string, or with a paired "
    "test an object.",
    "properties": {"system": {"type": "string"}},
    "required": ["system"],
    "additionalProperties": {"anyOf": [{"type": "string"}, _TESTED]},
}


def systems_schema(text: dict[str, Any], max_segments: int | None) -> dict[str, Any]:
    """``systems``: 2 to ``MAX_SYSTEMS`` named systems, the first the baseline."""
    system = {
        "type": "object",
        "properties": {
            "name": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_NAME_LENGTH,
                "description": "The system's name, as score shows a file's.",
            },
            "hypotheses": fields.segments(text, max_segments, "Each segment's line."),
        },
        "required": ["name", "hypotheses"],
        "additionalProperties": False,
    }
    return {
        "type": "array",
        "minItems": 2,
        "maxItems": MAX_SYSTEMS,
        "items": system,
        "description": "In place of hypotheses: several systems, each with a name no other "
        "has, the first the baseline (as `score REF -i A B ...`).",
    }


@dataclass(frozen=True)
class OneForm:
    """``hypotheses`` (one system) or ``systems`` (several): exactly one of them."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return False

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        return None if ("hypotheses" in raw) != ("systems" in raw) else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        if "hypotheses" in raw and "systems" in raw:
            message = (
                "expected hypotheses (one system) or systems (several), not both, got both "
                "at /systems"
            )
            found.add("conflicting_forms", "/systems", message)
        elif "hypotheses" not in raw and "systems" not in raw:
            message = (
                "expected hypotheses (one system's lines) or systems (several, each with a name "
                "and its hypotheses) at /hypotheses"
            )
            found.add("required", "/hypotheses", message)


@dataclass(frozen=True)
class Given:
    """``rule`` of an input that has ``name``, where the other form has nothing to check."""

    name: str
    rule: Rule[object]

    @property
    def checks_items_at(self) -> Sequence[Path]:
        return self.rule.checks_items_at

    @property
    def walks_items(self) -> bool:
        return self.rule.walks_items

    def bulk(self, raw: dict[str, Any]) -> object:
        return self.rule.bulk(raw) if self.name in raw else None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        if self.name in raw:
            self.rule.walk(raw, found)


def over_systems(count: Count) -> Count:
    """``count`` of one system's hypotheses, summed over every system of ``systems``."""

    def summed(raw: Mapping[str, Any]) -> int:
        systems = raw.get("systems")
        if not isinstance(systems, list):
            return count(raw)
        return sum(
            count({**raw, "hypotheses": system.get("hypotheses")})
            for system in systems
            if isinstance(system, dict)
        )

    return summed


def resampling_of(raw: Mapping[str, Any]) -> Resampling | None:
    """What the input asks to resample (None: no interval and no test), as ``score``'s
    options ask it."""
    test = (
        "randomization"
        if asked.asked(raw, "paired_ar")
        else "bootstrap"
        if asked.asked(raw, "paired_bs")
        else None
    )
    confidence = asked.asked(raw, "confidence")
    if test is None and not confidence:
        return None

    def count(flag: str) -> int:
        name, default, _ = asked.COUNTS[flag]
        return asked.whole(raw.get(name, default), default)

    return Resampling(
        confidence=count("confidence") if confidence else 0,
        test=test,
        samples=count("paired_ar" if test == "randomization" else "paired_bs") if test else 0,
        seed=int(raw.get("seed", asked.DEFAULT_SEED)),
        mode=str(raw.get("resampling", "sacrebleu")),
    )


def compared_scores(
    systems: Systems,
    references: Streams,
    metrics: Sequence[ScoringMetric],
    resampling: Resampling | None,
    width: int,
) -> list[JsonObject]:
    """What ``score`` prints as JSON: several systems' rows (sacreBLEU's, the first system
    named ``Baseline: NAME`` in a paired test), or one system's scores with its intervals."""
    if resampling is not None and resampling.test is not None:
        systems = [(as_baseline(systems[0][0]), systems[0][1]), *systems[1:]]
    report = compare_systems(systems, references, metrics, resampling or Resampling())
    if len(systems) > 1:
        return printed_rows(report, width)
    hypotheses = systems[0][1]
    scored = [
        item
        for metric in metrics
        for item in metric.corpus_scores(metric.statistics(hypotheses, references), len(references))
    ]
    return [
        json.loads(
            score_json(
                one.name,
                one.score,
                one.verbose,
                width=width,
                signature=one.signature,
                confidence=one.confidence,
            )
        )
        for one in confident_scores(report, scored)
    ]
