"""The numpy chrF equals the oracle: statistics, kept references, doubles and words, bit for bit.

Most tests lower the small-input threshold to 0, so that every generated corpus, however small,
goes through numpy; others give corpora above the real threshold.
"""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast.chrf import chrf_fast, occurrences, segment_statistics_fast, sentences, words
from mtcompute.fast.chrf import compute as fast
from mtcompute.metrics.chrf import ChrfOptions, chrf, corpus_segments, summed_statistics

# Every kind of character the pages name: whitespace of several kinds, characters that look like
# whitespace and are not, astral characters, a combining mark, ASCII and other punctuation.
_CHARACTERS = "abcAB \t\n\u00a0\u3000\u2028\u0085\u200b\ufeff\u180e😀🎉\u0301é()'.!,-«»\x00"
_texts = st.text(alphabet=_CHARACTERS, max_size=30)
_segments = st.lists(
    st.tuples(_texts, st.lists(_texts, min_size=1, max_size=4)), min_size=1, max_size=6
)
_options = st.builds(
    ChrfOptions,
    char_order=st.integers(1, 10),
    word_order=st.integers(0, 2),
    beta=st.integers(1, 10),
    eps_smoothing=st.booleans(),
    include_whitespace=st.booleans(),
)


@pytest.fixture
def numpy_for_every_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fast, "SMALL_INPUT_CODE_POINTS", 0)


def _chrf_both(
    segments: list[tuple[str, list[str]]], options: ChrfOptions, decimals: int | None = None
) -> tuple[object, object]:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    arguments = {
        "char_order": options.char_order,
        "word_order": options.word_order,
        "beta": options.beta,
        "eps_smoothing": options.eps_smoothing,
        "include_whitespace": options.include_whitespace,
        "decimals": decimals,
    }
    fast_result = chrf_fast(hypotheses, references, options, decimals=decimals)
    return chrf(hypotheses, references, **arguments), fast_result  # type: ignore[arg-type]


