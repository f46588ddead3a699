"""WER and CER resampled: per-segment integer rows whose sums, scored by the formula, are the
corpus score of the segments drawn, in both resamplings; one reference a segment."""

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mtcompute
from mtcompute.errors import InputError
from mtcompute.fast.resampling import registry
from mtcompute.fast.resampling.segmentwise.edit_segments import EditRateFormula
from mtcompute.metrics.wer.rates import error_rate
from mtcompute.metrics.wer.statistics import EditStatistics
from tests.metrics.wer.hostile import noisy, sentence


def _test_set(seed: int, count: int) -> tuple[list[list[str]], list[list[str]]]:
    rng = random.Random(seed)
    references = [sentence(rng, rng.randint(0, 15)) for _ in range(count)]
    systems = [[noisy(rng, r) for r in references] for _ in range(2)]
    return systems, [[r] for r in references]


@pytest.mark.parametrize("name", ["wer", "cer"])
def test_the_sums_of_every_row_score_the_corpus(name: str) -> None:
    systems, references = _test_set(1, 120)
    described = registry.resampled_metrics()[name]
    stats = described.each_score(described.options({}), systems, references, "portable")[0]
    for texts, matrix in zip(systems, stats.matrices, strict=True):
        one = [r[0] for r in references]
        rate = mtcompute.wer(texts, one).wer if name == "wer" else mtcompute.cer(texts, one).cer
        sums = np.asarray(matrix).sum(axis=0, keepdims=True)
        assert stats.formula.portable(sums)[0] == 100 * rate
        assert stats.formula.sacrebleu(sums, float32=True)[0] == 100 * rate


_counts = st.builds(EditStatistics, *[st.integers(0, 10**6)] * 4)


@given(st.lists(_counts, min_size=1, max_size=20))
def test_the_formula_is_jiwers_rate_times_100_on_any_rows(rows: list[EditStatistics]) -> None:
    total = EditStatistics.zero()
    for row in rows:
        total += row
    sums = np.array([[total.errors, total.reference_length, total.insertions]], dtype=np.float64)
    assert EditRateFormula().portable(sums)[0] == 100 * error_rate(total)


def test_a_segment_with_two_references_is_refused() -> None:
    described = registry.resampled_metrics()["wer"]
    with pytest.raises(InputError, match="one reference a segment, got 2 for segment 0"):
        described.each_score(None, [["a"]], [["a", "b"]], "portable")[0]


def test_wer_takes_no_options() -> None:
    with pytest.raises(ValueError, match="takes no options"):
        registry.resampled_metrics()["cer"].options({"lowercase": True})


def test_paired_tests_run_on_wer_and_cer() -> None:
    systems, references = _test_set(2, 60)
    result = mtcompute.paired_test(
        [("base", systems[0]), ("other", systems[1])],
        references,
        metrics=["wer", "cer"],
        test="bootstrap",
        samples=50,
    )
    words = {row.system: row for row in result.results if row.metric == "wer"}
    assert words["other"].name == "WER"
    expected = mtcompute.wer(systems[1], [r[0] for r in references]).wer
    assert words["other"].score == 100 * expected
    assert words["other"].p_value is not None
