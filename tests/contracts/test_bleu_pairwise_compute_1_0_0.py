"""bleu-pairwise-compute@1.0.0: each input rule at its boundary (exactly at a limit passes, one
over fails with its code and JSON Pointer), the example, every cell equal to
bleu-sentence-compute's score of that pair, and the library's functions equal to the tool."""

import random
from typing import Any

import pytest

import mtcompute
from mtcompute import execute, jsonio
from mtcompute.contracts.bleu_pairwise_compute_1_0_0 import CONTRACT, PARSER
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.pairwise import mbr_select
from mtcompute.metrics.smoothing import Smoothing
from mtcompute.numerics.tofixed import to_fixed

ID, VERSION = "bleu-pairwise-compute", "1.0.0"
Input = dict[str, Any]
E_ACUTE = "\u00e9"  # 2 UTF-8 bytes


def body(hypotheses: object, references: object, **options: object) -> Input:
    return {"hypotheses": hypotheses, "references": references, **options}


def one(**options: object) -> Input:
    return body([["a", "b"]], [["a", "c"]], **options)


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


def test_the_limits_are_published_as_the_page_states_them() -> None:
    assert CONTRACT.limits == {
        "max_hypotheses": 1024,
        "max_references": 1024,
        "max_total_tokens": 50_000,
        "max_token_bytes": 128,
        "max_total_token_bytes": 1_048_576,
        "max_cells": 262_144,
    }


WIDE = "w" * 128

AT_THE_LIMIT = [
    pytest.param(body([[]] * 1024, [[]] * 256), id="1,024 hypotheses x 256 references"),
    pytest.param(body([[]] * 256, [[]] * 1024), id="256 hypotheses x 1,024 references"),
    pytest.param(body([[]] * 512, [[]] * 512), id="512 x 512, 262,144 cells"),
    pytest.param(body([["h"] * 25_000], [["r"] * 25_000]), id="50,000 tokens in all"),
    pytest.param(body([[WIDE] * 4096], [[WIDE] * 4096]), id="1,048,576 token bytes in all"),
    pytest.param(body([[WIDE]], [[E_ACUTE * 64]]), id="tokens of 128 bytes"),
    pytest.param(body([[]], [[]]), id="empty token lists"),
    pytest.param(one(max_order=1), id="max_order 1"),
    pytest.param(one(max_order=8.0), id="max_order 8.0"),
    pytest.param(one(smoothing="floor", smoothing_value=1e-10), id="floor ε 1e-10"),
    pytest.param(one(smoothing="floor", smoothing_value=1), id="floor ε 1"),
    pytest.param(one(smoothing="add-k", smoothing_value=100), id="add-k k 100"),
    pytest.param(one(smoothing="none", effective_order=False), id="none, every order"),
    pytest.param(one(decimals=0), id="decimals 0"),
    pytest.param(one(decimals=15), id="decimals 15"),
]


