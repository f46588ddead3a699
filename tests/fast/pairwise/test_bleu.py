"""Every cell of the fast sentence BLEU matrix equals the oracle's with ``==``, for every
smoothing, with and without effective order: compiled, in threads, in batches, and in Python."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.pairwise.bleu import pairwise_bleu_batch, pairwise_bleu_matrix
from mtcompute.metrics.pairwise import pairwise_bleu
from mtcompute.metrics.smoothing import Smoothing
from tests.metrics.pairwise_cases import smoothings, token_list_lists


@pytest.mark.slow
@settings(max_examples=400)
@given(
    token_list_lists(min_size=0),
    token_list_lists(min_size=0),
    st.integers(min_value=1, max_value=8),
    smoothings(),
    st.booleans(),
)
def test_every_cell_is_the_oracles(
    hypotheses: list[list[str]],
    references: list[list[str]],
    max_order: int,
    smoothing: Smoothing,
    effective_order: bool,
) -> None:
    matrix = pairwise_bleu_matrix(
        hypotheses,
        references,
        max_order,
        smoothing=smoothing,
        use_effective_order=effective_order,
    )
    expected = pairwise_bleu(
        hypotheses,
        references,
        max_order,
        smoothing=smoothing,
        use_effective_order=effective_order,
    )
    assert matrix.shape == (len(hypotheses), len(references))
    assert matrix.tolist() == expected


@settings(max_examples=50)
@given(token_list_lists(), token_list_lists(), smoothings())
@pytest.mark.usefixtures("pure_python")
def test_every_cell_is_the_oracles_without_the_compiled_kernel(
    hypotheses: list[list[str]], references: list[list[str]], smoothing: Smoothing
) -> None:
    matrix = pairwise_bleu_matrix(hypotheses, references, smoothing=smoothing)
    assert matrix.tolist() == pairwise_bleu(hypotheses, references, smoothing=smoothing)


@settings(max_examples=50)
@given(st.lists(st.tuples(token_list_lists(), token_list_lists()), max_size=4))
def test_a_batch_gives_each_sources_matrix(
    sources: list[tuple[list[list[str]], list[list[str]]]],
) -> None:
    matrices = pairwise_bleu_batch([h for h, _ in sources], [r for _, r in sources])
    assert [m.tolist() for m in matrices] == [pairwise_bleu(h, r) for h, r in sources]


def test_a_matrix_large_enough_for_threads_is_the_oracles() -> None:
    words = ["the", "cat", "sat", "on", "a", "mat", ".", "dog"]
    lists = [[words[(i * k + j) % 8] for j in range(i % 13)] for i in range(40) for k in (1, 3, 5)]
    lists = lists * 3
    expected = pairwise_bleu(lists, lists)
    for threads in (1, 2):
        assert pairwise_bleu_matrix(lists, lists, threads=threads).tolist() == expected


def test_orders_beyond_the_compiled_kernel_are_the_oracles() -> None:
    lists = [["a", "b"] * 8, ["a", "b"] * 9, []]
    assert pairwise_bleu_matrix(lists, lists, 15).tolist() == pairwise_bleu(lists, lists, 15)
