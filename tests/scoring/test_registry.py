"""The one list of ``score``'s metrics: every module of ``scoring/plugins`` registers its own, a
name is never mistaken for another, and the options are read from the registrations."""

from collections.abc import Iterator

import pytest

from mtcompute.errors import InputError
from mtcompute.scoring import registry
from mtcompute.scoring.metric import ScoringMetric, Streams, Texts
from mtcompute.scoring.scored import Scored


def test_the_metrics_are_those_of_the_modules_in_scoring_metrics_in_their_order() -> None:
    assert list(registry.metrics()) == ["bleu", "chrf", "chrf++", "rouge", "ter", "wer", "cer"]


def test_an_unknown_metric_name_is_an_input_error_naming_the_metrics_there_are() -> None:
    with pytest.raises(InputError) as raised:
        registry.metric_named("chrF")
    (error,) = raised.value.errors
    assert error["code"] == "unknown_metric"
    assert error["message"] == (
        "expected a metric among 'bleu', 'chrf', 'chrf++', 'rouge', 'ter', 'wer', 'cer', got 'chrF'"
    )


def test_a_name_registered_twice_is_refused() -> None:
    class Second(ScoringMetric):
        name = "bleu"

        def statistics(self, hypotheses: Texts, references: Streams) -> object:
            raise NotImplementedError

        def from_statistics(self, statistics: object, nrefs: int) -> Scored:
            raise NotImplementedError

        def sentences(
            self, hypotheses: Texts, references: Streams, first_line: int = 1
        ) -> Iterator[Scored]:
            raise NotImplementedError

        def signature(self, nrefs: int) -> str:
            raise NotImplementedError

    with pytest.raises(ValueError, match="registered already"):
        registry.register(Second)


def test_every_option_of_every_metric_is_listed_once() -> None:
    names = [option.name for option in registry.every_option()]
    assert names == [
        "tokenize",
        "lowercase",
        "smoothing",
        "smoothing_value",
        "max_order",
        "chrf_char_order",
        "chrf_word_order",
        "chrf_beta",
        "chrf_whitespace",
        "chrf_lowercase",
        "chrf_eps_smoothing",
        "rouge_types",
        "rouge_stemmer",
        "rouge_tokenizer",
        "rouge_sentence_separator",
        "normalized",
        "no_punct",
        "asian_support",
        "case_sensitive",
    ]
