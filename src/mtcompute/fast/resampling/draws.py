"""The resamples: which segments each bootstrap resample takes, and which side each
randomization trial swaps.

Two generators, chosen by the caller:

``sacrebleu``
    sacreBLEU 2.6's draws with NumPy 2.x: ``numpy.random.default_rng(seed)``, then
    ``rng.choice(n, size=(samples, n), replace=True)`` for a bootstrap and
    ``rng.integers(2, size=(trials, n), dtype=bool)`` for randomization (True keeps the
    baseline's segment in the first pseudo-system), so every resample is sacreBLEU's.

``portable``
    splitmix64, specified here so that anyone can reproduce the resamples from this text alone
    (all arithmetic on unsigned 64-bit integers, modulo 2**64):

    * The stream seeded with ``seed`` (0 <= seed < 2**64) has outputs ``x_1, x_2, ...``:
      ``x_k = mix(seed + k * 0x9E3779B97F4A7C15)``, where ``mix(z)`` is
      ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
      return z ^ (z >> 31)``.
    * An index below ``n`` (unbiased): let ``b`` be the bit length of ``n - 1`` (0 when n is 1);
      take the next output ``x``, let ``v = x >> (64 - b)`` (0 when b is 0); if ``v < n`` it is
      the index, otherwise take the next output and try again.
    * A bootstrap: resample ``s = 0, 1, ...``, position ``j = 0 .. n-1``, in that order, each an
      index below ``n`` (the segment it takes).
    * Randomization: coin ``q = t * n + j`` (trial ``t = 0, 1, ...``, segment ``j = 0 .. n-1``)
      is bit ``63 - (q mod 64)`` of output ``x_{floor(q / 64) + 1}`` (each output's 64 bits are
      64 coins, the most significant first); 1 keeps the baseline's segment in the first
      pseudo-system, 0 swaps it.

    Bootstrap resamples and randomization trials each come from a stream of their own, seeded
    with the same ``seed``.
"""

import os
from typing import Literal

import numpy as np
from numpy.typing import NDArray

Resampling = Literal["sacrebleu", "portable"]
RESAMPLINGS: tuple[Resampling, ...] = ("sacrebleu", "portable")
Indexes = NDArray[np.int64]
Mask = NDArray[np.bool_]

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_BLOCK = 1 << 16  # outputs made at a time


def entropy_seed() -> int:
    """A seed from the operating system, for ``seed=None`` in portable mode."""
    return int.from_bytes(os.urandom(8), "little")


def splitmix64(seed: int, start: int, count: int) -> NDArray[np.uint64]:
    """Outputs ``x_{start+1} .. x_{start+count}`` of the stream seeded with ``seed``."""
    k = np.arange(start + 1, start + count + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + k * _GAMMA
        z = (z ^ (z >> np.uint64(30))) * _MIX_1
        z = (z ^ (z >> np.uint64(27))) * _MIX_2
    return z ^ (z >> np.uint64(31))


def portable_indexes(seed: int, samples: int, n: int) -> Indexes:
    """``samples`` bootstrap resamples of ``n`` segments, by the unbiased bounded draw."""
    wanted = samples * n
    bits = (n - 1).bit_length()
    found: list[NDArray[np.uint64]] = []
    have, start = 0, 0
    while have < wanted:
        # about as many outputs as the draws still wanted take: each is kept with p = n / 2**b
        count = max(_BLOCK, int((wanted - have) * (1 << bits) / n * 1.01))
        x = splitmix64(seed, start, count)
        start += count
        v = x >> np.uint64(64 - bits) if bits else np.zeros(count, np.uint64)
        kept = v[v < np.uint64(n)]
        found.append(kept)
        have += len(kept)
    return np.concatenate(found)[:wanted].astype(np.int64).reshape(samples, n)


def portable_mask(seed: int, trials: int, n: int) -> Mask:
    """``trials`` randomization trials of ``n`` segments: True keeps the baseline's segment."""
    coins = trials * n
    x = splitmix64(seed, 0, (coins + 63) // 64)
    bits = np.unpackbits(x.astype(">u8").view(np.uint8))  # each output's bits, high first
    return bits[:coins].astype(np.bool_).reshape(trials, n)


def sacrebleu_indexes(seed: int | None, samples: int, n: int) -> Indexes:
    """sacreBLEU's bootstrap resamples: ``default_rng(seed).choice(n, (samples, n))``."""
    rng = np.random.default_rng(seed)
    return rng.choice(n, size=(samples, n), replace=True).astype(np.int64, copy=False)


def sacrebleu_mask(
    seed: int | None, trials: int, n: int, confidence: int = 0
) -> tuple[Mask, Indexes | None]:
    """sacreBLEU's randomization trials, and (``confidence`` > 0) the bootstrap resamples its
    ``_paired_ar_test`` draws next from the same generator for a system's interval."""
    rng = np.random.default_rng(seed)
    mask = rng.integers(2, size=(trials, n), dtype=bool)
    indexes = None
    if confidence > 0:
        indexes = rng.choice(n, size=(confidence, n), replace=True).astype(np.int64, copy=False)
    return mask, indexes
