"""The rules of several systems against one set of references: counts that match, names and
metrics once each, TER's pair bytes over every system, and the work in all."""

from typing import Any

from mtcompute.contracts.inputs.systems import (
    DistinctMetrics,
    SegmentScores,
    SystemsMatchReferences,
    TerPairBytes,
    ter_pair_bytes,
)
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.violations import Violations

SYSTEM_A = {"name": "A", "hypotheses": ["a", "b"]}
TWO = {
    "references": [["a b"], ["c"]],
    "systems": [SYSTEM_A, {"name": "B", "hypotheses": ["c", "d"]}],
}


def walked(rule: Any, raw: dict[str, Any]) -> Violations:
    found = Violations()
    rule.walk(raw, found)
    return found


def test_systems_with_a_hypothesis_per_reference_set_and_distinct_names_pass() -> None:
    assert SystemsMatchReferences().bulk(TWO) is None
    assert walked(SystemsMatchReferences(), TWO).count == 0


def test_a_system_short_of_hypotheses_is_pointed_at() -> None:
    raw = {**TWO, "systems": [SYSTEM_A, {"name": "B", "hypotheses": ["c"]}]}
    assert SystemsMatchReferences().bulk(raw) is FAILED
    [error] = walked(SystemsMatchReferences(), raw).kept
    assert (error["code"], error["pointer"]) == ("segment_count_mismatch", "/systems/1/hypotheses")
    assert "expected 2 hypotheses (one per reference set), got 1" in error["message"]


def test_a_name_used_twice_is_pointed_at_with_its_first_use() -> None:
    raw = {**TWO, "systems": [SYSTEM_A, {"name": "A", "hypotheses": ["c", "d"]}]}
    assert SystemsMatchReferences().bulk(raw) is FAILED
    [error] = walked(SystemsMatchReferences(), raw).kept
    assert (error["code"], error["pointer"]) == ("duplicate_name", "/systems/1/name")
    assert "/systems/0/name" in error["message"]


def test_a_metric_named_twice_is_pointed_at() -> None:
    raw = {"metrics": ["bleu", "ter", "bleu"]}
    assert DistinctMetrics().bulk(raw) is FAILED
    [error] = walked(DistinctMetrics(), raw).kept
    assert (error["code"], error["pointer"]) == ("duplicate_metric", "/metrics/2")


def test_ter_pair_bytes_count_every_system_and_reference() -> None:
    # System A: (1 + 3) + (1 + 1); system B: (1 + 3) + (1 + 1).
    assert ter_pair_bytes(TWO) == 12


def test_ter_pair_bytes_are_bounded_only_where_ter_is_scored() -> None:
    rule = TerPairBytes(11)
    assert rule.bulk({**TWO, "metrics": ["bleu"]}) is None
    assert rule.bulk({**TWO, "metrics": ["ter"]}) is FAILED
    [error] = walked(rule, {**TWO, "metrics": ["ter"]}).kept
    assert error["code"] == "too_many_pair_bytes"
    assert TerPairBytes(12).bulk({**TWO, "metrics": ["ter"]}) is None


def test_the_work_is_systems_times_segments_times_metrics() -> None:
    raw = {**TWO, "metrics": ["bleu", "chrf"]}  # 2 x 2 x 2
    assert SegmentScores(8).bulk(raw) is None
    assert SegmentScores(7).bulk(raw) is FAILED
    [error] = walked(SegmentScores(7), raw).kept
    assert error["code"] == "too_much_work"
    assert SegmentScores(4).bulk(TWO) is None  # bleu alone by default: 2 x 2
