"""A trace's alignment is sacreBLEU's (which it computes from the flipped trace)."""

from hypothesis import given
from hypothesis import strategies as st
from sacrebleu.metrics.lib_ter import _flip_trace, trace_to_alignment

from mtcompute.metrics.ter.alignment import alignment
from mtcompute.metrics.ter.beam import BeamEditDistance

_words = st.lists(st.sampled_from("abcd"), max_size=20)


@given(_words, _words)
def test_the_alignment_is_sacrebleus(hypothesis: list[str], reference: list[str]) -> None:
    _, trace = BeamEditDistance(reference)(hypothesis)
    position, reference_errors, hypothesis_errors = trace_to_alignment(
        _flip_trace(trace)  # type: ignore[no-untyped-call]
    )
    aligned = alignment(trace)
    assert aligned.position == [position[r] for r in range(len(reference))]
    assert aligned.reference_errors == reference_errors
    assert aligned.hypothesis_errors == hypothesis_errors


def test_a_missing_reference_word_is_aligned_with_the_hypothesis_word_before_it() -> None:
    # "b c" to "a b c": "a" is missing before any hypothesis word, so it sits at -1.
    aligned = alignment(BeamEditDistance(["a", "b", "c"])(["b", "c"])[1])
    assert aligned.position == [-1, 0, 1]
    assert aligned.reference_errors == [1, 0, 0]
    assert aligned.hypothesis_errors == [0, 0]


def test_an_extra_hypothesis_word_is_an_error_with_no_reference_position() -> None:
    aligned = alignment("  d ")
    assert aligned.position == [0, 1, 3]
    assert aligned.hypothesis_errors == [0, 0, 1, 0]
