"""The compiled resampling kernels (``_resampling.c``): their logarithms and exponentials are
``math``'s and fdlibm's port's to the bit and raise where ``math`` raises; their sums are the
plain sums; they refuse what they cannot read."""

import math
import shutil
import struct
import sysconfig

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.resampling import scores
from mtcompute.numerics import fdlibm


def test_the_kernels_are_built_where_a_c_compiler_is() -> None:
    command = str(sysconfig.get_config_var("CC") or "cc").split()
    has_compiler = bool(command) and shutil.which(command[0]) is not None
    built = [compiled.log_each, compiled.kept_sums, compiled.resample_sums, compiled.chrf_rows]
    assert all(kernel is not None for kernel in built) == has_compiler


def _bits(values: list[float]) -> list[bytes]:
    return [struct.pack("<d", value) for value in values]


def _double_of(bits: int) -> float:
    value: float = struct.unpack("<d", struct.pack("<Q", bits))[0]
    return value


_POSITIVE = st.floats(min_value=5e-324, allow_infinity=True) | st.integers(
    1, 0x7FF0000000000000
).map(_double_of)
_ANY = st.floats(allow_nan=True, allow_infinity=True) | st.integers(0, 2**64 - 1).map(_double_of)


def _each(kernel: compiled.EachValue | None, values: list[float]) -> list[float]:
    if kernel is None:
        pytest.skip("the compiled kernels were not built")
    source = np.array(values, dtype=np.float64)
    out = np.empty_like(source)
    kernel(source, out)
    return list(out.tolist())


@pytest.mark.slow
@settings(max_examples=3_000)
@given(st.lists(_POSITIVE | st.just(math.nan), min_size=1, max_size=20))
def test_log_each_is_math_log_to_the_bit(values: list[float]) -> None:
    expected = [math.log(value) for value in values]
    assert _bits(_each(compiled.log_each, values)) == _bits(expected)


@pytest.mark.slow
@settings(max_examples=3_000)
@given(
    st.lists(st.floats(min_value=-800, max_value=709) | st.just(math.nan), min_size=1, max_size=20)
)
def test_exp_each_is_math_exp_to_the_bit(values: list[float]) -> None:
    expected = [math.exp(value) for value in values]
    assert _bits(_each(compiled.exp_each, values)) == _bits(expected)


@pytest.mark.slow
@settings(max_examples=3_000)
@given(st.lists(_ANY, min_size=1, max_size=20))
def test_fdlibm_each_is_the_python_ports_to_the_bit(values: list[float]) -> None:
    assert _bits(_each(compiled.fdlibm_log_each, values)) == _bits(
        [fdlibm.log.__wrapped__(value) for value in values]
    )
    assert _bits(_each(compiled.fdlibm_exp_each, values)) == _bits(
        [fdlibm.exp(value) for value in values]
    )


@pytest.mark.parametrize(("values", "error"), [([1.0, 0.0], ValueError), ([-2.0], ValueError)])
def test_log_each_raises_where_math_log_raises(values: list[float], error: type) -> None:
    with pytest.raises(error):
        math.log(values[-1])
    with pytest.raises(error):
        _each(compiled.log_each, values)


def test_exp_each_raises_where_math_exp_overflows() -> None:
    with pytest.raises(OverflowError):
        math.exp(710.0)
    with pytest.raises(OverflowError):
        _each(compiled.exp_each, [1.0, 710.0])
    assert _each(compiled.exp_each, [-math.inf, math.inf]) == [0.0, math.inf]


def test_the_formulas_logarithms_are_maths_without_the_kernels(pure_python: None) -> None:
    values = np.array([0.5, 3.0, 1e-300])
    assert scores._math_log(values).tolist() == [math.log(value) for value in values]
    assert scores._math_exp(values).tolist() == [math.exp(value) for value in values]


def _kernel() -> object:
    if compiled.kept_sums is None:
        pytest.skip("the compiled kernels were not built")
    from mtcompute.fast import _resampling  # noqa: PLC0415 - only where it was built

    return _resampling


def test_resample_sums_refuse_an_index_past_the_segments() -> None:
    kernel = _kernel()
    statistics = np.ones((3, 2), dtype=np.int32)
    out = np.empty((1, 2), dtype=np.int32)
    with pytest.raises(ValueError, match="not a segment"):
        kernel.resample_sums(np.array([[0, 3, 1]], dtype=np.int32), statistics, out)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="not a segment"):
        kernel.resample_counts(np.array([[0, -1, 1]]), 3, np.empty((1, 3), np.float32))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("call", "arguments"),
    [
        (
            "resample_sums",
            (np.zeros((1, 3), np.int64), np.ones((3, 2), np.int32), np.empty((1, 2), np.int32)),
        ),
        (
            "resample_sums",
            (np.zeros((1, 3), np.int32), np.ones((3, 2), np.int32), np.empty((2, 2), np.int32)),
        ),
        (
            "kept_sums",
            (np.zeros(1, np.uint8), 2, 5, np.ones((5, 1), np.int32), np.empty((2, 1), np.int32)),
        ),
        (
            "kept_sums",
            (np.zeros(2, np.uint8), 2, 5, np.ones((5, 1), np.float64), np.empty((2, 1), np.int32)),
        ),
        ("unpack_coins", (np.zeros(1, np.uint8), 1, np.empty(8, np.float32))),
        ("unpack_coins", (np.zeros(1, np.uint8), 0, np.empty(8, np.float64))),
        ("resample_counts", (np.zeros((1, 4), np.int64), 3, np.empty((1, 4), np.float32))),
    ],
)
def test_kernels_refuse_buffers_of_the_wrong_type_or_shape(
    call: str, arguments: tuple[object, ...]
) -> None:
    with pytest.raises(ValueError, match="takes"):
        getattr(_kernel(), call)(*arguments)
