"""The Python interface: execute, describe, tools and corpus_bleu."""

from typing import Any

import pytest

import mtcompute
from mtcompute import BleuResult, InputError, UnknownToolError, corpus_bleu
from mtcompute.contracts.registry import tool_ids, versions_of

ID, VERSION = "bleu-corpus-compute", "1.0.0"
SPEC_INPUT: dict[str, Any] = {
    "hypotheses": [["this", "is", "a", "test"]],
    "references": [[["this", "is", "a", "test"]]],
}
SPEC_RESULT = {
    "bleu": 1.0,
    "brevity_penalty": 1.0,
    "candidate_length": 4,
    "reference_length": 4,
    "max_order": 4,
    "matches": [4, 3, 2, 1],
    "totals": [4, 3, 2, 1],
}


def codes_and_pointers(error: InputError) -> list[tuple[str, str]]:
    return [(e["code"], e["pointer"]) for e in error.errors]


def test_execute_gives_the_result_object_of_the_spec_example() -> None:
    assert mtcompute.execute(ID, VERSION, SPEC_INPUT) == SPEC_RESULT


def test_execute_leaves_its_input_as_it_was() -> None:
    raw = {**SPEC_INPUT, "max_order": 2.0}
    before = repr(raw)
    mtcompute.execute(ID, VERSION, raw)
    assert repr(raw) == before


def test_execute_refuses_input_over_the_contracts_limits() -> None:
    raw = {"hypotheses": [["a"]] * 1001, "references": [[["a"]]] * 1001}
    with pytest.raises(InputError) as caught:
        mtcompute.execute(ID, VERSION, raw)
    assert codes_and_pointers(caught.value) == [
        ("too_many_items", "/hypotheses"),
        ("too_many_items", "/references"),
    ]


@pytest.mark.parametrize(
    ("tool_id", "version", "code"),
    [
        pytest.param("bleu", VERSION, "unknown_tool", id="unknown tool"),
        pytest.param(ID, "1.0", "unknown_version", id="unknown version"),
    ],
)
def test_execute_and_describe_refuse_an_unknown_tool_or_version(
    tool_id: str, version: str, code: str
) -> None:
    with pytest.raises(UnknownToolError) as executing:
        mtcompute.execute(tool_id, version, SPEC_INPUT)
    with pytest.raises(UnknownToolError) as describing:
        mtcompute.describe(tool_id, version)
    assert executing.value.code == describing.value.code == code


def test_describe_gives_the_contract() -> None:
    contract = mtcompute.describe(ID, VERSION)
    assert (contract["id"], contract["version"]) == (ID, VERSION)
    assert contract["examples"][0]["input"] == SPEC_INPUT


def test_tools_lists_the_catalog() -> None:
    listed = [(t["id"], t["versions"], t["latest"]) for t in mtcompute.tools()]
    expected = [(tool_id, versions_of(tool_id), versions_of(tool_id)[-1]) for tool_id in tool_ids()]
    assert listed == expected
    assert ("bleu-tokenize", ["1.0.0", "1.1.0"], "1.1.0") in listed


def test_corpus_bleu_gives_a_typed_result() -> None:
    result = corpus_bleu(SPEC_INPUT["hypotheses"], SPEC_INPUT["references"])
    assert result == BleuResult(
        bleu=1.0,
        brevity_penalty=1.0,
        candidate_length=4,
        reference_length=4,
        max_order=4,
        matches=(4, 3, 2, 1),
        totals=(4, 3, 2, 1),
    )
    assert type(result.bleu) is float
    assert type(result.candidate_length) is int
    assert result.to_dict() == mtcompute.execute(ID, VERSION, SPEC_INPUT)


def test_corpus_bleu_accepts_tuples_as_well_as_lists() -> None:
    as_tuples = corpus_bleu((("this", "is", "a", "test"),), ((("this", "is", "a", "test"),),))
    assert as_tuples == corpus_bleu(SPEC_INPUT["hypotheses"], SPEC_INPUT["references"])


def test_corpus_bleu_passes_max_order_and_decimals() -> None:
    # m = (3, 2), l = (4, 3), c = r = 4: bleu = sqrt(3/4 * 2/3) = 0.7071..., to 1 place 0.7
    result = corpus_bleu([["a", "b", "c", "d"]], [[["a", "b", "c", "x"]]], max_order=2, decimals=1)
    assert (result.max_order, result.matches, result.totals) == (2, (3, 2), (4, 3))
    assert (result.bleu, result.brevity_penalty) == (0.7, 1.0)


