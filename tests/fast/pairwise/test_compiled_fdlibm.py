"""The pairwise kernel's ln and exp are numerics.fdlibm's, so its BLEU cells can be too."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.numerics import fdlibm

_pairwise = pytest.importorskip("mtcompute.fast._pairwise", reason="no compiled kernel")


@given(st.floats(min_value=0, allow_nan=False))
def test_log_is_fdlibms(x: float) -> None:
    assert _pairwise.log(x) == fdlibm.log(x)


@given(st.floats(min_value=-800, max_value=800))
def test_exp_is_fdlibms(x: float) -> None:
    assert _pairwise.exp(x) == fdlibm.exp(x)
