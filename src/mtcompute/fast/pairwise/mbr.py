"""MBR selection from a float64 score matrix: ``metrics.pairwise.mbr_select``'s doubles.

A row's expected utility is its scores added left to right, one IEEE-754 addition at a time
(numpy's ``sum`` adds pairwise, which rounds differently), then divided by m; here a whole
column is added at each step, every row's sum still taken in reference order.
"""

import numpy as np

from mtcompute.fast.pairwise.jobs import Floats
from mtcompute.metrics.pairwise import MbrSelection


def mbr_select_matrix(scores: Floats) -> MbrSelection:
    """Expected utilities of the rows of an (n, m) matrix and the first row with the largest."""
    n, m = scores.shape
    if n == 0 or m == 0:
        raise ValueError("mbr_select needs at least one hypothesis and one reference")
    columns = np.ascontiguousarray(scores.T, dtype=np.float64)
    totals = columns[0].copy()
    for column in columns[1:]:
        totals += column
    utilities = totals / float(m)
    return MbrSelection(tuple(utilities.tolist()), int(np.argmax(utilities)))