def test_corpus_bleu_accepts_integral_floats_for_its_integers() -> None:
    result = corpus_bleu([["a"]], [[["a"]]], max_order=1.0, decimals=2.0)  # type: ignore[arg-type]
    assert (result.max_order, result.bleu) == (1, 1.0)


@pytest.mark.parametrize(
    ("hypotheses", "references", "pointer"),
    [
        pytest.param(["this is a test"], [[["this"]]], "/hypotheses/0", id="a hypothesis"),
        pytest.param("this is a test", [[["this"]]], "/hypotheses", id="the hypotheses"),
        pytest.param([["this"]], [["this is"]], "/references/0/0", id="a reference"),
        pytest.param([["this"]], ["this is"], "/references/0", id="a reference set"),
    ],
)
def test_corpus_bleu_refuses_a_string_where_a_token_list_is_expected(
    hypotheses: Any, references: Any, pointer: str
) -> None:
    # A string must not be scored as a list of characters.
    with pytest.raises(InputError) as caught:
        corpus_bleu(hypotheses, references)
    assert codes_and_pointers(caught.value) == [("type", pointer)]
    assert "expected an array, got the string" in caught.value.errors[0]["message"]


def test_corpus_bleu_refuses_bad_input_with_every_pointer() -> None:
    with pytest.raises(InputError) as caught:
        corpus_bleu([["a", ""], ["b"]], [[["a"], ["\ud800"]]], max_order=9, decimals=True)
    assert codes_and_pointers(caught.value) == [
        ("too_short", "/hypotheses/0/1"),
        ("above_maximum", "/max_order"),
        ("type", "/decimals"),
        ("segment_count_mismatch", "/references"),
        ("invalid_unicode", "/references/0/1/0"),
    ]


def test_corpus_bleu_has_no_size_limits() -> None:
    hypotheses = [["a", "b"]] * 2000
    references = [[["a", "b"]] * 9] * 2000
    result = corpus_bleu(hypotheses, references, max_order=2)
    assert (result.bleu, result.candidate_length) == (1.0, 4000)


def test_corpus_bleu_of_an_empty_hypothesis_is_zero() -> None:
    result = corpus_bleu([[]], [[["a"]]])
    assert (result.bleu, result.brevity_penalty, result.candidate_length) == (0.0, 0.0, 0)


CHRF_INPUT: dict[str, Any] = {
    "hypotheses": ["The cat sat on the mat.", "Hello!"],
    "references": [["A cat was on a mat.", "The cat sat on a mat."], ["Hi!"]],
}


def test_chrf_gives_the_result_of_chrf_compute_as_a_typed_result() -> None:
    result = mtcompute.chrf(CHRF_INPUT["hypotheses"], CHRF_INPUT["references"], decimals=4)
    assert isinstance(result, mtcompute.ChrfResult)
    assert result.to_dict() == mtcompute.execute(
        "chrf-compute", "1.0.0", CHRF_INPUT | {"decimals": 4}
    )


def test_chrf_with_a_word_order_is_chrf_plus_plus_and_gives_words_when_asked() -> None:
    texts = (["Don't stop (yet)!"], [["Do not stop yet!", "Don't stop yet!"]])
    plain = mtcompute.chrf(*texts, word_order=2)
    with_words = mtcompute.chrf(*texts, word_order=2, return_words=True)
    request = {"hypotheses": texts[0], "references": texts[1]}
    assert plain.words is None
    assert with_words.to_dict() == mtcompute.execute("chrf-plus-plus-compute", "1.0.0", request)
    assert with_words.statistics == plain.statistics


def test_chrf_statistics_of_two_parts_add_up_to_the_whole() -> None:
    hypotheses, references = CHRF_INPUT["hypotheses"], CHRF_INPUT["references"]
    whole = mtcompute.chrf(hypotheses, references).statistics
    first = mtcompute.chrf(hypotheses[:1], references[:1]).statistics
    second = mtcompute.chrf(hypotheses[1:], references[1:]).statistics
    assert first + second == whole


def test_chrf_refuses_a_word_order_of_3_and_words_without_a_word_order() -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.chrf(["a"], [["a"]], word_order=3)
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("above_maximum", "/word_order")
    ]
    with pytest.raises(InputError) as caught:
        mtcompute.chrf(["a"], [["a"]], return_words=True)
    assert [e["pointer"] for e in caught.value.errors] == ["/word_order"]


