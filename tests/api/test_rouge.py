"""``mtcompute.rouge``: rouge-score's numbers without the contract's limits, its result's
segments and means, and the contract's errors with the same hints."""

import pytest

import mtcompute
from mtcompute import InputError
from tests.metrics.rouge.peer import peer_score_multi


def test_each_segment_and_type_is_rouge_scores_score_multi() -> None:
    hypotheses = ["The cats are running.\nThey ran home.", "Hello there!"]
    references = [["A cat runs.\nThey ran home quickly."], ["Hi there!", "Hello, you!"]]
    result = mtcompute.rouge(hypotheses, references, use_stemmer=True)
    assert result.rouge_types == ("rouge1", "rouge2", "rougeL", "rougeLsum")
    for segment, hypothesis, texts in zip(result.segments, hypotheses, references, strict=True):
        expected = peer_score_multi(texts, hypothesis, result.rouge_types, True)
        for name in result.rouge_types:
            assert segment[name] == expected[name]
    first, second = result.segments
    assert (
        result.means["rougeL"].fmeasure
        == (first["rougeL"].fmeasure + second["rougeL"].fmeasure) / 2
    )


def test_the_library_has_no_segment_limit() -> None:
    result = mtcompute.rouge(["a b"] * 1500, [["a"]] * 1500, rouge_types=["rouge1"])
    assert len(result.segments) == 1500
    assert result.means["rouge1"].recall == 1.0


def test_to_dict_is_the_tools_answer() -> None:
    raw = {"hypotheses": ["a b c"], "references": [["a c"]], "rouge_types": ["rougeL"]}
    result = mtcompute.rouge(["a b c"], [["a c"]], rouge_types=("rougeL",), decimals=3)
    assert result.to_dict() == mtcompute.execute("rouge-compute", "1.0.0", {**raw, "decimals": 3})


def test_the_unicode_tokenizer_scores_chinese() -> None:
    result = mtcompute.rouge(["我爱你"], [["我爱他"]], rouge_types=["rouge1"], tokenizer="unicode")
    assert result.means["rouge1"].fmeasure == 2 / 3


def test_a_wrong_call_is_refused_with_the_fix() -> None:
    with pytest.raises(InputError, match=r"\[\[reference\] for reference in references\]"):
        mtcompute.rouge(["a"], ["a"])  # type: ignore[list-item]
    with pytest.raises(InputError, match="rouge_types/0"):
        mtcompute.rouge(["a"], [["a"]], rouge_types=["rougeS"])
