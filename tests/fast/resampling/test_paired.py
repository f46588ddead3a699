"""The resampling core against sacreBLEU 2.6's ``significance.py``, on sacreBLEU's own
per-segment statistics: scores, p-values, means and intervals equal to the bit."""

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from sacrebleu.significance import PairedTest

from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.scores import (
    BleuFormula,
    ChrfFormula,
    Formula,
    Matrix,
    TerFormula,
)
from mtcompute.metrics.smoothing import Smoothing
from tests.fast.resampling.corpora import corpus, sacrebleu_metric, sacrebleu_paired

_METRICS: dict[str, Formula] = {
    "bleu": BleuFormula(Smoothing.of("exp")),
    "chrf": ChrfFormula(6),
    "chrf++": ChrfFormula(8),
    "ter": TerFormula(),
}


def _matrices(metric: str, hypotheses: list[list[str]], streams: list[list[str]]) -> list[Matrix]:
    extractor = sacrebleu_metric(metric)
    return [
        np.array(extractor._extract_corpus_statistics(h, streams), dtype=float) for h in hypotheses
    ]


def _compare(  # noqa: PLR0917
    metric: str, test: str, samples: int, systems: int, seed: int, segments: int = 60
) -> None:
    hypotheses, references = corpus(segments, systems, seed=seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SACREBLEU_SEED", str(seed))
        theirs = sacrebleu_paired(hypotheses, metric, references, test, samples)
    ours = paired.compare_pairs(
        _METRICS[metric],
        _matrices(metric, hypotheses, references),
        test="bootstrap" if test == "bs" else "randomization",
        samples=samples,
        seed=seed,
        resampling="sacrebleu",
    )
    for k, result in enumerate(theirs):
        assert ours.scores[k] == result.score
        assert ours.p_values.get((0, k)) == result.p_value
        interval = ours.intervals[k]
        if result.mean is None:
            assert interval is None
        else:
            assert interval is not None
            assert (interval.mean, interval.ci) == (float(result.mean), float(result.ci))


@pytest.mark.parametrize("metric", list(_METRICS))
@pytest.mark.parametrize(("test", "samples"), [("bs", 300), ("ar", 500)])
@pytest.mark.parametrize("seed", [12345, 7])
def test_every_number_is_sacrebleus_for_two_systems(
    metric: str, test: str, samples: int, seed: int
) -> None:
    _compare(metric, test, samples, 2, seed)


@pytest.mark.parametrize("metric", list(_METRICS))
@pytest.mark.parametrize(("test", "samples"), [("bs", 200), ("ar", 300)])
def test_every_number_is_sacrebleus_for_five_systems(metric: str, test: str, samples: int) -> None:
    _compare(metric, test, samples, 5, 3)


def _formula_matrix(seed: int) -> tuple[Formula, list[Matrix]]:
    hypotheses, references = corpus(40, 2, seed=seed)
    return _METRICS["bleu"], _matrices("bleu", hypotheses, references)


@pytest.mark.parametrize("resampling", ["sacrebleu", "portable"])
@pytest.mark.parametrize("metric", list(_METRICS))
def test_a_resample_taking_every_segment_once_is_the_corpus_score(
    resampling: str, metric: str
) -> None:
    formula = _METRICS[metric]
    hypotheses, references = corpus(50, 1, seed=5)
    (matrix,) = _matrices(metric, hypotheses, references)
    every_segment = np.arange(len(matrix))[None, :]
    (scores,) = paired.bootstrap_scores(formula, [matrix], every_segment, "portable")
    if resampling == "portable":
        assert scores[0] == paired.corpus_score(formula, matrix, "portable")
    else:
        (summed,) = [matrix.sum(axis=0)[None, :]]
        assert formula.sacrebleu(summed, float32=False)[0] == paired.corpus_score(
            formula, matrix, "sacrebleu"
        )


@pytest.mark.parametrize("resampling", ["sacrebleu", "portable"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_swapping_baseline_and_system_leaves_the_randomization_p_value(
    resampling: str, seed: int
) -> None:
    formula, matrices = _formula_matrix(seed)
    kwargs = {"test": "randomization", "samples": 400, "seed": seed, "resampling": resampling}
    forward = paired.compare_pairs(formula, matrices, **kwargs)  # type: ignore[arg-type]
    backward = paired.compare_pairs(formula, matrices[::-1], **kwargs)  # type: ignore[arg-type]
    assert forward.p_values[0, 1] == backward.p_values[0, 1]


def test_seed_none_draws_from_the_operating_system() -> None:
    formula, matrices = _formula_matrix(1)
    outcomes = {
        paired.compare_pairs(
            formula, matrices, test="bootstrap", samples=50, seed=None, resampling="portable"
        ).intervals[1]
        for _ in range(3)
    }
    assert len(outcomes) > 1


@pytest.mark.parametrize("method", ["exp", "none", "floor"])
def test_portable_bleu_in_vectors_is_the_oracles_row_by_row(method: str) -> None:
    rng = np.random.default_rng(4)
    rows = 400
    totals = rng.integers(0, 60, size=(rows, 4)).astype(float)
    matches = np.floor(totals * rng.random((rows, 4)) * rng.integers(0, 2, (rows, 4)))
    lengths = rng.integers(0, 80, size=(rows, 2)).astype(float)
    sums = np.hstack([lengths, matches, totals])
    formula = BleuFormula(Smoothing.of(method))
    vectorised = formula.portable(sums)
    by_row = formula._portable_by_row(sums)
    assert vectorised.tolist() == by_row.tolist()


@pytest.mark.slow
@pytest.mark.parametrize("metric", list(_METRICS))
@pytest.mark.parametrize(("test", "samples"), [("bs", 1000), ("ar", 10000)])
def test_every_number_is_sacrebleus_at_its_default_sample_counts(
    metric: str, test: str, samples: int
) -> None:
    _compare(metric, test, samples, 5, 12345)


@pytest.mark.slow
@pytest.mark.parametrize("metric", list(_METRICS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_number_is_sacrebleus_on_a_larger_test_set(metric: str, seed: int) -> None:
    _compare(metric, "bs", 1000, 3, seed, segments=800)
    _compare(metric, "ar", 2000, 3, seed, segments=800)


@pytest.mark.parametrize("metric", ["bleu", "chrf"])
def test_randomization_with_intervals_is_sacrebleus_n_ar_confidence(metric: str) -> None:
    hypotheses, references = corpus(50, 3, seed=9)
    named: list[tuple[str, Sequence[str]]] = [(f"s{k}", h) for k, h in enumerate(hypotheses)]
    scores: dict[str, list[Any]] = PairedTest(
        named, {"m": sacrebleu_metric(metric)}, references, "ar", 300, n_ar_confidence=200
    )()[1]
    (column,) = [name for name in scores if name != "System"]
    ours = paired.compare_pairs(
        _METRICS[metric],
        _matrices(metric, hypotheses, references),
        test="randomization",
        samples=300,
        seed=12345,
        resampling="sacrebleu",
        confidence=200,
    )
    for k, result in enumerate(scores[column]):
        interval = ours.intervals[k]
        assert interval is not None
        assert (interval.mean, interval.ci) == (float(result.mean), float(result.ci))
        assert ours.p_values.get((0, k)) == result.p_value
