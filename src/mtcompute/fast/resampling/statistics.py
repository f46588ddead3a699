"""Per-segment statistics matrices, one row per segment, in the columns of ``scores``'
formulas: BLEU's hypothesis length, closest reference length, matches and totals per order;
chrF's hypothesis n-grams, reference n-grams and matches per order (the kept reference's); TER's
edits and average reference length. Every value is an integer but TER's average, which portable
mode scales by a common multiple of the reference counts (``ter_scale``) to an integer too.
"""

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import compiled
from mtcompute.fast.bleu.sentence import segment_statistics_fast
from mtcompute.fast.resampling.scores import Matrix
from mtcompute.metrics.chrf import ChrfStatistics
from mtcompute.metrics.ter.statistics import TerStatistics

Tokens = Sequence[str]


def bleu_matrix(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], max_order: int
) -> Matrix:
    """Segment i: c, r, m_1..m_N, l_1..l_N of hypothesis i against its references."""
    rows = np.zeros((len(hypotheses), 2 + 2 * max_order))
    for i, (hypothesis, refs) in enumerate(zip(hypotheses, references, strict=True)):
        stats = segment_statistics_fast(hypothesis, refs, max_order)
        rows[i, 0] = stats.candidate_length
        rows[i, 1] = stats.reference_length
        rows[i, 2 : 2 + max_order] = stats.matches
        rows[i, 2 + max_order :] = stats.totals
    return rows


def bleu_rows(
    systems: Sequence[Sequence[Tokens]],
    references: Sequence[Sequence[Tokens]],
    max_order: int,
) -> NDArray[np.float64]:
    """A (systems, segments, 2 + 2N) array: ``[k, i]`` is ``bleu_matrix``'s row i of system k.
    Compiled where the package has it (``_shared_references.c``: each segment's references
    counted once for every system), else ``bleu_matrix`` system by system."""
    rows = np.empty((len(systems), len(references), 2 + 2 * max_order))
    filled = compiled.bleu_rows
    if filled is not None and filled(systems, references, max_order, rows):
        return rows
    for k, hypotheses in enumerate(systems):
        rows[k] = bleu_matrix(hypotheses, references, max_order)
    return rows


def chrf_matrix(segments: Sequence[ChrfStatistics], orders: int) -> Matrix:
    """Segment i: per order, its kept hypothesis, reference and match counts."""
    rows = np.zeros((len(segments), 3 * orders))
    for i, stats in enumerate(segments):
        rows[i, 0::3] = stats.hypothesis
        rows[i, 1::3] = stats.reference
        rows[i, 2::3] = stats.matches
    return rows


def ter_scale(reference_counts: Sequence[int]) -> int:
    """The least common multiple of the segments' reference counts."""
    return math.lcm(*reference_counts) if reference_counts else 1


MAX_REFERENCES = 8  # the most references a segment has


def reference_count(average: float) -> int | None:
    """The fewest references (1 to 8) whose integer total length ``average`` is the double
    of: ``round(average * k) / k == average``; None if there are none."""
    for count in range(1, MAX_REFERENCES + 1):
        total = round(average * count)
        if total / count == average:
            return count
    return None


def ter_matrix(
    segments: Sequence[TerStatistics], reference_counts: Sequence[int], scale: int | None = None
) -> Matrix:
    """Segment i: its edits and average reference length, or with ``scale`` (portable) the
    exact integer ``scale * average``: the references' total length times scale / count."""
    rows = np.zeros((len(segments), 2))
    for i, (stats, count) in enumerate(zip(segments, reference_counts, strict=True)):
        rows[i, 0] = stats.num_edits
        if scale is None:
            rows[i, 1] = stats.ref_length
        else:
            total = round(stats.ref_length * count)  # the lengths' exact integer sum
            rows[i, 1] = total * (scale // count)
    return rows
