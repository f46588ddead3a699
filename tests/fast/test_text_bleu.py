"""Corpus BLEU statistics from raw texts equal the oracle's statistics of the oracle's tokens,
on the compiled pass (tokenizing and counting fused) and without it (tokenize, then count)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.text_bleu import corpus_statistics_from_streams, corpus_statistics_from_text
from mtcompute.metrics import tokenizers
from mtcompute.metrics.bleu import BleuStatistics, corpus_statistics
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
