"""``chunked_statistics``: a test set's statistics made chunk by chunk are the matrices of the
whole texts, for every resampled metric in both resamplings, and the tests run on them
(``paired_test_from_statistics``, ``confidence_interval_from_statistics``) give what
``paired_test`` and ``confidence_interval`` give of the texts."""

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest

from mtcompute import api
from mtcompute.api.chunked import Chunk
from mtcompute.api.significance import metric_options, resampled
from mtcompute.errors import InputError
from mtcompute.fast.resampling.modes import RESAMPLINGS, Resampling
from tests.fast.resampling.corpora import corpus

_METRICS: list[tuple[str, dict[str, Any]]] = [
    ("bleu", {}),
    ("bleu", {"tokenizer": "char", "lowercase": True}),
    ("chrf", {}),
    ("chrf++", {"lowercase": True}),
    ("ter", {}),
    ("ter", {"normalized": True, "case_sensitive": True}),
    ("wer", {}),
    ("cer", {}),
    ("rouge", {}),
    ("rouge", {"rouge_types": ["rouge2", "rougeLsum"], "use_stemmer": True}),
]


def _chunks(
    systems: Sequence[Sequence[str]], references: Sequence[Sequence[str]], size: int
) -> Iterator[Chunk]:
    for start in range(0, len(references), size):
        yield [texts[start : start + size] for texts in systems], references[start : start + size]


def _test_set(references: int = 1) -> tuple[list[list[str]], list[list[str]]]:
    hypotheses, streams = corpus(45, 3, seed=5, references=references)
    hypotheses[1][3] = ""  # an empty segment: its own scale, its own lengths
    return hypotheses, [list(segment) for segment in zip(*streams, strict=True)]


@pytest.mark.parametrize("resampling", RESAMPLINGS)
@pytest.mark.parametrize(("metric", "options"), _METRICS)
def test_chunks_statistics_are_the_whole_texts_matrices(
    metric: str, options: dict[str, Any], resampling: Resampling
) -> None:
    references = 1 if metric in {"wer", "cer"} else 2
    systems, refs = _test_set(references)
    described = resampled(metric)
    chosen = metric_options(metric, options)
    whole = described.each_score(chosen, systems, refs, resampling)
    for size in (1, 7, 45):
        joined = api.chunked_statistics(
            metric, _chunks(systems, refs, size), options=options, resampling=resampling
        )
        assert [stats.formula for stats in joined] == [stats.formula for stats in whole]
        assert [stats.key for stats in joined] == [stats.key for stats in whole]
        for one, other in zip(joined, whole, strict=True):
            for a, b in zip(one.matrices, other.matrices, strict=True):
                assert a.tobytes() == b.tobytes()


def test_ter_of_segments_with_different_reference_counts_is_rescaled_to_one_scale() -> None:
    systems, refs = _test_set(3)
    refs = [segment[: 1 + i % 3] for i, segment in enumerate(refs)]
    described = resampled("ter")
    whole = described.each_score(described.options({}), systems, refs, "portable")
    (joined,) = api.chunked_statistics("ter", _chunks(systems, refs, 2), resampling="portable")
    assert joined.formula == whole[0].formula
    assert all(
        np.array_equal(a, b) for a, b in zip(joined.matrices, whole[0].matrices, strict=True)
    )


@pytest.mark.parametrize("resampling", ["sacrebleu", "portable"])
@pytest.mark.parametrize("test", ["bootstrap", "randomization"])
def test_a_paired_test_from_chunks_statistics_is_the_paired_test_of_the_texts(
    test: str, resampling: str
) -> None:
    systems, refs = _test_set()
    names = ["base", "one", "two"]
    metrics = ["bleu", "chrf", "rouge"]
    statistics = (
        stats
        for metric in metrics
        for stats in api.chunked_statistics(
            metric, _chunks(systems, refs, 7), resampling=resampling
        )
    )
    kept: dict[str, Any] = {"test": test, "samples": 60, "resampling": resampling, "confidence": 20}
    found = api.paired_test_from_statistics(names, statistics, pairs="all", **kept)
    expected = api.paired_test(
        list(zip(names, systems, strict=True)), refs, metrics=metrics, pairs="all", **kept
    )
    assert found == expected


def test_confidence_intervals_from_chunks_statistics_are_those_of_the_texts() -> None:
    systems, refs = _test_set()
    statistics = api.chunked_statistics("ter", _chunks(systems[:1], refs, 4))
    found = api.confidence_interval_from_statistics(["only"], statistics, samples=50)
    expected = api.confidence_interval([("only", systems[0])], refs, metrics=["ter"], samples=50)
    assert found == expected


def test_statistics_of_another_system_count_than_the_names_are_refused() -> None:
    systems, refs = _test_set()
    statistics = api.chunked_statistics("bleu", _chunks(systems, refs, 10))
    with pytest.raises(InputError, match="expected a statistics matrix for each of 2"):
        api.paired_test_from_statistics(["a", "b"], statistics)


def test_a_chunk_with_another_system_count_is_refused() -> None:
    systems, refs = _test_set()
    chunks = [(systems, refs), (systems[:2], refs)]
    with pytest.raises(InputError, match="chunk 1 has 2 systems, the first chunk 3"):
        api.chunked_statistics("bleu", chunks)


def test_no_chunk_at_all_is_refused() -> None:
    with pytest.raises(InputError, match="expected one chunk of segments or more"):
        api.chunked_statistics("chrf", [])
