"""The input rules both sentence tools share, each at its boundary and for both parsers: exactly
at a limit passes, one over fails with the expected code and JSON Pointer."""

from collections.abc import Callable
from typing import Any

import pytest

from mtcompute.contracts import bleu_sentence_components_1_0_0 as components
from mtcompute.contracts import bleu_sentence_compute_1_0_0 as compute
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.validation.tokens import FEW_TOKENS
from mtcompute.errors import InputError, Violation
from mtcompute.fast import compiled
from tests.contracts.refusals import refused_case

Input = dict[str, Any]
Make = Callable[[], object]

PARSERS = [compute.PARSER, components.PARSER]
every_parser = pytest.mark.parametrize("parser", PARSERS, ids=["compute", "components"])

EMOJI = "\U0001f600"  # 4 UTF-8 bytes
EURO = "\u20ac"  # 3 UTF-8 bytes
E_ACUTE = "\u00e9"  # 2 UTF-8 bytes


def body(hypothesis: object, references: object, **options: object) -> Input:
    return {"hypothesis": hypothesis, "references": references, **options}


def hypothesis_token(token: str) -> Input:
    return body(["a", token], [["a"]])


def reference_token(token: str) -> Input:
    """The token lands at /references/2/1: the third reference, its second token."""
    return body(["a"], [["a"], ["a"], ["a", token]])


def tokens_in_all(hypothesis: int, reference: int) -> Input:
    return body(["h"] * hypothesis, [["r"] * reference])


def token_bytes_in_all(extra: int) -> Input:
    """8,192 tokens of 128 bytes (1,048,576 bytes, the limit) plus ``extra`` one-byte tokens."""
    wide = "w" * 128
    return body([wide] * 4096, [[wide] * 4096 + ["x"] * extra])


def _at(make: Make, id: str) -> Any:
    return pytest.param(make, id=id)


AT_THE_LIMIT = [
    _at(lambda: body([], [[]]), "an empty hypothesis and an empty reference pass"),
    _at(lambda: body(["a"], [["a"]] * 8), "8 references pass"),
    _at(lambda: body(["a"], [["a"], []]), "an empty reference beside another passes"),
    _at(lambda: tokens_in_all(50_000, 0), "50000 hypothesis tokens pass"),
    _at(lambda: tokens_in_all(25_000, 25_000), "50000 tokens in all pass"),
    _at(lambda: tokens_in_all(1, 49_999), "50000 tokens counting references pass"),
    _at(lambda: hypothesis_token("x" * 128), "a token of 128 ASCII bytes passes"),
    _at(lambda: hypothesis_token(EMOJI * 32), "a token of 32 four-byte emoji passes"),
    _at(lambda: hypothesis_token(EURO * 42 + "ab"), "a token of 42 euro signs and 2 ASCII passes"),
    _at(lambda: hypothesis_token(E_ACUTE * 64), "a token of 64 two-byte characters passes"),
    _at(lambda: reference_token("y" * 128), "a reference token of 128 bytes passes"),
    _at(lambda: token_bytes_in_all(0), "1048576 token bytes in all pass"),
    _at(lambda: body(["a"], [["a"]], max_order=1), "max_order 1 passes"),
    _at(lambda: body(["a"], [["a"]], max_order=8), "max_order 8 passes"),
    _at(lambda: body(["a"], [["a"]], max_order=8.0), "max_order 8.0 passes as 8"),
    _at(lambda: hypothesis_token("a b\t\u00a0"), "a token with spaces passes"),
    _at(lambda: body(["a"] * FEW_TOKENS, [["a"]]), "a few tokens past the string check pass"),
]


@every_parser
@pytest.mark.parametrize("make", AT_THE_LIMIT)
def test_an_input_exactly_at_a_limit_is_accepted(parser: Any, make: Make) -> None:
    raw = make()
    request = parser.parse(raw)
    assert isinstance(raw, dict)
    assert request.hypothesis is raw["hypothesis"]
    assert request.references is raw["references"]


