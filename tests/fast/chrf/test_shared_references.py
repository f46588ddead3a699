"""Every system's per-segment chrF statistics, each segment's references counted once, are the
oracle's kept statistics segment by segment: on the compiled kernel and without it, on
generated texts (whitespace, punctuation, non-ASCII, empty texts), every option, and several
references whose ties go to the first."""

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.chrf.shared_references import kept_statistics
from mtcompute.metrics.chrf import ChrfOptions, segment_statistics

# Few characters and words, so that n-grams repeat and match; punctuation that words lose.
_PIECES = ["ab", "ba", "a", "b", "é", "中", "(a", "b)", "a,", "-", "  ", "\t", "\u3000"]
_TEXTS = st.lists(st.sampled_from(_PIECES), max_size=14).map(" ".join) | st.text(
    alphabet="ab \n.", max_size=12
)
_OPTIONS = st.builds(
    ChrfOptions,
    char_order=st.integers(0, 7),
    word_order=st.integers(0, 3),
    beta=st.integers(0, 3),
    eps_smoothing=st.booleans(),
    include_whitespace=st.booleans(),
).filter(lambda options: options.order_count > 0)


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    """Each test runs on the compiled kernel where it was built, and without it."""
    if request.param == "compiled" and compiled.chrf_rows is None:
        pytest.skip("the compiled kernel was not built")
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def _oracle(
    systems: list[list[str]], references: list[list[str]], options: ChrfOptions
) -> np.ndarray:
    rows = np.zeros((len(systems), len(references), 3 * options.order_count))
    for k, texts in enumerate(systems):
        for i, (hypothesis, refs) in enumerate(zip(texts, references, strict=True)):
            kept = segment_statistics(hypothesis, refs, options).statistics
            rows[k, i, 0::3] = kept.hypothesis
            rows[k, i, 1::3] = kept.reference
            rows[k, i, 2::3] = kept.matches
    return rows


@st.composite
def _test_sets(draw: st.DrawFn) -> tuple[list[list[str]], list[list[str]]]:
    segments = draw(st.integers(0, 5))
    references = [draw(st.lists(_TEXTS, min_size=1, max_size=3)) for _ in range(segments)]
    systems = draw(st.integers(1, 3))
    hypotheses = [[draw(_TEXTS) for _ in range(segments)] for _ in range(systems)]
    return hypotheses, references


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(test_set=_test_sets(), options=_OPTIONS)
def test_every_systems_rows_are_the_oracles_kept_statistics(
    path: str, test_set: tuple[list[list[str]], list[list[str]]], options: ChrfOptions
) -> None:
    systems, references = test_set
    assert np.array_equal(
        kept_statistics(systems, references, options), _oracle(systems, references, options)
    )


def test_a_hypothesis_equal_to_a_later_reference_keeps_it_and_ties_keep_the_first(
    path: str,
) -> None:
    references = [["the cat", "a dog sat", "a dog sat"]]
    systems = [["a dog sat"], ["the cat"], ["xyz"]]
    options = ChrfOptions(word_order=2)
    rows = kept_statistics(systems, references, options)
    assert np.array_equal(rows, _oracle(systems, references, options))
    assert rows[0, 0, 2] == rows[0, 0, 0]  # every unigram of the hypothesis matches


def test_more_orders_than_a_key_holds_are_computed_too(path: str) -> None:
    options = ChrfOptions(char_order=15, word_order=2)
    references = [["abcabcabcabcabcabc x", "abc"]]
    systems = [["abcabcabcabcabcabcabc x"], [""]]
    assert np.array_equal(
        kept_statistics(systems, references, options), _oracle(systems, references, options)
    )


def test_a_system_of_another_length_is_a_value_error(path: str) -> None:
    with pytest.raises(ValueError, match="segments"):
        kept_statistics([["a", "b"]], [["a"]], ChrfOptions())


def test_the_kernel_refuses_a_text_that_is_not_a_str() -> None:
    if compiled.chrf_rows is None:
        pytest.skip("the compiled kernel was not built")
    with pytest.raises(TypeError):
        kept_statistics([[b"a"]], [["a"]], ChrfOptions())  # type: ignore[list-item]
    with pytest.raises(TypeError):
        kept_statistics([["a"]], [[1]], ChrfOptions())  # type: ignore[list-item]


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_rows_do_not_depend_on_the_threads(path: str, threads: int) -> None:
    # Several blocks of segments, so that each thread takes some.
    rng = random.Random(threads)
    references = [[_random_text(rng) for _ in range(rng.randint(1, 2))] for _ in range(300)]
    systems = [[_random_text(rng) for _ in range(300)] for _ in range(2)]
    options = ChrfOptions(word_order=2)
    expected = _oracle(systems, references, options)
    assert np.array_equal(kept_statistics(systems, references, options, threads=threads), expected)


def _random_text(rng: random.Random) -> str:
    return " ".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 12)))
