"""TER's description for resampling: options from keywords; portable mode scales averages of
reference lengths to integers."""

import numpy as np

from mtcompute.fast.resampling.segmentwise.ter_segments import ter_options, ter_statistics
from mtcompute.metrics.ter.options import TerOptions


def test_no_keywords_give_sacrebleus_ter() -> None:
    assert ter_options({}) == TerOptions()


def test_portable_rows_hold_integers_scaled_by_the_reference_counts() -> None:
    systems = [["a b c", "x"]]
    references = [["a b c", "a b"], ["x y z"]]
    (matrix,) = ter_statistics(TerOptions(), systems, references, "portable").matrices
    # Lengths (3 + 2) / 2 and 3 / 1, scaled by lcm(2, 1) = 2.
    assert np.array_equal(np.asarray(matrix)[:, 1], [5.0, 6.0])
