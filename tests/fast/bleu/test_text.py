"""Corpus BLEU statistics from raw texts equal the oracle's statistics of the oracle's tokens,
on the compiled pass (tokenizing and counting fused) and without it (tokenize, then count)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.bleu.text import (
    corpus_statistics_from_streams,
    corpus_statistics_from_text,
    sentence_lines,
)
from mtcompute.metrics import tokenizers
from mtcompute.metrics.bleu import BleuStatistics, corpus_statistics, segment_statistics
from mtcompute.metrics.sentence import sentence_score
from mtcompute.metrics.smoothing import ADD_K, EXP, FLOOR, NONE, Smoothing
from mtcompute.scoring.report import score_text
from tests.metrics.tokenizers.sacrebleu_tokens import SETTINGS, texts

# Few words, so that n-grams repeat and match; punctuation and numbers, so that tokenizers cut.
WORDS = ["the", "The", "cat", "sat", "on", "mat", ".", ",", "3.5", "1,000", "5-6", "é", "中", "Σ"]
word_texts = st.lists(st.sampled_from(WORDS), max_size=30).map(" ".join)
any_texts = st.one_of(word_texts, texts, st.just(""), st.just("  \n"))
segments = st.lists(st.tuples(any_texts, st.lists(any_texts, min_size=1, max_size=5)), max_size=8)


@pytest.fixture(params=["compiled", "pure Python"])
def path(request: pytest.FixtureRequest) -> str:
    """Each test runs on the compiled pass where it was built, and without it."""
    if request.param == "compiled" and compiled.text_statistics is None:
        pytest.skip("the compiled pass was not built")
    if request.param == "pure Python":
        request.getfixturevalue("pure_python")
    return str(request.param)


def oracle(
    hypotheses: list[str],
    references: list[list[str]],
    tokenizer: str,
    lowercase: bool,
    max_order: int,
) -> BleuStatistics:
    def tokens(lines: list[str]) -> list[list[str]]:
        return tokenizers.tokenize_many(lines, tokenizer, lowercase)

    return corpus_statistics(tokens(hypotheses), [tokens(refs) for refs in references], max_order)


@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(corpus=segments, max_order=st.integers(1, 6))
def test_statistics_of_texts_are_the_oracles_of_their_tokens(
    path: str,
    tokenizer: str,
    lowercase: bool,
    corpus: list[tuple[str, list[str]]],
    max_order: int,
) -> None:
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    references = [refs for _, refs in corpus]
    expected = oracle(hypotheses, references, tokenizer, lowercase, max_order)
    got = corpus_statistics_from_text(
        hypotheses, references, tokenizer=tokenizer, lowercase=lowercase, max_order=max_order
    )
    assert got == expected


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    corpus=st.lists(
        st.tuples(word_texts, st.lists(st.one_of(st.none(), word_texts), min_size=3, max_size=3)),
        max_size=8,
    ),
    lowercase=st.booleans(),
)
def test_streams_leave_none_out_as_sacrebleu_does(
    path: str, corpus: list[tuple[str, list[str | None]]], lowercase: bool
) -> None:
    some = ["x", None, None]
    corpus = [(h, refs if any(r is not None for r in refs) else some) for h, refs in corpus]
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    streams = [list(stream) for stream in zip(*(refs for _, refs in corpus), strict=True)]
    streams = streams or [[], [], []]
    per_segment = [[r for r in refs if r is not None] for _, refs in corpus]
    expected = oracle(hypotheses, per_segment, "13a", lowercase, 4)
    got = corpus_statistics_from_streams(hypotheses, streams, lowercase=lowercase)
    assert got == expected


def test_a_long_corpus_with_many_references_and_long_segments(path: str) -> None:
    """Segments long enough to grow every table, many references, and tables reused across
    segments of every size."""
    words = [f"w{i % 97}" for i in range(5000)]
    hypotheses = [" ".join(words[: 10 * i + 1]) for i in range(60)] + ["", "w1 w2 w3"]
    references = [
        [" ".join(words[i : 10 * i + 5]), " ".join(words[3 : 7 * i + 9]), ""] * (1 + i % 3)
        for i in range(60)
    ] + [["w1 w2"], ["", "w1 w2 w3 w4", "w3 w2"]]
    for tokenizer in ("13a", "char"):
        expected = oracle(hypotheses, references, tokenizer, False, 4)
        assert corpus_statistics_from_text(hypotheses, references, tokenizer=tokenizer) == expected


# Past this many hypothesis tokens the compiled pass counts one order at a time (LONG_TOKENS).
_LONG = 1 << 15


@pytest.mark.slow
@pytest.mark.parametrize(
    ("tokenizer", "lowercase"), [("13a", False), ("char", True), ("intl", False)]
)
@settings(max_examples=6, deadline=None)
@given(
    vocabulary=st.lists(st.one_of(st.sampled_from(WORDS), texts), min_size=1, max_size=10),
    seed=st.integers(0, 2**32),
    references=st.integers(1, 3),
    max_order=st.integers(1, 6),
)
def test_a_hypothesis_too_long_for_the_shared_tables_is_counted_as_the_oracles(  # noqa: PLR0917
    tokenizer: str,
    lowercase: bool,
    vocabulary: list[str],
    seed: int,
    references: int,
    max_order: int,
) -> None:
    """Long and short segments in one call, so that the shared tables serve around it; a
    reference's tokens the hypothesis lacks, and most of its n-grams in one reference."""
    rng = random.Random(seed)
    hypothesis = " ".join(rng.choices(vocabulary, k=_LONG + rng.randint(1, 5_000)))
    texts = [" ".join(rng.choices(vocabulary, k=rng.randint(0, _LONG))) for _ in range(references)]
    refs = [*texts, hypothesis[rng.randint(0, 60) :] + " unseen"]
    hypotheses = ["the cat", hypothesis, "cat sat", hypothesis[:200]]
    per_segment = [["the cat sat"], refs, refs[:1], ["", "sat on"]]
    expected = oracle(hypotheses, per_segment, tokenizer, lowercase, max_order)
    got = corpus_statistics_from_text(
        hypotheses, per_segment, tokenizer=tokenizer, lowercase=lowercase, max_order=max_order
    )
    assert got == expected