@pytest.mark.usefixtures("numpy_for_every_size")
@settings(max_examples=300, deadline=None)
@given(segments=_segments, options=_options)
def test_chrf_fast_equals_the_oracle_on_generated_corpora(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    ours, oracle = _chrf_both(segments, options)
    assert ours == oracle


@pytest.mark.usefixtures("numpy_for_every_size")
@settings(max_examples=100, deadline=None)
@given(segments=_segments, options=_options)
def test_segment_statistics_fast_equals_the_oracle_segments_and_their_sum(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    expected = corpus_segments(hypotheses, references, options)
    block = segment_statistics_fast(hypotheses, references, options)
    assert block.segments == expected
    assert block.statistics == summed_statistics(expected, options.order_count)


@pytest.mark.usefixtures("numpy_for_every_size")
@pytest.mark.parametrize(
    ("hypothesis", "references"),
    [
        pytest.param("", [""], id="empty-texts"),
        pytest.param(" \t\n", ["\u3000", "a b"], id="whitespace-only"),
        pytest.param("abcdefg", ["abc"], id="reference-shorter-than-char-order"),
        pytest.param("ab", ["ab", "ab"], id="tie"),
        pytest.param("abcd", ["ax", "abcdxxxxxxx"], id="tie-on-the-0-100-scale"),
        pytest.param("😀😀🎉", ["😀🎉"], id="astral"),
        pytest.param("cafe\u0301", ["café"], id="combining-mark"),
        pytest.param("a\u200bb\ufeffc", ["abc", "a b c"], id="not-whitespace"),
        pytest.param("(hi) «Bonjour» 's", ["hi Bonjour 's"], id="punctuation"),
        pytest.param("a\x00b", ["a\x00b"], id="nul"),
    ],
)
@pytest.mark.parametrize("word_order", [0, 2])
@pytest.mark.parametrize("include_whitespace", [False, True])
def test_chrf_fast_equals_the_oracle_on_the_edge_cases(
    hypothesis: str, references: list[str], word_order: int, include_whitespace: bool
) -> None:
    for char_order in (1, 3, 6):
        options = ChrfOptions(char_order, word_order, include_whitespace=include_whitespace)
        ours, oracle = _chrf_both([(hypothesis, references)], options)
        assert ours == oracle


@pytest.fixture
def kernel_for_every_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every text counts as long: every corpus goes the way of one with a long text."""
    monkeypatch.setattr(sentences, "LONG_SEGMENT", 0)


@pytest.mark.usefixtures("kernel_for_every_text")
@settings(max_examples=150, deadline=None)
@given(segments=_segments, options=_options)
def test_a_corpus_with_a_long_text_is_counted_by_the_kernel_as_the_oracle_counts_it(
    segments: list[tuple[str, list[str]]], options: ChrfOptions
) -> None:
    ours, oracle = _chrf_both(segments, options)
    assert ours == oracle


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(segments=_segments, options=_options, seed=st.integers(0, 2**32))
def test_a_text_too_long_for_numpys_arrays_is_the_oracles_with_its_words(
    segments: list[tuple[str, list[str]]], options: ChrfOptions, seed: int
) -> None:
    rng = random.Random(seed)
    pieces = [text for hypothesis, refs in segments for text in (hypothesis, *refs) if text]
    long_text = " ".join(rng.choices(pieces or ["a"], k=sentences.LONG_SEGMENT // 2 + 1))
    segments = [*segments, (long_text, [long_text[rng.randrange(50) :], "a b"])]
    ours, oracle = _chrf_both(segments, options)
    assert ours == oracle


def _sentence(rng: random.Random, vocabulary: list[str]) -> str:
    return " ".join(rng.choice(vocabulary) for _ in range(rng.randint(0, 25)))


def _edited(rng: random.Random, text: str, vocabulary: list[str]) -> str:
    return " ".join(
        rng.choice(vocabulary) if rng.random() < 0.3 else word for word in text.split(" ")
    )


@pytest.mark.parametrize("word_order", [0, 1, 2])
@pytest.mark.parametrize("eps_smoothing", [False, True])
def test_chrf_fast_equals_the_oracle_above_the_small_input_threshold(
    word_order: int, eps_smoothing: bool
) -> None:
    rng = random.Random(6_0000 + word_order)
    vocabulary = [
        "".join(rng.choices(_CHARACTERS[:5] + "😀é()'.", k=rng.randint(1, 7))) for _ in range(300)
    ]
    hypotheses = [_sentence(rng, vocabulary) for _ in range(60)]
    references = [
        [_edited(rng, hypothesis, vocabulary) for _ in range(rng.randint(1, 3))]
        for hypothesis in hypotheses
    ]
    assert sum(map(len, hypotheses)) * 2 >= fast.SMALL_INPUT_CODE_POINTS
    options = ChrfOptions(word_order=word_order, eps_smoothing=eps_smoothing)
    assert chrf_fast(hypotheses, references, options, decimals=6) == chrf(
        hypotheses, references, word_order=word_order, eps_smoothing=eps_smoothing, decimals=6
    )


@pytest.mark.usefixtures("numpy_for_every_size")
def test_tokens_whose_hashes_collide_are_computed_by_the_oracle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every code point mixes to 0: all tokens of a length hash alike, the check finds "ab" and
    # "ba" different, and the oracle computes the block.
    monkeypatch.setattr(words, "mixed", lambda values, offsets: np.zeros_like(values))
    hypotheses, references = ["ab ba ab"], [["ba ab", "ab"]]
    assert chrf_fast(hypotheses, references, ChrfOptions(word_order=2)) == chrf(
        hypotheses, references, word_order=2
    )


@pytest.mark.usefixtures("numpy_for_every_size")
def test_keys_that_lose_their_bucket_on_every_attempt_get_their_ids_from_a_dict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A mix of 0 sends every key of a segment to one bucket: all but one key lose it each time.
    monkeypatch.setattr(occurrences, "MIXES", (np.uint64(0),) * 3)
    hypotheses, references = ["abcab cba", "xyz"], [["abc cab", "bca"], ["zyx"]]
    assert chrf_fast(hypotheses, references, ChrfOptions()) == chrf(hypotheses, references)


@pytest.mark.usefixtures("numpy_for_every_size")
def test_a_lone_surrogate_goes_to_the_oracle() -> None:
    hypotheses, references = ["a\ud800b"], [["a\ud800"]]
    assert chrf_fast(hypotheses, references, ChrfOptions(word_order=2)) == chrf(
        hypotheses, references, word_order=2
    )


def test_small_inputs_are_computed_by_the_oracle(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*arguments: object) -> None:
        raise AssertionError("numpy was used for a small input")

    monkeypatch.setattr(fast, "block_counts", refuse)
    hypotheses, references = ["The cat sat on the mat."], [["The cat sat on a mat."]]
    assert chrf_fast(hypotheses, references, ChrfOptions()) == chrf(hypotheses, references)
