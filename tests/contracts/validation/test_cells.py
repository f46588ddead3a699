"""The matrix rules: at most so many cells (rows times columns), and rows of one length; the
bulk check and the walker agree on each."""

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mtcompute.contracts.validation.cells import CellCount, SameRowLengths
from mtcompute.contracts.validation.rules import FAILED
from mtcompute.contracts.validation.violations import Violations

CELLS = CellCount("hypotheses", "references", 12)
ROWS = SameRowLengths("scores", "score", "scores")


def walked(rule: CellCount | SameRowLengths, raw: dict[str, Any]) -> Violations:
    found = Violations()
    rule.walk(raw, found)
    return found


def test_a_matrix_over_its_cells_is_refused_at_the_columns_with_both_lengths_and_the_product() -> (
    None
):
    found = walked(CELLS, {"hypotheses": [""] * 5, "references": [""] * 3})
    assert found.kept == [
        {
            "code": "too_many_cells",
            "pointer": "/references",
            "message": "expected at most 12 cells (hypotheses times references), got 5 "
            "hypotheses times 3 references = 15 at /references",
        }
    ]


def test_a_matrix_of_exactly_its_cells_passes() -> None:
    raw = {"hypotheses": [""] * 4, "references": [""] * 3}
    assert walked(CELLS, raw).count == 0
    assert CELLS.bulk(raw) is None


def test_no_bound_on_the_cells_passes_any_matrix() -> None:
    unbounded = CellCount("hypotheses", "references", None)
    raw = {"hypotheses": [""] * 1000, "references": [""] * 1000}
    assert unbounded.bulk(raw) is None
    assert walked(unbounded, raw).count == 0


def test_arrays_that_are_not_arrays_are_left_to_the_schema() -> None:
    assert walked(CELLS, {"hypotheses": 30, "references": [""] * 30}).count == 0
    assert walked(CELLS, {"references": [""] * 30}).count == 0


@given(st.integers(0, 6), st.integers(0, 6))
def test_the_bulk_check_and_the_walker_agree_on_the_cells(rows: int, columns: int) -> None:
    raw: dict[str, Any] = {"hypotheses": [""] * rows, "references": [""] * columns}
    assert (CELLS.bulk(raw) is FAILED) == (walked(CELLS, raw).count > 0)


def test_every_row_of_another_length_than_the_first_is_pointed_at() -> None:
    found = walked(ROWS, {"scores": [[1, 2], [3], [4, 5], [6, 7, 8]]})
    assert [(v["code"], v["pointer"]) for v in found.kept] == [
        ("row_length_mismatch", "/scores/1"),
        ("row_length_mismatch", "/scores/3"),
    ]
    assert found.kept[0]["message"] == "expected 2 scores (as many as row 0), got 1 at /scores/1"


def test_the_message_counts_in_the_singular_when_one_is_expected() -> None:
    found = walked(ROWS, {"scores": [[1], [2, 3]]})
    assert found.kept[0]["message"].startswith("expected 1 score (as many as row 0), got 2")


def test_rows_that_are_not_arrays_are_left_to_the_schema() -> None:
    assert walked(ROWS, {"scores": [3, [1, 2], [1]]}).count == 0
    assert walked(ROWS, {"scores": [[1, 2], 3, [1, 2]]}).count == 0
    assert walked(ROWS, {"scores": []}).count == 0
    assert walked(ROWS, {"scores": "x"}).count == 0


@given(st.lists(st.integers(0, 3), max_size=5))
def test_the_bulk_check_and_the_walker_agree_on_the_rows(lengths: list[int]) -> None:
    raw: dict[str, Any] = {"scores": [[0.5] * length for length in lengths]}
    assert (ROWS.bulk(raw) is FAILED) == (walked(ROWS, raw).count > 0)
