"""rouge-compute@1.0.0: rouge-score's numbers bit for bit through the contract, the means, the
Unicode tokenizer, and every input that breaks the contract refused with a pointer (a request
too large with what to do instead)."""

import time
from typing import Any

import pytest

from bench.rouge_texts import summary_pairs
from mtcompute import execute, jsonio
from mtcompute.contracts.rouge_compute_1_0_0 import (
    LIMITS,
    ROUGE_TYPES,
    answer_bytes,
    lines,
    sentence_pairs,
)
from mtcompute.errors import InputError
from tests.contracts.refusals import assert_pointers_name_places, assert_refused
from tests.metrics.rouge.peer import HOSTILE, peer_score_multi

ID, VERSION = "rouge-compute", "1.0.0"
ALL = ["rouge1", "rouge2", "rouge3", "rouge9", "rougeL", "rougeLsum"]
ONE = {"hypotheses": ["a"], "references": [["a"]]}


def _errors(raw: dict[str, Any]) -> list[Any]:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    return list(caught.value.errors)


@pytest.mark.parametrize("use_stemmer", [False, True])
def test_every_number_is_rouge_scores_and_the_means_average_them(use_stemmer: bool) -> None:
    pairs = summary_pairs(40, seed=21)
    hypotheses = [hypothesis for hypothesis, _ in pairs] + list(HOSTILE[:8])
    references = [[reference, pairs[i - 1][1]] for i, (_, reference) in enumerate(pairs)]
    references += [[text] for text in HOSTILE[8:16]]
    raw = {
        "hypotheses": hypotheses,
        "references": references,
        "rouge_types": ALL,
        "use_stemmer": use_stemmer,
    }
    result = execute(ID, VERSION, raw)
    for segment, hypothesis, texts in zip(result["segments"], hypotheses, references, strict=True):
        expected = peer_score_multi(texts, hypothesis, ALL, use_stemmer)
        for name in ALL:
            score = expected[name]
            assert segment[name] == {
                "precision": score.precision,
                "recall": score.recall,
                "fmeasure": score.fmeasure,
            }
    for name in ALL:
        for key in ("precision", "recall", "fmeasure"):
            total = 0.0
            for segment in result["segments"]:
                total += segment[name][key]
            assert result["means"][name][key] == total / len(hypotheses)


def test_identical_chinese_texts_score_one_with_the_unicode_tokenizer_only() -> None:
    raw = {"hypotheses": ["我爱你。"], "references": [["我爱你。"]], "rouge_types": ["rouge2"]}
    assert execute(ID, VERSION, raw)["means"]["rouge2"]["fmeasure"] == 0
    unicode = execute(ID, VERSION, {**raw, "tokenizer": "unicode"})
    assert unicode["means"]["rouge2"] == {"precision": 1, "recall": 1, "fmeasure": 1}


def test_decimals_round_every_number_after_the_means() -> None:
    raw = {"hypotheses": ["a b c", "a"], "references": [["a b"], ["a b c"]], "decimals": 3}
    result = execute(ID, VERSION, raw)
    assert result["means"]["rouge1"]["precision"] == 0.833  # (2/3 + 1) / 2, then rounded
    assert result["segments"][0]["rouge1"]["precision"] == 0.667


def test_the_answer_bound_covers_the_largest_answer() -> None:
    hypotheses = ["a b c"] + ["a"] * 999
    raw = {
        "hypotheses": hypotheses,
        "references": [["a"]] * 1000,
        "rouge_types": list(ROUGE_TYPES),
        "decimals": 15,
    }
    answer = len(jsonio.dumps({"result": execute(ID, VERSION, raw)}))
    assert answer - len(jsonio.dumps(raw)) <= answer_bytes(raw)


MAX_PAIRS = LIMITS.max_total_sentence_pairs or 0