ONE_OVER = [
    refused_case(lambda: body(["a"], []), [("too_few_items", "/references")],
         ("expected a non-empty array", "got an empty array", "at /references"), "no references"),
    refused_case(lambda: body(["a"], [["a"]] * 9), [("too_many_items", "/references")],
         ("expected at most 8 items", "got an array of 9 items", "at /references"),
         "9 references"),
    refused_case(lambda: hypothesis_token(""), [("too_short", "/hypothesis/1")],
         ("expected a non-empty string", "got an empty string", "at /hypothesis/1"),
         "an empty hypothesis token"),
    refused_case(lambda: reference_token(""), [("too_short", "/references/2/1")],
         ("expected a non-empty string", "got an empty string", "at /references/2/1"),
         "an empty reference token"),
    refused_case(lambda: hypothesis_token("\ud800"), [("invalid_unicode", "/hypothesis/1")],
         ("expected a token of valid Unicode", 'the string "\\ud800"', "at /hypothesis/1"),
         "a lone high surrogate in a hypothesis token"),
    refused_case(lambda: reference_token("a\udc00b"), [("invalid_unicode", "/references/2/1")],
         ("expected a token of valid Unicode", "at /references/2/1"),
         "a lone low surrogate inside a reference token"),
    refused_case(lambda: hypothesis_token("x" * 129), [("too_long", "/hypothesis/1")],
         ("expected a string of at most 128 characters", "of 129 characters", "/hypothesis/1"),
         "a token of 129 ASCII bytes"),
    refused_case(lambda: hypothesis_token(EMOJI * 33), [("token_too_long", "/hypothesis/1")],
         ("expected a token of at most 128 UTF-8 bytes", "got 132 bytes", "at /hypothesis/1"),
         "a token of 33 four-byte emoji"),
    refused_case(lambda: hypothesis_token("x" * 127 + E_ACUTE),
         [("token_too_long", "/hypothesis/1")],
         ("expected a token of at most 128 UTF-8 bytes", "got 129 bytes", "at /hypothesis/1"),
         "a token of 127 ASCII and a two-byte character"),
    refused_case(lambda: reference_token(EURO * 43), [("token_too_long", "/references/2/1")],
         ("expected a token of at most 128 UTF-8 bytes", "got 129 bytes", "at /references/2/1"),
         "a reference token of 129 bytes"),
    refused_case(lambda: tokens_in_all(50_001, 0),
         [("too_many_items", "/hypothesis"), ("too_many_tokens", "")],
         ("expected at most 50000 items", "got an array of 50001 items", "at /hypothesis"),
         "50001 hypothesis tokens"),
    refused_case(lambda: tokens_in_all(25_000, 25_001), [("too_many_tokens", "")],
         ("expected at most 50000 tokens in all (hypothesis and references)", "got 50001"),
         "50001 tokens in all"),
    refused_case(lambda: tokens_in_all(1, 50_000), [("too_many_tokens", "")],
         ("expected at most 50000 tokens in all", "got 50001", "in the whole input"),
         "50001 tokens counting references"),
    refused_case(lambda: token_bytes_in_all(1), [("too_many_token_bytes", "")],
         ("expected at most 1048576 UTF-8 bytes", "got 1048577", "in the whole input"),
         "1048577 token bytes in all"),
    refused_case(lambda: body(["a"], [["a"]], max_order=0), [("below_minimum", "/max_order")],
         ("expected an integer of at least 1", "got 0", "at /max_order"), "max_order 0"),
    refused_case(lambda: body(["a"], [["a"]], max_order=9), [("above_maximum", "/max_order")],
         ("expected an integer of at most 8", "got 9", "at /max_order"), "max_order 9"),
    refused_case(lambda: body(["a"], [["a"]], max_order=4.5), [("type", "/max_order")],
         ("expected an integer", "got the number 4.5", "at /max_order"), "max_order 4.5"),
    refused_case(lambda: body(["a"], [["a"]], max_order=True), [("type", "/max_order")],
         ("expected an integer", "got the boolean true", "at /max_order"), "max_order true"),
    refused_case(lambda: body(["a"], [["a"]], max_orders=4), [("unknown_property", "/max_orders")],
         ("expected one of the properties", "got the unknown property 'max_orders'"),
         "the typo max_orders"),
    refused_case(lambda: {"references": [["a"]]}, [("required", "/hypothesis")],
         ("expected the required property 'hypothesis'", "got an object without it"),
         "hypothesis missing"),
    refused_case(lambda: {"hypothesis": ["a"]}, [("required", "/references")],
         ("expected the required property 'references'", "got an object without it"),
         "references missing"),
    refused_case(lambda: ["a"], [("type", "")],
         ("expected an object", "got an array of 1 item", "at the top level"),
         "the input is an array"),
    refused_case(lambda: body("the cat", [["a"]]), [("type", "/hypothesis")],
         ("expected an array", 'got the string "the cat"', "at /hypothesis"),
         "hypothesis a string"),
    refused_case(lambda: body([["a"]], [["a"]]), [("type", "/hypothesis/0")],
         ("expected a string", "got an array of 1 item", "at /hypothesis/0"),
         "hypothesis a list of lists (a corpus)"),
    refused_case(lambda: body(["a"], ["a"]), [("type", "/references/0")],
         ("expected an array", 'got the string "a"', "at /references/0"),
         "a reference a string"),
    refused_case(lambda: body(["a"], [[["a"]]]), [("type", "/references/0/0")],
         ("expected a string", "got an array of 1 item", "at /references/0/0"),
         "references one level too deep"),
    refused_case(lambda: reference_token(7), [("type", "/references/2/1")],  # type: ignore[arg-type]
         ("expected a string", "got the number 7", "at /references/2/1"),
         "a reference token not a string"),
]  # fmt: skip


