"""MBR selection from a numpy matrix gives the oracle's utilities and index to the bit."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.fast.pairwise.mbr import mbr_select_matrix
from mtcompute.metrics.pairwise import mbr_select

_ROWS = st.integers(min_value=1, max_value=6).flatmap(
    lambda m: st.lists(
        st.lists(st.floats(min_value=0, max_value=1), min_size=m, max_size=m), min_size=1
    )
)


@given(_ROWS)
def test_the_selection_is_the_oracles(rows: list[list[float]]) -> None:
    assert mbr_select_matrix(np.array(rows, dtype=np.float64)) == mbr_select(rows)


def test_rows_are_added_left_to_right_not_pairwise() -> None:
    row = [1.0] + [2.0**-53] * 8
    assert mbr_select_matrix(np.array([row])).expected_utility == mbr_select([row]).expected_utility
    assert mbr_select([row]).expected_utility == (1.0 / 9,)


def test_an_empty_matrix_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one hypothesis"):
        mbr_select_matrix(np.zeros((2, 0)))