def test_chrf_has_no_request_size_limits() -> None:
    long_text = "abc " * 5000  # over the tool's 8,192 bytes per string
    assert mtcompute.chrf([long_text], [[long_text]]).chrf == 1.0


NGRAMS_INPUT: dict[str, Any] = {
    "hypotheses": [["the", "the", "the", "cat"], ["a", "b"]],
    "references": [[["the", "cat"], ["the", "the", "dog"]], [["b", "a"]]],
}


def test_ngram_counts_gives_a_typed_result_equal_to_the_tools() -> None:
    result = mtcompute.ngram_counts(
        NGRAMS_INPUT["hypotheses"], NGRAMS_INPUT["references"], max_order=2, clipping_table="all"
    )
    assert isinstance(result, mtcompute.NgramCountsResult)
    assert (result.matches, result.totals) == ((5, 2), (6, 4))
    assert result.segments[0] == mtcompute.NgramSegment(
        (3, 2), (4, 3), (((0, 3, 2), (3, 1, 1)), ((0, 2, 1), (2, 1, 1)))
    )
    raw = {**NGRAMS_INPUT, "max_order": 2, "clipping_table": "all"}
    assert result.to_dict() == mtcompute.execute("bleu-ngrams-count", "1.0.0", raw)


def test_ngram_counts_defaults_to_order_4_without_tables() -> None:
    result = mtcompute.ngram_counts(NGRAMS_INPUT["hypotheses"], NGRAMS_INPUT["references"])
    assert result.max_order == 4
    assert all(segment.clipping is None for segment in result.segments)


def test_ngram_counts_accepts_tuples_and_refuses_what_the_contract_refuses() -> None:
    as_tuples = mtcompute.ngram_counts((("a", "b"),), (((("a", "b")),),))
    assert as_tuples == mtcompute.ngram_counts([["a", "b"]], [[["a", "b"]]])
    with pytest.raises(InputError) as caught:
        mtcompute.ngram_counts([["a"]], [[["a"]]], clipping_table="some")  # type: ignore[arg-type]
    assert codes_and_pointers(caught.value) == [("not_allowed", "/clipping_table")]


def test_brevity_penalty_gives_a_typed_result_equal_to_the_tools() -> None:
    raw: dict[str, Any] = {
        "candidate_lengths": [4, 9, 6],
        "reference_lengths": [[5, 3], [12, 10], [7]],
    }
    result = mtcompute.brevity_penalty(raw["candidate_lengths"], raw["reference_lengths"])
    assert result == mtcompute.BrevityPenaltyResult(0.9487294800164372, 19, 20, (3, 10, 7), 0.95)
    assert result.to_dict() == mtcompute.execute("bleu-brevity-penalty", "1.0.0", raw)
    rounded = mtcompute.brevity_penalty([4], [[5]], decimals=2)
    assert (rounded.brevity_penalty, rounded.ratio) == (0.78, 0.8)  # exp(-1/4), 4/5


def test_brevity_penalty_has_no_size_limits_but_refuses_mismatched_segments() -> None:
    assert mtcompute.brevity_penalty([60_000] * 1500, [[60_000]] * 1500).brevity_penalty == 1.0
    with pytest.raises(InputError) as caught:
        mtcompute.brevity_penalty([1, 2], [[1]])
    assert codes_and_pointers(caught.value) == [("segment_count_mismatch", "/reference_lengths")]


def test_sentence_bleu_gives_the_result_of_bleu_sentence_compute_as_a_typed_result() -> None:
    hypothesis, references = ["the", "cat", "on"], [["the", "cat", "sat"]]
    raw = {"hypothesis": hypothesis, "references": references}
    result = mtcompute.sentence_bleu(hypothesis, references)
    assert isinstance(result, mtcompute.SentenceBleuResult)
    assert result.to_dict() == mtcompute.execute("bleu-sentence-compute", "1.0.0", raw)
    assert result.bleu == 0.5503212081491045


def test_sentence_bleu_passes_every_option_by_its_contract_name() -> None:
    options: dict[str, Any] = {
        "max_order": 3,
        "smoothing": "add-k",
        "smoothing_value": 0.5,
        "effective_order": False,
        "decimals": 6,
    }
    hypothesis, references = ["a", "b", "c"], [["a", "b", "d"], ["c"]]
    result = mtcompute.sentence_bleu(hypothesis, references, **options)
    raw = {"hypothesis": hypothesis, "references": references, **options}
    assert result.to_dict() == mtcompute.execute("bleu-sentence-compute", "1.0.0", raw)
    assert (result.smoothing, result.smoothing_value, result.max_order) == ("add-k", 0.5, 3)


