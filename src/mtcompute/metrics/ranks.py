"""Ids for integer keys, or rows of them, that are equal exactly where the keys are: from a sort.

numpy sorts plain integers several times faster than it argsorts them, so each key carries its
own position in its low bits and a plain sort does the work of an argsort: the position comes
back out of the sorted word. Keys too wide to leave room are hashed, and the hash's high bits
sorted; a hash can collide, so neighbours with equal hashes are compared column by column, and
the rare run that mixes different rows is split with a dict. The ids are exact either way.
"""

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Keys = NDArray[np.uint64]

_WORD_BITS = 64
# Odd constants with well-spread bits (splitmix64's): each multiplication carries every input
# bit into the high bits, which the sort keeps.
_COLUMN_MIX = np.uint64(0xBF58476D1CE4E5B9)
_FINAL_MIX = np.uint64(0x94D049BB133111EB)


class SortedGroups(NamedTuple):
    """Positions in key order, and per sorted position whether its key differs from the one
    before (True at the first): equal keys form one run."""

    order: Ints
    starts_run: NDArray[np.bool_]


def dense_ranks(keys: Keys, key_bound: int) -> tuple[Ints, int]:
    """Ids of keys below ``key_bound``, equal exactly where the keys are, and a bound on them."""
    if packs_with_positions(len(keys), key_bound):
        position_bits = _position_bits(len(keys))
        return _run_numbers(_sorted(keys << np.uint64(position_bits), position_bits))
    return hashed_ids([keys])


def packs_with_positions(count: int, key_bound: int) -> bool:
    """Whether ``count`` keys below ``key_bound`` leave room for their positions in 64 bits:
    then ``dense_ranks`` sorts them exactly, without hashing."""
    return key_bound << _position_bits(count) <= 1 << _WORD_BITS


def hashed_ids(
    columns: Sequence[Keys],
    hashes: Keys | None = None,
    *,
    leading: Keys | None = None,
    leading_bound: int = 1,
) -> tuple[Ints, int]:
    """Ids equal exactly where every column (and ``leading``) is, and a bound on them;
    ``hashes`` (of the columns, a mix of them when omitted) only decide how quickly.

    ``leading``, values below ``leading_bound`` (the segment of a token, say), heads the sort
    keys exactly: rows that share it lie together in the sorted order, so that the gathers that
    follow read memory nearly in order, and it needs no comparing.
    """
    position_bits = _position_bits(len(columns[0]))
    leading_bits = max(leading_bound - 1, 1).bit_length()
    hash_bits = _WORD_BITS - position_bits - leading_bits
    if leading is not None and hash_bits < 1:  # no room to lead: an ordinary column
        columns, leading, hashes = [leading, *columns], None, None
    hashes = _mixed(columns) if hashes is None else hashes
    if leading is None:
        keys = hashes & np.uint64(((1 << _WORD_BITS) - 1) ^ ((1 << position_bits) - 1))
    else:
        keys = _led_by(leading, leading_bits, hashes, hash_bits)
    del hashes  # freed before the sort: fresh large arrays cost page faults as well as time
    groups = _sorted(keys, position_bits)
    ids, count = _run_numbers(groups)
    mixed_runs = _runs_with_different_rows(groups, ids, columns)
    if len(mixed_runs):
        in_mixed_run = np.isin(ids, mixed_runs)
        return _split_runs(ids, count, in_mixed_run, [] if leading is None else [leading], columns)
    return ids, count


def _led_by(leading: Keys, leading_bits: int, hashes: Keys, hash_bits: int) -> Keys:
    """Sort keys of the leading values, then the hash's high bits, then room for positions."""
    keys = hashes >> np.uint64(_WORD_BITS - hash_bits)
    keys <<= np.uint64(_WORD_BITS - leading_bits - hash_bits)
    keys |= leading << np.uint64(_WORD_BITS - leading_bits)
    return keys


def _position_bits(count: int) -> int:
    return max(count - 1, 0).bit_length()


def _sorted(shifted_keys: Keys, position_bits: int) -> SortedGroups:
    """Sort keys already shifted left by ``position_bits``, with their positions in those bits."""
    # In place where it can be: fresh large arrays cost page faults as well as time.
    packed = shifted_keys
    packed |= np.arange(len(packed), dtype=np.uint64)
    packed.sort()
    order = (packed & np.uint64((1 << position_bits) - 1)).view(np.int64)
    packed >>= np.uint64(position_bits)
    starts_run = np.empty(len(packed), dtype=np.bool_)
    starts_run[:1] = True
    np.not_equal(packed[1:], packed[:-1], out=starts_run[1:])
    return SortedGroups(order, starts_run)


def _run_numbers(groups: SortedGroups) -> tuple[Ints, int]:
    """Each position's run number (0, 1, ...) and how many runs there are."""
    run_numbers = np.cumsum(groups.starts_run, dtype=np.int64)
    run_numbers -= 1
    ids = np.empty(len(run_numbers), dtype=np.int64)
    ids[groups.order] = run_numbers
    return ids, int(run_numbers[-1]) + 1 if len(run_numbers) else 0


def _mixed(columns: Sequence[Keys]) -> Keys:
    hashes = np.zeros(len(columns[0]), dtype=np.uint64)
    for column in columns:
        hashes ^= column
        hashes *= _COLUMN_MIX
        hashes ^= hashes >> np.uint64(29)
    hashes *= _FINAL_MIX
    hashes ^= hashes >> np.uint64(32)
    return hashes


def _runs_with_different_rows(groups: SortedGroups, ids: Ints, columns: Sequence[Keys]) -> Ints:
    """The ids of runs whose neighbouring rows differ somewhere: hash collisions."""
    differs = np.zeros(max(len(ids) - 1, 0), dtype=np.bool_)
    for column in columns:
        in_order = column[groups.order]
        differs |= in_order[1:] != in_order[:-1]
    differs &= ~groups.starts_run[1:]
    return np.unique(ids[groups.order[1:][differs]])


def _split_runs(
    ids: Ints,
    count: int,
    in_mixed_run: NDArray[np.bool_],
    leading: Sequence[Keys],
    columns: Sequence[Keys],
) -> tuple[Ints, int]:
    """New ids, past ``count``, for the positions of mixed runs: one per distinct row."""
    positions = np.flatnonzero(in_mixed_run)
    values = (column[positions].tolist() for column in (*leading, *columns))
    first_seen: dict[tuple[int, ...], int] = {}
    new_ids = [
        first_seen.setdefault(row, count + len(first_seen)) for row in zip(*values, strict=True)
    ]
    ids[positions] = new_ids
    return ids, count + len(first_seen)
