"""The resampling fields' count of work: systems x segments x resamples x scores, the
resamples as the paired test and confidence draw them, ROUGE's types weighed."""

from typing import Any

import pytest

from mtcompute.contracts.inputs.resampling import (
    ROUGE_WEIGHT,
    resamples,
    resampling_steps,
    score_count,
)


@pytest.mark.parametrize(
    ("fields", "count"),
    [
        ({}, 0),
        ({"confidence": True}, 1000),
        ({"paired_bs": True}, 1000),
        ({"paired_ar": True}, 10_000),
        ({"paired_bs": True, "paired_bs_n": 300, "confidence": True}, 300),
        ({"paired_ar": True, "paired_ar_n": 500, "confidence": True, "confidence_n": 40}, 540),
        ({"paired_ar": True, "paired_ar_n": 500.0}, 500),
        ({"paired_ar": False, "paired_ar_n": 500}, 0),
    ],
)
def test_the_resamples_are_the_test_s_and_confidence_s_beside_randomization(
    fields: dict[str, Any], count: int
) -> None:
    assert resamples(fields) == count


def test_each_metric_is_one_score_and_each_rouge_type_weighs_more() -> None:
    assert score_count({}) == 1
    assert score_count({"metrics": ["bleu", "chrf", "bleu"]}) == 2
    assert score_count({"metrics": ["rouge"]}) == 4 * ROUGE_WEIGHT
    rouge = {"rouge_types": ["rouge1", "rougeL"]}
    assert score_count({"metrics": ["ter", "rouge"], "rouge": rouge}) == 1 + 2 * ROUGE_WEIGHT


def test_the_steps_multiply_systems_segments_resamples_and_scores() -> None:
    systems = [{"name": "a", "hypotheses": ["x"] * 3}, {"name": "b", "hypotheses": ["y"] * 3}]
    raw = {"systems": systems, "references": [["x"]] * 3, "metrics": ["bleu", "chrf"]}
    assert resampling_steps(raw | {"paired_bs": True, "paired_bs_n": 10}) == 2 * 3 * 10 * 2
    one = {"hypotheses": ["x"] * 3, "references": [["x"]] * 3, "confidence": True}
    assert resampling_steps(one) == 3 * 1000
    assert resampling_steps({"hypotheses": "not a list", "references": None}) == 0