def test_sentence_bleu_accepts_tuples_as_well_as_lists() -> None:
    assert mtcompute.sentence_bleu(("a", "b"), (("a", "b"),)).bleu == 1.0


@pytest.mark.parametrize("smoothing", ["none", "exp"])
def test_sentence_bleu_refuses_a_smoothing_value_with_none_and_exp(smoothing: str) -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.sentence_bleu(["a"], [["a"]], smoothing=smoothing, smoothing_value=0.1)
    assert codes_and_pointers(caught.value) == [("not_allowed", "/smoothing_value")]


def test_sentence_bleu_refuses_bad_input_with_every_pointer() -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.sentence_bleu(["a", ""], [], smoothing="method4", max_order=9)
    assert codes_and_pointers(caught.value) == [
        ("too_short", "/hypothesis/1"),
        ("too_few_items", "/references"),
        ("above_maximum", "/max_order"),
        ("not_allowed", "/smoothing"),
    ]


def test_sentence_functions_have_no_size_limits() -> None:
    hypothesis, references = ["a"] * 30_000, [["a"] * 30_000]
    assert mtcompute.sentence_bleu(hypothesis, references).bleu == 1.0
    assert mtcompute.sentence_components(hypothesis, references).matches[0] == 30_000


def test_sentence_components_gives_the_result_of_bleu_sentence_components() -> None:
    hypothesis = ["the", "cat", "sat", "on", "the", "mat"]
    references = [["the", "cat", "is", "sitting", "on", "the", "mat"], hypothesis[1:]]
    result = mtcompute.sentence_components(hypothesis, references, max_order=2)
    assert isinstance(result, mtcompute.SentenceComponents)
    raw = {"hypothesis": hypothesis, "references": references, "max_order": 2}
    assert result.to_dict() == mtcompute.execute("bleu-sentence-components", "1.0.0", raw)
    assert (result.reference_lengths, result.matches) == ((7, 5), (6, 5))


HUGE = 10**5000  # more digits than Python writes as text (sys.get_int_max_str_digits)
WITH_HUGE_KEY: dict[Any, Any] = {**SPEC_INPUT, HUGE: 1}


@pytest.mark.parametrize(
    ("call", "pointer"),
    [
        pytest.param(lambda: corpus_bleu([["a"]], [[["a"]]], max_order=HUGE), "/max_order"),
        pytest.param(lambda: corpus_bleu([["a"]], [[["a"]]], decimals=-HUGE), "/decimals"),
        pytest.param(lambda: mtcompute.chrf(["a"], [["a"]], beta=HUGE), "/beta"),
        pytest.param(
            lambda: mtcompute.sentence_bleu(
                ["a"], [["a"]], smoothing="floor", smoothing_value=HUGE
            ),
            "/smoothing_value",
        ),
        pytest.param(
            lambda: mtcompute.execute(ID, VERSION, {**SPEC_INPUT, "max_order": HUGE}), "/max_order"
        ),
        pytest.param(
            lambda: mtcompute.execute(ID, VERSION, {"hypotheses": [[HUGE]], "references": []}),
            "/hypotheses/0/0",
        ),
        pytest.param(lambda: mtcompute.execute(ID, VERSION, WITH_HUGE_KEY), None),
        pytest.param(
            lambda: mtcompute.execute_batch([{"id": HUGE, "version": VERSION, "input": {}}]),
            "/operations/0/id",
        ),
    ],
)
def test_an_integer_of_more_than_4300_digits_is_an_input_error_with_a_pointer(
    call: Any, pointer: str | None
) -> None:
    with pytest.raises(InputError) as caught:
        call()
    first = caught.value.errors[0]
    assert "an integer of more than 4300 digits" in first["message"]
    assert first["pointer"] == (pointer or "/an integer of more than 4300 digits")


def test_a_lone_surrogate_in_a_token_is_an_input_error_with_its_pointer() -> None:
    with pytest.raises(InputError) as caught:
        corpus_bleu([["a", "\ud800"]], [[["a"]]])
    assert codes_and_pointers(caught.value) == [("invalid_unicode", "/hypotheses/0/1")]
