"""Per segment, the kept reference: every pair's F and selection key as whole arrays, one
IEEE-754 operation at a time in the oracle's order, and the first largest key."""

import numpy as np

from mtcompute.fast.chrf.corpus import Corpus, Counts
from mtcompute.fast.chrf.keys import Floats, Ints
from mtcompute.fast.collector import collector_paused
from mtcompute.metrics.chrf import (
    EPSILON,
    ChrfOptions,
    ChrfSegment,
    ChrfStatistics,
)


def kept_references(
    corpus: Corpus, counts: Counts, options: ChrfOptions
) -> tuple[list[ChrfSegment], ChrfStatistics]:
    """Each segment's first reference with the largest key, its statistics and F; their sum."""
    in_hypothesis, in_reference, matches = counts
    f, keys = _scores(in_hypothesis, in_reference, matches, options)
    reference_count = int(corpus.pair_reference.max(initial=0)) + 1
    table = np.full((corpus.segment_count, reference_count), -np.inf)
    table[corpus.pair_segment, corpus.pair_reference] = keys
    kept_reference = table.argmax(axis=1)  # the first largest
    first_pair = np.searchsorted(corpus.pair_segment, np.arange(corpus.segment_count))
    kept_pairs = first_pair + kept_reference
    kept_h, kept_r, kept_m = (
        in_hypothesis[kept_pairs],
        in_reference[kept_pairs],
        matches[kept_pairs],
    )
    with collector_paused():
        segments = [
            ChrfSegment(score, index, ChrfStatistics(tuple(h), tuple(r), tuple(m)))
            for score, index, h, r, m in zip(
                f[kept_pairs].tolist(),
                kept_reference.tolist(),
                kept_h.tolist(),
                kept_r.tolist(),
                kept_m.tolist(),
                strict=True,
            )
        ]
    statistics = ChrfStatistics(
        tuple(kept_h.sum(axis=0).tolist()),
        tuple(kept_r.sum(axis=0).tolist()),
        tuple(kept_m.sum(axis=0).tolist()),
    )
    return segments, statistics


def _scores(
    in_hypothesis: Ints, in_reference: Ints, matches: Ints, options: ChrfOptions
) -> tuple[Floats, Floats]:
    """Per pair: F and the selection key, as ``metrics.chrf.f_score`` and ``selection_key``
    compute them for one pair."""
    b = float(options.beta * options.beta)
    order_count = in_hypothesis.shape[1]
    if options.eps_smoothing:
        total = np.zeros(len(matches))
        for order in range(order_count):
            h, r, m = in_hypothesis[:, order], in_reference[:, order], matches[:, order]
            precision = np.where(h > 0, m / np.maximum(h, 1), EPSILON)
            recall = np.where(r > 0, m / np.maximum(r, 1), EPSILON)
            denominator = b * precision + recall
            positive = denominator > 0
            f = (((1.0 + b) * precision) * recall) / np.where(positive, denominator, 1.0)
            total = total + np.where(positive, f, EPSILON)
        return total / order_count, (100.0 * total) / order_count
    precision = np.zeros(len(matches))
    recall = np.zeros(len(matches))
    orders = np.zeros(len(matches), dtype=np.int64)
    for order in range(order_count):
        h, r, m = in_hypothesis[:, order], in_reference[:, order], matches[:, order]
        both = (h > 0) & (r > 0)
        precision = np.where(both, precision + m / np.maximum(h, 1), precision)
        recall = np.where(both, recall + m / np.maximum(r, 1), recall)
        orders += both
    counted = np.maximum(orders, 1)
    precision = precision / counted
    recall = recall / counted
    positive = (orders > 0) & (precision + recall != 0.0)
    denominator = np.where(positive, (b * precision) + recall, 1.0)
    f = np.where(positive, (((1.0 + b) * precision) * recall) / denominator, 0.0)
    return f, 100.0 * f
