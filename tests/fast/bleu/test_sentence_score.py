"""The fast sentence score is the oracle's to the bit, for every method, with and without
effective order and rounding: compiled where the package has it, and in Python."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.bleu.sentence_score import sentence_score_fast, sentence_score_in_python
from mtcompute.metrics.bleu import BleuStatistics
from mtcompute.metrics.sentence import sentence_score
from mtcompute.metrics.smoothing import SMOOTHING_METHODS, Smoothing


@st.composite
def _statistics(draw: st.DrawFn) -> BleuStatistics:
    """A segment's statistics as counting makes them: l_n = max(0, c - n + 1), m_n <= l_n."""
    max_order = draw(st.integers(min_value=1, max_value=8))
    c = draw(st.integers(min_value=0, max_value=40))
    totals = tuple(max(c - n + 1, 0) for n in range(1, max_order + 1))
    matches = tuple(draw(st.integers(min_value=0, max_value=total)) for total in totals)
    r = draw(st.integers(min_value=0, max_value=60))
    return BleuStatistics(matches, totals, c, r)


@st.composite
def _smoothings(draw: st.DrawFn) -> Smoothing:
    method = draw(st.sampled_from(SMOOTHING_METHODS))
    if method == "floor":
        return Smoothing.of(method, draw(st.floats(min_value=1e-10, max_value=1)))
    if method == "add-k":
        return Smoothing.of(method, draw(st.floats(min_value=1e-10, max_value=100)))
    return Smoothing.of(method)


@pytest.mark.slow
@settings(max_examples=3_000)
@given(
    _statistics(),
    _smoothings(),
    st.booleans(),
    st.none() | st.integers(min_value=0, max_value=15),
)
def test_the_fast_score_is_the_oracles_result(
    stats: BleuStatistics, smoothing: Smoothing, effective_order: bool, decimals: int | None
) -> None:
    expected = sentence_score(stats, smoothing, effective_order, decimals)
    assert sentence_score_fast(stats, smoothing, effective_order, decimals) == expected


@pytest.mark.slow
@settings(max_examples=3_000)
@given(_statistics(), _smoothings().filter(lambda s: s.method != "add-k"), st.booleans())
def test_the_python_score_is_the_oracles_result_without_the_compiled_one(
    stats: BleuStatistics, smoothing: Smoothing, effective_order: bool
) -> None:
    expected = sentence_score(stats, smoothing, effective_order)
    assert sentence_score_in_python(stats, smoothing, effective_order) == expected


def test_a_score_with_zero_matches_at_an_order_is_exactly_zero_without_smoothing() -> None:
    stats = BleuStatistics((3, 1, 0, 0), (3, 2, 1, 0), 3, 3)
    result = sentence_score_fast(stats, Smoothing.of("none"), use_effective_order=True)
    assert result.bleu == 0.0
    assert result.precisions == (1.0, 0.5, 0.0, None)