def test_an_empty_corpus_has_zero_statistics(path: str) -> None:
    assert corpus_statistics_from_text([], []) == BleuStatistics.zero(4)
    assert corpus_statistics_from_streams([], [[], []], max_order=2) == BleuStatistics.zero(2)


@pytest.mark.parametrize(
    ("hypotheses", "references", "by_streams"),
    [
        (["a"], [], False),
        (["a", "b"], [["a"]], False),
        (["a"], [[]], False),
        (["a"], [[None]], True),
        (["a"], [["a", "b"]], True),
        (["a"], [], True),
    ],
)
def test_mismatched_or_missing_references_are_value_errors(
    path: str, hypotheses: list[str], references: list[list[str | None]], by_streams: bool
) -> None:
    count = corpus_statistics_from_streams if by_streams else corpus_statistics_from_text
    with pytest.raises(ValueError):  # noqa: PT011 - the oracle's own messages differ
        count(hypotheses, references)  # type: ignore[arg-type]


@pytest.mark.parametrize(("tokenizer", "max_order"), [("13b", 4), ("13a", 0)])
def test_an_unknown_tokenizer_or_order_is_a_value_error(
    path: str, tokenizer: str, max_order: int
) -> None:
    with pytest.raises(ValueError, match=r"tokenizer|max_order"):
        corpus_statistics_from_text(["a"], [["a"]], tokenizer=tokenizer, max_order=max_order)


def test_an_order_beyond_the_compiled_one_is_counted_from_tokens() -> None:
    hypotheses, references = ["a b " * 40], [["a b " * 39]]
    expected = oracle(hypotheses, references, "13a", False, 70)
    assert corpus_statistics_from_text(hypotheses, references, max_order=70) == expected


