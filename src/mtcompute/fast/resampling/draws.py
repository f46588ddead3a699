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

import functools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from mtcompute.fast import compiled

Indexes = NDArray[np.int64]
Mask = NDArray[np.bool_]

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX_1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX_2 = np.uint64(0x94D049BB133111EB)
_BLOCK = 1 << 16  # outputs made at a time
# Each byte with its bits in the other order: most significant first becomes least first.
_REVERSED_BITS = np.array([int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.uint8)


@dataclass(frozen=True, slots=True)
class Coins:
    """Randomization trials, eight coins a byte: coin ``q = t * n + j`` (trial t, segment j) is
    bit ``q mod 8`` of byte ``q // 8``, the least significant bit first; 1 keeps the baseline's
    segment in the first pseudo-system. A tenth of the memory of a boolean mask."""

    data: NDArray[np.uint8]
    trials: int
    n: int

    def rows(self, start: int, stop: int) -> NDArray[np.uint8]:
        """Trials ``start`` to ``stop - 1`` as a (trials, n) array of 0 and 1."""
        first, count = start * self.n, (stop - start) * self.n
        chunk = self.data[first // 8 : (first + count + 7) // 8]
        bits = np.unpackbits(chunk, bitorder="little")
        return bits[first % 8 : first % 8 + count].reshape(stop - start, self.n)

    def floats(self, start: int, stop: int) -> NDArray[np.float32]:
        """``rows(start, stop)`` as float32, the factor of a matrix product."""
        unpack = compiled.unpack_coins
        if unpack is None:
            return self.rows(start, stop).astype(np.float32)
        out = np.empty((stop - start, self.n), dtype=np.float32)
        unpack(self.data, start * self.n, out)
        return out

    def mask(self) -> Mask:
        """Every trial as booleans: True keeps the baseline's segment."""
        return self.rows(0, self.trials).astype(np.bool_)

    @classmethod
    def of_mask(cls, mask: Mask) -> "Coins":
        trials, n = mask.shape
        return cls(np.packbits(mask.ravel(), bitorder="little"), trials, n)


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
    return cast(Indexes, portable_indexes_as(seed, samples, n, np.int64))


def portable_indexes_as(
    seed: int, samples: int, n: int, dtype: type[np.integer[Any]]
) -> NDArray[np.integer[Any]]:
    """``portable_indexes`` as ``dtype`` (int64, or uint16 or int32 that hold every index
    below n)."""
    drawn = compiled.portable_indexes
    if drawn is not None and n > 0:
        out = np.empty((samples, n), dtype=dtype)
        drawn(seed, n, out)
        return out
    return _portable_indexes(seed, samples, n).astype(dtype, copy=False)


def _portable_indexes(seed: int, samples: int, n: int) -> Indexes:
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


def portable_coins(seed: int, trials: int, n: int) -> Coins:
    """``trials`` randomization trials of ``n`` segments (each output's bits, most significant
    first, are the next 64 coins)."""
    outputs = (trials * n + 63) // 64
    drawn = compiled.portable_coins
    if drawn is not None:
        data = np.empty(8 * outputs, dtype=np.uint8)
        drawn(seed, data)
        return Coins(data, trials, n)
    x = splitmix64(seed, 0, outputs)
    return Coins(_REVERSED_BITS[x.astype(">u8").view(np.uint8)], trials, n)


def portable_mask(seed: int, trials: int, n: int) -> Mask:
    """``trials`` randomization trials of ``n`` segments: True keeps the baseline's segment."""
    return portable_coins(seed, trials, n).mask()


def sacrebleu_indexes(seed: int | None, samples: int, n: int) -> Indexes:
    """sacreBLEU's bootstrap resamples: ``default_rng(seed).choice(n, (samples, n))``."""
    rng = np.random.default_rng(seed)
    return rng.choice(n, size=(samples, n), replace=True).astype(np.int64, copy=False)


def sacrebleu_index_blocks(seed: int | None, samples: int, n: int, rows: int) -> Iterator[Indexes]:
    """``sacrebleu_indexes``, ``rows`` resamples at a time: the generator draws each index in
    turn, so consecutive blocks are the whole draw's rows."""
    rng = np.random.default_rng(seed)
    for start in range(0, samples, rows):
        size = (min(rows, samples - start), n)
        yield rng.choice(n, size=size, replace=True).astype(np.int64, copy=False)


def sacrebleu_coins(
    seed: int | None, trials: int, n: int, confidence: int = 0
) -> tuple[Coins, Indexes | None]:
    """sacreBLEU's randomization trials, ``default_rng(seed).integers(2, size=(trials, n),
    dtype=bool)``, and (``confidence`` > 0) the bootstrap resamples its ``_paired_ar_test``
    draws next from the same generator for a system's interval."""
    rng = np.random.default_rng(seed)
    if _raw_outputs_are_numpys_coins():
        coins = Coins(_raw_coins(rng, trials * n), trials, n)
    else:
        coins = Coins.of_mask(rng.integers(2, size=(trials, n), dtype=bool))
    indexes = None
    if confidence > 0:
        indexes = rng.choice(n, size=(confidence, n), replace=True).astype(np.int64, copy=False)
    return coins, indexes


def sacrebleu_mask(
    seed: int | None, trials: int, n: int, confidence: int = 0
) -> tuple[Mask, Indexes | None]:
    """``sacrebleu_coins`` as a boolean mask."""
    coins, indexes = sacrebleu_coins(seed, trials, n, confidence)
    return coins.mask(), indexes


def _raw_coins(rng: "np.random.Generator", count: int) -> NDArray[np.uint8]:
    """NumPy's boolean draw of ``count`` coins, from the generator's raw outputs.

    NumPy draws a boolean as the next bit (least significant first) of a 32-bit output, taking
    one per 32 coins, and PCG64 makes its 32-bit outputs from each 64-bit one, low half first:
    the coins are the raw outputs' bits in order. When an odd number of halves is taken, the
    last high half waits for the next 32-bit draw, as the generator's state says.
    """
    halves = -(-count // 32)
    raw = rng.bit_generator.random_raw(-(-halves // 2))
    if halves % 2:
        state = dict(rng.bit_generator.state)
        state["has_uint32"], state["uinteger"] = 1, int(raw[-1]) >> 32
        rng.bit_generator.state = state
    return raw.astype("<u8", copy=False).view(np.uint8)


@functools.lru_cache(maxsize=1)
def _raw_outputs_are_numpys_coins() -> bool:
    """Whether ``_raw_coins`` is this NumPy's boolean draw, the generator left as that leaves
    it: checked once on a small draw, so that another NumPy falls back to its own draw."""
    try:
        for trials, n in ((3, 37), (5, 32)):  # an odd number of 32-bit halves, then an even
            theirs = np.random.default_rng(7)
            mask = theirs.integers(2, size=(trials, n), dtype=bool)
            ours = np.random.default_rng(7)
            coins = Coins(_raw_coins(ours, trials * n), trials, n)
            after = (theirs.choice(n, size=(2, n)), ours.choice(n, size=(2, n)))
            if not np.array_equal(coins.mask(), mask) or not np.array_equal(*after):
                return False
    except (KeyError, TypeError, ValueError, AttributeError):  # another bit generator's state
        return False
    return True