@pytest.mark.slow
@pytest.mark.parametrize("line", ["a b\n", "a\n"])
def test_the_dearest_valid_requests_take_under_a_second(line: str) -> None:
    # Short lines, as many pairs of them as the limit allows: rougeLsum's dearest input.
    text = (line * 2048)[: LIMITS.max_string_bytes]
    segments = MAX_PAIRS // lines(text) ** 2
    raw = {"hypotheses": [text] * segments, "references": [[text]] * segments}
    start = time.process_time()
    execute(ID, VERSION, raw)
    assert time.process_time() - start < 5  # measured about 0.2 s; the bound allows a slow host


def test_the_sentence_pairs_limit_counts_lines_only_with_rouge_lsum() -> None:
    text = "a\n" * 99  # 100 lines
    segments = MAX_PAIRS // (100 * 100 * 2)
    raw: dict[str, Any] = {
        "hypotheses": [text] * segments,
        "references": [[text, text]] * segments,
    }
    assert sentence_pairs(raw) == MAX_PAIRS
    assert len(execute(ID, VERSION, raw)["segments"]) == segments
    raw["hypotheses"][0] += "\n"
    errors = _errors(raw)
    assert_refused(errors, [("too_many_sentence_pairs", "")], ["mtcompute score -m rouge"])
    assert sentence_pairs({**raw, "rouge_types": ["rouge1", "rougeL"]}) == 0
    assert execute(ID, VERSION, {**raw, "rouge_types": ["rougeL"]})["rouge_types"] == ["rougeL"]


@pytest.mark.parametrize(
    ("raw", "expected", "says"),
    [
        (
            {"hypotheses": [], "references": []},
            [("too_few_items", "/hypotheses"), ("too_few_items", "/references")],
            ["non-empty array"],
        ),
        ({"hypotheses": ["a"], "references": [[]]}, [("too_few_items", "/references/0")], []),
        (
            {"hypotheses": ["a"], "references": [["r"] * 9]},
            [("too_many_items", "/references/0")],
            ["at most 8"],
        ),
        (
            {"hypotheses": ["a" * 8193], "references": [["a"]]},
            [("string_too_long", "/hypotheses/0")],
            ["8192"],
        ),
        (
            {"hypotheses": ["\ud800"], "references": [["a"]]},
            [("invalid_unicode", "/hypotheses/0")],
            [],
        ),
        ({**ONE, "rouge_types": ["rougeW"]}, [("not_allowed", "/rouge_types/0")], ["rougeLsum"]),
        (
            {**ONE, "rouge_types": ["rougeL", "rougeL"]},
            [("duplicate_item", "/rouge_types/1")],
            ['"rougeL" again'],
        ),
        ({**ONE, "tokenizer": "jieba"}, [("not_allowed", "/tokenizer")], ["unicode"]),
        ({**ONE, "use_stemmer": 1}, [("type", "/use_stemmer")], ["boolean"]),
        ({**ONE, "decimals": 16}, [("above_maximum", "/decimals")], []),
        (
            {"hypotheses": ["a"], "references": ["a"]},
            [("type", "/references/0")],
            ["[[reference] for reference in references]"],
        ),
        (
            {"hypotheses": ["a"] * 1001, "references": [["a"]] * 1001},
            [("too_many_items", "/hypotheses"), ("too_many_items", "/references")],
            ["at most 1000 segments a request", "mtcompute score -m rouge", "mtcompute.rouge"],
        ),
    ],
)
def test_an_input_that_breaks_the_contract_is_refused_with_its_pointer(
    raw: dict[str, Any], expected: list[tuple[str, str]], says: list[str]
) -> None:
    errors = _errors(raw)
    assert_refused(errors, expected, says)
    assert_pointers_name_places(raw, errors)


def test_too_many_string_bytes_in_all_is_refused() -> None:
    text = "a" * 8000
    raw = {"hypotheses": [text] * 100, "references": [[text] * 2] * 100}
    errors = _errors(raw)
    assert [error["code"] for error in errors] == ["too_many_string_bytes"]
