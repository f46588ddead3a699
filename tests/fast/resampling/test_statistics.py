"""Every system's per-segment BLEU statistics, each segment's references counted once, are the
oracle's segment statistics: on the compiled kernel and without it, on generated token lists
(repeated n-grams, several references of other lengths, empty lists), every order up to 16 and
beyond, and tokens that the kernel leaves to Python."""

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.resampling.segmentwise.bleu_segments import BleuOptions, bleu_statistics
from mtcompute.fast.resampling.statistics import bleu_rows
from mtcompute.metrics.bleu import segment_statistics

Lists = Sequence[Sequence[Sequence[str]]]  # per system (or segment), its token lists
_TOKENS = st.lists(st.sampled_from(["a", "b", "c", "é", "中", "a b"]), max_size=12)


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    """Each test runs on the compiled kernel where it was built, and without it."""
    if request.param == "compiled" and compiled.bleu_rows is None:
        pytest.skip("the compiled kernel was not built")
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def _oracle(systems: Lists, references: Lists, max_order: int) -> np.ndarray:
    rows = np.zeros((len(systems), len(references), 2 + 2 * max_order))
    for k, hypotheses in enumerate(systems):
        for i, (hypothesis, refs) in enumerate(zip(hypotheses, references, strict=True)):
            stats = segment_statistics(hypothesis, refs, max_order)
            rows[k, i] = [
                stats.candidate_length,
                stats.reference_length,
                *stats.matches,
                *stats.totals,
            ]
    return rows


@st.composite
def _test_sets(draw: st.DrawFn) -> tuple[list[list[list[str]]], list[list[list[str]]]]:
    segments = draw(st.integers(0, 5))
    references = [draw(st.lists(_TOKENS, min_size=1, max_size=3)) for _ in range(segments)]
    systems = draw(st.integers(1, 3))
    hypotheses = [[draw(_TOKENS) for _ in range(segments)] for _ in range(systems)]
    return hypotheses, references


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(test_set=_test_sets(), max_order=st.integers(1, 17))
def test_every_systems_rows_are_the_oracles_segment_statistics(
    path: str, test_set: tuple[list[list[list[str]]], list[list[list[str]]]], max_order: int
) -> None:
    systems, references = test_set
    assert np.array_equal(
        bleu_rows(systems, references, max_order), _oracle(systems, references, max_order)
    )


def test_clipping_takes_the_most_any_one_reference_has_and_ties_take_the_shorter(
    path: str,
) -> None:
    references: Lists = [[["a", "a", "b"], ["a", "b", "b", "c", "d"], ["a"]]]
    systems: Lists = [[["a", "a", "a", "b", "b"]], [["a", "b"]], [[]]]
    rows = bleu_rows(systems, references, 2)
    assert np.array_equal(rows, _oracle(systems, references, 2))
    assert rows[1, 0, 1] == 1  # 2 tokens: 1 and 3 are as close, the shorter wins


class _Token(str):
    """A str subclass may redefine equality: the kernel leaves such tokens to Python."""


def test_tokens_that_are_not_plain_str_are_counted_as_strings(path: str) -> None:
    references: Lists = [[[_Token("a"), "b"]], [("a", "b")]]
    systems: Lists = [[["a", _Token("b")], ("b", "a")]]
    assert np.array_equal(bleu_rows(systems, references, 2), _oracle(systems, references, 2))


def test_rows_from_texts_are_the_rows_of_their_tokens_in_blocks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A block boundary inside the test set: each block's rows go where they belong.
    monkeypatch.setattr("mtcompute.fast.resampling.segmentwise.bleu_segments.SEGMENTS_PER_BLOCK", 2)
    systems = [["the cat sat .", "a dog", "x", ""], ["the cat", "a dog sat", "", "x y"]]
    references = [["the cat sat ."], ["a dog", "the dog"], ["x"], ["y"]]
    stats = bleu_statistics(BleuOptions(), systems, references, "sacrebleu")
    tokens = [[text.split() for text in texts] for texts in systems]
    expected = _oracle(tokens, [[ref.split() for ref in refs] for refs in references], 4)
    assert np.array_equal(np.array(stats.matrices), expected)
