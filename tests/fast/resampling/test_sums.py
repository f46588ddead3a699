"""Summed statistics of resamples are the plain sums, exactly: through the basis of distinct
columns, on the compiled kernels and without them, for any coins (row lengths that are not
whole bytes), resamples (uint16 and int32 indexes) and integer statistics, large ones included;
fractions keep their float64 products."""

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from mtcompute.fast.resampling import sums
from mtcompute.fast.resampling.draws import Coins
from mtcompute.fast.resampling.sums import Basis

_SETTINGS = settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


@st.composite
def _systems(draw: st.DrawFn, n: int, magnitude: int = 40) -> list[np.ndarray]:
    """A few systems' integer statistics; columns that repeat or differ by a constant."""
    width = draw(st.integers(1, 5))
    values = st.integers(-magnitude, magnitude).map(float)
    matrices = []
    for _ in range(draw(st.integers(1, 3))):
        matrix = draw(hnp.arrays(np.float64, (n, width), elements=values))
        if width > 1 and draw(st.booleans()):
            matrix[:, -1] = matrix[:, 0] + draw(st.integers(-3, 3))
        matrices.append(matrix)
    if len(matrices) > 1 and draw(st.booleans()):
        matrices[1][:, 0] = matrices[0][:, 0]  # one reference's lengths: every system's
    return matrices


def _plain_sums(weights: np.ndarray, matrices: list[np.ndarray]) -> np.ndarray:
    """Row by row, in Python integers: the sums the resamples must have."""
    stacked = np.hstack(matrices).astype(np.int64).tolist()
    return np.array(
        [
            [
                sum(int(w) * row[a] for w, row in zip(weight, stacked, strict=True))
                for a in range(len(stacked[0]))
            ]
            if stacked
            else [0] * sum(m.shape[1] for m in matrices)
            for weight in weights.tolist()
        ],
        dtype=np.float64,
    ).reshape(len(weights), -1)


@_SETTINGS
@given(data=st.data(), n=st.integers(0, 9))
def test_the_basis_rebuilds_every_weighted_sum(data: st.DataObject, n: int) -> None:
    matrices = data.draw(_systems(n))
    basis = Basis.of_matrices(matrices)
    assert basis is not None
    assert basis.columns.shape[1] <= sum(m.shape[1] for m in matrices) + 1
    weights = data.draw(hnp.arrays(np.int64, (4, n), elements=st.integers(0, 3)))
    rebuilt = basis.expand(weights.astype(np.float64) @ basis.columns)
    assert np.array_equal(rebuilt, _plain_sums(weights, matrices))


def test_fractions_have_no_basis() -> None:
    assert Basis.of_matrices([np.array([[1.0, 0.5], [2.0, 1.0]])]) is None
    assert Basis.of_matrices([np.array([[1.0, 0.5], [2.0, 1.0]])[::-1]]) is None
    assert Basis.of_matrices([np.array([[np.inf], [1.0]])]) is None


@_SETTINGS
@given(data=st.data(), n=st.integers(1, 70), wide=st.booleans())
def test_bootstrap_sums_are_the_plain_sums_of_the_segments_taken(
    path: str, data: st.DataObject, n: int, wide: bool
) -> None:
    matrices = data.draw(_systems(n))
    dtype: Any = np.int32 if wide else np.uint16
    indexes = data.draw(hnp.arrays(dtype, (5, n), elements=st.integers(0, n - 1)))
    weights = np.stack([np.bincount(row, minlength=n) for row in indexes.astype(np.int64)])
    assert np.array_equal(sums.bootstrap_sums(indexes, matrices), _plain_sums(weights, matrices))


def test_bootstrap_sums_of_statistics_too_large_for_int32_are_exact(path: str) -> None:
    matrices = [np.array([[2.0**40, 3.0], [1.0, 2.0**33]])]
    indexes = np.array([[0, 0], [1, 0], [1, 1]], dtype=np.uint16)
    weights = np.array([[2, 0], [1, 1], [0, 2]])
    assert np.array_equal(sums.bootstrap_sums(indexes, matrices), _plain_sums(weights, matrices))


def test_bootstrap_sums_of_fractions_are_their_float64_products(path: str) -> None:
    matrix = np.array([[0.5, 1.0 / 3.0], [1.25, 2.0 / 3.0], [3.0, 0.1]])
    indexes = np.array([[0, 2, 2], [1, 1, 0]], dtype=np.uint16)
    counts = np.array([[1.0, 0.0, 2.0], [1.0, 2.0, 0.0]])
    assert np.array_equal(sums.bootstrap_sums(indexes, [matrix]), counts @ matrix)


@st.composite
def _coins(draw: st.DrawFn, n: int) -> np.ndarray:
    trials = draw(st.integers(1, 40))
    return draw(hnp.arrays(np.bool_, (trials, n)))


@_SETTINGS
@given(data=st.data(), n=st.integers(1, 37))
def test_randomization_pair_sums_are_each_pseudo_systems_plain_sums(
    path: str, data: st.DataObject, n: int
) -> None:
    matrices = data.draw(_systems(n))
    mask = data.draw(_coins(n))
    count = len(matrices)
    pairs = [(i, j) for i in range(count) for j in range(count) if i < j] or [(0, 0)]
    found = list(sums.randomization_pair_sums(Coins.of_mask(mask), matrices, pairs))
    for (i, j), (first, second) in zip(pairs, found, strict=True):
        first_system = np.where(mask[:, :, None], matrices[i], matrices[j])
        second_system = np.where(mask[:, :, None], matrices[j], matrices[i])
        assert np.array_equal(first, first_system.sum(axis=1))
        assert np.array_equal(second, second_system.sum(axis=1))


def test_kept_sums_of_magnitudes_past_int32_are_exact(path: str) -> None:
    big = float(2**31 - 1)
    matrices = [np.array([[big], [big], [1.0]]), np.array([[0.0], [big], [2.0]])]
    mask = np.array([[True, True, False], [False, True, True], [True, False, True]])
    ((first, second),) = sums.randomization_pair_sums(Coins.of_mask(mask), matrices, [(0, 1)])
    assert first[:, 0].tolist() == [2 * big + 2, big + 1, 2 * big + 1]
    assert second[:, 0].tolist() == [big + 1, 2 * big + 2, big + 2]


def test_randomization_sums_of_fractions_are_the_swapped_float64_products(path: str) -> None:
    baseline = np.array([[0.5, 1.0 / 3.0], [1.25, 2.0 / 3.0], [3.0, 0.1]])
    system = np.array([[1.5, 0.2], [0.25, 0.7], [1.0, 1.0 / 7.0]])
    mask = np.array([[True, False, True], [False, False, True]])
    first, second = sums.randomization_sums(Coins.of_mask(mask), baseline, system)
    swapped = (~mask).astype(np.float64) @ (system - baseline)
    assert np.array_equal(first, baseline.sum(axis=0) + swapped)
    assert np.array_equal(second, system.sum(axis=0) - swapped)


def test_resample_counts_are_how_often_each_segment_is_taken(path: str) -> None:
    indexes = np.array([[0, 0, 3, 1], [2, 2, 2, 2]], dtype=np.int64)
    assert sums.counts(indexes).tolist() == [[2, 1, 0, 1], [0, 0, 4, 0]]
