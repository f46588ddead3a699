"""The resamples: sacreBLEU's boolean draw read from its generator's raw outputs is NumPy's own
draw and leaves the generator as that does; bootstrap indexes drawn in blocks are the whole
draw; the portable coins are the specification's bits; packed coins unpack to their mask."""

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcompute.fast.resampling import draws
from mtcompute.fast.resampling.draws import Coins


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


@pytest.mark.parametrize(("trials", "n"), [(1, 1), (3, 37), (5, 32), (7, 11), (64, 3), (40, 301)])
@pytest.mark.parametrize("confidence", [0, 4])
def test_sacrebleus_coins_are_numpys_boolean_draw_and_the_draws_after_it(
    trials: int, n: int, confidence: int
) -> None:
    rng = np.random.default_rng(12345)
    mask = rng.integers(2, size=(trials, n), dtype=bool)
    after = rng.choice(n, size=(confidence, n), replace=True) if confidence else None
    coins, indexes = draws.sacrebleu_coins(12345, trials, n, confidence)
    assert np.array_equal(coins.mask(), mask)
    if after is None:
        assert indexes is None
    else:
        assert indexes is not None
        assert np.array_equal(indexes, after)


def test_another_numpys_boolean_draw_is_taken_as_it_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(draws, "_raw_outputs_are_numpys_coins", lambda: False)
    coins, indexes = draws.sacrebleu_coins(7, 9, 13, 2)
    rng = np.random.default_rng(7)
    assert np.array_equal(coins.mask(), rng.integers(2, size=(9, 13), dtype=bool))
    assert indexes is not None
    assert np.array_equal(indexes, rng.choice(13, size=(2, 13), replace=True))


def test_this_numpys_boolean_draw_is_read_from_raw_outputs() -> None:
    assert draws._raw_outputs_are_numpys_coins()


@pytest.mark.parametrize("rows", [1, 7, 128, 1000])
def test_bootstrap_indexes_drawn_in_blocks_are_the_whole_draw(rows: int) -> None:
    blocks = list(draws.sacrebleu_index_blocks(3, 300, 41, rows))
    assert np.array_equal(np.vstack(blocks), draws.sacrebleu_indexes(3, 300, 41))


def _portable_coin(seed: int, q: int) -> bool:
    """The specification's coin q: bit 63 - (q mod 64) of output x_{q // 64 + 1}."""
    mask = (1 << 64) - 1
    z = (seed + (q // 64 + 1) * 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    z ^= z >> 31
    return bool((z >> (63 - q % 64)) & 1)


@pytest.mark.parametrize(("trials", "n"), [(1, 1), (3, 37), (4, 64), (9, 70)])
def test_portable_coins_are_the_specifications_bits(path: str, trials: int, n: int) -> None:
    seed = 2**64 - 5
    expected = [[_portable_coin(seed, t * n + j) for j in range(n)] for t in range(trials)]
    assert draws.portable_coins(seed, trials, n).mask().tolist() == expected
    assert np.array_equal(draws.portable_mask(seed, trials, n), np.array(expected))


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    mask=st.integers(1, 12).flatmap(
        lambda n: st.lists(st.lists(st.booleans(), min_size=n, max_size=n), min_size=1)
    ),
    data=st.data(),
)
def test_any_rows_of_packed_coins_unpack_to_the_mask(
    path: str, mask: list[list[bool]], data: st.DataObject
) -> None:
    coins = Coins.of_mask(np.array(mask))
    start = data.draw(st.integers(0, len(mask) - 1))
    stop = data.draw(st.integers(start, len(mask)))
    expected = np.array(mask, dtype=np.uint8)[start:stop]
    assert np.array_equal(coins.rows(start, stop), expected)
    assert np.array_equal(coins.floats(start, stop), expected.astype(np.float32))


def _portable_indexes(seed: int, count: int, n: int) -> list[int]:
    """The specification's indexes below n: the top bits of each output, drawn again while
    they are n or more."""
    mask, bits, k = (1 << 64) - 1, (n - 1).bit_length(), 0
    found: list[int] = []
    while len(found) < count:
        k += 1
        z = (seed + k * 0x9E3779B97F4A7C15) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        value = z >> (64 - bits) if bits else 0
        if value < n:
            found.append(value)
    return found


@pytest.mark.parametrize(("samples", "n"), [(1, 1), (3, 2), (4, 37), (2, 300), (1, 65536)])
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint16])
def test_portable_indexes_are_the_specifications_draws(
    path: str, samples: int, n: int, dtype: type[np.integer[Any]]
) -> None:
    seed = 2**63 + 11
    expected = _portable_indexes(seed, samples * n, n)
    drawn = draws.portable_indexes_as(seed, samples, n, dtype)
    assert drawn.dtype == dtype
    assert drawn.ravel().tolist() == expected
    assert draws.portable_indexes(seed, samples, n).ravel().tolist() == expected