def test_a_text_that_is_not_str_is_a_type_error() -> None:
    if compiled.text_statistics is None:
        pytest.skip("the compiled pass was not built")
    with pytest.raises(TypeError, match="not str"):
        corpus_statistics_from_text([b"a"], [["a"]])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="not str"):
        corpus_statistics_from_text(["a"], [[1]])  # type: ignore[list-item]


def _oracle_lines(  # noqa: PLR0917 - the line's parts
    hypotheses: list[str],
    streams: list[list[str]],
    tokenizer: str,
    lowercase: bool,
    max_order: int,
    smoothing: Smoothing,
    decimals: int,
    score_only: bool,
) -> list[str]:
    lines = []
    for index, hypothesis in enumerate(hypotheses):
        refs = [stream[index] for stream in streams]
        hypothesis_tokens = tokenizers.tokenize(hypothesis, tokenizer, lowercase)
        reference_tokens = tokenizers.tokenize_many(refs, tokenizer, lowercase)
        stats = segment_statistics(hypothesis_tokens, reference_tokens, max_order)
        result = sentence_score(stats, smoothing, use_effective_order=True)
        line = score_text(
            "BLEU",
            result.score,
            result.verbose_score,
            width=decimals,
            signature="nrefs:1|tool:x",
            score_only=score_only,
        )
        lines.append(line)
    return lines


smoothings = st.one_of(
    st.sampled_from([Smoothing.of(NONE), Smoothing.of(EXP), Smoothing.of(FLOOR)]),
    st.floats(0.001, 2.0).map(lambda value: Smoothing.of(FLOOR, value)),
)


@pytest.mark.skipif(compiled.sentence_lines is None, reason="the compiled lines were not built")
@pytest.mark.parametrize(("tokenizer", "lowercase"), SETTINGS)
@settings(max_examples=40)
@given(
    corpus=st.lists(st.tuples(any_texts, any_texts, any_texts), max_size=8),
    nrefs=st.integers(1, 2),
    max_order=st.integers(1, 8),
    smoothing=smoothings,
    decimals=st.integers(0, 6),
    score_only=st.booleans(),
)
def test_sentence_lines_are_the_oracles_scores_written_as_sacrebleu_writes_them(  # noqa: PLR0917
    tokenizer: str,
    lowercase: bool,
    corpus: list[tuple[str, str, str]],
    nrefs: int,
    max_order: int,
    smoothing: Smoothing,
    decimals: int,
    score_only: bool,
) -> None:
    hypotheses = [hypothesis for hypothesis, _, _ in corpus]
    streams = [[segment[1 + k] for segment in corpus] for k in range(nrefs)]
    got = sentence_lines(
        hypotheses,
        streams,
        tokenizer=tokenizer,
        lowercase=lowercase,
        max_order=max_order,
        smoothing=smoothing,
        head="" if score_only else "BLEU|nrefs:1|tool:x = ",
        decimals=decimals,
        verbose=not score_only,
    )
    expected = _oracle_lines(
        hypotheses, streams, tokenizer, lowercase, max_order, smoothing, decimals, score_only
    )
    assert got == expected


@pytest.mark.parametrize(
    ("smoothing", "max_order"), [(Smoothing.of(ADD_K), 4), (Smoothing.of(EXP), 65)]
)
def test_sentence_lines_leave_add_k_and_orders_above_64_to_each_segments_score(
    smoothing: Smoothing, max_order: int
) -> None:
    got = sentence_lines(
        ["a"],
        [["a"]],
        tokenizer="13a",
        lowercase=False,
        max_order=max_order,
        smoothing=smoothing,
        head="",
        decimals=2,
        verbose=False,
    )
    assert got is None


def test_without_the_compiled_pass_there_are_no_sentence_lines(pure_python: None) -> None:
    got = sentence_lines(
        ["a b"],
        [["a b"]],
        tokenizer="13a",
        lowercase=False,
        max_order=4,
        smoothing=Smoothing.of(EXP),
        head="",
        decimals=2,
        verbose=False,
    )
    assert got is None
