"""The input rules of bleu-corpus-compute@1.0.0, each at its boundary: exactly at a limit passes,
one over fails with the expected code and JSON Pointer."""

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.contracts.bleu_corpus_compute_1_0_0 import LIMITS, PARSER, parser
from mtcompute.contracts.limits import UNLIMITED, Limits
from mtcompute.contracts.validation.tokens import FEW_TOKENS
from mtcompute.contracts.validation.violations import MAX_REPORTED_VIOLATIONS
from mtcompute.errors import InputError, Violation
from mtcompute.fast.bleu.token_bytes import sentences_of
from tests.contracts.refusals import refused_case, resolve

Input = dict[str, Any]
Make = Callable[[], object]

EMOJI = "\U0001f600"  # 4 UTF-8 bytes
EURO = "\u20ac"  # 3 UTF-8 bytes
E_ACUTE = "\u00e9"  # 2 UTF-8 bytes


def body(hypotheses: object, references: object, **options: object) -> Input:
    return {"hypotheses": hypotheses, "references": references, **options}


def one_segment(**options: object) -> Input:
    return body([["a", "b"]], [[["a", "b"]]], **options)


def segments(count: int, references: int = 1) -> Input:
    return body([["a"]] * count, [[["a"]] * references] * count)


def hypothesis_token(token: str) -> Input:
    return body([["a", token]], [[["a"]]])


def reference_token(token: str) -> Input:
    """The token lands at /references/2/1/0: segment 2, its second reference, first token."""
    return body([["a"]] * 3, [[["a"]], [["a"]], [["a"], [token]]])


def tokens_in_all(hypothesis: int, reference: int) -> Input:
    return body([["h"] * hypothesis], [[["r"] * reference]])


def token_bytes_in_all(extra: int) -> Input:
    """8,192 tokens of 128 bytes (1,048,576 bytes, the limit, within 50,000 tokens) plus
    ``extra`` one-byte tokens."""
    wide = "w" * 128
    return body([[wide] * 4096], [[[wide] * 4096 + ["x"] * extra]])


