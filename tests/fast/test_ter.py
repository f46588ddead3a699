"""The fast TER (``fast.ter``) gives sacreBLEU 2.6's statistics and score on the compiled path
and on the pure-Python one: equal edits and reference lengths per segment, and ``score`` equal
to ``TER(...).corpus_score(...).score`` bit for bit, for every option."""

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.ter import corpus_statistics_fast, ter_fast, word_statistics_fast
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import ter, ter_result
from mtcompute.metrics.ter.statistics import TerStatistics
from tests.metrics.ter import tricky_texts
from tests.metrics.ter.sacrebleu_peer import (
    EVERY_OPTION_COMBINATION,
    expected,
    sacrebleu_corpus_score,
    sacrebleu_segments,
)

Corpus = tuple[tuple[str, tuple[str, ...]], ...]

# Few distinct words, so that runs repeat and shifts pay; case, punctuation and CJK for the
# tokenizer's options.
_WORDS = ("a", "b", "c", "A", "the", "cat", "cat,", "sat.", "(on)", "John's", "1,000", "中文", "。")
PATHS = ["compiled", "pure Python"]


@pytest.fixture(params=PATHS)
def path(request: pytest.FixtureRequest) -> str:
    """Each test runs on the compiled kernel, then as installed without a C compiler."""
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def _random_corpus(rng: random.Random, size: int, longest: int) -> Corpus:
    vocabulary = _WORDS[: rng.randint(2, len(_WORDS))]

    def text() -> str:
        return " ".join(rng.choices(vocabulary, k=rng.randint(0, longest)))

    return tuple((text(), tuple(text() for _ in range(rng.randint(1, 4)))) for _ in range(size))


@cache
def _expected(corpus: Corpus, options: TerOptions) -> tuple[list[tuple[int, float]], float]:
    """sacreBLEU's segments and score, computed once for both paths."""
    return sacrebleu_segments([h for h, _ in corpus], [list(refs) for _, refs in corpus], options)


def _check(corpus: Corpus, options: TerOptions) -> None:
    hypotheses, references = [h for h, _ in corpus], [list(refs) for _, refs in corpus]
    segments, score = _expected(corpus, options)
    statistics = corpus_statistics_fast(hypotheses, references, options)
    assert [(s.num_edits, s.ref_length) for s in statistics] == segments
    assert ter_result(statistics, options).score == score


@cache
def _seeded_corpora(seed: int, size: int, longest: int) -> list[tuple[Corpus, TerOptions]]:
    rng = random.Random(seed)
    return [(_random_corpus(rng, size, longest), options) for options in EVERY_OPTION_COMBINATION]


# One test an option combination (its corpora drawn as before, all from one seed): the cores
# share them out instead of one test bounding the run.
_COMBINATION = [pytest.param(k, id=str(o)) for k, o in enumerate(EVERY_OPTION_COMBINATION)]


@pytest.mark.parametrize("combination", _COMBINATION)
def test_seeded_corpora_score_as_in_sacrebleu(path: str, combination: int) -> None:
    _check(*_seeded_corpora(2026, 30, 20)[combination])


def _check_segments(corpus: Corpus, options: TerOptions, count: int) -> None:
    """The first ``count`` segments' statistics against sacreBLEU's, from its one run."""
    hypotheses, references = [h for h, _ in corpus], [list(refs) for _, refs in corpus]
    statistics = corpus_statistics_fast(hypotheses[:count], references[:count], options)
    segments, _ = _expected(corpus, options)
    assert [(s.num_edits, s.ref_length) for s in statistics] == segments[:count]


@pytest.mark.slow
@pytest.mark.parametrize("combination", _COMBINATION)
def test_thousands_of_seeded_segments_short_and_long_score_as_in_sacrebleu(
    combination: int, request: pytest.FixtureRequest
) -> None:
    # For each of the 16 option combinations, 120 short and 4 long segments, up to 4
    # references each, on the compiled path; then a tenth of them without a compiler, against
    # the same run of sacreBLEU (that path is the oracle's, which tests/metrics/ter holds to
    # sacreBLEU on thousands of its own).
    short, long = _seeded_corpora(7, 120, 25)[combination], _seeded_corpora(8, 4, 60)[combination]
    _check(*short)
    _check(*long)
    request.getfixturevalue("pure_python")
    _check_segments(*short, count=12)
    _check_segments(*long, count=1)


