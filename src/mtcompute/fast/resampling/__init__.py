"""Resampling a corpus's per-segment statistics: confidence intervals, paired bootstrap and
approximate randomization, every system's statistics summed at once per resample.

``registry`` describes each resampled metric (``segmentwise/``: one module each) and
``statistics`` makes every system's per-segment statistics (each segment's
references counted once for all systems), ``draws`` makes the resamples (sacreBLEU 2.6's NumPy
draws, or the portable generator), ``sums`` turns them into summed statistics (compiled integer
kernels, or matrix products), ``scores`` scores every row of sums in each metric's formula,
``paired`` runs the tests on statistics matrices.
"""
