"""chrf-pairwise-compute@1.0.0: each input rule at its boundary (exactly at a limit passes, one
over fails with its code and JSON Pointer), the example, every cell equal to chrf-compute's (or
chrf-plus-plus-compute's) sentence score of that pair, and the library's functions equal to the
tool."""

import random
from typing import Any

import pytest

import mtcompute
from mtcompute import execute, jsonio
from mtcompute.contracts.chrf_pairwise_compute_1_0_0 import CONTRACT, LIMITS, PARSER
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.pairwise import mbr_select
from mtcompute.numerics.tofixed import to_fixed

ID, VERSION = "chrf-pairwise-compute", "1.0.0"
Input = dict[str, Any]
EMOJI = "\U0001f600"  # 4 UTF-8 bytes


def body(hypotheses: object, references: object, **options: object) -> Input:
    return {"hypotheses": hypotheses, "references": references, **options}


def one(**options: object) -> Input:
    return body(["a b"], ["a c"], **options)


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


def test_the_limits_are_published_as_the_page_states_them() -> None:
    assert CONTRACT.limits == {
        "max_hypotheses": 1024,
        "max_references": 1024,
        "max_string_bytes": 8192,
        "max_total_string_bytes": 1_048_576,
        "max_cells": 262_144,
    }
    assert LIMITS.max_cells == 512 * 512


AT_THE_LIMIT = [
    pytest.param(body([""] * 1024, [""] * 256), id="1,024 hypotheses x 256 references"),
    pytest.param(body([""] * 256, [""] * 1024), id="256 hypotheses x 1,024 references"),
    pytest.param(body([""] * 512, [""] * 512), id="512 x 512, 262,144 cells"),
    pytest.param(body(["a" * 8192], [EMOJI * 2048]), id="texts of 8,192 bytes"),
    pytest.param(body(["a" * 8192] * 64, ["b" * 8192] * 64), id="1,048,576 bytes in all"),
    pytest.param(body([""], [" "]), id="empty and whitespace-only texts"),
    pytest.param(one(char_order=1, word_order=0, beta=1), id="smallest options"),
    pytest.param(one(char_order=10, word_order=2, beta=10), id="largest options"),
    pytest.param(one(char_order=6.0, word_order=2.0, beta=2.0), id="integral doubles"),
    pytest.param(one(eps_smoothing=True, include_whitespace=True), id="both flags"),
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
    _bad(body([""] * 1025, [""]), [("too_many_items", "/hypotheses")],
         "expected at most 1024 items, got an array of 1025 items", "1,025 hypotheses"),
    _bad(body([""], [""] * 1025), [("too_many_items", "/references")],
         "expected at most 1024 items, got an array of 1025 items", "1,025 references"),
    _bad(body([""] * 513, [""] * 512), [("too_many_cells", "/references")],
         "expected at most 262144 cells (hypotheses times references), got 513 hypotheses "
         "times 512 references = 262656", "262,656 cells"),
    _bad(body([""] * 1024, [""] * 257), [("too_many_cells", "/references")],
         "got 1024 hypotheses times 257 references = 263168", "1,024 x 257"),
    _bad(body([], [""]), [("too_few_items", "/hypotheses")],
         "expected a non-empty array, got an empty array", "no hypotheses"),
    _bad(body([""], []), [("too_few_items", "/references")],
         "expected a non-empty array, got an empty array", "no references"),
    _bad(body(["a" * 8193], [""]), [("string_too_long", "/hypotheses/0")],
         "expected a string of at most 8192 UTF-8 bytes, got 8193 bytes", "8,193 bytes"),
    _bad(body([""], ["a", EMOJI * 2048 + "a"]), [("string_too_long", "/references/1")],
         "expected a string of at most 8192 UTF-8 bytes, got 8193 bytes", "8,193 bytes wide"),
    _bad(body(["a" * 8192] * 64, ["b" * 8192] * 64 + ["c"]),
         [("too_many_string_bytes", "")],
         "expected at most 1048576 UTF-8 bytes of text in all (hypotheses and references), "
         "got 1048577", "1,048,577 bytes in all"),
    _bad(body(["ok", "\ud800"], ["ok"]), [("invalid_unicode", "/hypotheses/1")],
         "expected a string of valid Unicode", "a lone surrogate"),
    _bad(body(["a"], [["a"]]), [("type", "/references/0")],
         "expected a string, got an array of 1 item", "references nested as chrf-compute's"),
    _bad(body("a", ["a"]), [("type", "/hypotheses")], "expected an array, got the string",
         "a text for the hypotheses"),
    _bad(body([None], ["a"]), [("type", "/hypotheses/0")], "expected a string, got null",
         "a null text"),
    _bad(one(char_order=0), [("below_minimum", "/char_order")],
         "expected an integer of at least 1, got 0", "char_order 0"),
    _bad(one(char_order=11), [("above_maximum", "/char_order")],
         "expected an integer of at most 10, got 11", "char_order 11"),
    _bad(one(word_order=-1), [("below_minimum", "/word_order")],
         "expected an integer of at least 0, got -1", "word_order -1"),
    _bad(one(word_order=3), [("above_maximum", "/word_order")],
         "expected an integer of at most 2, got 3", "word_order 3"),
    _bad(one(word_order=1.5), [("type", "/word_order")],
         "expected an integer, got the number 1.5", "word_order 1.5"),
    _bad(one(beta=0), [("below_minimum", "/beta")],
         "expected an integer of at least 1, got 0", "beta 0"),
    _bad(one(beta=11), [("above_maximum", "/beta")],
         "expected an integer of at most 10, got 11", "beta 11"),
    _bad(one(eps_smoothing=1), [("type", "/eps_smoothing")],
         "expected a boolean, got the number 1", "eps_smoothing 1"),
    _bad(one(include_whitespace="yes"), [("type", "/include_whitespace")],
         'expected a boolean, got the string "yes"', "include_whitespace a string"),
    _bad(one(decimals=-1), [("below_minimum", "/decimals")],
         "expected an integer of at least 0, got -1", "decimals -1"),
    _bad(one(decimals=16), [("above_maximum", "/decimals")],
         "expected an integer of at most 15, got 16", "decimals 16"),
    _bad(one(return_words=True), [("unknown_property", "/return_words")],
         "got the unknown property 'return_words'", "chrf-plus-plus-compute's return_words"),
]  # fmt: skip