def _check_generated(corpus: Corpus, options: TerOptions) -> None:
    hypotheses, references = [h for h, _ in corpus], [list(refs) for _, refs in corpus]
    statistics = corpus_statistics_fast(hypotheses, references, options)
    segments, score = expected(corpus, options)
    assert [(s.num_edits, s.ref_length) for s in statistics] == list(segments)
    assert ter_fast(hypotheses, references, **_keywords(options)).score == score


# Every kind of whitespace, entities, punctuation, CJK, kana, hangul and combining marks
# (tests/metrics/ter/tricky_texts.py), one sacreBLEU run per option combination.
def test_generated_segments_of_every_script_and_space_score_as_in_sacrebleu(path: str) -> None:
    for options in EVERY_OPTION_COMBINATION:
        _check_generated(tricky_texts.corpus(37, 40), options)


@pytest.mark.slow
@pytest.mark.parametrize("options", EVERY_OPTION_COMBINATION, ids=str)
def test_thousands_of_generated_segments_of_every_script_and_space_score_as_in_sacrebleu(
    options: TerOptions, request: pytest.FixtureRequest
) -> None:
    # 16 x 1,000 = 16,000 segments, about 40,000 (hypothesis, reference) pairs, compiled; a
    # tenth of them on the pure-Python path, against the same run of sacreBLEU.
    corpus = tricky_texts.corpus(3701, 1000)
    _check_generated(corpus, options)
    request.getfixturevalue("pure_python")
    hypotheses, references = [h for h, _ in corpus], [list(refs) for _, refs in corpus]
    statistics = corpus_statistics_fast(hypotheses[:100], references[:100], options)
    segments, _ = expected(corpus, options)
    assert [(s.num_edits, s.ref_length) for s in statistics] == list(segments[:100])


_texts = st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join)
_corpora = st.lists(
    st.tuples(_texts, st.lists(_texts, min_size=1, max_size=3).map(tuple)), min_size=1, max_size=5
).map(tuple)


@settings(max_examples=150)
@given(_corpora, st.sampled_from(EVERY_OPTION_COMBINATION))
def test_generated_corpora_score_as_in_sacrebleu_on_the_compiled_path(
    corpus: Corpus, options: TerOptions
) -> None:
    _check(corpus, options)


def test_the_public_corpus_score_is_the_same_double(path: str) -> None:
    hypotheses = ["The cat sat on the mat.", "a b", ""]
    references = [["on the mat the cat sat", "The cat."], ["b a x"], ["a"]]
    for options in EVERY_OPTION_COMBINATION:
        result = ter_fast(hypotheses, references, **_keywords(options))
        assert result.score == sacrebleu_corpus_score(hypotheses, references, options)
        assert result == ter(hypotheses, references, **_keywords(options))


def _keywords(options: TerOptions) -> dict[str, bool]:
    return {
        "normalized": options.normalized,
        "no_punct": options.no_punct,
        "asian_support": options.asian_support,
        "case_sensitive": options.case_sensitive,
    }


def test_the_pure_python_path_has_no_kernel(pure_python: None) -> None:
    assert compiled.ter_edits is None
    assert word_statistics_fast(["b", "a"], [["a", "b"]]) == TerStatistics(1, 2.0)


def test_a_segment_without_references_is_a_value_error(path: str) -> None:
    with pytest.raises(ValueError, match="at least one reference"):
        word_statistics_fast(["a"], [])


def test_hypotheses_and_references_must_pair_up(path: str) -> None:
    with pytest.raises(ValueError, match="2 hypotheses but references for 1 segments"):
        corpus_statistics_fast(["a", "b"], [["a"]], TerOptions())
