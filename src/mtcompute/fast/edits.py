"""WER's and CER's statistics, fast: the compiled kernel (``_edits.c``) makes the items, aligns
and counts where the package has it; otherwise, and for the pairs it hands back (those rapidfuzz
would split first), the oracle ``metrics/wer`` does. Both give the same integers.
"""

from collections.abc import Sequence
from typing import cast

from mtcompute.fast import compiled
from mtcompute.metrics.wer.corpus import same_length, segment_statistics
from mtcompute.metrics.wer.statistics import EditStatistics, summed
from mtcompute.metrics.wer.transforms import characters, words


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
    counts, left = compiled.edit_statistics(hypotheses, references, by_characters, False)
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
    counts, left = compiled.edit_statistics(hypotheses, references, by_characters, True)
    total = EditStatistics(*cast(tuple[int, int, int, int], counts))
    if left:
        total += summed(
            _oracle([hypotheses[i] for i in left], [references[i] for i in left], by_characters)
        )
    return total
