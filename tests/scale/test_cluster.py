"""``DaskCluster`` against a real ``distributed.LocalCluster`` on loopback."""

from collections.abc import Iterator

import pytest
from distributed import LocalCluster

from mtcompute.errors import InputError
from mtcompute.scale.chunks import Chunk
from mtcompute.scale.cluster import DaskCluster, dask_modules
from mtcompute.scale.runners import InProcess
from mtcompute.scale.work import Plan
from tests.scale.corpora import chunks_of, generated_test_set

HYPOTHESES, STREAMS = generated_test_set(60, references=1, seed=9)


def _chunks(size: int) -> list[Chunk]:
    return chunks_of(HYPOTHESES, STREAMS, size)


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("sentence_level", [False, True])
def test_a_cluster_gives_what_this_process_gives(address: str, sentence_level: bool) -> None:
    plan = Plan.of(("bleu", "ter"), {}, sentence_level=sentence_level)
    expected = list(InProcess().map(plan, _chunks(60)))
    with DaskCluster(address) as cluster:
        assert cluster.threads() == 2
        results = list(cluster.map(plan, _chunks(60)))
    assert results == expected


@pytest.mark.slow
def test_an_unreachable_scheduler_says_so() -> None:
    with pytest.raises(InputError, match=r"expected a Dask scheduler at 'tcp://127\.0\.0\.1:9'"):
        DaskCluster("tcp://127.0.0.1:9")


def test_the_dask_modules_are_there_with_the_extra() -> None:
    modules = dask_modules()
    assert modules.bag.Bag.__name__ == "Bag"
