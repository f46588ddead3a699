"""The input rules of bleu-brevity-penalty@1.0.0, each at its boundary: exactly at a limit
passes, one over fails with the expected code and JSON Pointer."""

from collections.abc import Callable
from typing import Any

import pytest

from mtcompute.contracts.bleu_brevity_penalty_1_0_0 import CONTRACT, LIMITS, PARSER, parser
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.errors import InputError, Violation
from mtcompute.meta.search import search
from tests.contracts.refusals import assert_pointers_name_places, assert_refused, refused_case

Input = dict[str, Any]
Make = Callable[[], object]


def body(candidates: object, references: object, **options: object) -> Input:
    return {"candidate_lengths": candidates, "reference_lengths": references, **options}


def one_segment(**options: object) -> Input:
    return body([4], [[5, 3]], **options)


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


AT_THE_LIMIT = [
    pytest.param(lambda: body([1] * 1000, [[1]] * 1000), id="1000 segments pass"),
    pytest.param(lambda: body([1], [[1] * 8]), id="8 references pass"),
    pytest.param(lambda: body([0], [[0]]), id="lengths of 0 pass"),
    pytest.param(lambda: body([50_000], [[50_000]]), id="lengths of 50000 pass"),
    pytest.param(lambda: body([50_000.0], [[4.0]]), id="integral numbers pass as integers"),
    pytest.param(lambda: one_segment(decimals=0), id="decimals 0 passes"),
    pytest.param(lambda: one_segment(decimals=15), id="decimals 15 passes"),
    pytest.param(lambda: one_segment(decimals=15.0), id="decimals 15.0 passes as 15"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(make: Make) -> None:
    raw = make()
    assert isinstance(raw, dict)
    request = PARSER.parse(raw)
    assert request.candidate_lengths == raw["candidate_lengths"]
    assert all(type(length) is int for length in request.candidate_lengths)


ONE_OVER = [
    refused_case(
        lambda: body([1, 2, 3], [[1], [2]]),
        [("segment_count_mismatch", "/reference_lengths")],
        ("expected 3 reference length lists (one per candidate length)", "got 2"),
        "fewer reference length lists than candidate lengths",
    ),
    refused_case(
        lambda: body([1], [[1], [2]]),
        [("segment_count_mismatch", "/reference_lengths")],
        ("expected 1 reference length list (one per candidate length)", "got 2"),
        "more reference length lists than candidate lengths",
    ),
    refused_case(
        lambda: body([], []),
        [("too_few_items", "/candidate_lengths"), ("too_few_items", "/reference_lengths")],
        ("expected a non-empty array", "got an empty array", "at /candidate_lengths"),
        "no segments",
    ),
    refused_case(
        lambda: body([1] * 1001, [[1]] * 1001),
        [("too_many_items", "/candidate_lengths"), ("too_many_items", "/reference_lengths")],
        ("expected at most 1000 items", "got an array of 1001 items"),
        "1001 segments",
    ),
    refused_case(
        lambda: body([1, 1], [[1], []]),
        [("too_few_items", "/reference_lengths/1")],
        ("expected a non-empty array", "at /reference_lengths/1"),
        "a segment without references",
    ),
    refused_case(
        lambda: body([1, 1], [[1], [1] * 9]),
        [("too_many_items", "/reference_lengths/1")],
        ("expected at most 8 items", "got an array of 9 items", "at /reference_lengths/1"),
        "9 references in a segment",
    ),
    refused_case(
        lambda: body([50_001], [[1]]),
        [("above_maximum", "/candidate_lengths/0")],
        ("expected an integer of at most 50000", "got 50001", "at /candidate_lengths/0"),
        "a candidate length of 50001",
    ),
    refused_case(
        lambda: body([1], [[1, 50_001]]),
        [("above_maximum", "/reference_lengths/0/1")],
        ("expected an integer of at most 50000", "got 50001", "at /reference_lengths/0/1"),
        "a reference length of 50001",
    ),
    refused_case(
        lambda: body([-1], [[0, -1]]),
        [("below_minimum", "/candidate_lengths/0"), ("below_minimum", "/reference_lengths/0/1")],
        ("expected an integer of at least 0", "got -1", "at /candidate_lengths/0"),
        "lengths of -1",
    ),
    refused_case(
        lambda: body([2.5], [[1]]),
        [("type", "/candidate_lengths/0")],
        ("expected an integer", "got the number 2.5", "at /candidate_lengths/0"),
        "a fractional length",
    ),
    refused_case(
        lambda: body([True], [["3"]]),
        [("type", "/candidate_lengths/0"), ("type", "/reference_lengths/0/0")],
        ("expected an integer", "got the boolean true", "at /candidate_lengths/0"),
        "a boolean and a string for lengths",
    ),
    refused_case(
        lambda: body([1], [1]),
        [("type", "/reference_lengths/0")],
        ("expected an array", "got the number 1", "at /reference_lengths/0"),
        "reference lengths not a list per segment",
    ),
    refused_case(
        lambda: body(4, [[4]]),
        [("type", "/candidate_lengths")],
        ("expected an array", "got the number 4", "at /candidate_lengths"),
        "candidate lengths not an array",
    ),
    refused_case(
        lambda: one_segment(decimals=-1),
        [("below_minimum", "/decimals")],
        ("expected an integer of at least 0", "got -1", "at /decimals"),
        "decimals -1",
    ),
    refused_case(
        lambda: one_segment(decimals=16),
        [("above_maximum", "/decimals")],
        ("expected an integer of at most 15", "got 16", "at /decimals"),
        "decimals 16",
    ),
    refused_case(
        lambda: one_segment(decimals=None),
        [("type", "/decimals")],
        ("expected an integer", "got null", "at /decimals"),
        "decimals null",
    ),
    refused_case(
        lambda: one_segment(max_order=4),
        [("unknown_property", "/max_order")],
        ("expected one of the properties", "got the unknown property 'max_order'"),
        "an option of another tool",
    ),
    refused_case(
        lambda: {"candidate_lengths": [1]},
        [("required", "/reference_lengths")],
        ("expected the required property 'reference_lengths'",),
        "reference lengths missing",
    ),
    refused_case(
        lambda: [4],
        [("type", "")],
        ("expected an object", "got an array of 1 item", "at the top level"),
        "input not an object",
    ),
]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_rule_is_refused_with_code_and_pointer(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    assert_refused(input_errors(make()), expected, says)


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_every_pointer_names_a_place_in_the_input(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    assert_pointers_name_places(raw, input_errors(raw))


def test_omitted_decimals_mean_full_precision() -> None:
    assert PARSER.parse(one_segment()).decimals is None
    assert type(PARSER.parse(one_segment(decimals=3.0)).decimals) is int


def test_the_library_parser_has_no_size_limits() -> None:
    request = parser(UNLIMITED).parse(body([60_000] * 2000, [[70_000] * 9] * 2000))
    assert len(request.reference_lengths[0]) == 9


def test_the_library_parser_keeps_every_rule_that_is_not_a_limit() -> None:
    with pytest.raises(InputError) as caught:
        parser(UNLIMITED).parse(body([-1], [[]], decimals=16))
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("below_minimum", "/candidate_lengths/0"),
        ("too_few_items", "/reference_lengths/0"),
        ("above_maximum", "/decimals"),
    ]


def test_the_limits_are_the_pages() -> None:
    assert LIMITS.to_json() == {
        "max_segments": 1000,
        "max_references_per_segment": 8,
        "max_length": 50_000,
    }


@pytest.mark.parametrize(
    "query",
    ["brevity penalty from hypothesis and reference lengths", "length ratio", "brevedad"],
)
def test_a_search_for_what_it_does_finds_it_first(query: str) -> None:
    assert search(query)[0].id == CONTRACT.id
