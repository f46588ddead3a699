"""Resampling a corpus's per-segment statistics: confidence intervals, paired bootstrap and
approximate randomization, as one matrix product per metric.

``draws`` makes the resamples (sacreBLEU 2.6's NumPy draws, or the portable generator),
``sums`` turns them into summed statistics, ``scores`` scores every row of sums in each
metric's formula, ``tests`` runs the tests on statistics matrices.
"""
