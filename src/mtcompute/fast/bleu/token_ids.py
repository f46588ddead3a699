"""Token identities for the vectorised statistics: per token, an id of (segment, string).

Two occurrences get the same id exactly when they are the same string in the same segment, which
is what clipping needs. From the tokens' bytes, the rows (segment, word 0, word 1, ...) get exact
ids from ``ranks.hashed_ids``; without bytes, a dict of the strings does the same work.
"""

import itertools
from collections.abc import Iterable, Sequence

import numpy as np

from mtcompute.fast.bleu.ranks import Ints, dense_ranks, hashed_ids
from mtcompute.fast.bleu.token_bytes import TokenBytes


def ids_from_bytes(encoded: TokenBytes, token_segments: Ints) -> tuple[Ints, int]:
    """(segment, token) ids, equal exactly where both are, and a bound on them."""
    return hashed_ids([token_segments.view(np.uint64), *encoded.words()])


def ids_from_strings(sentences: Sequence[Sequence[str]], token_segments: Ints) -> tuple[Ints, int]:
    """The same ids from the strings themselves, with a dict: for any tokens at all."""
    token_count = len(token_segments)
    first_use: dict[str, int] = {}
    tokens: Iterable[str] = itertools.chain.from_iterable(sentences)
    global_ids = np.fromiter(
        map(first_use.setdefault, tokens, itertools.count()), dtype=np.int64, count=token_count
    )
    keys = (token_segments * max(token_count, 1) + global_ids).view(np.uint64)
    segment_count = int(token_segments.max(initial=0)) + 1
    return dense_ranks(keys, segment_count * max(token_count, 1))
