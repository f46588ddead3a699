"""The size of a bound value as compact JSON, counted no further than the budget."""

from collections.abc import Iterator

import pytest

from mtcompute import jsonio
from mtcompute.meta.batch.size import json_size

VALUES = [
    {"a": [1, 2.5, None, True, False], "b": {"c": "d"}, "é": "€"},
    [],
    {},
    "text with a € sign",
    [[["the", "cat"]], [["a", "dog"], []]],
    {"matches": [6, 5, 3, 1], "totals": [7, 5, 4, 3], "candidate_length": 7},
    0.1,
    -3,
]


@pytest.mark.parametrize("value", VALUES)
def test_the_size_is_the_compact_json_text_s_bytes(value: object) -> None:
    assert json_size(value, 10**9) == len(jsonio.dumps(value))


def test_a_value_over_the_budget_is_none_and_one_exactly_at_it_is_its_size() -> None:
    value = {"parts": ["x" * 100] * 10}
    size = len(jsonio.dumps(value))
    assert json_size(value, size) == size
    assert json_size(value, size - 1) is None


def test_a_huge_value_is_walked_no_further_than_the_budget() -> None:
    walked: list[int] = []

    class Counting(list[int]):
        def __iter__(self) -> Iterator[int]:
            walked.append(1)
            return super().__iter__()

    huge = [Counting([1, 2, 3]) for _ in range(100_000)]
    assert json_size(huge, 1_000) is None
    assert len(walked) < 1_000
