"""The one description of each resampled metric: every module of ``segmentwise`` registers its
own, every metric of ``score`` names registered ones, and a name is never registered twice."""

from typing import Any

import numpy as np
import pytest

import mtcompute
from mtcompute.api.significance import score_keys
from mtcompute.fast.resampling import registry
from mtcompute.fast.resampling.registry import MetricStatistics, ResampledMetric
from mtcompute.fast.resampling.segmentwise.edit_segments import EditRateFormula
from mtcompute.fast.resampling.statistics import reference_count
from mtcompute.scoring.registry import metrics
from mtcompute.scoring.score import score_corpus
from mtcompute.scoring.systems import Resampling, score_systems


def test_the_resampled_metrics_are_those_of_the_modules_in_segmentwise() -> None:
    assert set(registry.resampled_metrics()) >= {"bleu", "chrf", "chrf++", "ter", "rouge"}


def test_every_metric_of_score_names_registered_resampled_metrics() -> None:
    described = registry.resampled_metrics()
    for metric in metrics().values():
        assert all(name in described for name in metric.resampled), metric.name


def test_an_unknown_name_has_no_resampled_metric() -> None:
    assert registry.resampled_metric("bleurt") is None


def test_a_name_registered_twice_is_refused() -> None:
    bleu = registry.resampled_metrics()["bleu"]
    with pytest.raises(ValueError, match="registered already"):
        registry.register(
            ResampledMetric("bleu", "bleu", bleu.options, bleu.statistics, {}, bleu.from_segments)
        )


@pytest.mark.parametrize("name", ["bleu", "chrf", "chrf++", "ter"])
def test_each_metric_gives_one_matrix_per_system_with_a_row_per_segment(name: str) -> None:
    described = registry.resampled_metrics()[name]
    systems = [["the cat sat", "a dog"], ["the cat", "dogs"]]
    references = [["the cat sat"], ["a dog", "the dog"]]
    stats = described.each_score(described.options({}), systems, references, "sacrebleu")[0]
    assert len(stats.matrices) == 2
    assert all(np.asarray(matrix).shape == (2, stats.formula.columns) for matrix in stats.matrices)


def _two_systems() -> tuple[list[tuple[str, list[str]]], list[list[str]]]:
    references = [["the cat sat on the mat"], ["a dog ran far"], ["hello world"]]
    systems = [
        ("a", ["the cat sat on a mat", "a dog ran", "hello there world"]),
        ("b", ["cat on mat", "the dog ran far away", "hello world"]),
    ]
    return systems, references


@pytest.mark.parametrize("name", [name for name, metric in metrics().items() if metric.resampled])
def test_several_systems_score_every_resampled_metric_as_one_system_does(name: str) -> None:
    """Every score of every resampled metric of ``score`` (ROUGE: one per type) comes through
    the one registry, keyed and signed as the rows are, with one system's own score."""
    systems, references = _two_systems()
    streams = [[refs[0] for refs in references]]
    report = score_systems(systems, streams, [name], {}, Resampling(test="bootstrap", samples=20))
    assert list(report.signatures) == list(dict.fromkeys(row.metric for row in report.rows))
    for system, texts in systems:
        got = [row.score for row in report.rows if row.system.removeprefix("Baseline: ") == system]
        wanted = [scored.score for scored in score_corpus(texts, streams, [name])]
        # One system's BLEU is its tool's (fdlibm), the tests' sacreBLEU's (libm): an ulp apart.
        assert got == (pytest.approx(wanted, rel=1e-14) if name == "bleu" else wanted)


def test_a_new_metric_with_several_scores_is_one_registration() -> None:
    """A resampled metric registered alone (here, two scores of a text's length) is compared
    over several systems by the library, with nothing else told of it."""
    matrix = registry.resampled_metrics()["wer"]

    def lengths(
        options: None, systems: Any, references: Any, resampling: Any
    ) -> list[MetricStatistics]:
        del references, resampling
        rows = [np.array([[len(text), len(text), 0.0] for text in texts]) for texts in systems]
        return [
            MetricStatistics("Long", EditRateFormula(), rows, key="long"),
            MetricStatistics("Longer", EditRateFormula(), rows, key="longer"),
        ]

    registry.register(
        ResampledMetric(
            "lengths", "lengths", matrix.options, lengths, scores=lambda _: ("long", "longer")
        )
    )
    try:
        systems, references = _two_systems()
        result = mtcompute.paired_test(systems, references, metrics=["lengths"], samples=10)
        assert [row.metric for row in result.results] == ["long", "longer"] * 2
        assert score_keys("lengths") == ("long", "longer")
    finally:
        del registry._METRICS["lengths"]  # the test's own registration


@pytest.mark.parametrize("name", ["bleu", "chrf", "chrf++", "ter", "wer", "cer"])
def test_each_metrics_defaults_are_the_options_it_takes_when_none_are_given(name: str) -> None:
    described = registry.resampled_metrics()[name]
    assert described.options(described.defaults) == described.options({})


def test_a_ter_average_is_read_as_the_fewest_references_it_can_be_the_average_of() -> None:
    assert reference_count(6.0) == 1
    assert reference_count(2.5) == 2
    assert reference_count(13 / 3) == 3
    assert reference_count(7 / 8) == 8
    assert reference_count(0.1) is None
