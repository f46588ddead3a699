"""The oracle's segments and corpus score are sacreBLEU 2.6's, for every option: equal edits
and reference lengths per segment, and ``100 * ter`` equal to ``TER(...).corpus_score(...).score``
bit for bit."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import ter_result
from mtcompute.metrics.ter.statistics import corpus_statistics
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import (
    EVERY_OPTION_COMBINATION,
    Corpus,
    expected,
    sacrebleu_corpus_score,
    sacrebleu_segments,
)

# Few distinct words, so that runs repeat and shifts pay; case, punctuation and CJK for the
# tokenizer's options.
_WORDS = ["a", "b", "c", "A", "the", "cat", "cat,", "sat.", "(on)", "John's", "1,000", "中文", "。"]
_texts = st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join)
_segment = st.tuples(_texts, st.lists(_texts, min_size=1, max_size=3))
_corpus = st.lists(_segment, min_size=1, max_size=5)


def _check(segments: list[tuple[str, list[str]]], options: TerOptions) -> None:
    hypotheses = [hypothesis for hypothesis, _ in segments]
    references = [refs for _, refs in segments]
    expected, score = sacrebleu_segments(hypotheses, references, options)
    statistics = corpus_statistics(hypotheses, references, options)
    assert [(s.num_edits, s.ref_length) for s in statistics] == expected
    assert ter_result(statistics, options).score == score


@settings(max_examples=150)
@given(_corpus, st.sampled_from(EVERY_OPTION_COMBINATION))
def test_generated_corpora_score_as_in_sacrebleu(
    segments: list[tuple[str, list[str]]], options: TerOptions
) -> None:
    _check(segments, options)


def _random_corpus(rng: random.Random, size: int, longest: int) -> list[tuple[str, list[str]]]:
    vocabulary = _WORDS[: rng.randint(2, len(_WORDS))]

    def text() -> str:
        return " ".join(rng.choices(vocabulary, k=rng.randint(0, longest)))

    return [(text(), [text() for _ in range(rng.randint(1, 4))]) for _ in range(size)]


# One test an option combination, each with a seed of its own: the cores share them out.
_SEEDED = [
    pytest.param(k, options, id=str(options)) for k, options in enumerate(EVERY_OPTION_COMBINATION)
]


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "options"), _SEEDED)
def test_seeded_corpora_score_as_in_sacrebleu(seed: int, options: TerOptions) -> None:
    _check(_random_corpus(random.Random(2026 + seed), 25, 20), options)


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "options"), _SEEDED)
def test_thousands_of_seeded_segments_short_and_long_score_as_in_sacrebleu(
    seed: int, options: TerOptions
) -> None:
    # For each of the 16 option combinations, 120 short and 3 long segments with 1 to 4
    # references each: about 2,000 segments and 5,000 (hypothesis, reference) pairs in all.
    rng = random.Random(7 + seed)
    _check(_random_corpus(rng, 120, 25), options)
    _check(_random_corpus(rng, 3, 60), options)


def test_the_public_corpus_score_is_the_same_double() -> None:
    hypotheses = ["the cat sat on the mat", "a b", ""]
    references = [["on the mat the cat sat", "the cat"], ["b a x"], ["a"]]
    options = TerOptions()
    result = ter_result(corpus_statistics(hypotheses, references, options), options)
    assert result.score == sacrebleu_corpus_score(hypotheses, references, options)


def _check_generated(corpus: Corpus, options: TerOptions) -> None:
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    statistics = corpus_statistics(hypotheses, [list(refs) for _, refs in corpus], options)
    segments, score = expected(corpus, options)
    assert [(s.num_edits, s.ref_length) for s in statistics] == list(segments)
    assert ter_result(statistics, options).score == score


# Every kind of whitespace, entities, punctuation, CJK, kana, hangul and combining marks
# (tests/metrics/ter/tricky_texts.py), one sacreBLEU run per option combination.
@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_generated_segments_of_every_script_and_space_score_as_in_sacrebleu(
    options: TerOptions,
) -> None:
    _check_generated(tricky_texts.corpus(37, 40), options)


@pytest.mark.slow
@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_thousands_of_generated_segments_of_every_script_and_space_score_as_in_sacrebleu(
    options: TerOptions,
) -> None:
    # 16 x 800 = 12,800 segments, about 32,000 (hypothesis, reference) pairs.
    _check_generated(tricky_texts.corpus(3700, 800), options)