@pytest.mark.parametrize("raw", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(raw: Input) -> None:
    request = PARSER.parse(raw)
    assert request.hypotheses is raw["hypotheses"]
    assert request.references is raw["references"]


def _bad(raw: Input, expected: list[tuple[str, str]], says: str, id: str) -> Any:
    return pytest.param(raw, expected, says, id=id)


ONE_OVER = [
    _bad(body([[]] * 1025, [[]]), [("too_many_items", "/hypotheses")],
         "expected at most 1024 items, got an array of 1025 items", "1,025 hypotheses"),
    _bad(body([[]], [[]] * 1025), [("too_many_items", "/references")],
         "expected at most 1024 items, got an array of 1025 items", "1,025 references"),
    _bad(body([[]] * 513, [[]] * 512), [("too_many_cells", "/references")],
         "expected at most 262144 cells (hypotheses times references), got 513 hypotheses "
         "times 512 references = 262656", "262,656 cells"),
    _bad(body([], [[]]), [("too_few_items", "/hypotheses")],
         "expected a non-empty array, got an empty array", "no hypotheses"),
    _bad(body([[]], []), [("too_few_items", "/references")],
         "expected a non-empty array, got an empty array", "no references"),
    _bad(body([["h"] * 25_000], [["r"] * 25_001]), [("too_many_tokens", "")],
         "expected at most 50000 tokens in all (hypotheses and references), got 50001",
         "50,001 tokens in all"),
    _bad(body([[WIDE] * 4096], [[WIDE] * 4096 + ["x"]]), [("too_many_token_bytes", "")],
         "expected at most 1048576 UTF-8 bytes of tokens in all (hypotheses and references), "
         "got 1048577", "1,048,577 token bytes in all"),
    _bad(body([["a"]], [["b", E_ACUTE * 64 + "x"]]), [("token_too_long", "/references/0/1")],
         "expected a token of at most 128 UTF-8 bytes, got 129 bytes", "a token of 129 bytes"),
    _bad(body([["a", ""]], [["a"]]), [("too_short", "/hypotheses/0/1")],
         "expected a non-empty string, got an empty string", "an empty token"),
    _bad(body([["a", "\ud800"]], [["a"]]), [("invalid_unicode", "/hypotheses/0/1")],
         "expected a token of valid Unicode", "a lone surrogate"),
    _bad(body(["the cat"], [["the", "cat"]]), [("type", "/hypotheses/0")],
         'expected an array, got the string "the cat"', "a text for a token list"),
    _bad(body([["a"]], [[["a"]]]), [("type", "/references/0/0")],
         "expected a string, got an array of 1 item", "references nested per segment"),
    _bad(one(max_order=0), [("below_minimum", "/max_order")],
         "expected an integer of at least 1, got 0", "max_order 0"),
    _bad(one(max_order=9), [("above_maximum", "/max_order")],
         "expected an integer of at most 8, got 9", "max_order 9"),
    _bad(one(smoothing="method4"), [("not_allowed", "/smoothing")],
         'expected one of "none", "floor", "add-k", "exp"', "Chen and Cherry method 4"),
    _bad(one(smoothing_value=0.1), [("not_allowed", "/smoothing_value")],
         'expected no smoothing_value with smoothing "exp"', "a value with exp"),
    _bad(one(smoothing="none", smoothing_value=1), [("not_allowed", "/smoothing_value")],
         'expected no smoothing_value with smoothing "none"', "a value with none"),
    _bad(one(smoothing="floor", smoothing_value=1.0000000000000002),
         [("above_maximum", "/smoothing_value")],
         'expected a number of at most 1 with smoothing "floor"', "floor ε just over 1"),
    _bad(one(smoothing="add-k", smoothing_value=0), [("below_minimum", "/smoothing_value")],
         "expected a number of at least 1e-10", "add-k k 0"),
    _bad(one(effective_order="true"), [("type", "/effective_order")],
         'expected a boolean, got the string "true"', "effective_order a string"),
    _bad(one(decimals=16), [("above_maximum", "/decimals")],
         "expected an integer of at most 15, got 16", "decimals 16"),
    _bad(one(smooth_method="exp"), [("unknown_property", "/smooth_method")],
         "got the unknown property 'smooth_method'", "sacreBLEU's option name"),
]  # fmt: skip


@pytest.mark.parametrize(("raw", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_is_refused_with_code_pointer_and_what_arrived(
    raw: Input, expected: list[tuple[str, str]], says: str
) -> None:
    errors = input_errors(raw)
    assert [(e["code"], e["pointer"]) for e in errors] == expected
    assert says in errors[0]["message"]
    assert errors[0]["message"].startswith("expected ")


def _token_lists(rng: random.Random, count: int) -> list[list[str]]:
    words = ["the", "cat", "a", "sat", "mat", "on", "Katze", "é", "!"]
    return [[rng.choice(words) for _ in range(rng.randint(0, 9))] for _ in range(count)]


OPTIONS = [
    pytest.param({}, id="exp with effective order"),
    pytest.param({"smoothing": "none", "effective_order": False}, id="none, every order"),
    pytest.param({"smoothing": "floor", "smoothing_value": 0.25, "max_order": 2}, id="floor"),
    pytest.param({"smoothing": "add-k", "max_order": 6}, id="add-k default"),
]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_cell_is_the_sentence_bleu_of_its_pair_by_bleu_sentence_compute(
    options: Input,
) -> None:
    rng = random.Random(len(options))
    hypotheses, references = _token_lists(rng, 7), _token_lists(rng, 5)
    result = execute(ID, VERSION, body(hypotheses, references, **options))
    for i, hypothesis in enumerate(hypotheses):
        for j, reference in enumerate(references):
            pair = {"hypothesis": hypothesis, "references": [reference], **options}
            assert (
                result["scores"][i][j] == execute("bleu-sentence-compute", "1.0.0", pair)["bleu"]
            ), (i, j)


@pytest.mark.parametrize("options", OPTIONS)
def test_expected_utilities_and_the_choice_are_the_oracles_and_the_library_gives_the_matrix(
    options: Input,
) -> None:
    rng = random.Random(10 + len(options))
    samples = _token_lists(rng, 9)
    result = execute(ID, VERSION, body(samples, samples, **options))
    selection = mbr_select(result["scores"])
    assert result["expected_utility"] == list(selection.expected_utility)
    assert result["best_index"] == selection.best_index
    matrix = mtcompute.pairwise_bleu(samples, samples, **options)
    assert matrix.tolist() == result["scores"]
    smoothing = Smoothing.of(options.get("smoothing", "exp"), options.get("smoothing_value"))
    assert (result["smoothing"], result["smoothing_value"]) == (smoothing.method, smoothing.value)
    assert result["max_order"] == options.get("max_order", 4)
    assert result["effective_order"] == options.get("effective_order", True)


@pytest.mark.parametrize("decimals", [0, 3, 15])
def test_decimals_round_every_number_shown_after_the_choice_was_made_unrounded(
    decimals: int,
) -> None:
    samples = [["a", "cat"], ["the", "cat", "sat"], ["a", "hat"], ["the", "cat"]]
    full = execute(ID, VERSION, body(samples, samples))
    rounded = execute(ID, VERSION, body(samples, samples, decimals=decimals))
    assert rounded["scores"] == [[to_fixed(x, decimals) for x in row] for row in full["scores"]]
    assert rounded["expected_utility"] == [to_fixed(x, decimals) for x in full["expected_utility"]]
    assert rounded["best_index"] == full["best_index"]


def test_the_example_cell_is_bleu_sentence_computes_score_of_the_pair() -> None:
    (example,) = CONTRACT.examples
    samples = example.input["hypotheses"]
    pair = {"hypothesis": samples[0], "references": [samples[1]]}
    assert example.result["scores"][0][1] == execute("bleu-sentence-compute", "1.0.0", pair)["bleu"]
    assert jsonio.dumps(execute(ID, VERSION, example.input)) == jsonio.dumps(example.result)
