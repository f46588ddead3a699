"""The laws of corpus BLEU, checked with Hypothesis on small corpora over a tiny vocabulary."""

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import BleuStatistics, corpus_bleu
from mtcompute.metrics.bleu import corpus_statistics

Tokens = list[str]
Segment = tuple[Tokens, list[Tokens]]

# A tiny vocabulary of one-letter tokens, so that n-grams match often; drawn as text, which
# Hypothesis generates several times faster than a list of tokens.
_VOCABULARY = "abc"
_tokens = st.text(_VOCABULARY, max_size=10).map(list)
_segments = st.tuples(_tokens, st.lists(_tokens, min_size=1, max_size=4))
_corpora = st.lists(_segments, min_size=1, max_size=8)
_orders = st.integers(min_value=1, max_value=8)
_decimals = st.none() | st.integers(min_value=0, max_value=15)

_examples = settings(max_examples=200, deadline=None)


def _statistics(corpus: list[Segment], max_order: int) -> BleuStatistics:
    return corpus_statistics(
        [hypothesis for hypothesis, _ in corpus],
        [references for _, references in corpus],
        max_order,
    )


@_examples
@given(corpus=_corpora, max_order=_orders, data=st.data())
def test_statistics_add_up_over_any_split_of_the_segments(
    corpus: list[Segment], max_order: int, data: st.DataObject
) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(0, len(corpus)), max_size=4), label="cuts"))
    bounds = [0, *cuts, len(corpus)]
    total = BleuStatistics.zero(max_order)
    for start, stop in pairwise(bounds):
        total += _statistics(corpus[start:stop], max_order)
    assert total == _statistics(corpus, max_order)


@_examples
@given(corpus=_corpora, max_order=_orders, decimals=_decimals, data=st.data())
def test_segment_order_does_not_change_the_result(
    corpus: list[Segment], max_order: int, decimals: int | None, data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(corpus), label="shuffled")
    assert corpus_bleu(
        [hypothesis for hypothesis, _ in shuffled],
        [references for _, references in shuffled],
        max_order=max_order,
        decimals=decimals,
    ) == corpus_bleu(
        [hypothesis for hypothesis, _ in corpus],
        [references for _, references in corpus],
        max_order=max_order,
        decimals=decimals,
    )


@_examples
@given(max_order=_orders, data=st.data())
def test_hypotheses_equal_to_their_single_reference_score_exactly_1(
    max_order: int, data: st.DataObject
) -> None:
    # One segment at least max_order long gives every order a match.
    long_enough = st.text(_VOCABULARY, min_size=max_order, max_size=12).map(list)
    hypotheses = data.draw(st.lists(_tokens, max_size=6), label="others")
    hypotheses.insert(
        data.draw(st.integers(0, len(hypotheses)), label="at"), data.draw(long_enough, "long")
    )
    result = corpus_bleu(
        hypotheses, [[hypothesis] for hypothesis in hypotheses], max_order=max_order
    )
    assert result.bleu == 1.0
    assert result.brevity_penalty == 1.0
    assert result.matches == result.totals


@_examples
@given(corpus=_corpora, max_order=_orders, decimals=_decimals)
def test_bleu_and_brevity_penalty_lie_between_0_and_1(
    corpus: list[Segment], max_order: int, decimals: int | None
) -> None:
    result = corpus_bleu(
        [hypothesis for hypothesis, _ in corpus],
        [references for _, references in corpus],
        max_order=max_order,
        decimals=decimals,
    )
    assert 0.0 <= result.bleu <= 1.0
    assert 0.0 <= result.brevity_penalty <= 1.0


@_examples
@given(corpus=_corpora, max_order=_orders)
def test_bleu_is_0_exactly_when_the_penalty_is_0_or_an_order_has_no_match(
    corpus: list[Segment], max_order: int
) -> None:
    result = corpus_bleu(
        [hypothesis for hypothesis, _ in corpus],
        [references for _, references in corpus],
        max_order=max_order,
    )
    no_match = result.brevity_penalty == 0.0 or 0 in result.matches
    assert (result.bleu == 0.0) == no_match


@_examples
@given(corpus=_corpora, max_order=_orders)
def test_matches_never_exceed_totals_and_totals_never_grow_with_the_order(
    corpus: list[Segment], max_order: int
) -> None:
    statistics = _statistics(corpus, max_order)
    assert all(
        0 <= m <= total for m, total in zip(statistics.matches, statistics.totals, strict=True)
    )
    assert list(statistics.totals) == sorted(statistics.totals, reverse=True)
    assert statistics.totals[0] == statistics.candidate_length
