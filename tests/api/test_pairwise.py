"""The pairwise functions of the library: the tools' rules without their size limits, the batch
forms equal to one call per source, and mbr_select on arrays and nested lists."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mtcompute
from mtcompute import InputError, MbrSelection, mbr_select, pairwise_bleu, pairwise_chrf
from mtcompute.metrics import pairwise as oracle
from mtcompute.metrics.chrf import ChrfOptions
from mtcompute.metrics.smoothing import Smoothing


def codes_and_pointers(error: InputError) -> list[tuple[str, str]]:
    return [(e["code"], e["pointer"]) for e in error.errors]


def test_pairwise_chrf_is_a_float64_matrix_of_the_oracles_cells() -> None:
    hypotheses, references = ["The cat sat.", "", "A dog"], ["The cat sat on a mat.", "dog"]
    matrix = pairwise_chrf(hypotheses, references, word_order=2, beta=1)
    assert (matrix.shape, matrix.dtype) == ((3, 2), np.dtype(np.float64))
    options = ChrfOptions(word_order=2, beta=1)
    assert matrix.tolist() == oracle.pairwise_chrf(hypotheses, references, options)


def test_pairwise_bleu_is_a_float64_matrix_of_the_oracles_cells() -> None:
    hypotheses = [["the", "cat"], [], ["a", "cat", "sat", "on", "the", "mat"]]
    references = [["the", "cat", "sat"], ["a", "mat"]]
    matrix = pairwise_bleu(hypotheses, references, max_order=3, smoothing="floor")
    assert (matrix.shape, matrix.dtype) == ((3, 2), np.dtype(np.float64))
    floor = Smoothing.of("floor")
    assert matrix.tolist() == oracle.pairwise_bleu(hypotheses, references, 3, smoothing=floor)


def test_the_library_has_no_size_limits() -> None:
    long_text = "ab" * 6000  # 12,000 bytes, over the tool's 8,192
    assert pairwise_chrf([long_text] * 1100, [long_text]).shape == (1100, 1)
    assert pairwise_bleu([["w" * 200]], [["w" * 200]]).tolist() == [[1.0]]


def test_a_bad_call_raises_input_error_pointing_at_every_violation() -> None:
    with pytest.raises(InputError) as caught:
        pairwise_chrf(["ok", "\ud800"], "a text", word_order=3)  # type: ignore[arg-type]
    assert codes_and_pointers(caught.value) == [
        ("type", "/references"),
        ("above_maximum", "/word_order"),
        ("invalid_unicode", "/hypotheses/1"),
    ]
    with pytest.raises(InputError) as caught:
        pairwise_bleu([["a", ""]], [], smoothing="exp", smoothing_value=0.5)
    assert codes_and_pointers(caught.value) == [
        ("too_short", "/hypotheses/0/1"),
        ("too_few_items", "/references"),
        ("not_allowed", "/smoothing_value"),
    ]


def test_the_chrf_batch_gives_each_sources_matrix_as_one_call_per_source_would() -> None:
    hypothesis_sets = [["a cat", "the cat"], ["Hallo!"], ["x", "y", "z"]]
    reference_sets = [["a cat"], ["Hallo", "Hi!"], ["x y z", "z"]]
    matrices = mtcompute.pairwise_chrf_batch(hypothesis_sets, reference_sets, word_order=1)
    assert [m.tolist() for m in matrices] == [
        pairwise_chrf(h, r, word_order=1).tolist()
        for h, r in zip(hypothesis_sets, reference_sets, strict=True)
    ]
    assert mtcompute.pairwise_chrf_batch([], []) == []


def test_the_bleu_batch_gives_each_sources_matrix_as_one_call_per_source_would() -> None:
    hypothesis_sets = [[["a", "cat"], ["the", "cat"]], [["hallo"]]]
    reference_sets = [[["a", "cat"]], [["hallo"], ["hi"]]]
    matrices = mtcompute.pairwise_bleu_batch(
        hypothesis_sets, reference_sets, smoothing="add-k", smoothing_value=0.5
    )
    assert [m.tolist() for m in matrices] == [
        pairwise_bleu(h, r, smoothing="add-k", smoothing_value=0.5).tolist()
        for h, r in zip(hypothesis_sets, reference_sets, strict=True)
    ]


def test_a_bad_batch_is_refused_with_pointers_into_its_sources() -> None:
    with pytest.raises(InputError) as caught:
        mtcompute.pairwise_chrf_batch([["a"], []], [["a"], ["b"], ["c"]], beta=0)
    assert codes_and_pointers(caught.value) == [
        ("too_few_items", "/hypothesis_sets/1"),
        ("below_minimum", "/beta"),
        ("segment_count_mismatch", "/reference_sets"),
    ]
    with pytest.raises(InputError) as caught:
        mtcompute.pairwise_bleu_batch([[["a"]], [["b", 3]]], [[["a"]], [["\ud800"]]])  # type: ignore[list-item]
    assert codes_and_pointers(caught.value) == [
        ("type", "/hypothesis_sets/1/0/1"),
        ("invalid_unicode", "/reference_sets/1/0/0"),
    ]


def test_mbr_select_adds_each_row_left_to_right_and_picks_the_first_largest() -> None:
    scores = [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [0.0, 0.0, 0.5]]
    selection = mbr_select(scores)
    assert isinstance(selection, MbrSelection)
    expected = ((0.1 + 0.2) + 0.3) / 3
    assert selection.expected_utility == (expected, ((0.3 + 0.2) + 0.1) / 3, 0.5 / 3)
    # The same three scores, added in another order, round to another double: row 0 wins.
    assert selection.expected_utility[0] > selection.expected_utility[1]
    assert selection.best_index == 0
    assert selection.to_dict() == {
        "expected_utility": list(selection.expected_utility),
        "best_index": selection.best_index,
    }


def test_mbr_select_takes_arrays_of_any_real_dtype_and_nested_lists_alike() -> None:
    as_lists = mbr_select([[1, 2], [3, 4]])
    assert mbr_select(np.array([[1, 2], [3, 4]], dtype=np.int32)) == as_lists
    assert mbr_select(np.array([[1, 2], [3, 4]], dtype=np.float32)) == as_lists
    assert mbr_select(((1.0, 2.0), (3.0, 4.0))) == as_lists
    assert as_lists == MbrSelection((1.5, 3.5), 1)


def test_mbr_select_of_a_pairwise_matrix_is_the_tools_choice() -> None:
    samples = ["The cat sat on the mat.", "The cat sat on a mat.", "A cat was on a mat."]
    result = mtcompute.execute(
        "chrf-pairwise-compute", "1.0.0", {"hypotheses": samples, "references": samples}
    )
    assert mbr_select(pairwise_chrf(samples, samples)).to_dict() == {
        "expected_utility": result["expected_utility"],
        "best_index": result["best_index"],
    }


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        pytest.param([], [("too_few_items", "/scores")], id="no rows"),
        pytest.param([[]], [("too_few_items", "/scores/0")], id="an empty row"),
        pytest.param(
            [[1, 2], [3], [4, 5]], [("row_length_mismatch", "/scores/1")], id="a short row"
        ),
        pytest.param([[0.5, "x"]], [("type", "/scores/0/1")], id="a string"),
        pytest.param([[0.5, True]], [("type", "/scores/0/1")], id="a boolean"),
        pytest.param([[0.5], [float("nan")]], [("type", "/scores/1/0")], id="nan"),
        pytest.param(np.array([[0.5, np.inf]]), [("type", "/scores/0/1")], id="an infinity"),
        pytest.param(
            np.array([0.5, 0.25]), [("type", "/scores/0"), ("type", "/scores/1")], id="1-D"
        ),
        pytest.param(np.zeros((2, 0)), [("too_few_items", "/scores/0"), ("too_few_items",
                     "/scores/1")], id="no columns"),
        pytest.param(np.array([["a"]]), [("type", "/scores/0/0")], id="strings"),
        pytest.param(0.5, [("type", "/scores")], id="a number"),
    ],
)  # fmt: skip
def test_mbr_select_refuses_what_is_no_matrix_of_numbers_pointing_at_it(
    scores: object, expected: list[tuple[str, str]]
) -> None:
    with pytest.raises(InputError) as caught:
        mbr_select(scores)  # type: ignore[arg-type]
    assert codes_and_pointers(caught.value) == expected


_TEXTS = st.lists(st.text(alphabet="ab c", max_size=8), min_size=1, max_size=5)
_TOKEN_LISTS = st.lists(
    st.lists(st.sampled_from(["a", "b", "c"]), max_size=6), min_size=1, max_size=5
)


@settings(max_examples=50, deadline=None)
@given(_TEXTS, _TEXTS, st.randoms(use_true_random=False))
def test_permuting_hypotheses_or_references_permutes_the_rows_or_columns(
    hypotheses: list[str], references: list[str], rng: random.Random
) -> None:
    rows, columns = list(range(len(hypotheses))), list(range(len(references)))
    rng.shuffle(rows)
    rng.shuffle(columns)
    matrix = pairwise_chrf(hypotheses, references, word_order=2)
    shuffled = pairwise_chrf(
        [hypotheses[i] for i in rows], [references[j] for j in columns], word_order=2
    )
    assert shuffled.tolist() == matrix[np.ix_(rows, columns)].tolist()


@settings(max_examples=50, deadline=None)
@given(_TEXTS)
def test_a_text_with_a_character_scores_1_against_itself(samples: list[str]) -> None:
    diagonal = np.diag(pairwise_chrf(samples, samples)).tolist()
    assert diagonal == [1.0 if sample.replace(" ", "") else 0.0 for sample in samples]


@settings(max_examples=50, deadline=None)
@given(_TOKEN_LISTS, _TOKEN_LISTS)
def test_the_bleu_batch_of_any_split_is_the_matrices_one_call_each_would_give(
    hypotheses: list[list[str]], references: list[list[str]]
) -> None:
    matrices = mtcompute.pairwise_bleu_batch([hypotheses, references], [references, hypotheses])
    assert [m.tolist() for m in matrices] == [
        pairwise_bleu(hypotheses, references).tolist(),
        pairwise_bleu(references, hypotheses).tolist(),
    ]
    diagonal = np.diag(pairwise_bleu(hypotheses, hypotheses)).tolist()
    assert diagonal == [1.0 if tokens else 0.0 for tokens in hypotheses]
