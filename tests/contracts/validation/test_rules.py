"""The rules over whole arrays, and the bulk check and the walker agreeing on each."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.contracts.validation.rules import FAILED, SameLength
from mtcompute.contracts.validation.violations import Violations

SEGMENTS = SameLength("hypotheses", "references", "reference set", "reference sets", "hypothesis")


def walked(raw: dict[str, Any]) -> Violations:
    found = Violations()
    SEGMENTS.walk(raw, found)
    return found


def test_arrays_of_different_lengths_are_refused_at_the_second_never_truncated() -> None:
    found = walked({"hypotheses": [[]], "references": [[], []]})
    assert found.kept == [
        {
            "code": "segment_count_mismatch",
            "pointer": "/references",
            "message": "expected 1 reference set (one per hypothesis), got 2 at /references",
        }
    ]


def test_the_message_counts_in_the_plural_when_more_than_one_is_expected() -> None:
    found = walked({"hypotheses": [[], []], "references": [[]]})
    assert found.kept[0]["message"].startswith("expected 2 reference sets (one per hypothesis)")


def test_arrays_that_are_not_arrays_are_left_to_the_schema() -> None:
    assert walked({"hypotheses": 3, "references": [[]]}).count == 0
    assert walked({"references": [[]]}).count == 0


@given(st.integers(0, 4), st.integers(0, 4))
def test_the_bulk_check_and_the_walker_agree_on_same_length(first: int, second: int) -> None:
    raw: dict[str, Any] = {"hypotheses": [[]] * first, "references": [[]] * second}
    assert (SEGMENTS.bulk(raw) is FAILED) == (walked(raw).count > 0)
