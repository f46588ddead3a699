"""Every system's per-segment chrF statistics against one set of references, each segment's
references read and counted once for all systems: what the paired significance tests resample.

Row i of system k holds, per order, the kept reference's hypothesis n-grams, reference n-grams
and matches, as ``metrics.chrf.segment_statistics`` keeps them. Compiled where the package has
it (``_shared_references.c``); otherwise each segment of each system on its own
(``chrf_segment``: the other compiled kernel, or the oracle), which gives the same integers.
"""

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import compiled
from mtcompute.fast.chrf.segment import chrf_segment
from mtcompute.fast.pairwise.jobs import usable_cores
from mtcompute.metrics.chrf import ChrfOptions


def kept_statistics(
    systems: Sequence[Sequence[str]],
    references: Sequence[Sequence[str]],
    options: ChrfOptions,
    *,
    threads: int | None = None,
) -> NDArray[np.float64]:
    """A (systems, segments, 3K) array: ``[k, i, 3o:3o+3]`` is system k's hypothesis n-grams,
    reference n-grams and matches of order o in segment i (character orders, then word orders).
    Every system has one text a segment; every segment has one reference or more. ``threads``
    caps the threads the compiled kernel shares the segments among (all usable cores by
    default); the rows do not depend on it."""
    width = 3 * options.order_count
    rows = np.empty((len(systems), len(references), width))
    filled = compiled.chrf_rows
    if filled is not None and filled(
        systems,
        references,
        options.char_order,
        options.word_order,
        options.beta,
        options.eps_smoothing,
        options.include_whitespace,
        rows,
        threads or usable_cores(),
    ):
        return rows
    for k, texts in enumerate(systems):
        if len(texts) != len(references):
            message = f"system {k} has {len(texts)} segments, the references {len(references)}"
            raise ValueError(message)
        for i, (hypothesis, refs) in enumerate(zip(texts, references, strict=True)):
            statistics = chrf_segment(hypothesis, refs, options).statistics
            rows[k, i, 0::3] = statistics.hypothesis
            rows[k, i, 1::3] = statistics.reference
            rows[k, i, 2::3] = statistics.matches
    return rows
