"""Token identities for the vectorised statistics: per token, a dense id of (segment, string).

Two occurrences get the same id exactly when they are the same string in the same segment, which
is what clipping needs. From the tokens' bytes, a 64-bit hash of the segment and the token's words
is sorted, so equal tokens lie side by side; then every pair of neighbours with equal hashes is
compared word by word, so a hash collision can never merge two different tokens: it is found,
and the work is redone with more hash bits or, failing that, by a dict of the strings.
"""

import itertools
from collections.abc import Iterable, Sequence

import numpy as np

from mtcompute.metrics.ranks import Ints, Keys, SortedGroups, dense_ranks, ranks_of, sorted_groups
from mtcompute.metrics.token_bytes import TokenBytes, Words

# Odd constants with well-spread bits (from the golden ratio and splitmix64): the multiplications
# carry every input bit into the high bits, which the sort keys keep.
_SEGMENT_MIX = np.uint64(0x9E3779B97F4A7C15)
_WORD_MIX = np.uint64(0xBF58476D1CE4E5B9)
_FINAL_MIX = np.uint64(0x94D049BB133111EB)
# Keys truncated to leave room for positions still collide with odds below 2**-8 at this bound.
_TRUNCATED_COLLISION_BOUND = 2**56


def ids_from_bytes(encoded: TokenBytes, token_segments: Ints) -> tuple[Ints, int] | None:
    """Dense (segment, token) ids and their count; None if even 64-bit hashes collided."""
    words = encoded.words()
    hashes = _hash(words, token_segments)
    count = len(hashes)
    position_bits = max(count - 1, 0).bit_length()
    if count * count << position_bits <= _TRUNCATED_COLLISION_BOUND:
        truncated = hashes >> np.uint64(position_bits)
        groups = sorted_groups(truncated, 1 << (64 - position_bits))
        if _runs_hold_equal_tokens(groups, words, token_segments):
            return ranks_of(groups)
    groups = sorted_groups(hashes, 2**64)
    if _runs_hold_equal_tokens(groups, words, token_segments):
        return ranks_of(groups)
    return None


def _hash(words: list[Words], token_segments: Ints) -> Keys:
    hashes = token_segments.astype(np.uint64) * _SEGMENT_MIX
    for word in words:
        hashes ^= word
        hashes *= _WORD_MIX
        hashes ^= hashes >> np.uint64(29)
    hashes *= _FINAL_MIX
    hashes ^= hashes >> np.uint64(32)
    return hashes


def _runs_hold_equal_tokens(groups: SortedGroups, words: list[Words], segments: Ints) -> bool:
    """Whether each run of equal hashes holds one token of one segment: neighbours compared."""
    starts_run = groups.starts_run[1:]
    return all(
        bool(np.all((in_order[1:] == in_order[:-1]) | starts_run))
        for in_order in (values[groups.order] for values in (segments, *words))
    )


def ids_from_strings(sentences: Sequence[Sequence[str]], token_segments: Ints) -> tuple[Ints, int]:
    """The same ids from the strings themselves, with a dict: for any tokens at all."""
    token_count = len(token_segments)
    first_use: dict[str, int] = {}
    tokens: Iterable[str] = itertools.chain.from_iterable(sentences)
    global_ids = np.fromiter(
        map(first_use.setdefault, tokens, itertools.count()), dtype=np.int64, count=token_count
    )
    keys = (token_segments * max(token_count, 1) + global_ids).astype(np.uint64)
    segment_count = int(token_segments.max(initial=0)) + 1
    return dense_ranks(keys, segment_count * max(token_count, 1))
