"""The token rule: its bulk check and its walker agree on every generated input."""

import dataclasses
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.contracts.validation import tokens as tokens_module
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.tokens import TokenLists
from mtcompute.contracts.validation.violations import MAX_REPORTED_VIOLATIONS, Violations
from mtcompute.fast import compiled
from mtcompute.fast.bleu.token_bytes import TokenBytes

E_ACUTE, EURO, EMOJI = "\u00e9", "\u20ac", "\U0001f600"
SMALL = TokenLists(
    (("hypotheses", EVERY), ("references", EVERY, EVERY)),
    max_token_bytes=4,
    max_total_tokens=8,
    max_total_token_bytes=16,
)
# Tokens around the small limits; the schema (not this rule) checks types and empty strings.
TOKENS = st.sampled_from(["a", "abcd", E_ACUTE * 2, E_ACUTE * 3, EURO, "a" + EURO, EMOJI, "\ud800"])
TOKEN_LISTS = st.lists(TOKENS, max_size=4)
INPUTS = st.fixed_dictionaries(
    {
        "hypotheses": st.lists(TOKEN_LISTS, min_size=1, max_size=3),
        "references": st.lists(
            st.lists(TOKEN_LISTS, min_size=1, max_size=2), min_size=1, max_size=3
        ),
    }
)


def walked(rule: TokenLists, raw: dict[str, Any]) -> Violations:
    found = Violations()
    rule.walk(raw, found)
    return found


@settings(max_examples=400, deadline=None)
@given(INPUTS)
def test_the_bulk_check_passes_exactly_the_inputs_the_walker_finds_nothing_in(
    raw: dict[str, Any],
) -> None:
    broken = walked(SMALL, raw).count > 0
    assert (SMALL.bulk(raw) is FAILED) == broken  # a few tokens: checked on the strings
    with mock.patch.object(compiled, "token_check", None):
        assert (SMALL.bulk(raw) is FAILED) == broken  # on the strings, in Python
    with mock.patch.object(tokens_module, "FEW_TOKENS", 0):
        assert (SMALL.bulk(raw) is FAILED) == broken  # checked on their buffer
    unbuffered = dataclasses.replace(SMALL, makes_buffer=False)
    with mock.patch.object(tokens_module, "FEW_TOKENS", 0):
        assert (unbuffered.bulk(raw) is FAILED) == broken  # any number, on the strings


def test_the_bulk_check_hands_over_every_tokens_bytes_in_path_order() -> None:
    raw = {"hypotheses": [["a", EURO]], "references": [[["bb"], []]]}
    with mock.patch.object(tokens_module, "FEW_TOKENS", 0):
        encoded = SMALL.bulk(raw)
    assert isinstance(encoded, TokenBytes)
    assert encoded.lengths.tolist() == [1, 3, 2]
    assert encoded.sentence_lengths.tolist() == [2, 1, 0]


@pytest.mark.parametrize(
    ("raw", "found"),
    [
        pytest.param(
            {"hypotheses": [[EMOJI + "a"]], "references": [[[]]]},
            [("token_too_long", "/hypotheses/0/0")],
            id="5 bytes in 2 characters",
        ),
        pytest.param(
            {"hypotheses": [["a", "\ud800"]], "references": [[[]]]},
            [("invalid_unicode", "/hypotheses/0/1")],
            id="a lone surrogate",
        ),
        pytest.param(
            {"hypotheses": [["a"] * 5], "references": [[["a"] * 4]]},
            [("too_many_tokens", "")],
            id="9 tokens",
        ),
        pytest.param(
            {"hypotheses": [[EMOJI] * 4], "references": [[["a"]]]},
            [("too_many_token_bytes", "")],
            id="17 bytes",
        ),
    ],
)
def test_the_walker_points_at_each_violation(raw: dict[str, Any], found: list[Any]) -> None:
    assert [(v["code"], v["pointer"]) for v in walked(SMALL, raw).kept] == found


def test_a_rule_that_makes_no_buffer_checks_many_tokens_on_the_strings() -> None:
    rule = TokenLists((("hypothesis",),), max_token_bytes=4, makes_buffer=False)
    assert rule.bulk({"hypothesis": ["ab", EURO] * 1_000}) is None
    assert rule.bulk({"hypothesis": ["ab", EMOJI + "a"] * 1_000}) is FAILED


def test_a_few_tokens_are_checked_without_a_buffer() -> None:
    assert SMALL.bulk({"hypotheses": [["a", EURO]], "references": [[["bb"]]]}) is None


def test_a_token_with_nul_fails_the_buffer_check_but_breaks_no_rule() -> None:
    # NUL separates tokens in the buffer, so such a token cannot be read in bulk.
    raw = {"hypotheses": [["a\x00b"]], "references": [[[]]]}
    with mock.patch.object(tokens_module, "FEW_TOKENS", 0):
        assert SMALL.bulk(raw) is FAILED
    assert walked(SMALL, raw).count == 0


def test_the_totals_say_what_they_count() -> None:
    rule = TokenLists((("hypothesis",),), max_total_tokens=1, counted="hypothesis and references")
    message = walked(rule, {"hypothesis": ["a", "b"]}).kept[0]["message"]
    assert message == (
        "expected at most 1 tokens in all (hypothesis and references), got 2 in the whole input"
    )


def walked_past_the_cap(rule: TokenLists, raw: dict[str, Any]) -> Violations:
    found = Violations()
    found.kept = [{"code": "c", "pointer": "", "message": "m"}] * MAX_REPORTED_VIOLATIONS
    found.count = MAX_REPORTED_VIOLATIONS
    rule.walk(raw, found)
    return found


ANY_TOKEN_LISTS = st.lists(TOKENS | st.integers(0, 1) | st.just("ab\ud800c"), max_size=6)
ANY_INPUTS = st.fixed_dictionaries(
    {"hypotheses": st.lists(ANY_TOKEN_LISTS, min_size=1, max_size=3), "references": st.just([])}
)


@settings(max_examples=300, deadline=None)
@given(ANY_INPUTS)
def test_past_the_cap_the_walker_counts_what_it_would_report(raw: dict[str, Any]) -> None:
    counted = walked_past_the_cap(SMALL, raw)
    assert counted.count - MAX_REPORTED_VIOLATIONS == walked(SMALL, raw).count


def test_past_the_cap_a_long_list_of_lone_surrogates_is_counted_token_by_token() -> None:
    counted = walked_past_the_cap(SMALL, {"hypotheses": [["\ud800", "a", 1] * 1000]})
    # 1,000 lone surrogates, and the totals: 3,000 tokens and 1,000 bytes are over both limits.
    assert counted.count - MAX_REPORTED_VIOLATIONS == 1002
