"""bleu-tokenize@1.0.0: sacreBLEU's tokens for hypotheses and optional references, in the shapes
bleu-corpus-compute takes, and every input that breaks the contract refused with a pointer."""

from typing import Any

import pytest

import mtcompute
from mtcompute import execute, jsonio
from mtcompute.contracts import bleu_tokenize_1_0_0 as tokenize_tool
from mtcompute.errors import InputError

ID, VERSION = "bleu-tokenize", "1.0.0"
MAX_SEGMENTS, MAX_REFERENCES, MAX_STRING_BYTES = 1000, 8, 8192


def _errors(raw: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        execute(ID, VERSION, raw)
    return [(error["code"], error["pointer"]) for error in caught.value.errors]


def test_the_tokens_go_straight_into_corpus_bleu() -> None:
    tokens = execute(ID, VERSION, {"hypotheses": ["a, b."], "references": [["a, b!"]]})
    bleu = execute(
        "bleu-corpus-compute",
        "1.0.0",
        {"hypotheses": tokens["hypotheses"], "references": tokens["references"]},
    )
    assert bleu["matches"] == [3, 2, 1, 0]


def test_without_references_the_result_has_none() -> None:
    assert "references" not in execute(ID, VERSION, {"hypotheses": ["a"]})


def test_each_reference_is_tokenized_in_its_segment_and_place() -> None:
    raw = {"hypotheses": ["x", "y"], "references": [["a.", "b!"], ["c?"]], "tokenizer": "intl"}
    assert execute(ID, VERSION, raw)["references"] == [[["a", "."], ["b", "!"]], [["c", "?"]]]


def test_the_result_equals_the_library_function_for_every_tokenizer() -> None:
    texts = ["Hello, World! 3.5 «x» 中文", "İ ẞ -\nb"]
    for tokenizer in ("13a", "intl", "zh", "char", "none"):
        for lowercase in (False, True):
            raw = {"hypotheses": texts, "tokenizer": tokenizer, "lowercase": lowercase}
            expected = mtcompute.tokenize(texts, tokenizer=tokenizer, lowercase=lowercase)
            assert execute(ID, VERSION, raw)["hypotheses"] == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"hypotheses": []}, [("too_few_items", "/hypotheses")]),
        ({"hypotheses": ["a"] * (MAX_SEGMENTS + 1)}, [("too_many_items", "/hypotheses")]),
        ({"hypotheses": ["a"], "references": [[]]}, [("too_few_items", "/references/0")]),
        (
            {"hypotheses": ["a"], "references": [["r"] * (MAX_REFERENCES + 1)]},
            [("too_many_items", "/references/0")],
        ),
        (
            {"hypotheses": ["é" * (MAX_STRING_BYTES // 2 + 1)]},
            [("string_too_long", "/hypotheses/0")],
        ),
        ({"hypotheses": ["a", "\ud800"]}, [("invalid_unicode", "/hypotheses/1")]),
        (
            {"hypotheses": ["a"], "references": [["\udfff"]]},
            [("invalid_unicode", "/references/0/0")],
        ),
        ({"hypotheses": [["a"]]}, [("type", "/hypotheses/0")]),
        ({"hypotheses": ["a"], "tokenizer": "13A"}, [("not_allowed", "/tokenizer")]),
        ({"hypotheses": ["a"], "lowercase": 1}, [("type", "/lowercase")]),
        ({"hypotheses": ["a"], "lowercse": True}, [("unknown_property", "/lowercse")]),
        (
            {"hypotheses": ["a", "b"], "references": [["a"]]},
            [("segment_count_mismatch", "/references")],
        ),
    ],
)
def test_an_input_that_breaks_the_contract_is_refused_with_its_pointer(
    raw: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    assert _errors(raw) == expected


def test_the_largest_valid_texts_are_accepted() -> None:
    at_limit = "é" * (MAX_STRING_BYTES // 2)
    result = execute(ID, VERSION, {"hypotheses": [at_limit] * 100, "tokenizer": "char"})
    assert len(result["hypotheses"][0]) == MAX_STRING_BYTES // 2


def test_the_total_of_the_texts_is_bounded_at_one_mebibyte() -> None:
    text = "a" * MAX_STRING_BYTES
    assert _errors({"hypotheses": [text] * 129}) == [("too_many_string_bytes", "")]


@pytest.mark.parametrize(
    ("text", "tokenizer", "lowercase"),
    [("\x01" * 1000, "char", False), ("İ" * 1000, "char", True), ("a," * 500, "13a", False)],
    ids=["control-characters", "dotted-capital-i-lowercased", "punctuation-between-letters"],
)
def test_the_declared_answer_bytes_bound_the_token_lists_of_the_dearest_texts(
    text: str, tokenizer: str, lowercase: bool
) -> None:
    raw = {"hypotheses": [text], "tokenizer": tokenizer, "lowercase": lowercase}
    answer = execute("bleu-tokenize", "1.0.0", raw)
    tokens = jsonio.dumps(answer["hypotheses"])
    assert len(tokens) <= tokenize_tool.tokens_bytes(raw)
