"""``to_fixed`` rounds as JavaScript's ``Number.prototype.toFixed``, read back with ``Number()``."""

import math
import random
from collections.abc import Iterator

import pytest

from mtcompute.numerics.tofixed import to_fixed, to_fixed_many
from tests.javascript import run_node, to_hex

_CONTRACT_DECIMALS = range(16)


def _dyadic_fractions() -> Iterator[float]:
    """k / 2**e: exact halfway points, e.g. 0.125 at 2 decimals and 0.5 at 0."""
    for exponent in range(1, 13):
        for k in range(1, 2**exponent, 2):
            yield k / 2**exponent


def _near_halfway(rng: random.Random) -> Iterator[float]:
    """The double nearest a decimal halfway point such as 0.xx5, a little above or below it."""
    for decimals in _CONTRACT_DECIMALS:
        for _ in range(150):
            digits = f"{rng.randrange(10**decimals):0{decimals}d}" if decimals else ""
            yield float(f"0.{digits}5")


def _edges() -> Iterator[float]:
    for x in (0.0, 0.5, 1.0, 5e-324, 2.2250738585072014e-308, 1e-16, 0.1, 0.9):
        yield x
        yield math.nextafter(x, 0.0)
        yield math.nextafter(x, 1.0)


def _doubles_in_0_1() -> list[float]:
    rng = random.Random(3_1415)
    return [
        *_edges(),
        *_dyadic_fractions(),
        *_near_halfway(rng),
        *(rng.random() for _ in range(2_000)),
        *(rng.random() * 10.0 ** -rng.randint(1, 16) for _ in range(500)),
        *(1.0 - rng.random() * 10.0 ** -rng.randint(1, 16) for _ in range(500)),
    ]


def test_to_fixed_gives_the_number_of_javascript_to_fixed_on_generated_doubles() -> None:
    cases = [(x, decimals) for x in _doubles_in_0_1() for decimals in _CONTRACT_DECIMALS]
    assert len(cases) >= 100_000
    answers = run_node("math.mjs", ["toFixed"], [f"{to_hex(x)} {d}" for x, d in cases])
    differences = [
        f"({x!r}).toFixed({decimals}): python {to_fixed(x, decimals)!r}, node {answer}"
        for (x, decimals), answer in zip(cases, answers, strict=True)
        if to_fixed(x, decimals) != float(answer)
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:10]}"


@pytest.mark.parametrize(
    ("value", "decimals", "expected"),
    [
        (0.125, 2, 0.13),  # exactly halfway: up, where round() goes to even (0.12)
        (0.625, 2, 0.63),  # exactly halfway: up, where round() goes to even (0.62)
        (0.5, 0, 1.0),  # exactly halfway: up, where round() goes to even (0)
        (2.5, 0, 3.0),  # exactly halfway: up, where round() goes to even (2)
        (1.005, 2, 1.0),  # the double is 1.00499999999999989...: below halfway, so down
        (1.045, 2, 1.04),  # the double is 1.04499999999999992...: below halfway, so down
        (0.49999999999999994, 0, 0.0),  # the largest double below 0.5
        (0.7071067811865475, 0, 1.0),
        (0.38940039153570244, 0, 0.0),
        (0.7071067811865475, 15, 0.707106781186547),  # ...86547 + 0.00000000000000049...: down
        (1 / 3, 15, 0.333333333333333),
        (2 / 3, 15, 0.666666666666667),
        (0.12500000000000003, 15, 0.125),
        (0.9999999999999999, 15, 1.0),
        (5e-324, 15, 0.0),
        (1.5e-15, 15, 1e-15),  # the double is 1.49999999999999991...e-15: below halfway, so down
        (0.0, 15, 0.0),
        (1.0, 0, 1.0),
        (-0.125, 2, -0.13),  # halves go away from zero
    ],
)
def test_to_fixed_rounds_halves_up_on_the_exact_binary_value(
    value: float, decimals: int, expected: float
) -> None:
    assert to_fixed(value, decimals) == expected


@pytest.mark.parametrize("decimals", [-1, 101])
def test_to_fixed_refuses_decimals_outside_0_to_100(decimals: int) -> None:
    with pytest.raises(ValueError, match="decimals must be between 0 and 100"):
        to_fixed(0.5, decimals)


@pytest.mark.parametrize("decimals", _CONTRACT_DECIMALS)
def test_to_fixed_many_gives_to_fixeds_doubles_halfway_points_and_signs_included(
    decimals: int,
) -> None:
    values = [*_doubles_in_0_1(), -0.0, -0.125, -0.0001, -1 / 3, 2.5, 1e300]
    expected = [to_fixed(value, decimals) for value in values]
    rounded = to_fixed_many(values, decimals)
    assert [repr(value) for value in rounded] == [repr(value) for value in expected]


@pytest.mark.parametrize("decimals", [-1, 101])
def test_to_fixed_many_refuses_decimals_outside_0_to_100(decimals: int) -> None:
    with pytest.raises(ValueError, match="decimals must be between 0 and 100"):
        to_fixed_many([0.5], decimals)
