"""Violations: RFC 6901 pointers, what arrived in JSON terms, and the reporting cap."""

import pytest

from mtcompute.contracts.validation.violations import (
    MAX_REPORTED_VIOLATIONS,
    MAX_SUGGESTIONS,
    Violations,
    child_pointer,
    describe_value,
    did_you_mean,
    number_text,
    quoted,
    where,
)
from mtcompute.errors import InputError


@pytest.mark.parametrize(
    ("parent", "key", "pointer"),
    [
        pytest.param("", "hypotheses", "/hypotheses", id="a name"),
        pytest.param("/hypotheses", 3, "/hypotheses/3", id="an index"),
        pytest.param("", "a/b", "/a~1b", id="a slash becomes ~1"),
        pytest.param("", "a~b", "/a~0b", id="a tilde becomes ~0"),
        pytest.param("", "~1", "/~01", id="a tilde is escaped before a slash"),
        pytest.param("", "", "/", id="the empty name"),
        pytest.param("/x", "\u05e9", "/x/\u05e9", id="non-ASCII stays as it is"),
    ],
)
def test_a_child_pointer_escapes_tilde_and_slash(parent: str, key: str | int, pointer: str) -> None:
    assert child_pointer(parent, key) == pointer


@pytest.mark.parametrize(
    ("value", "description"),
    [
        pytest.param(None, "null", id="null"),
        pytest.param(True, "the boolean true", id="true"),
        pytest.param(False, "the boolean false", id="false"),
        pytest.param(7, "the number 7", id="an int"),
        pytest.param(4.5, "the number 4.5", id="a float"),
        pytest.param("a b", 'the string "a b"', id="a string"),
        pytest.param([], "an array of 0 items", id="an empty array"),
        pytest.param(["a"], "an array of 1 item", id="an array of one"),
        pytest.param(("a", "b"), "an array of 2 items", id="a tuple"),
        pytest.param({"a": 1}, "an object", id="an object"),
        pytest.param({1, 2}, "a Python set", id="a set"),
    ],
)
def test_a_value_is_described_in_json_terms(value: object, description: str) -> None:
    assert describe_value(value) == description


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        pytest.param("abc", '"abc"', id="plain"),
        pytest.param("\ud800", '"\\ud800"', id="a lone surrogate is escaped"),
        pytest.param("\u05e9\u05dc\u05d5\u05dd", '"\u05e9\u05dc\u05d5\u05dd"', id="Hebrew shows"),
        pytest.param("\U0001f600", '"\U0001f600"', id="an emoji shows"),
        pytest.param('say "hi"', '"say \\"hi\\""', id="the quote is escaped"),
        pytest.param("a\\b", '"a\\\\b"', id="a backslash is escaped"),
        pytest.param("a\tb\n\x00", '"a\\tb\\n\\u0000"', id="control characters are escaped"),
        pytest.param("x" * 41, '"' + "x" * 40 + '"...', id="cut after 40 characters"),
        pytest.param("x" * 40, '"' + "x" * 40 + '"', id="40 characters are kept"),
    ],
)
def test_a_string_is_quoted_readably_and_safely(text: str, shown: str) -> None:
    assert quoted(text) == shown


def test_a_string_can_be_quoted_with_single_quotes() -> None:
    assert quoted("it's", "'") == "'it\\'s'"


def test_where_names_the_top_level_for_the_empty_pointer() -> None:
    assert where("") == "at the top level"
    assert where("/hypotheses/3/7") == "at /hypotheses/3/7"


def test_no_violations_raise_nothing() -> None:
    found = Violations()
    found.raise_if_any()
    assert found.count == 0
    assert not found.full


def test_violations_raise_one_input_error_listing_them_in_order() -> None:
    found = Violations()
    found.add("a", "/1", "first")
    found.add("b", "/2", "second")
    with pytest.raises(InputError) as caught:
        found.raise_if_any()
    assert caught.value.errors == [
        {"code": "a", "pointer": "/1", "message": "first"},
        {"code": "b", "pointer": "/2", "message": "second"},
    ]


def test_the_cap_keeps_the_first_violations_and_counts_the_rest() -> None:
    found = Violations()
    for index in range(MAX_REPORTED_VIOLATIONS + 5):
        found.add("c", f"/{index}", "m")
    found.count_unreported(10)
    assert found.full
    assert len(found.kept) == MAX_REPORTED_VIOLATIONS
    with pytest.raises(InputError) as caught:
        found.raise_if_any()
    errors = caught.value.errors
    assert len(errors) == MAX_REPORTED_VIOLATIONS + 1
    assert errors[-2]["pointer"] == f"/{MAX_REPORTED_VIOLATIONS - 1}"
    assert errors[-1] == {
        "code": "too_many_violations",
        "pointer": "",
        "message": f"15 more violations were found and not listed; "
        f"the first {MAX_REPORTED_VIOLATIONS} are shown",
    }


def test_the_cap_is_a_stated_number() -> None:
    assert MAX_REPORTED_VIOLATIONS == 100


def test_a_suggestion_is_made_for_the_first_few_names_only() -> None:
    found = Violations()
    answers = [did_you_mean("max_orders", ["max_order"], found) for _ in range(MAX_SUGGESTIONS + 3)]
    assert answers == [" (did you mean 'max_order'?)"] * MAX_SUGGESTIONS + [""] * 3


def test_a_name_far_longer_than_any_allowed_one_is_not_matched_at_all() -> None:
    # difflib's cutoff cannot be reached by it; matching would cost time growing with its length.
    assert did_you_mean("max_order" + "s" * 10_000, ["max_order"], Violations()) == ""
    assert did_you_mean("max_order" + "s" * 10, ["max_order"], Violations()) != ""


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        pytest.param(10**5000, "an integer of more than 4300 digits", id="5,001 digits"),
        pytest.param(-(10**5000), "an integer of more than 4300 digits", id="negative"),
        pytest.param(10**4000, "the number 1" + "0" * 4000, id="4,001 digits"),
    ],
)
def test_an_integer_python_cannot_write_is_described_by_its_size(number: int, shown: str) -> None:
    assert describe_value(number) == shown
    assert child_pointer("", number) == f"/{number_text(number)}"
