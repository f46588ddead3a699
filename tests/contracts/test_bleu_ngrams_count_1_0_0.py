"""The input rules of bleu-ngrams-count@1.0.0, each at its boundary: exactly at a limit passes,
one over fails with the expected code and JSON Pointer. The corpus input is bleu-corpus-compute's
(its tests walk every rule of it); these check the limits and this tool's own option."""

from collections.abc import Callable

import pytest

from mtcompute.contracts.bleu_ngrams_count_1_0_0 import CONTRACT, LIMITS, PARSER, parser
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.errors import InputError, Violation
from mtcompute.meta.search import search
from tests.contracts.refusals import assert_pointers_name_places, assert_refused, refused_case
from tests.contracts.test_bleu_corpus_compute_1_0_0 import (
    EMOJI,
    body,
    hypothesis_token,
    one_segment,
    reference_token,
    segments,
    token_bytes_in_all,
    tokens_in_all,
)

Make = Callable[[], object]


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


AT_THE_LIMIT = [
    pytest.param(lambda: segments(1000), id="1000 segments pass"),
    pytest.param(lambda: segments(1, references=8), id="8 references in a segment pass"),
    pytest.param(lambda: body([[]], [[[]]]), id="an empty hypothesis and reference pass"),
    pytest.param(lambda: tokens_in_all(25_000, 25_000), id="50000 tokens in all pass"),
    pytest.param(lambda: tokens_in_all(50_000, 0), id="50000 hypothesis tokens pass"),
    pytest.param(lambda: hypothesis_token("x" * 128), id="a token of 128 bytes passes"),
    pytest.param(lambda: hypothesis_token(EMOJI * 32), id="32 four-byte emoji pass"),
    pytest.param(lambda: reference_token("y" * 128), id="a reference token of 128 bytes passes"),
    pytest.param(lambda: token_bytes_in_all(0), id="1048576 token bytes in all pass"),
    pytest.param(lambda: one_segment(max_order=1), id="max_order 1 passes"),
    pytest.param(lambda: one_segment(max_order=8.0), id="max_order 8.0 passes as 8"),
    pytest.param(lambda: one_segment(clipping_table="none"), id="clipping_table none passes"),
    pytest.param(lambda: one_segment(clipping_table="clipped"), id="clipping_table clipped passes"),
    pytest.param(lambda: one_segment(clipping_table="all"), id="clipping_table all passes"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(make: Make) -> None:
    raw = make()
    assert isinstance(raw, dict)
    request = PARSER.parse(raw)
    assert request.hypotheses is raw["hypotheses"]
    assert request.options == raw.get("clipping_table", "none")


ONE_OVER = [
    refused_case(
        lambda: body([["a"], ["b"]], [[["a"]]]),
        [("segment_count_mismatch", "/references")],
        ("expected 2 reference sets (one per hypothesis)", "got 1", "at /references"),
        "fewer reference sets than hypotheses",
    ),
    refused_case(
        lambda: segments(1001),
        [("too_many_items", "/hypotheses"), ("too_many_items", "/references")],
        ("expected at most 1000 items", "got an array of 1001 items", "at /hypotheses"),
        "1001 segments",
    ),
    refused_case(
        lambda: body([["a"], ["b"]], [[["a"]], []]),
        [("too_few_items", "/references/1")],
        ("expected a non-empty array", "at /references/1"),
        "a segment without references",
    ),
    refused_case(
        lambda: segments(2, references=9),
        [("too_many_items", "/references/0"), ("too_many_items", "/references/1")],
        ("expected at most 8 items", "got an array of 9 items", "at /references/0"),
        "9 references in a segment",
    ),
    refused_case(
        lambda: tokens_in_all(25_000, 25_001),
        [("too_many_tokens", "")],
        ("expected at most 50000 tokens in all", "got 50001", "in the whole input"),
        "50001 tokens in all",
    ),
    refused_case(
        lambda: tokens_in_all(50_001, 0),
        [("too_many_tokens", "")],
        ("expected at most 50000 tokens in all", "got 50001"),
        "50001 hypothesis tokens",
    ),
    refused_case(
        lambda: hypothesis_token(EMOJI * 33),
        [("token_too_long", "/hypotheses/0/1")],
        ("expected a token of at most 128 UTF-8 bytes", "got 132 bytes", "at /hypotheses/0/1"),
        "a token of 132 bytes",
    ),
    refused_case(
        lambda: reference_token("y" * 129),
        [("too_long", "/references/2/1/0")],
        ("expected a string of at most 128 characters", "at /references/2/1/0"),
        "a reference token of 129 characters",
    ),
    refused_case(
        lambda: token_bytes_in_all(1),
        [("too_many_token_bytes", "")],
        ("expected at most 1048576 UTF-8 bytes", "got 1048577", "in the whole input"),
        "1048577 token bytes in all",
    ),
    refused_case(
        lambda: hypothesis_token(""),
        [("too_short", "/hypotheses/0/1")],
        ("expected a non-empty string", "at /hypotheses/0/1"),
        "an empty token",
    ),
    refused_case(
        lambda: reference_token("a\udc00"),
        [("invalid_unicode", "/references/2/1/0")],
        ("expected a token of valid Unicode", "at /references/2/1/0"),
        "a lone surrogate",
    ),
    refused_case(
        lambda: one_segment(max_order=0),
        [("below_minimum", "/max_order")],
        ("expected an integer of at least 1", "got 0", "at /max_order"),
        "max_order 0",
    ),
    refused_case(
        lambda: one_segment(max_order=9),
        [("above_maximum", "/max_order")],
        ("expected an integer of at most 8", "got 9", "at /max_order"),
        "max_order 9",
    ),
    refused_case(
        lambda: one_segment(max_order=2.5),
        [("type", "/max_order")],
        ("expected an integer", "got the number 2.5", "at /max_order"),
        "max_order 2.5",
    ),
    refused_case(
        lambda: one_segment(clipping_table="All"),
        [("not_allowed", "/clipping_table")],
        ('expected one of "none", "clipped", "all"', 'got the string "All"'),
        "clipping_table with another case",
    ),
    refused_case(
        lambda: one_segment(clipping_table=True),
        [("type", "/clipping_table")],
        ("expected a string", "got the boolean true", "at /clipping_table"),
        "clipping_table true",
    ),
    refused_case(
        lambda: one_segment(clipping_table=None),
        [("type", "/clipping_table")],
        ("expected a string", "got null", "at /clipping_table"),
        "clipping_table null",
    ),
    refused_case(
        lambda: one_segment(decimals=4),
        [("unknown_property", "/decimals")],
        ("expected one of the properties", "got the unknown property 'decimals'"),
        "an option of bleu-corpus-compute",
    ),
    refused_case(
        lambda: {"references": [[["a"]]]},
        [("required", "/hypotheses")],
        ("expected the required property 'hypotheses'",),
        "hypotheses missing",
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


def test_omitted_options_mean_order_4_without_tables() -> None:
    request = PARSER.parse(one_segment())
    assert (request.max_order, request.options) == (4, "none")


def test_the_library_parser_has_no_size_limits() -> None:
    raw = body([["a", "x" * 300]] * 2000, [[["a"]] * 9] * 2000, clipping_table="all")
    assert len(parser(UNLIMITED).parse(raw).hypotheses) == 2000


def test_the_limits_are_the_pages() -> None:
    assert LIMITS.to_json() == {
        "max_segments": 1000,
        "max_references_per_segment": 8,
        "max_total_tokens": 50_000,
        "max_token_bytes": 128,
        "max_total_token_bytes": 1_048_576,
    }


@pytest.mark.parametrize(
    "query",
    [
        "clipped n-gram matches and totals per order",
        "which hypothesis n-grams were unmatched or cut by clipping",
        "n-gram 一致数",
    ],
)
def test_a_search_for_what_it_does_finds_it_first(query: str) -> None:
    assert search(query)[0].id == CONTRACT.id
