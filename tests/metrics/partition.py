"""A check shared by the id tests: two labelings split positions into the very same groups."""

from collections.abc import Sequence


def same_partition(left: Sequence[object], right: Sequence[object]) -> bool:
    """True when ``left[i] == left[j]`` exactly where ``right[i] == right[j]``."""
    pairs = set(zip(left, right, strict=True))
    return len(pairs) == len(set(left)) == len(set(right))
