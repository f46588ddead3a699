"""Ids for integer keys, or rows of them, that are equal exactly where the keys are: from a sort.

numpy's stable argsort of 16-bit integers is a radix sort, several times faster than its sort of
64-bit integers, so keys are ordered one 16-bit digit at a time, least significant first, each
pass stable. Keys known to be narrow enough are ordered whole, exactly. Rows of several columns,
and wider keys, are hashed and ordered by the hash's top digits, as many as keep collisions rare;
a hash can collide, so neighbours with equal hashes are compared column by column, and the rare
run that mixes different rows is split with a dict. The ids are exact either way.
"""

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Keys = NDArray[np.uint64]

_WORD_BITS = 64
_DIGIT_BITS = 16
_DIGITS_PER_WORD = _WORD_BITS // _DIGIT_BITS
# Keys below 2**48 are ordered exactly; wider ones are hashed (the four passes cost more).
_EXACT_DIGITS_MAX = 3
# Odd constants with well-spread bits (splitmix64's): each multiplication carries every input
# bit into the high bits, which the ordering uses.
_COLUMN_MIX = np.uint64(0xBF58476D1CE4E5B9)
_FINAL_MIX = np.uint64(0x94D049BB133111EB)


class SortedGroups(NamedTuple):
    """Positions in key order, and per sorted position whether its key differs from the one
    before (True at the first): equal keys form one run."""

    order: Ints
    starts_run: NDArray[np.bool_]


def dense_ranks(keys: Keys, key_bound: int) -> tuple[Ints, int]:
    """Ids of keys below ``key_bound``, equal exactly where the keys are, and a bound on them."""
    digits = _digits_below(key_bound)
    if digits > _EXACT_DIGITS_MAX:
        return hashed_ids([keys])
    order = _radix_order(keys, range(digits))
    return _run_numbers(_groups(keys, order))


def hashed_ids(columns: Sequence[Keys], hashes: Keys | None = None) -> tuple[Ints, int]:
    """Ids equal exactly where every column is, and a bound on them; ``hashes`` (of the rows, a
    mix of the columns when omitted) only decide how quickly."""
    hashes = _mixed(columns) if hashes is None else hashes
    digits = _hash_digits(len(hashes))
    top_digits = range(_DIGITS_PER_WORD - digits, _DIGITS_PER_WORD)
    order = _radix_order(hashes, top_digits)
    groups = _groups(hashes >> np.uint64(_WORD_BITS - _DIGIT_BITS * digits), order)
    ids, count = _run_numbers(groups)
    mixed_runs = _runs_with_different_rows(groups, ids, columns)
    if len(mixed_runs):
        return _split_runs(ids, count, mixed_runs, columns)
    return ids, count


def _digits_below(bound: int) -> int:
    """How many 16-bit digits the integers below ``bound`` have (at least one)."""
    return max(1, math.ceil(max(bound - 1, 0).bit_length() / _DIGIT_BITS))


def _hash_digits(count: int) -> int:
    """How many of a hash's top digits keep the expected number of colliding pairs among
    ``count`` rows, about count**2 / 2**(bits + 1), below one."""
    wanted_bits = 2 * max(count - 1, 0).bit_length() - 1
    return min(_DIGITS_PER_WORD, max(1, math.ceil(wanted_bits / _DIGIT_BITS)))


def _radix_order(keys: Keys, digits: range) -> Ints:
    """Positions ordered by the given 16-bit digits of the keys (0 the least significant)."""
    by_digit = keys.astype("<u8", copy=False).view("<u2").reshape(-1, _DIGITS_PER_WORD)
    order: Ints = by_digit[:, digits[0]].argsort(kind="stable")
    for digit in digits[1:]:
        # A gather from the digit's column (a strided view): faster than a 2-D gather.
        order = order[by_digit[:, digit][order].argsort(kind="stable")]
    return order


def _groups(keys: Keys, order: Ints) -> SortedGroups:
    """The runs of equal keys in ``order``, where equal keys lie together."""
    in_order = keys[order]
    starts_run = np.empty(len(in_order), dtype=np.bool_)
    starts_run[:1] = True
    np.not_equal(in_order[1:], in_order[:-1], out=starts_run[1:])
    return SortedGroups(order, starts_run)


def _run_numbers(groups: SortedGroups) -> tuple[Ints, int]:
    """Each position's run number (0, 1, ...) and how many runs there are."""
    run_numbers = groups.starts_run.cumsum(dtype=np.int64)
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
    if not differs.any():  # as good as always; np.unique costs much more, even of nothing
        return np.zeros(0, dtype=np.int64)
    return np.unique(ids[groups.order[1:][differs]])


def _split_runs(
    ids: Ints, count: int, mixed_runs: Ints, columns: Sequence[Keys]
) -> tuple[Ints, int]:
    """New ids, past ``count``, for the positions of mixed runs: one per distinct row."""
    is_mixed = np.zeros(count, dtype=np.bool_)
    is_mixed[mixed_runs] = True
    positions = np.flatnonzero(is_mixed[ids])
    values = (column[positions].tolist() for column in columns)
    first_seen: dict[tuple[int, ...], int] = {}
    new_ids = [
        first_seen.setdefault(row, count + len(first_seen)) for row in zip(*values, strict=True)
    ]
    ids[positions] = new_ids
    return ids, count + len(first_seen)
