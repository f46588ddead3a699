"""The resampling core against sacreBLEU 2.6's ``significance.py``, on sacreBLEU's own
per-segment statistics: scores, p-values, means and intervals equal to the bit."""

import numpy as np
import pytest
from sacrebleu.metrics import BLEU, CHRF, TER
from sacrebleu.significance import PairedTest

from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.scores import BleuFormula, ChrfFormula, Formula, TerFormula
from mtcompute.metrics.smoothing import Smoothing
from tests.fast.resampling.corpora import corpus

_METRICS = {
    "bleu": (BLEU, {}, BleuFormula(Smoothing.of("exp"))),
    "chrf": (CHRF, {}, ChrfFormula(6)),
    "chrf++": (CHRF, {"word_order": 2}, ChrfFormula(8)),
    "ter": (TER, {}, TerFormula()),
}


def _compare(metric: str, test: str, samples: int, systems: int, seed: int) -> None:
    kind, options, formula = _METRICS[metric]
    hypotheses, references = corpus(60, systems, seed=seed)
    named = [(f"s{k}", hyps) for k, hyps in enumerate(hypotheses)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SACREBLEU_SEED", str(seed))
        ours_seed = seed
        theirs = PairedTest(named, {"m": kind(**options)}, references, test, samples)()[1]
    extractor = kind(**options)
    matrices = [
        np.array(extractor._extract_corpus_statistics(h, references), dtype=float)
        for h in hypotheses
    ]
    ours = paired.paired_test(
        formula,
        matrices,
        test="bootstrap" if test == "bs" else "randomization",
        samples=samples,
        seed=ours_seed,
        resampling="sacrebleu",
    )
    (column,) = [name for name in theirs if name != "System"]
    for k, result in enumerate(theirs[column]):
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


def _formula_matrix(seed: int) -> tuple[Formula, list[np.ndarray]]:
    hypotheses, references = corpus(40, 2, seed=seed)
    extractor = BLEU()
    matrices = [
        np.array(extractor._extract_corpus_statistics(h, references), dtype=float)
        for h in hypotheses
    ]
    return BleuFormula(Smoothing.of("exp")), matrices


@pytest.mark.parametrize("resampling", ["sacrebleu", "portable"])
@pytest.mark.parametrize("metric", list(_METRICS))
def test_a_resample_taking_every_segment_once_is_the_corpus_score(
    resampling: str, metric: str
) -> None:
    kind, options, formula = _METRICS[metric]
    hypotheses, references = corpus(50, 1, seed=5)
    matrix = np.array(
        kind(**options)._extract_corpus_statistics(hypotheses[0], references), dtype=float
    )
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
    forward = paired.paired_test(formula, matrices, **kwargs)  # type: ignore[arg-type]
    backward = paired.paired_test(formula, matrices[::-1], **kwargs)  # type: ignore[arg-type]
    assert forward.p_values[0, 1] == backward.p_values[0, 1]


def test_seed_none_draws_from_the_operating_system() -> None:
    formula, matrices = _formula_matrix(1)
    outcomes = {
        paired.paired_test(
            formula, matrices, test="bootstrap", samples=50, seed=None, resampling="portable"
        ).intervals[1]
        for _ in range(3)
    }
    assert len(outcomes) > 1
