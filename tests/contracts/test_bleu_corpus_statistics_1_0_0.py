"""bleu-corpus-statistics@1.0.0: the integers bleu-corpus-compute scores, with its input rules,
and a result that is a part as bleu-corpus-from-statistics takes it."""

import pytest

from mtcompute import InputError, execute
from mtcompute.contracts.bleu_corpus_statistics_1_0_0 import LIMITS, PARSER
from mtcompute.contracts.inputs.corpus import LIMITS as CORPUS_LIMITS

SEGMENTS = {
    "hypotheses": [["the", "cat", "sat"], ["a", "dog"]],
    "references": [[["the", "cat", "sat", "down"]], [["the", "dog"], ["a", "dog", "ran"]]],
}


@pytest.mark.parametrize("max_order", [1, 2, 4, 8])
def test_the_statistics_are_those_bleu_corpus_compute_scores(max_order: int) -> None:
    request = {**SEGMENTS, "max_order": max_order}
    statistics = execute("bleu-corpus-statistics", "1.0.0", request)
    whole = execute("bleu-corpus-compute", "1.0.0", request)
    for name in ("max_order", "matches", "totals", "candidate_length", "reference_length"):
        assert statistics[name] == whole[name]


def test_its_whole_result_is_a_part_of_bleu_corpus_from_statistics() -> None:
    statistics = execute("bleu-corpus-statistics", "1.0.0", SEGMENTS)
    combined = execute("bleu-corpus-from-statistics", "1.0.0", {"parts": [statistics]})
    assert combined == execute("bleu-corpus-compute", "1.0.0", SEGMENTS)


def test_its_limits_and_input_rules_are_bleu_corpus_compute_s_without_decimals() -> None:
    assert LIMITS == CORPUS_LIMITS
    assert "decimals" not in PARSER.schema["properties"]
    with pytest.raises(InputError) as caught:
        PARSER.parse({**SEGMENTS, "decimals": 2})
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("unknown_property", "/decimals")
    ]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"hypotheses": [["a"]] * 1001, "references": [[["a"]]] * 1001}, "too_many_items"),
        ({"hypotheses": [["a"]], "references": [[["a"]]] * 2}, "segment_count_mismatch"),
        ({"hypotheses": [["a"]], "references": [[["a"]]], "max_order": 9}, "above_maximum"),
        ({"hypotheses": [[""]], "references": [[["a"]]]}, "too_short"),
    ],
)
def test_an_input_over_a_limit_or_rule_is_refused_as_by_bleu_corpus_compute(
    raw: object, expected: str
) -> None:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    assert caught.value.errors[0]["code"] == expected
