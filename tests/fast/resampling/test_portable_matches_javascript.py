"""Portable resampling against a JavaScript engine evaluating paired-significance 1.0.0's page:
its splitmix64 stream, unbiased draws and coins, integer sums, fdlibm scores, p-values, means
and intervals, equal with ``==`` (as IEEE-754 bits)."""

import json

import numpy as np
import pytest

from mtcompute.fast.resampling import paired
from mtcompute.fast.resampling.scores import BleuFormula, ChrfFormula, Formula, TerFormula
from mtcompute.metrics.smoothing import Smoothing
from tests.javascript import run_node, to_hex


def _matrix(metric: str, rng: np.random.Generator, n: int) -> np.ndarray:
    if metric == "bleu":
        totals = rng.integers(1, 30, size=(n, 4))
        matches = np.floor(totals * rng.random((n, 4)))
        lengths = rng.integers(0, 35, size=(n, 2))
        return np.hstack([lengths, matches, totals]).astype(float)
    if metric == "chrf":
        h = rng.integers(0, 60, size=(n, 6))
        r = rng.integers(0, 60, size=(n, 6))
        m = np.floor(np.minimum(h, r) * rng.random((n, 6)))
        return np.stack([h, r, m], axis=2).reshape(n, 18).astype(float)
    return np.hstack([rng.integers(0, 20, (n, 1)), rng.integers(0, 60, (n, 1))]).astype(float)


_FORMULAS: dict[str, Formula] = {
    "bleu": BleuFormula(Smoothing.of("exp")),
    "chrf": ChrfFormula(6, beta=2),
    "ter": TerFormula(scale=6),
}


@pytest.mark.parametrize("test", ["bootstrap", "randomization"])
def test_portable_numbers_are_a_javascript_engines(test: str) -> None:
    cases, ours = [], []
    for k, metric in enumerate(["bleu", "chrf", "ter"] * 3):
        rng = np.random.default_rng(k)
        n = [1, 7, 37][k // 3]
        baseline, system = _matrix(metric, rng, n), _matrix(metric, rng, n)
        samples, seed = [40, 41, 25][k // 3], [0, 12345, 2**53 - 1][k // 3]
        outcome = paired.compare_pairs(
            _FORMULAS[metric],
            [baseline, system],
            test=test,  # type: ignore[arg-type]
            samples=samples,
            seed=seed,
            resampling="portable",
        )
        numbers = [*outcome.scores, outcome.p_values[0, 1]]
        if test == "bootstrap":
            for interval in outcome.intervals:
                assert interval is not None
                numbers += [interval.mean, interval.ci]
        ours.append(" ".join(map(to_hex, numbers)))
        case = {
            "metric": metric,
            "beta": 2,
            "scale": 6,
            "test": test,
            "samples": samples,
            "seed": seed,
            "baseline": baseline.astype(int).tolist(),
            "system": system.astype(int).tolist(),
        }
        cases.append(json.dumps(case))
    assert run_node("significance.mjs", [], cases) == ours
