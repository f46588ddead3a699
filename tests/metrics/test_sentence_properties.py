"""Laws of sentence BLEU, checked on generated segments (Hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute import corpus_bleu, execute, sentence_bleu, sentence_components

_tokens = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=12)
_references = st.lists(_tokens, min_size=1, max_size=4)
_orders = st.integers(min_value=1, max_value=8)
_decimals = st.none() | st.integers(min_value=0, max_value=15)


@settings(max_examples=500, deadline=None)
@given(_tokens, _references, _orders, _decimals)
def test_with_none_and_no_effective_order_sentence_bleu_is_corpus_bleu_bit_for_bit(
    hypothesis: list[str], references: list[list[str]], max_order: int, decimals: int | None
) -> None:
    ours = sentence_bleu(
        hypothesis,
        references,
        max_order=max_order,
        smoothing="none",
        effective_order=False,
        decimals=decimals,
    ).to_dict()
    request = {"hypotheses": [hypothesis], "references": [references], "max_order": max_order}
    if decimals is not None:
        request["decimals"] = decimals
    corpus = execute("bleu-corpus-compute", "1.0.0", request)
    assert {name: ours[name] for name in corpus} == corpus
    # The bits, not only equality: 0.0 and -0.0 would compare equal.
    assert repr(ours["bleu"]) == repr(corpus["bleu"])


@settings(max_examples=300, deadline=None)
@given(_tokens, _references, _orders)
def test_components_are_what_corpus_bleu_counts_for_the_one_segment(
    hypothesis: list[str], references: list[list[str]], max_order: int
) -> None:
    components = sentence_components(hypothesis, references, max_order=max_order)
    corpus = corpus_bleu([hypothesis], [references], max_order=max_order)
    assert (components.matches, components.totals) == (corpus.matches, corpus.totals)
    assert components.candidate_length == corpus.candidate_length
    assert components.reference_length == corpus.reference_length


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=12), _orders)
def test_a_hypothesis_equal_to_its_reference_scores_1_with_effective_order(
    tokens: list[str], max_order: int
) -> None:
    for smoothing in ("none", "floor", "add-k", "exp"):
        result = sentence_bleu(tokens, [tokens], max_order=max_order, smoothing=smoothing)
        assert result.bleu == 1.0
        # add-k gives every order n >= 2 an n-gram: all orders count
        orders = max_order if smoothing == "add-k" else min(max_order, len(tokens))
        assert result.effective_order_used == orders


@settings(max_examples=300, deadline=None)
@given(_tokens, _references, _orders)
def test_smoothing_never_turns_a_score_negative_or_above_1(
    hypothesis: list[str], references: list[list[str]], max_order: int
) -> None:
    for smoothing in ("none", "floor", "add-k", "exp"):
        for effective_order in (True, False):
            result = sentence_bleu(
                hypothesis,
                references,
                max_order=max_order,
                smoothing=smoothing,
                effective_order=effective_order,
            )
            assert 0.0 <= result.bleu <= 1.0
            assert all(p is None or 0.0 <= p <= 1.0 for p in result.precisions)
