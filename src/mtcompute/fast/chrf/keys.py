"""The numpy types of the chrF kernels and the mixing of keys into hash buckets: odd
multipliers with well-spread bits, the bucket taken from the product's bits 32 and up."""

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]


Keys = NDArray[np.uint64]


Floats = NDArray[np.float64]


Flags = NDArray[np.bool_]


# Odd multipliers with well-spread bits, one per attempt at a bucket (splitmix64's and the golden
# ratio's); the bucket is taken from the product's bits 32 and up.
MIXES = tuple(
    np.uint64(mix) for mix in (0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
)


BUCKET_SHIFT = np.uint64(32)


def mixed(values: Keys, offsets: Keys) -> Keys:
    """A well-spread 64-bit value of each (code point, offset in its token)."""
    mixed = values * MIXES[0] + offsets * MIXES[1] + MIXES[2]
    mixed ^= mixed >> np.uint64(29)
    mixed *= MIXES[1]
    mixed ^= mixed >> np.uint64(32)
    return mixed
