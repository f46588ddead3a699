"""The one description of each resampled metric: every module of ``segmentwise`` registers its
own, every metric of ``score`` names registered ones, and a name is never registered twice."""

import numpy as np
import pytest

from mtcompute.fast.resampling import registry
from mtcompute.fast.resampling.registry import ResampledMetric
from mtcompute.fast.resampling.statistics import reference_count
from mtcompute.scoring.registry import metrics


def test_the_resampled_metrics_are_those_of_the_modules_in_segmentwise() -> None:
    assert set(registry.resampled_metrics()) >= {"bleu", "chrf", "chrf++", "ter"}


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
    stats = described.statistics(described.options({}), systems, references, "sacrebleu")
    assert len(stats.matrices) == 2
    assert all(np.asarray(matrix).shape == (2, stats.formula.columns) for matrix in stats.matrices)


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