def input_errors(parser: Any, raw: object) -> list[Violation]:
    with pytest.raises(InputError) as caught:
        parser.parse(raw)
    return caught.value.errors


@every_parser
@pytest.mark.parametrize(("make", "expected", "says"), ONE_OVER)
def test_an_input_one_over_a_limit_or_rule_is_refused_with_code_and_pointer(
    parser: Any, make: Make, expected: list[tuple[str, str]], says: tuple[str, ...]
) -> None:
    errors = input_errors(parser, make())
    assert [(e["code"], e["pointer"]) for e in errors] == expected
    for fragment in says:
        assert fragment in errors[0]["message"]
    for error in errors:
        assert error["message"].startswith("expected ")
        assert ", got " in error["message"]


@pytest.mark.parametrize(
    "make", [lambda: tokens_in_all(25_000, 25_001), lambda: token_bytes_in_all(1)]
)
def test_the_library_parser_has_no_size_limits(make: Make) -> None:
    for tool in (compute, components):
        assert tool.parser(UNLIMITED).parse(make()) is not None


@every_parser
def test_max_order_is_4_when_left_out_and_an_int_when_given_as_a_float(parser: Any) -> None:
    assert parser.parse(body(["a"], [["a"]])).max_order == 4
    request = parser.parse(body(["a"], [["a"]], max_order=3.0))
    assert (request.max_order, type(request.max_order)) == (3, int)


@every_parser
def test_a_long_segment_makes_no_token_bytes_where_the_counts_are_compiled(parser: Any) -> None:
    request = parser.parse(body(["a"] * FEW_TOKENS, [["b"]]))
    assert (request.encoded is None) == (compiled.segment_statistics is not None)


@pytest.mark.usefixtures("pure_python")
@pytest.mark.parametrize("tool", [compute, components], ids=["compute", "components"])
def test_without_the_compiled_counts_a_long_segment_hands_its_token_bytes_over(tool: Any) -> None:
    request = tool.parser(tool.LIMITS).parse(body(["a"] * FEW_TOKENS, [["b"]]))
    assert request.encoded is not None
    assert request.encoded.token_count == FEW_TOKENS + 1