@pytest.mark.parametrize(("raw", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_is_refused_with_code_pointer_and_what_arrived(
    raw: Input, expected: list[tuple[str, str]], says: str
) -> None:
    errors = input_errors(raw)
    assert [(e["code"], e["pointer"]) for e in errors] == expected
    assert says in errors[0]["message"]
    assert errors[0]["message"].startswith("expected ")


def test_every_violation_is_reported_at_once() -> None:
    raw = body([""] * 600, ["a" * 8193] + [""] * 499, word_order=3, bogus=1)
    assert [(e["code"], e["pointer"]) for e in input_errors(raw)] == [
        ("above_maximum", "/word_order"),
        ("unknown_property", "/bogus"),
        ("too_many_cells", "/references"),
        ("string_too_long", "/references/0"),
    ]


def _texts(rng: random.Random, count: int) -> list[str]:
    words = ["the", "cat", "a", "sat", "mat", "on", "Katze", "é", "!", "(yes)", "", "  "]
    return [" ".join(rng.choice(words) for _ in range(rng.randint(0, 8))) for _ in range(count)]


OPTIONS = [
    pytest.param({}, id="chrF"),
    pytest.param({"word_order": 2}, id="chrF++"),
    pytest.param({"word_order": 1, "char_order": 3, "beta": 1}, id="chrF+ order 3 beta 1"),
    pytest.param({"eps_smoothing": True, "include_whitespace": True}, id="eps and whitespace"),
]


@pytest.mark.parametrize("options", OPTIONS)
def test_every_cell_is_the_sentence_chrf_of_its_pair_by_the_one_pair_tools(
    options: Input,
) -> None:
    rng = random.Random(len(options))
    hypotheses, references = _texts(rng, 7), _texts(rng, 5)
    result = execute(ID, VERSION, body(hypotheses, references, **options))
    one_pair = "chrf-plus-plus-compute" if options.get("word_order") else "chrf-compute"
    chrf_options = {key: value for key, value in options.items() if key != "word_order"}
    if options.get("word_order"):
        chrf_options |= {"word_order": options["word_order"], "return_words": False}
    for i, hypothesis in enumerate(hypotheses):
        for j, reference in enumerate(references):
            pair = execute(one_pair, "1.0.0", body([hypothesis], [[reference]], **chrf_options))
            assert result["scores"][i][j] == pair["segments"][0]["chrf"], (i, j)


@pytest.mark.parametrize("options", OPTIONS)
def test_expected_utilities_and_the_choice_are_the_oracles_and_the_library_gives_the_matrix(
    options: Input,
) -> None:
    rng = random.Random(10 + len(options))
    samples = _texts(rng, 9)
    result = execute(ID, VERSION, body(samples, samples, **options))
    selection = mbr_select(result["scores"])
    assert result["expected_utility"] == list(selection.expected_utility)
    assert result["best_index"] == selection.best_index
    matrix = mtcompute.pairwise_chrf(samples, samples, **options)
    assert matrix.shape == (9, 9)
    assert matrix.tolist() == result["scores"]
    assert mtcompute.mbr_select(matrix).to_dict() == {
        "expected_utility": result["expected_utility"],
        "best_index": result["best_index"],
    }
    echoed = {name: result[name] for name in ("char_order", "word_order", "beta")}
    assert echoed == {"char_order": 6, "word_order": 0, "beta": 2} | {
        name: options[name] for name in echoed if name in options
    }


@pytest.mark.parametrize("decimals", [0, 2, 15])
def test_decimals_round_every_number_shown_after_the_choice_was_made_unrounded(
    decimals: int,
) -> None:
    samples = ["a cat", "the cat", "a hat", "that cat"]
    full = execute(ID, VERSION, body(samples, samples))
    rounded = execute(ID, VERSION, body(samples, samples, decimals=decimals))
    assert rounded["scores"] == [[to_fixed(x, decimals) for x in row] for row in full["scores"]]
    assert rounded["expected_utility"] == [to_fixed(x, decimals) for x in full["expected_utility"]]
    assert rounded["best_index"] == full["best_index"]


def test_the_choice_is_the_first_of_equal_best_hypotheses() -> None:
    result = execute(ID, VERSION, body(["x", "a b", "a b"], ["a b", "a c"]))
    assert result["expected_utility"][1] == result["expected_utility"][2]
    assert result["best_index"] == 1


def test_the_example_is_sacrebleus_sentence_score_on_the_0_to_100_scale() -> None:
    (example,) = CONTRACT.examples
    scores = example.result["scores"]
    assert 100 * scores[0][1] == 71.42247563033848
    assert jsonio.dumps(execute(ID, VERSION, example.input)) == jsonio.dumps(example.result)
