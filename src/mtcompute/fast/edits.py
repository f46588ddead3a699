"""WER's and CER's statistics, fast: the compiled kernel (``_edits.c``) makes the items, aligns
and counts where the package has it, long pairs that rapidfuzz splits first (Hirschberg)
included; otherwise, and for any pair it hands back (one whose trace would read a row it did not
keep: none, as ``_edits.c`` argues), the oracle ``metrics/wer`` does. Both give the same integers.
"""

from array import array
from collections.abc import Sequence
from typing import cast

from mtcompute.fast import compiled
from mtcompute.metrics.wer.corpus import same_length, segment_distances, segment_statistics
from mtcompute.metrics.wer.statistics import EditStatistics, packed, summed
from mtcompute.metrics.wer.transforms import characters, words

# The kernel's modes: each pair's counts, their sum, each pair's error rate times 100, each
# pair's counts packed as int64.
_EACH, _SUMMED, _PERCENT, _PACKED = 0, 1, 2, 3


def _oracle(
    hypotheses: Sequence[str], references: Sequence[str], by_characters: bool
) -> list[EditStatistics]:
    return segment_statistics(hypotheses, references, characters if by_characters else words)


def pair_statistics_fast(
    hypotheses: Sequence[str], references: Sequence[str], *, by_characters: bool = False
) -> list[EditStatistics]:
    """Each pair's statistics, as ``metrics.wer.corpus.segment_statistics`` gives them."""
    same_length(hypotheses, references)
    if compiled.edit_statistics is None:
        return _oracle(hypotheses, references, by_characters)
    counts, left = compiled.edit_statistics(hypotheses, references, by_characters, _EACH)
    each = cast(list[tuple[int, int, int, int] | None], counts)
    out = [EditStatistics(*c) if c is not None else EditStatistics.zero() for c in each]
    for i in left:
        out[i] = _oracle([hypotheses[i]], [references[i]], by_characters)[0]
    return out


def summed_statistics_fast(
    hypotheses: Sequence[str], references: Sequence[str], *, by_characters: bool = False
) -> EditStatistics:
    """The pairs' statistics summed, as ``summed(segment_statistics(...))`` gives them."""
    same_length(hypotheses, references)
    if compiled.edit_statistics is None:
        return summed(_oracle(hypotheses, references, by_characters))
    counts, left = compiled.edit_statistics(hypotheses, references, by_characters, _SUMMED)
    total = EditStatistics(*cast(tuple[int, int, int, int], counts))
    if left:
        total += summed(
            _oracle([hypotheses[i] for i in left], [references[i] for i in left], by_characters)
        )
    return total


def percent_error_rates_fast(
    hypotheses: Sequence[str], references: Sequence[str], *, by_characters: bool = False
) -> list[float]:
    """Each pair's WER (or CER) times 100, ``100 * error_rate(statistics)`` of its statistics:
    the distance over the reference's items (or the insertions, where it has none)."""
    same_length(hypotheses, references)
    if compiled.edit_statistics is None:
        # A rate needs the distance alone: no path is traced, no long pair split.
        items = characters if by_characters else words
        return [
            100 * (float(errors) / float(length) if length else float(errors))
            for errors, length in segment_distances(hypotheses, references, items)
        ]
    rates, _ = compiled.edit_statistics(hypotheses, references, by_characters, _PERCENT)
    return cast(list[float], rates)  # every pair's: the kernel leaves none to the oracle


def packed_counts_fast(
    hypotheses: Sequence[str], references: Sequence[str], *, by_characters: bool = False
) -> "array[int]":
    """Each pair's hits, substitutions, deletions and insertions, four int64 a pair in one array:
    ``statistics.packed`` of ``segment_statistics``, with no object a pair."""
    same_length(hypotheses, references)
    if compiled.edit_statistics is None:
        return packed(_oracle(hypotheses, references, by_characters))
    raw, left = compiled.edit_statistics(hypotheses, references, by_characters, _PACKED)
    counts = array("q")
    counts.frombytes(cast(bytes, raw))
    for i in left:
        counts[4 * i : 4 * i + 4] = packed(_oracle([hypotheses[i]], [references[i]], by_characters))
    return counts
