"""One segment's compiled chrF is the oracle's segment and corpus result, to the bit."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.chrf.segment import chrf_of_one_segment, chrf_segment
from mtcompute.metrics.chrf import ChrfOptions, chrf, segment_statistics
from tests.metrics.pairwise_cases import chrf_options, text_lists, texts


@settings(max_examples=500)
@given(texts, text_lists(max_size=9), chrf_options)
def test_the_segment_is_the_oracles(
    hypothesis: str, references: list[str], options: ChrfOptions
) -> None:
    expected = segment_statistics(hypothesis, references, options)
    assert chrf_segment(hypothesis, references, options) == expected


@settings(max_examples=100)
@given(texts, text_lists(max_size=3), chrf_options)
@pytest.mark.usefixtures("pure_python")
def test_the_segment_is_the_oracles_without_the_compiled_kernel(
    hypothesis: str, references: list[str], options: ChrfOptions
) -> None:
    expected = segment_statistics(hypothesis, references, options)
    assert chrf_segment(hypothesis, references, options) == expected


@settings(max_examples=200)
@given(
    texts,
    text_lists(max_size=3),
    chrf_options,
    st.none() | st.integers(min_value=0, max_value=15),
    st.booleans(),
)
def test_the_result_is_the_corpus_oracles_of_one_segment(
    hypothesis: str,
    references: list[str],
    options: ChrfOptions,
    decimals: int | None,
    return_words: bool,
) -> None:
    arguments = {
        "char_order": options.char_order,
        "word_order": options.word_order,
        "beta": options.beta,
        "eps_smoothing": options.eps_smoothing,
        "include_whitespace": options.include_whitespace,
        "decimals": decimals,
        "return_words": return_words,
    }
    expected = chrf([hypothesis], [references], **arguments)  # type: ignore[arg-type]
    assert chrf_of_one_segment(hypothesis, references, **arguments) == expected  # type: ignore[arg-type]


def test_the_first_of_equal_references_is_kept() -> None:
    segment = chrf_segment("abc", ["xyz", "abd", "abd"], ChrfOptions())
    assert segment.reference_index == 1


def test_many_references_are_read_beyond_the_stack_buffer() -> None:
    references = [f"ref {i}" for i in range(20)] + ["the cat"]
    options = ChrfOptions(word_order=2)
    assert chrf_segment("the cat", references, options) == segment_statistics(
        "the cat", references, options
    )
