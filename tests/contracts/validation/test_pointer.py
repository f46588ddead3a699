"""RFC 6901 JSON Pointers: which strings are pointers, their tokens, and strict resolution."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.contracts.validation.pointer import (
    POINTER_PATTERN,
    UnresolvedPointerError,
    is_pointer,
    reference_tokens,
    resolve,
)
from mtcompute.contracts.validation.violations import child_pointer

DOCUMENT = {
    "matches": [4, 3, 2, 1],
    "max_order": 4,
    "bleu": 0.5,
    "name": "x",
    "flag": True,
    "nothing": None,
    "": {"a/b": {"m~n": "deep"}},
    "nested": [[10, 11], {"k": [20]}],
}


@pytest.mark.parametrize(
    "text", ["", "/", "//", "/a", "/a/b", "/~0", "/~1", "/a~0b~1c", "/ ", "/é"]
)
def test_the_empty_string_and_slash_prefixed_tokens_with_escaped_tildes_are_pointers(
    text: str,
) -> None:
    assert is_pointer(text)


@pytest.mark.parametrize("text", ["a", "a/b", "/~", "/~2", "/a~", "/~a", "~0", " /a", "/a/~/b"])
def test_text_not_starting_with_a_slash_or_with_a_bare_tilde_is_not_a_pointer(text: str) -> None:
    assert not is_pointer(text)


def test_a_long_text_that_fails_at_its_end_is_refused_in_one_pass() -> None:
    # The pattern's nested repetition cannot backtrack: this would take forever otherwise.
    assert not is_pointer("/a" * 200_000 + "/~")
    assert is_pointer("/a" * 200_000)


@given(st.text(alphabet="/~01a\n", max_size=12))
def test_is_pointer_agrees_with_the_published_pattern_as_a_json_schema_reads_it(text: str) -> None:
    # JSON Schema's pattern is an ECMA-262 search, whose "$" is the end of the text only; in
    # Python's re that is "\Z" ("$" also matches before a final newline).
    ecma = re.compile(POINTER_PATTERN.replace("$", r"\Z"))
    assert is_pointer(text) == (ecma.search(text) is not None)


def test_a_lone_newline_is_not_a_pointer_though_python_s_dollar_would_match_before_it() -> None:
    assert not is_pointer("\n")
    assert is_pointer("/\n")


@given(st.lists(st.text(alphabet="ab/~0 ", max_size=4), max_size=4))
def test_tokens_escaped_by_child_pointer_come_back_unescaped(tokens: list[str]) -> None:
    pointer = ""
    for token in tokens:
        pointer = child_pointer(pointer, token)
    assert is_pointer(pointer)
    assert reference_tokens(pointer) == tokens


def test_tilde_one_is_unescaped_before_tilde_zero() -> None:
    # "~01" is "~" then "1", never "/".
    assert reference_tokens("/~01") == ["~1"]


@pytest.mark.parametrize(
    ("pointer", "value"),
    [
        ("", DOCUMENT),
        ("/matches", [4, 3, 2, 1]),
        ("/matches/0", 4),
        ("/matches/3", 1),
        ("/nothing", None),
        ("/", {"a/b": {"m~n": "deep"}}),
        ("//a~1b/m~0n", "deep"),
        ("/nested/1/k/0", 20),
    ],
)
def test_a_pointer_names_the_value_rfc_6901_says(pointer: str, value: object) -> None:
    assert resolve(DOCUMENT, pointer) == value


@pytest.mark.parametrize(
    ("pointer", "reason"),
    [
        ("/missing", "an object without the member 'missing' at the top level"),
        ("/nested/1/q", "an object without the member 'q' at /nested/1"),
        ("/matches/4", "the index 4 into an array of 4 items at /matches"),
        ("/matches/99999999999999999999999", "the index 99999999999999999999999 into an array"),
        ("/matches/-", "the token '-', the element after the last, into an array at /matches"),
        ("/matches/01", "the token '01', not an index in canonical decimal, into an array"),
        ("/matches/+1", "the token '+1', not an index in canonical decimal"),
        ("/matches/\u0661", "not an index in canonical decimal"),
        ("/max_order/0", "the token '0' into the number 4 at /max_order"),
        ("/name/0", "the token '0' into the string \"x\" at /name"),
        ("/flag/x", "the token 'x' into the boolean true at /flag"),
        ("/nothing/x", "the token 'x' into null at /nothing"),
        ("/matches/0/0", "the token '0' into the number 4 at /matches/0"),
        ("//a~1b/x", "an object without the member 'x' at //a~1b"),
    ],
)
def test_a_pointer_that_names_no_value_says_why_and_where(pointer: str, reason: str) -> None:
    with pytest.raises(UnresolvedPointerError) as raised:
        resolve(DOCUMENT, pointer)
    assert reason in str(raised.value)


def test_an_index_with_thousands_of_digits_is_out_of_range_without_being_read() -> None:
    with pytest.raises(UnresolvedPointerError, match="into an array of 4 items"):
        resolve(DOCUMENT, "/matches/" + "9" * 10_000)