def input_errors(raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        PARSER.parse(raw)
    return caught.value.errors


def _at(make: Make, id: str) -> Any:
    return pytest.param(make, id=id)


AT_THE_LIMIT = [
    _at(lambda: segments(1000), "1000 segments pass"),
    _at(lambda: segments(1, references=8), "8 references in a segment pass"),
    _at(lambda: segments(3, references=1), "1 reference per segment passes"),
    _at(lambda: body([[]], [[[]]]), "an empty hypothesis and an empty reference pass"),
    _at(lambda: tokens_in_all(25_000, 25_000), "50000 tokens in all pass"),
    _at(lambda: tokens_in_all(1, 49_999), "50000 tokens counting references pass"),
    _at(lambda: hypothesis_token("x" * 128), "a token of 128 ASCII bytes passes"),
    _at(lambda: hypothesis_token(EMOJI * 32), "a token of 32 four-byte emoji passes"),
    _at(lambda: hypothesis_token(EURO * 42 + "ab"), "a token of 42 euro signs and 2 ASCII passes"),
    _at(lambda: hypothesis_token(E_ACUTE * 64), "a token of 64 two-byte characters passes"),
    _at(lambda: reference_token("y" * 128), "a reference token of 128 bytes passes"),
    _at(lambda: token_bytes_in_all(0), "1048576 token bytes in all pass"),
    _at(lambda: one_segment(max_order=1), "max_order 1 passes"),
    _at(lambda: one_segment(max_order=8), "max_order 8 passes"),
    _at(lambda: one_segment(max_order=4.0), "max_order 4.0 passes as 4"),
    _at(lambda: one_segment(max_order=8.0), "max_order 8.0 passes as 8"),
    _at(lambda: one_segment(decimals=0), "decimals 0 passes"),
    _at(lambda: one_segment(decimals=15), "decimals 15 passes"),
    _at(lambda: one_segment(decimals=15.0), "decimals 15.0 passes as 15"),
    _at(lambda: hypothesis_token("a b\t\u00a0"), "a token with spaces passes"),
]


@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(make: Make) -> None:
    raw = make()
    request = PARSER.parse(raw)
    assert isinstance(raw, dict)
    assert request.hypotheses is raw["hypotheses"]
    assert request.references is raw["references"]


ONE_OVER = [
    # Segment counts
    refused_case(
        lambda: body([["a"], ["b"], ["c"]], [[["a"]], [["b"]]]),
        [("segment_count_mismatch", "/references")],
        ("expected 3 reference sets (one per hypothesis)", "got 2", "at /references"),
        "fewer reference sets than hypotheses",
    ),
    refused_case(
        lambda: body([["a"]], [[["a"]], [["b"]]]),
        [("segment_count_mismatch", "/references")],
        ("expected 1 reference set (one per hypothesis)", "got 2", "at /references"),
        "more reference sets than hypotheses",
    ),
    # Segments: at least 1, at most 1000
    refused_case(
        lambda: body([], []),
        [("too_few_items", "/hypotheses"), ("too_few_items", "/references")],
        ("expected a non-empty array", "got an empty array", "at /hypotheses"),
        "no segments",
    ),
    refused_case(
        lambda: segments(1001),
        [("too_many_items", "/hypotheses"), ("too_many_items", "/references")],
        ("expected at most 1000 items", "got an array of 1001 items", "at /hypotheses"),
        "1001 segments",
    ),
    refused_case(
        lambda: body([["a"]] * 1001, [[["a"]]] * 1000),
        [("too_many_items", "/hypotheses"), ("segment_count_mismatch", "/references")],
        ("expected at most 1000 items", "got an array of 1001 items", "at /hypotheses"),
        "1001 hypotheses and 1000 reference sets",
    ),
    refused_case(
        lambda: body([["a"]] * 1000, [[["a"]]] * 1001),
        [("too_many_items", "/references"), ("segment_count_mismatch", "/references")],
        ("expected at most 1000 items", "got an array of 1001 items", "at /references"),
        "1000 hypotheses and 1001 reference sets",
    ),
    # References per segment: 1 to 8
    refused_case(
        lambda: body([["a"], ["b"]], [[["a"]], []]),
        [("too_few_items", "/references/1")],
        ("expected a non-empty array", "got an empty array", "at /references/1"),
        "a segment without references",
    ),
    refused_case(
        lambda: body([["a"]] * 3, [[["a"]], [["a"]], [["a"]] * 9]),
        [("too_many_items", "/references/2")],
        ("expected at most 8 items", "got an array of 9 items", "at /references/2"),
        "9 references in a segment",
    ),
    # Non-empty tokens
    refused_case(
        lambda: hypothesis_token(""),
        [("too_short", "/hypotheses/0/1")],
        ("expected a non-empty string", "got an empty string", "at /hypotheses/0/1"),
        "an empty hypothesis token",
    ),
    refused_case(
        lambda: reference_token(""),
        [("too_short", "/references/2/1/0")],
        ("expected a non-empty string", "got an empty string", "at /references/2/1/0"),
        "an empty reference token",
    ),
    # Valid Unicode
    refused_case(
        lambda: hypothesis_token("\ud800"),
        [("invalid_unicode", "/hypotheses/0/1")],
        ("expected a token of valid Unicode", 'the string "\\ud800"', "at /hypotheses/0/1"),
        "a lone high surrogate in a hypothesis token",
    ),
    refused_case(
        lambda: reference_token("a\udc00b"),
        [("invalid_unicode", "/references/2/1/0")],
        ("expected a token of valid Unicode", 'the string "a\\udc00b"', "at /references/2/1/0"),
        "a lone low surrogate inside a reference token",
    ),
    # Token bytes: at most 128
    refused_case(
        lambda: hypothesis_token("x" * 129),
        [("too_long", "/hypotheses/0/1")],
        ("expected a string of at most 128 characters", "of 129 characters", "/hypotheses/0/1"),
        "a token of 129 ASCII bytes",
    ),
    refused_case(
        lambda: hypothesis_token(EMOJI * 33),
        [("token_too_long", "/hypotheses/0/1")],
        ("expected a token of at most 128 UTF-8 bytes", "got 132 bytes", "at /hypotheses/0/1"),
        "a token of 33 four-byte emoji",
    ),
    refused_case(
        lambda: hypothesis_token(EURO * 43),
        [("token_too_long", "/hypotheses/0/1")],
        ("expected a token of at most 128 UTF-8 bytes", "got 129 bytes", "at /hypotheses/0/1"),
        "a token of 43 three-byte characters",
    ),
    refused_case(
        lambda: hypothesis_token("x" * 127 + E_ACUTE),
        [("token_too_long", "/hypotheses/0/1")],
        ("expected a token of at most 128 UTF-8 bytes", "got 129 bytes", "at /hypotheses/0/1"),
        "a token of 127 ASCII and a two-byte character",
    ),
    refused_case(
        lambda: reference_token(EURO * 43),
        [("token_too_long", "/references/2/1/0")],
        ("expected a token of at most 128 UTF-8 bytes", "got 129 bytes", "at /references/2/1/0"),
        "a reference token of 129 bytes",
    ),
    # Totals
    refused_case(
        lambda: tokens_in_all(25_000, 25_001),
        [("too_many_tokens", "")],
        ("expected at most 50000 tokens in all", "got 50001", "in the whole input"),
        "50001 tokens in all",
    ),
    refused_case(
        lambda: tokens_in_all(1, 50_000),
        [("too_many_tokens", "")],
        ("expected at most 50000 tokens in all", "got 50001", "in the whole input"),
        "50001 tokens counting references",
    ),
    refused_case(
        lambda: token_bytes_in_all(1),
        [("too_many_token_bytes", "")],
        ("expected at most 1048576 UTF-8 bytes", "got 1048577", "in the whole input"),
        "1048577 token bytes in all",
    ),
    # max_order and decimals: integral numbers in range
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
        lambda: one_segment(max_order=9.0),
        [("above_maximum", "/max_order")],
        ("expected an integer of at most 8", "got 9.0", "at /max_order"),
        "max_order 9.0",
    ),
    refused_case(
        lambda: one_segment(max_order=4.5),
        [("type", "/max_order")],
        ("expected an integer", "got the number 4.5", "at /max_order"),
        "max_order 4.5",
    ),
    refused_case(
        lambda: one_segment(max_order="4"),
        [("type", "/max_order")],
        ("expected an integer", 'got the string "4"', "at /max_order"),
        "max_order as a string",
    ),
    refused_case(
        lambda: one_segment(max_order=True),
        [("type", "/max_order")],
        ("expected an integer", "got the boolean true", "at /max_order"),
        "max_order true",
    ),
    refused_case(
        lambda: one_segment(max_order=None),
        [("type", "/max_order")],
        ("expected an integer", "got null", "at /max_order"),
        "max_order null",
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
        lambda: one_segment(decimals=4.5),
        [("type", "/decimals")],
        ("expected an integer", "got the number 4.5", "at /decimals"),
        "decimals 4.5",
    ),
    refused_case(
        lambda: one_segment(decimals="4"),
        [("type", "/decimals")],
        ("expected an integer", 'got the string "4"', "at /decimals"),
        "decimals as a string",
    ),
    refused_case(
        lambda: one_segment(decimals=False),
        [("type", "/decimals")],
        ("expected an integer", "got the boolean false", "at /decimals"),
        "decimals false",
    ),
    refused_case(
        lambda: one_segment(decimals=None),
        [("type", "/decimals")],
        ("expected an integer", "got null", "at /decimals"),
        "decimals null",
    ),
    # Unknown properties
    refused_case(
        lambda: one_segment(max_orders=4),
        [("unknown_property", "/max_orders")],
        ("expected one of the properties", "got the unknown property 'max_orders'", "top level"),
        "the typo max_orders",
    ),
    refused_case(
        lambda: one_segment(**{"a/b~c": 1}),
        [("unknown_property", "/a~1b~0c")],
        ("expected one of the properties", "got the unknown property 'a/b~c'", "top level"),
        "an unknown property with a slash and a tilde",
    ),
    # Missing required properties
    refused_case(
        lambda: {"references": [[["a"]]]},
        [("required", "/hypotheses")],
        ("expected the required property 'hypotheses'", "got an object without it", "top level"),
        "hypotheses missing",
    ),
    refused_case(
        lambda: {"hypotheses": [["a"]]},
        [("required", "/references")],
        ("expected the required property 'references'", "got an object without it", "top level"),
        "references missing",
    ),
    refused_case(
        lambda: {},
        [("required", "/hypotheses"), ("required", "/references")],
        ("expected the required property 'hypotheses'", "got an object without it", "top level"),
        "an empty object",
    ),
    # Wrong types at every level
    refused_case(
        lambda: [["a"]],
        [("type", "")],
        ("expected an object", "got an array of 1 item", "at the top level"),
        "the input is an array",
    ),
    refused_case(
        lambda: "a b",
        [("type", "")],
        ("expected an object", 'got the string "a b"', "at the top level"),
        "the input is a string",
    ),
    refused_case(
        lambda: None,
        [("type", "")],
        ("expected an object", "got null", "at the top level"),
        "the input is null",
    ),
    refused_case(
        lambda: body("this is a test", [[["a"]]]),
        [("type", "/hypotheses")],
        ("expected an array", 'got the string "this is a test"', "at /hypotheses"),
        "hypotheses not an array",
    ),
    refused_case(
        lambda: body([["a"]], {"0": [["a"]]}),
        [("type", "/references")],
        ("expected an array", "got an object", "at /references"),
        "references not an array",
    ),
    refused_case(
        lambda: body([["a"], "b c"], [[["a"]], [["b"]]]),
        [("type", "/hypotheses/1")],
        ("expected an array", 'got the string "b c"', "at /hypotheses/1"),
        "a hypothesis not an array",
    ),
    refused_case(
        lambda: hypothesis_token(7),  # type: ignore[arg-type]
        [("type", "/hypotheses/0/1")],
        ("expected a string", "got the number 7", "at /hypotheses/0/1"),
        "a hypothesis token not a string",
    ),
    refused_case(
        lambda: body([["a"]] * 4, [[["a"]], [["a"]], [["a"]], "a"]),
        [("type", "/references/3")],
        ("expected an array", 'got the string "a"', "at /references/3"),
        "references[i] not an array",
    ),
    refused_case(
        lambda: body([["a"]] * 3, [[["a"]], [["a"]], [["a"], "a b"]]),
        [("type", "/references/2/1")],
        ("expected an array", 'got the string "a b"', "at /references/2/1"),
        "a reference not an array",
    ),
    refused_case(
        lambda: reference_token(["a"]),  # type: ignore[arg-type]
        [("type", "/references/2/1/0")],
        ("expected a string", "got an array of 1 item", "at /references/2/1/0"),
        "a reference token not a string",
    ),
]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_rule_is_refused_with_code_and_pointer(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    errors = input_errors(make())
    assert [(e["code"], e["pointer"]) for e in errors] == expected
    for fragment in says:
        assert fragment in errors[0]["message"]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_every_message_says_what_was_expected_and_what_arrived(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    for error in input_errors(make()):
        assert error["message"].startswith("expected ")
        assert ", got " in error["message"]


@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_every_pointer_names_a_place_in_the_input(
    make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    raw = make()
    for error in input_errors(raw):
        if error["code"] == "required":
            parent, _, name = error["pointer"].rpartition("/")
            assert name not in resolve(raw, parent)  # type: ignore[operator]
        else:
            resolve(raw, error["pointer"])


def test_the_typed_request_holds_integral_numbers_as_ints() -> None:
    request = PARSER.parse(one_segment(max_order=3.0, decimals=2.0))
    assert (request.max_order, request.options) == (3, 2)
    assert type(request.max_order) is int
    assert type(request.options) is int


def test_omitted_options_mean_bleu_4_at_full_precision() -> None:
    request = PARSER.parse(one_segment())
    assert (request.max_order, request.options) == (4, None)


def test_every_violation_is_reported_at_once() -> None:
    raw = {
        "hypotheses": [["a", ""], "b", ["\ud800", EURO * 43]],
        "references": [[["a"]], []],
        "max_order": 0,
        "decimals": 2.5,
        "smooth": True,
    }
    assert [(e["code"], e["pointer"]) for e in input_errors(raw)] == [
        ("too_short", "/hypotheses/0/1"),
        ("type", "/hypotheses/1"),
        ("too_few_items", "/references/1"),
        ("below_minimum", "/max_order"),
        ("type", "/decimals"),
        ("unknown_property", "/smooth"),
        ("segment_count_mismatch", "/references"),
        ("invalid_unicode", "/hypotheses/2/0"),
        ("token_too_long", "/hypotheses/2/1"),
    ]


def test_a_violation_under_the_limits_and_a_limit_are_both_reported() -> None:
    raw = tokens_in_all(25_000, 25_001)
    raw["hypotheses"][0][7] = ""
    assert [(e["code"], e["pointer"]) for e in input_errors(raw)] == [
        ("too_short", "/hypotheses/0/7"),
        ("too_many_tokens", ""),
    ]


@pytest.mark.parametrize(
    ("violations", "reported"),
    [
        pytest.param(MAX_REPORTED_VIOLATIONS, MAX_REPORTED_VIOLATIONS, id="exactly the cap"),
        pytest.param(MAX_REPORTED_VIOLATIONS + 1, MAX_REPORTED_VIOLATIONS + 1, id="one over"),
        pytest.param(5000, MAX_REPORTED_VIOLATIONS + 1, id="far over"),
    ],
)
def test_violations_are_capped_with_a_final_entry_counting_the_rest(
    violations: int, reported: int
) -> None:
    errors = input_errors(body([[""] * violations], [[["a"]]]))
    assert len(errors) == reported
    kept = errors[:MAX_REPORTED_VIOLATIONS]
    assert [e["pointer"] for e in kept] == [f"/hypotheses/0/{i}" for i in range(len(kept))]
    rest = violations - MAX_REPORTED_VIOLATIONS
    if rest > 0:
        assert errors[-1]["code"] == "too_many_violations"
        assert errors[-1]["pointer"] == ""
        assert errors[-1]["message"].startswith(f"{rest} more violations were found")
    else:
        assert {e["code"] for e in errors} == {"too_short"}


def test_violations_past_the_cap_of_every_kind_are_counted() -> None:
    tokens = [""] * MAX_REPORTED_VIOLATIONS + [7, "\ud800", EMOJI * 33, "x" * 129]
    raw = body([tokens, 5], [[["a"]]], max_order=0)
    errors = input_errors(raw)
    # 4 bad tokens, hypotheses/1 not an array, a segment count mismatch and max_order 0
    assert errors[-1]["message"].startswith("7 more violations were found")


def test_the_library_parser_has_no_size_limits() -> None:
    library = parser(UNLIMITED)
    raw = body([["a", "x" * 300, EMOJI * 100]] * 2000, [[["a"]] * 9] * 2000)
    assert len(library.parse(raw).hypotheses) == 2000
    assert len(library.parse(tokens_in_all(60_000, 1)).hypotheses[0]) == 60_000


def test_a_token_of_a_str_subclass_is_held_to_the_same_rules() -> None:
    class Token(str):
        pass

    raw = body([[Token("a"), Token(EURO * 43), Token("\ud800")]], [[["a"]]])
    assert [(e["code"], e["pointer"]) for e in input_errors(raw)] == [
        ("token_too_long", "/hypotheses/0/1"),
        ("invalid_unicode", "/hypotheses/0/2"),
    ]


def test_the_library_parser_keeps_every_rule_that_is_not_a_limit() -> None:
    library = parser(UNLIMITED)
    raw = body([["", "\ud800"]], [[["a"]], [["b"]]], max_order=9, max_orders=1)
    with pytest.raises(InputError) as caught:
        library.parse(raw)
    assert [(e["code"], e["pointer"]) for e in caught.value.errors] == [
        ("too_short", "/hypotheses/0/0"),
        ("above_maximum", "/max_order"),
        ("unknown_property", "/max_orders"),
        ("segment_count_mismatch", "/references"),
        ("invalid_unicode", "/hypotheses/0/1"),
    ]


def test_the_limits_are_the_contracts() -> None:
    assert LIMITS.max_segments == 1000
    assert LIMITS.max_references_per_segment == 8
    assert LIMITS.max_total_tokens == 50_000
    assert LIMITS.max_token_bytes == 128
    assert LIMITS.max_total_token_bytes == 1_048_576


def test_the_token_description_states_the_byte_limit_that_max_length_cannot() -> None:
    token = PARSER.schema["properties"]["hypotheses"]["items"]["items"]
    assert token["maxLength"] == 128
    assert "at most 128 UTF-8 bytes" in token["description"]


# -- The bulk path, which answers valid inputs, never hides a violation --------------------------

SMALL = parser(
    Limits(
        max_segments=3,
        max_references_per_segment=2,
        max_total_tokens=12,
        max_token_bytes=4,
        max_total_token_bytes=20,
    )
)
# Tokens around the small limits: 4 bytes is the most, in 1 to 4 characters.
SMALL_TOKENS = ["a", "abcd", "abcde", E_ACUTE * 2, E_ACUTE + "abc", EURO, "a" + EURO, EMOJI]
TOKEN_LISTS = st.lists(st.sampled_from([*SMALL_TOKENS, "", "\ud800", "a\udc00", 7]), max_size=5)
SMALL_INPUTS = st.builds(
    body,
    st.lists(TOKEN_LISTS, min_size=0, max_size=4),
    st.lists(st.lists(TOKEN_LISTS, max_size=3), max_size=4),
)


@settings(max_examples=400, deadline=None)
@given(SMALL_INPUTS)
def test_the_bulk_path_passes_only_inputs_with_no_violation(raw: Input) -> None:
    found = SMALL.violations(raw)
    if SMALL.parse_in_bulk(raw) is not None:
        assert found.count == 0
    if found.count:
        with pytest.raises(InputError) as caught:
            SMALL.parse(raw)
        assert caught.value.errors == found.kept
    else:
        assert SMALL.parse(raw).hypotheses is raw["hypotheses"]


@pytest.mark.parametrize(
    "make",
    [
        _at(one_segment, "ASCII"),
        _at(
            lambda: body([["\u05e9\u05dc\u05d5\u05dd", EMOJI * 3]], [[["caf\u00e9"]]]), "non-ASCII"
        ),
        _at(lambda: body([[EMOJI * 32]], [[[EMOJI * 32]]]), "32 emoji"),
        _at(lambda: segments(1000, references=8), "1000 segments of 8 references"),
        _at(lambda: token_bytes_in_all(0), "1048576 token bytes"),
        _at(lambda: body([[]], [[[]]]), "empty lists"),
    ],
)
def test_a_valid_input_is_answered_by_the_bulk_path_with_its_tokens_bytes(make: Make) -> None:
    raw = make()
    assert PARSER.parse_in_bulk(raw) is not None
    request = PARSER.parse(raw)
    sentences = sentences_of(request.hypotheses, request.references)
    token_count = sum(len(sentence) for sentence in sentences)
    if token_count < FEW_TOKENS:
        assert request.encoded is None  # checked on the strings, cheaper than a buffer
    else:
        assert request.encoded is not None
        assert request.encoded.token_count == token_count


def test_a_valid_input_the_bulk_path_cannot_encode_is_walked_and_passes() -> None:
    # A NUL inside a token would blur the buffer's token boundaries: no buffer, so a walk.
    raw = body([["a\x00b", EMOJI] * FEW_TOKENS], [[["a"]]])
    assert PARSER.parse_in_bulk(raw) is None
    assert PARSER.violations(raw).count == 0
    request = PARSER.parse(raw)
    assert request.hypotheses is raw["hypotheses"]
    assert request.encoded is None
