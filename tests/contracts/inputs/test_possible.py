"""The laws of per-order counts: each holds of the n-gram counts of any texts, names each count
that breaks it, and a part is reported at the lowest order of each array that breaks one."""

from collections.abc import Iterator, Mapping
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.contracts.inputs.possible import (
    Breach,
    Counts,
    PossibleParts,
    at_most_the_order_below,
    counted_where_the_reference_has_some,
    drops_never_grow,
    fewer_each_order,
    within,
    zero_stays_zero,
)
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.violations import Violations


def orders_named(breaches: Iterator[Breach]) -> list[tuple[str, int]]:
    return [(breach.name, breach.order) for breach in breaches]


def ngram_counts(lengths: list[int], orders: int) -> list[int]:
    """The n-grams of orders 1..orders of texts of ``lengths`` items, added up."""
    return [sum(max(length - k, 0) for length in lengths) for k in range(orders)]


@given(st.lists(st.integers(0, 12), max_size=8), st.integers(1, 10))
def test_the_ngram_counts_of_any_texts_fall_and_never_by_more_than_before(
    lengths: list[int], orders: int
) -> None:
    counts = {"n": ngram_counts(lengths, orders)}
    assert not orders_named(fewer_each_order(counts, "n", range(orders)))
    assert not orders_named(drops_never_grow(counts, "n", range(orders)))


def test_a_count_not_below_the_one_before_or_above_0_after_a_0_breaks_fewer_each_order() -> None:
    counts = {"n": [3, 3, 0, 1, 0]}
    assert orders_named(fewer_each_order(counts, "n", range(5))) == [("n", 1), ("n", 3)]


def test_a_count_falling_by_more_than_the_one_before_fell_breaks_drops_never_grow() -> None:
    assert orders_named(drops_never_grow({"n": [9, 8, 5]}, "n", range(3))) == [("n", 2)]
    assert not orders_named(drops_never_grow({"n": [6, 4, 2, 0]}, "n", range(4)))


def test_the_laws_read_only_the_orders_they_are_given() -> None:
    counts = {"n": [4, 3, 2, 1, 2, 1]}  # four character orders, then two word orders
    assert orders_named(fewer_each_order(counts, "n", range(6))) == [("n", 4)]
    assert not orders_named(fewer_each_order(counts, "n", range(4, 6)))


def test_matches_after_a_0_or_above_the_order_below_break_their_laws() -> None:
    counts = {"m": [3, 0, 1, 1, 2]}
    assert orders_named(zero_stays_zero(counts, "m", range(5))) == [("m", 2)]
    assert orders_named(at_most_the_order_below(counts, "m", range(5))) == [("m", 2), ("m", 4)]


def test_a_hypothesis_count_where_the_reference_has_none_and_words_above_characters_break() -> None:
    counts = {"h": [3, 2, 4], "r": [2, 0, 1]}
    assert orders_named(counted_where_the_reference_has_some(counts, "h", "r")) == [("h", 1)]
    assert orders_named(within(counts, ("h", "r"), 2, 0, "words")) == [("h", 2)]


def _laws(raw: Mapping[str, Any], counts: Counts) -> Iterator[Breach]:
    yield from zero_stays_zero(counts, "m", range(len(counts["m"])))
    yield from fewer_each_order(counts, "t", range(len(counts["t"])))
    yield from at_most_the_order_below(counts, "m", range(len(counts["m"])))


RULE = PossibleParts(("m", "t"), _laws)


def walked(raw: dict[str, Any]) -> list[tuple[str, str]]:
    found = Violations()
    RULE.walk(raw, found)
    return [(violation["code"], violation["pointer"]) for violation in found.kept]


def test_a_part_is_reported_at_the_lowest_order_of_each_array_that_breaks_a_law() -> None:
    raw = {"parts": [{"m": [1, 2, 0, 5], "t": [4, 3, 3, 3]}, {"m": [1], "t": [1]}]}
    assert RULE.bulk(raw) is FAILED
    assert walked(raw) == [
        ("inconsistent_statistics", "/parts/0/m/1"),
        ("inconsistent_statistics", "/parts/0/t/2"),
    ]


def test_a_part_that_is_not_counts_of_one_length_is_left_to_the_rules_that_say_so() -> None:
    raw = {"parts": [{"m": [2, 1], "t": [3]}, {"m": "2 1", "t": [1, 1]}, [], {"m": [1.5]}]}
    raw["parts"].append({"m": [-1, 1], "t": [2**53, 2**53]})  # out of the schema's bounds
    assert walked(raw) == []
    assert RULE.bulk({"parts": [{"m": [2.0, 1], "t": [3, 2.0]}]}) is None
