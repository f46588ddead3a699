"""Each size refusal of a scoring tool names what scores a set that size, on every interface
that runs the tool; other refusals keep their messages."""

import pytest

from mtcompute import execute
from mtcompute.contracts.remedies import is_size_refusal, with_remedy
from mtcompute.errors import InputError, Violation


def _refusal(tool: str, raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        execute(tool, "latest", raw)
    return caught.value.errors


@pytest.mark.parametrize(
    ("tool", "names"),
    [
        ("chrf-compute", ["score-texts", "chrf-from-statistics", "mtcompute score"]),
        ("chrf-plus-plus-compute", ["score-texts", "chrf-from-statistics"]),
        ("ter-compute", ["score-texts", "ter-from-statistics"]),
        ("rouge-compute", ["score-texts", "mtcompute score"]),
    ],
)
def test_too_many_segments_of_texts_name_score_texts_and_the_parts_tools(
    tool: str, names: list[str]
) -> None:
    error = _refusal(tool, {"hypotheses": ["a"] * 1001, "references": [["a"]] * 1001})[0]
    assert (error["code"], error["pointer"]) == ("too_many_items", "/hypotheses")
    for name in names:
        assert name in error["message"]


@pytest.mark.parametrize("tool", ["wer-compute", "cer-compute"])
def test_the_edit_rates_name_their_from_statistics_tools(tool: str) -> None:
    errors = _refusal(tool, {"hypotheses": ["a b"] * 10_001, "references": ["a b"] * 10_001})
    rate = tool.removesuffix("-compute")
    assert all("score-texts" in e["message"] for e in errors)
    assert any(f"{rate}-from-statistics" in e["message"] for e in errors)


def test_token_corpus_bleu_names_the_statistics_tools() -> None:
    errors = _refusal(
        "bleu-corpus-compute", {"hypotheses": [["a"]] * 1001, "references": [[["a"]]] * 1001}
    )
    assert "bleu-corpus-from-statistics" in errors[0]["message"]


def test_score_texts_names_the_parts_tools_and_the_shell() -> None:
    raw = {"hypotheses": ["a"] * 10_001, "references": [["a"]] * 10_001}
    error = _refusal("score-texts", raw)[0]
    assert "-from-statistics" in error["message"]
    assert "mtcompute score" in error["message"]


def test_a_segment_s_own_array_and_other_refusals_keep_their_messages() -> None:
    errors = _refusal("chrf-compute", {"hypotheses": ["a"], "references": [["a"] * 9]})
    assert errors[0]["pointer"] == "/references/0"
    assert "score-texts" not in errors[0]["message"]


def test_only_size_codes_and_top_level_arrays_are_size_refusals() -> None:
    def violation(code: str, pointer: str) -> Violation:
        return Violation(code=code, pointer=pointer, message="m")

    assert is_size_refusal(violation("too_many_items", "/parts"))
    assert is_size_refusal(violation("too_many_string_bytes", ""))
    assert not is_size_refusal(violation("too_many_items", "/references/3"))
    assert not is_size_refusal(violation("too_many_counts", "/parts"))
    assert not is_size_refusal(violation("type", "/hypotheses"))
    error = InputError([violation("type", "/x")])
    assert with_remedy(error, "do this") is error
