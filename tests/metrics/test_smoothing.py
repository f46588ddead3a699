"""Smoothing: each method's defaults, adjusted counts and precisions, row by row."""

import pytest

from mtcompute.metrics.smoothing import (
    SMOOTHING_METHODS,
    Smoothing,
    adjusted_counts,
    precisions,
)


def test_the_methods_are_none_floor_add_k_and_exp_with_exp_the_default() -> None:
    assert SMOOTHING_METHODS == ("none", "floor", "add-k", "exp")
    assert Smoothing() == Smoothing.of() == Smoothing("exp", None)


@pytest.mark.parametrize(
    ("method", "value", "expected"),
    [
        ("floor", None, 0.1),  # ε defaults to 0.1
        ("add-k", None, 1.0),  # k defaults to 1
        ("floor", 1e-10, 1e-10),
        ("add-k", 100, 100.0),  # an int is taken as its double
        ("none", None, None),
        ("exp", None, None),
    ],
)
def test_a_method_takes_its_value_or_its_default(
    method: str, value: float | None, expected: float | None
) -> None:
    assert Smoothing.of(method, value).value == expected


@pytest.mark.parametrize(("method", "value"), [("none", 0.1), ("exp", 1.0), ("method4", None)])
def test_a_value_with_none_or_exp_and_an_unknown_method_are_refused(
    method: str, value: float | None
) -> None:
    with pytest.raises(ValueError, match=method):
        Smoothing.of(method, value)


def test_add_k_adds_k_once_to_the_counts_of_orders_2_and_up() -> None:
    # 1 + 0.1 is one double addition: 1.1; order 1 keeps its counts.
    assert adjusted_counts((2, 1, 0), (3, 2, 1), Smoothing.of("add-k", 0.1)) == (
        [2.0, 1.1, 0.1],
        [3.0, 2.1, 1.1],
    )


@pytest.mark.parametrize("method", ["none", "floor", "exp"])
def test_other_methods_leave_the_counts_as_they_are(method: str) -> None:
    assert adjusted_counts((2, 0), (3, 0), Smoothing.of(method)) == ([2.0, 0.0], [3.0, 0.0])


PRECISIONS = [
    # m = 1, 0, 0, 0 over l = 4, 3, 2, 1.
    # none: 1/4, then 0 for each unmatched order.
    ("none", None, (0.25, 0.0, 0.0, 0.0)),
    # floor, ε = 0.5: 0.5/3, 0.5/2, 0.5/1.
    ("floor", 0.5, (0.25, 0.16666666666666666, 0.25, 0.5)),
    # exp: t = 2, 4, 8 at the three unmatched orders: 1/(2 * 3), 1/(4 * 2), 1/(8 * 1).
    ("exp", None, (0.25, 0.16666666666666666, 0.125, 0.125)),
]


@pytest.mark.parametrize(("method", "value", "expected"), PRECISIONS)
def test_each_method_fills_in_unmatched_orders_its_own_way(
    method: str, value: float | None, expected: tuple[float, ...]
) -> None:
    smoothing = Smoothing.of(method, value)
    assert precisions([1.0, 0.0, 0.0, 0.0], [4.0, 3.0, 2.0, 1.0], smoothing) == expected


def test_exp_does_not_double_at_an_order_without_ngrams() -> None:
    # l_2 = 0: null, and t stays 1 until order 3: 1/(2 * 1). (l'_n rises only with add-k, but
    # the rule is the page's: t doubles only at orders with l'_n > 0 and m'_n = 0.)
    assert precisions([1.0, 0.0, 0.0], [2.0, 0.0, 1.0], Smoothing.of("exp")) == (0.5, None, 0.5)


def test_an_order_without_ngrams_is_null_for_every_method() -> None:
    for method in SMOOTHING_METHODS:
        assert precisions([0.0], [0.0], Smoothing.of(method)) == (None,)


def test_add_k_at_order_1_without_a_match_is_0() -> None:
    assert precisions([0.0, 1.0], [2.0, 2.0], Smoothing.of("add-k")) == (0.0, 0.5)
