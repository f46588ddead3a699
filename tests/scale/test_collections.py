"""The Dask collection functions on a real ``distributed.LocalCluster`` of two worker
processes: every number equals the single-process one, bit for bit."""

# mypy: disable-error-code="no-untyped-call"

from collections.abc import Iterator
from typing import Any

import dask.bag
import dask.dataframe
import pandas
import pytest
from distributed import Client, LocalCluster

from mtcompute.errors import InputError
from mtcompute.scale.collections import corpus_score, sentence_scores
from mtcompute.scoring.score import score_corpus, score_sentences
from tests.scale.corpora import generated_test_set

HYPOTHESES, STREAMS = generated_test_set(300, references=3, seed=5)
COLUMNS = ["reference", "second", "third"]


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def _frame(partitions: int) -> Any:
    columns = {"hypothesis": HYPOTHESES} | dict(zip(COLUMNS, STREAMS, strict=True))
    return dask.dataframe.from_pandas(pandas.DataFrame(columns), npartitions=partitions)


def _bag(partitions: int) -> Any:
    pairs = [
        (h, list(refs)) for h, refs in zip(HYPOTHESES, zip(*STREAMS, strict=True), strict=True)
    ]
    return dask.bag.from_sequence(pairs, npartitions=partitions)


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_a_dataframes_sentence_scores_are_the_single_process_scores(
    client: Client, metric: str
) -> None:
    scores = sentence_scores(_frame(7), metric, references=COLUMNS).compute()
    expected = [item.score for item in score_sentences(HYPOTHESES, STREAMS, [metric])]
    assert list(scores) == expected
    assert list(scores.index) == list(range(len(HYPOTHESES)))


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_a_dataframes_corpus_score_is_the_whole_corpus_score(client: Client, metric: str) -> None:
    # Three references: TER's reference lengths are thirds, whose sums depend on the split.
    (expected,) = score_corpus(HYPOTHESES, STREAMS, [metric])
    assert corpus_score(_frame(9), metric, references=COLUMNS) == expected


@pytest.mark.parametrize("metric", ["bleu", "ter"])
def test_a_bags_scores_are_the_single_process_scores(client: Client, metric: str) -> None:
    expected = [item.score for item in score_sentences(HYPOTHESES, STREAMS, [metric])]
    assert sentence_scores(_bag(5), metric).compute() == expected
    assert corpus_score(_bag(5), metric) == score_corpus(HYPOTHESES, STREAMS, [metric])[0]


def test_options_reach_the_workers(client: Client) -> None:
    options: dict[str, Any] = {"tokenize": "char", "lowercase": True}
    (expected,) = score_corpus(HYPOTHESES, STREAMS, ["bleu"], options)
    assert corpus_score(_frame(4), "bleu", references=COLUMNS, **options) == expected


def test_a_delayed_corpus_score_is_computed_when_asked(client: Client) -> None:
    delayed = corpus_score(_frame(3), "chrf", references=COLUMNS, compute=False)
    assert delayed.compute() == score_corpus(HYPOTHESES, STREAMS, ["chrf"])[0]


def test_a_bad_metric_or_option_is_refused_before_anything_runs() -> None:
    with pytest.raises(InputError, match="expected a metric among"):
        corpus_score(_frame(2), "meteor")
    with pytest.raises(InputError):
        sentence_scores(_frame(2), "bleu", smoothing="none", smoothing_value=0.5)


def test_segments_with_different_numbers_of_references_are_refused(client: Client) -> None:
    bag = dask.bag.from_sequence([("a b", ["a b"]), ("c", ["c", "d"])], npartitions=1)
    with pytest.raises(InputError, match="as many references for every segment"):
        corpus_score(bag, "bleu")
