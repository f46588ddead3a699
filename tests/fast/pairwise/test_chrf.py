"""Every cell of the fast chrF matrix equals the oracle's with ``==``: compiled, in threads, in
batches, and on the pure-Python path."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.pairwise.chrf import pairwise_chrf_batch, pairwise_chrf_matrix
from mtcompute.metrics.chrf import ChrfOptions
from mtcompute.metrics.pairwise import pairwise_chrf
from tests.metrics.pairwise_cases import chrf_options, text_lists

_SENTENCES = [
    "The cat sat on the mat.",
    "A cat was on a mat, (they say).",
    "The cat sat on the mat.",
    "",
    "   ",
    "Hi!",
    "U.S. don't «a» 😀😀 cafe\u0301",
    "x",
]


def _oracle(
    hypotheses: list[str], references: list[str], options: ChrfOptions
) -> list[list[float]]:
    return pairwise_chrf(hypotheses, references, options)


@settings(max_examples=400)
@given(text_lists(min_size=0), text_lists(min_size=0), chrf_options)
def test_every_cell_is_the_oracles(
    hypotheses: list[str], references: list[str], options: ChrfOptions
) -> None:
    matrix = pairwise_chrf_matrix(hypotheses, references, options)
    assert matrix.shape == (len(hypotheses), len(references))
    assert matrix.dtype == np.float64
    assert matrix.tolist() == _oracle(hypotheses, references, options)


@settings(max_examples=100)
@given(text_lists(), text_lists(), chrf_options)
@pytest.mark.usefixtures("pure_python")
def test_every_cell_is_the_oracles_without_the_compiled_kernel(
    hypotheses: list[str], references: list[str], options: ChrfOptions
) -> None:
    matrix = pairwise_chrf_matrix(hypotheses, references, options)
    assert matrix.tolist() == _oracle(hypotheses, references, options)


@settings(max_examples=50)
@given(st.lists(st.tuples(text_lists(), text_lists()), max_size=4), chrf_options)
def test_a_batch_gives_each_sources_matrix(
    sources: list[tuple[list[str], list[str]]], options: ChrfOptions
) -> None:
    matrices = pairwise_chrf_batch([h for h, _ in sources], [r for _, r in sources], options)
    assert [m.tolist() for m in matrices] == [_oracle(h, r, options) for h, r in sources]


@pytest.mark.parametrize("options", [ChrfOptions(), ChrfOptions(word_order=2, eps_smoothing=True)])
def test_a_matrix_large_enough_for_threads_is_the_oracles(options: ChrfOptions) -> None:
    texts = [f"{a} {b}, {c}!" for a in _SENTENCES for b in _SENTENCES for c in ("x", "yz", "")]
    texts = texts[:300]
    expected = _oracle(texts, texts, options)
    for threads in (1, 2, 3):
        assert pairwise_chrf_matrix(texts, texts, options, threads=threads).tolist() == expected


def test_one_hypothesis_or_one_reference_gives_a_row_or_a_column() -> None:
    options = ChrfOptions(word_order=2)
    assert pairwise_chrf_matrix(_SENTENCES[:1], _SENTENCES).tolist() == _oracle(
        _SENTENCES[:1], _SENTENCES, ChrfOptions()
    )
    column = pairwise_chrf_matrix(_SENTENCES, _SENTENCES[:1], options)
    assert column.shape == (len(_SENTENCES), 1)
    assert column.tolist() == _oracle(_SENTENCES, _SENTENCES[:1], options)


def test_options_beyond_the_compiled_kernel_are_the_oracles() -> None:
    options = ChrfOptions(char_order=13, word_order=2)
    matrix = pairwise_chrf_matrix(_SENTENCES, _SENTENCES, options)
    assert matrix.tolist() == _oracle(_SENTENCES, _SENTENCES, options)


def test_a_text_that_is_not_a_string_is_refused() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        pairwise_chrf_matrix(["a", 1], ["a"])  # type: ignore[list-item]
