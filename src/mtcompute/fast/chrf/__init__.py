"""chrF and chrF++ statistics, vectorised with numpy: the same integers, kept references and
doubles as ``metrics.chrf``, which stays the oracle. How it works:

- Texts are laid end to end segment by segment (each hypothesis, then its references) and read
  as code points in one ``utf-32`` buffer; whitespace is dropped with a lookup table.
- An n-gram is named by (the id of its (n-1)-gram prefix, its last unit), a unit being a code
  point, or a word token's id; a unigram's key also holds its segment. Ids come from a hash
  table: the occurrences that hash to a bucket take the id of the one written there when their
  keys are equal (exact: keys are compared, not hashes), and try again with another hash
  otherwise. A block's table fits the processor's caches: no sort at all.
- An id is an occurrence's index, so ids run in segment order: per id one ``bincount`` counts
  the hypothesis and each reference (columns), ``min`` of the hypothesis column with each other
  gives the matches, and a cumulative sum gives them per segment and reference.
- An (n+1)-gram can match only where both n-grams inside it are in the hypothesis and in some
  reference of the segment, so every other occurrence is dropped before the next order.
- Word tokens are named by a hash of their code points that is then checked code point by code
  point against the token whose id they take; should two tokens ever share a hash, the oracle
  computes the block.
- Scores (F per segment and reference, the selection key, the first largest key) are the
  oracle's formulas applied to whole arrays, one IEEE-754 operation at a time in the same order,
  so each double is the oracle's.

A large corpus is computed a block of segments at a time by ``fast.blocks`` (the helper process
taking some blocks on a second core): a block's arrays stay in the processor's caches and peak
memory is a block's. Blocks' results come back in any order; each knows its first segment.

Sentence scores alone, of many short segments, come from ``sentences`` in one compiled call,
without a corpus result or an object per segment.
"""

import importlib as _importlib
import typing as _typing

if _typing.TYPE_CHECKING:
    from mtcompute.fast.chrf.compute import (
        CODE_POINTS_PER_BLOCK,
        SMALL_INPUT_CODE_POINTS,
        ChrfBlock,
        block_of,
        chrf_fast,
        segment_statistics_fast,
    )
    from mtcompute.fast.chrf.sentences import sentence_scores, sentence_statistics

# Imported on first use: the sentence scores need no numpy, the corpus blocks do.
_HOMES = {
    "CODE_POINTS_PER_BLOCK": "mtcompute.fast.chrf.compute",
    "SMALL_INPUT_CODE_POINTS": "mtcompute.fast.chrf.compute",
    "ChrfBlock": "mtcompute.fast.chrf.compute",
    "block_of": "mtcompute.fast.chrf.compute",
    "chrf_fast": "mtcompute.fast.chrf.compute",
    "segment_statistics_fast": "mtcompute.fast.chrf.compute",
    "sentence_scores": "mtcompute.fast.chrf.sentences",
    "sentence_statistics": "mtcompute.fast.chrf.sentences",
}

__all__ = [
    "CODE_POINTS_PER_BLOCK",
    "SMALL_INPUT_CODE_POINTS",
    "ChrfBlock",
    "block_of",
    "chrf_fast",
    "segment_statistics_fast",
    "sentence_scores",
    "sentence_statistics",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'mtcompute.fast.chrf' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home), name)
    globals()[name] = value
    return value
