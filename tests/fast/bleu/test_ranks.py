"""Ids from sorting: equal exactly where the keys (or rows) are, however the hashes collide."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.bleu.ranks import dense_ranks, hashed_ids
from tests.metrics.partition import same_partition

_small_keys = st.lists(st.integers(min_value=0, max_value=50), max_size=300)
_wide_keys = st.lists(st.integers(min_value=0, max_value=2**64 - 1), max_size=300)


def _keys(values: list[int]) -> np.ndarray[tuple[int], np.dtype[np.uint64]]:
    return np.array(values, dtype=np.uint64)


@given(_small_keys)
def test_dense_ranks_are_equal_exactly_where_the_keys_are(values: list[int]) -> None:
    ids, count = dense_ranks(_keys(values), 51)
    assert same_partition(ids.tolist(), values)
    assert sorted(set(ids.tolist())) == list(range(count))


@given(_wide_keys)
def test_keys_too_wide_to_order_exactly_still_get_exact_ids(values: list[int]) -> None:
    ids, count = dense_ranks(_keys(values), 2**64)
    assert same_partition(ids.tolist(), values)
    assert all(0 <= i < count for i in ids.tolist())


@given(st.data(), st.sampled_from([2, 2**16, 2**16 + 1, 2**32, 2**32 + 1, 2**48, 2**48 + 1]))
def test_keys_near_their_bound_get_exact_ids_whatever_the_digits_it_takes(
    data: st.DataObject, key_bound: int
) -> None:
    # Keys that differ only in their highest digit, or only in their lowest.
    near_bound = st.integers(min_value=max(key_bound - 4, 0), max_value=key_bound - 1)
    values = data.draw(st.lists(near_bound | st.integers(0, 3), max_size=100))
    ids, count = dense_ranks(_keys(values), key_bound)
    assert same_partition(ids.tolist(), values)
    assert sorted(set(ids.tolist())) == list(range(count))


_rows = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=200)


@settings(max_examples=200)
@given(_rows)
def test_rows_whose_hashes_all_collide_are_split_by_their_values(
    rows: list[tuple[int, int]],
) -> None:
    columns = [_keys([row[0] for row in rows]), _keys([row[1] for row in rows])]
    ids, count = hashed_ids(columns, hashes=np.zeros(len(rows), dtype=np.uint64))
    assert same_partition(ids.tolist(), rows)
    assert all(0 <= i < count for i in ids.tolist())


@given(_rows)
def test_rows_whose_hashes_collide_in_part_get_exact_ids(rows: list[tuple[int, int]]) -> None:
    columns = [_keys([row[0] for row in rows]), _keys([row[1] for row in rows])]
    ids, _ = hashed_ids(columns, hashes=columns[0] << np.uint64(40))
    assert same_partition(ids.tolist(), rows)


def test_no_keys_get_no_ids() -> None:
    ids, count = dense_ranks(_keys([]), 10)
    assert (len(ids), count) == (0, 0)
    ids, count = hashed_ids([_keys([])])
    assert (len(ids), count) == (0, 0)
