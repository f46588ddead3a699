"""The vectorised sacreBLEU formulas score every row of summed statistics as sacreBLEU 2.6 scores
one corpus (``BLEU.compute_bleu``, ``CHRF._compute_f_score``) in float64, to the bit: rows
with no match, no hypothesis, empty orders, every smoothing."""

import numpy as np
import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF

from mtcompute.fast.resampling.scores import BleuFormula, ChrfFormula
from mtcompute.metrics.smoothing import Smoothing


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def _bleu_rows(rows: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    totals = rng.integers(0, 40, size=(rows, 4)) * rng.integers(0, 2, size=(rows, 4))
    matches = np.floor(totals * rng.random((rows, 4)) * rng.integers(0, 2, (rows, 4)))
    lengths = rng.integers(0, 50, size=(rows, 2))
    return np.hstack([lengths, matches, totals]).astype(np.float64)


@pytest.mark.parametrize(
    ("method", "value"), [("exp", None), ("none", None), ("floor", 0.1), ("add-k", 1)]
)
def test_vectorised_bleu_is_sacrebleus_compute_bleu_row_by_row(
    path: str, method: str, value: float | None
) -> None:
    sums = _bleu_rows(600, 3)
    found = BleuFormula(Smoothing.of(method, value)).sacrebleu(sums, float32=False)
    for row, score in zip(sums.astype(np.int64).tolist(), found.tolist(), strict=True):
        theirs = BLEU.compute_bleu(row[2:6], row[6:], row[0], row[1], method, value).score
        assert score == theirs, row


@pytest.mark.parametrize(
    ("char_order", "word_order", "beta", "eps"),
    [(6, 0, 2, False), (6, 2, 2, True), (6, 2, 2, False), (4, 0, 1, False)],
)
def test_vectorised_chrf_is_sacrebleus_f_score_row_by_row(
    char_order: int, word_order: int, beta: int, eps: bool
) -> None:
    orders = char_order + word_order
    rng = np.random.default_rng(orders + beta)
    rows = 600
    hypothesis = rng.integers(0, 30, (rows, orders)) * rng.integers(0, 2, (rows, orders))
    reference = rng.integers(0, 30, (rows, orders)) * rng.integers(0, 2, (rows, orders))
    matches = np.floor(np.minimum(hypothesis, reference) * rng.random((rows, orders)))
    sums = np.empty((rows, 3 * orders))
    sums[:, 0::3], sums[:, 1::3], sums[:, 2::3] = hypothesis, reference, matches
    theirs = CHRF(char_order=char_order, word_order=word_order, beta=beta, eps_smoothing=eps)
    found = ChrfFormula(orders, beta, eps).sacrebleu(sums, float32=False)
    for row, score in zip(sums.astype(np.int64).tolist(), found.tolist(), strict=True):
        assert score == theirs._compute_f_score(row), row
