"""Dense ranks of integer keys: each key's rank among the distinct keys, found by one sort.

numpy sorts plain integers several times faster than it argsorts them, so when the keys leave
room, each key carries its own position in its low bits and a plain sort does the work of an
argsort: the position comes back out of the sorted word.
"""

from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Keys = NDArray[np.uint64]

_WORD = 2**64


class SortedGroups(NamedTuple):
    """Positions in key order, and per sorted position whether its key differs from the one
    before (True at the first): equal keys form one run."""

    order: Ints
    starts_run: NDArray[np.bool_]


def sorted_groups(keys: Keys, key_bound: int) -> SortedGroups:
    """Sort ``keys``, each below ``key_bound``; ties in any order."""
    position_bits = max(len(keys) - 1, 0).bit_length()
    if key_bound << position_bits <= _WORD:
        packed = np.sort((keys << np.uint64(position_bits)) | np.arange(len(keys), dtype=np.uint64))
        order = (packed & np.uint64((1 << position_bits) - 1)).astype(np.int64)
        sorted_keys = packed >> np.uint64(position_bits)
    else:
        order = np.argsort(keys)
        sorted_keys = keys[order]
    starts_run = np.empty(len(keys), dtype=np.bool_)
    starts_run[:1] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=starts_run[1:])
    return SortedGroups(order, starts_run)


def ranks_of(groups: SortedGroups) -> tuple[Ints, int]:
    """Each position's run number (0, 1, ...) and how many runs there are."""
    run_numbers = np.cumsum(groups.starts_run) - 1
    ranks = np.empty(len(run_numbers), dtype=np.int64)
    ranks[groups.order] = run_numbers
    return ranks, int(run_numbers[-1]) + 1 if len(run_numbers) else 0


def dense_ranks(keys: Keys, key_bound: int) -> tuple[Ints, int]:
    """Each key's rank among the distinct keys, and how many distinct keys there are."""
    return ranks_of(sorted_groups(keys, key_bound))
