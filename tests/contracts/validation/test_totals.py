"""The total rule: the arrays inside an array hold at most so many items in all; the bulk check
and the walker agree."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.totals import TotalItems
from mtcompute.contracts.validation.violations import Violations

SEGMENTS = TotalItems("parts", "segments", 5, "too_many_segments")


def walked(rule: TotalItems, raw: dict[str, Any]) -> Violations:
    found = Violations()
    rule.walk(raw, found)
    return found


def test_arrays_over_the_total_are_refused_at_the_outer_array_with_the_total() -> None:
    found = walked(SEGMENTS, {"parts": [[0, 0], [], [0, 0, 0, 0]]})
    assert found.kept == [
        {
            "code": "too_many_segments",
            "pointer": "/parts",
            "message": "expected at most 5 segments in all its parts, got 6 at /parts",
        }
    ]


def test_arrays_of_exactly_the_total_pass() -> None:
    raw = {"parts": [[0, 0], [0, 0, 0]]}
    assert walked(SEGMENTS, raw).count == 0
    assert SEGMENTS.bulk(raw) is None


def test_no_bound_passes_any_total() -> None:
    unbounded = TotalItems("parts", "segments", None, "too_many_segments")
    raw = {"parts": [[0] * 1000] * 1000}
    assert unbounded.bulk(raw) is None
    assert walked(unbounded, raw).count == 0


def test_what_is_not_an_array_is_left_to_the_schema_and_not_counted() -> None:
    assert walked(SEGMENTS, {"parts": 30}).count == 0
    assert walked(SEGMENTS, {}).count == 0
    assert walked(SEGMENTS, {"parts": [[0] * 5, {"a": 1, "b": 2}, "abcdef"]}).count == 0


@given(st.lists(st.integers(0, 4), max_size=4))
def test_the_bulk_check_and_the_walker_agree_on_the_total(lengths: list[int]) -> None:
    raw: dict[str, Any] = {"parts": [[0] * length for length in lengths]}
    assert (SEGMENTS.bulk(raw) is FAILED) == (walked(SEGMENTS, raw).count > 0)
