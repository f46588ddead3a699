"""bleu-sentence-components@1.0.0: max_order its only option, and its result object."""

import pytest

from mtcompute import execute
from mtcompute.contracts.bleu_sentence_components_1_0_0 import PARSER, components_of, parser
from mtcompute.contracts.inputs.sentence import LIMITS
from mtcompute.errors import InputError
from mtcompute.fast import compiled

ID, VERSION = "bleu-sentence-components", "1.0.0"


@pytest.mark.parametrize(
    "option",
    ["smoothing", "smoothing_value", "effective_order", "decimals"],
)
def test_the_options_of_sentence_bleu_are_unknown_properties_here(option: str) -> None:
    with pytest.raises(InputError) as caught:
        PARSER.parse({"hypothesis": ["a"], "references": [["a"]], option: 1})
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("unknown_property", f"/{option}")
    ]


def test_the_request_has_no_options_of_its_own() -> None:
    request = PARSER.parse({"hypothesis": ["a"], "references": [["a"]], "max_order": 2})
    assert (request.max_order, request.options) == (2, None)


def test_reference_lengths_follow_the_input_order_and_an_empty_reference_counts() -> None:
    raw = {"hypothesis": ["a", "b"], "references": [["a", "b", "c"], [], ["b"]]}
    result = execute(ID, VERSION, raw)
    # c = 2: 3 and 1 are both 1 away, 0 is 2 away: r = 1, the shorter of the tie.
    assert (result["reference_lengths"], result["reference_length"]) == ([3, 0, 1], 1)


def test_matches_and_totals_are_raw_counts_one_per_order() -> None:
    raw = {"hypothesis": ["a", "a", "b"], "references": [["a", "b"]], "max_order": 5}
    assert execute(ID, VERSION, raw) == {
        "candidate_length": 3,
        "reference_length": 2,
        "reference_lengths": [2],
        "max_order": 5,
        "matches": [2, 1, 0, 0, 0],  # "a" clipped to 1, "b" 1; "a b" once
        "totals": [3, 2, 1, 0, 0],
    }


LONG = {"hypothesis": ["a", "b"] * 300, "references": [["a", "b"] * 299]}


def test_a_long_segment_is_counted_from_its_strings_where_the_counts_are_compiled() -> None:
    request = PARSER.parse(LONG)
    assert (request.encoded is None) == (compiled.segment_statistics is not None)
    assert components_of(request).matches == (598, 597, 596, 595)


@pytest.mark.usefixtures("pure_python")
def test_without_the_compiled_counts_a_long_segment_is_counted_from_its_validations_bytes() -> None:
    request = parser(LIMITS).parse(LONG)
    assert request.encoded is not None
    assert components_of(request).matches == (598, 597, 596, 595)
