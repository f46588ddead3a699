"""Sentence BLEU: gold tables with the arithmetic of every row, and the parts it is made of.

Expected floats are exact: the doubles node's ``Math.log`` / ``Math.exp`` and ``toFixed`` give
for the formula in the row's comment. p_n are the precisions, N_eff the orders scored, and
bleu = bp * exp((1 / N_eff) * (ln p_1 + ... + ln p_N_eff)), summed left to right.
"""

from dataclasses import dataclass

import pytest

from mtcompute import BleuStatistics, SentenceBleuResult, SentenceComponents
from mtcompute.metrics.bleu import score
from mtcompute.metrics.sentence import (
    effective_order,
    sentence_bleu,
    sentence_components,
    sentence_score,
)
from mtcompute.metrics.smoothing import Smoothing

Precisions = tuple[float | None, ...]


@dataclass(frozen=True, slots=True)
class Gold:
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    c: int
    r: int
    smoothing: str
    value: float | None
    effective_order: bool
    bleu: float
    brevity_penalty: float
    orders: int
    precisions: Precisions
    decimals: int | None = None


def _gold(*args: object, id: str, decimals: int | None = None) -> object:
    return pytest.param(Gold(*args, decimals=decimals), id=id)  # type: ignore[arg-type, misc]


# The spec's example: "the cat on" against "the cat sat".
EXAMPLE = ((2, 1, 0, 0), (3, 2, 1, 0), 3, 3)
# "the cat on a mat" against "the cat sat on the mat": c = 5, r = 6, bp = exp(1 - 6/5).
SHORT = ((3, 1, 0, 0), (5, 4, 3, 2), 5, 6)
BP_5_6 = 0.8187307530779819

GOLD = [
    # exp: p = 2/3, 1/2, 1/(2 * 1) (t = 2 at the first order without a match), null (l_4 = 0);
    # N_eff = 3; bleu = exp((ln 2/3 + ln 1/2 + ln 1/2) / 3).
    _gold(*EXAMPLE, "exp", None, True, 0.5503212081491045, 1.0, 3,
          (0.6666666666666666, 0.5, 0.5, None), id="exp-spec-example"),
    # The same without effective order: l_4 = 0 is scored, so bleu = 0; N_eff = N = 4.
    _gold(*EXAMPLE, "exp", None, False, 0.0, 1.0, 4,
          (0.6666666666666666, 0.5, 0.5, None), id="exp-l4-is-0-without-effective-order"),
    # none: m_3 = 0 with 3 <= N_eff, so bleu = 0; p_3 = 0, p_4 null.
    _gold(*EXAMPLE, "none", None, True, 0.0, 1.0, 3,
          (0.6666666666666666, 0.5, 0.0, None), id="none-zero-match-within-effective-order"),
    # none without effective order, every order matched: corpus BLEU of the one segment,
    # exp((ln 5/6 + ln 3/5 + ln 2/4 + ln 1/3) / 4).
    _gold((5, 3, 2, 1), (6, 5, 4, 3), 6, 6, "none", None, False, 0.537284965911771, 1.0, 4,
          (0.8333333333333334, 0.6, 0.5, 0.3333333333333333), id="none-all-matched"),
    # floor, ε = 0.1 by default: p_3 = 0.1 / 1; exp((ln 2/3 + ln 1/2 + ln 0.1) / 3).
    _gold(*EXAMPLE, "floor", 0.1, True, 0.32182979486854335, 1.0, 3,
          (0.6666666666666666, 0.5, 0.1, None), id="floor-zero-match"),
    # floor without effective order: l_4 = 0, bleu = 0, p_4 still null.
    _gold(*EXAMPLE, "floor", 0.1, False, 0.0, 1.0, 4,
          (0.6666666666666666, 0.5, 0.1, None), id="floor-l4-is-0-without-effective-order"),
    # add-k, k = 1: m' = 2, 1+1, 0+1, 0+1 and l' = 3, 2+1, 1+1, 0+1; p = 2/3, 2/3, 1/2, 1;
    # no l'_n = 0, so N_eff = 4 with or without effective order.
    _gold(*EXAMPLE, "add-k", 1.0, True, 0.6865890479690392, 1.0, 4,
          (0.6666666666666666, 0.6666666666666666, 0.5, 1.0), id="add-k-1-l4-is-0-gives-1"),
    _gold(*EXAMPLE, "add-k", 1.0, False, 0.6865890479690392, 1.0, 4,
          (0.6666666666666666, 0.6666666666666666, 0.5, 1.0), id="add-k-1-without-effective-order"),
    # add-k, k = 0.5: p = 2/3, 1.5/2.5, 0.5/1.5, 0.5/0.5.
    _gold(*EXAMPLE, "add-k", 0.5, True, 0.6042750794713536, 1.0, 4,
          (0.6666666666666666, 0.6, 0.3333333333333333, 1.0), id="add-k-fractional-k"),
    # add-k, k = 0.1 on SHORT: p = 3/5, 1.1/4.1, 0.1/3.1, 0.1/2.1; bp = exp(1 - 6/5).
    _gold(*SHORT, "add-k", 0.1, False, 0.10266818303440374, BP_5_6, 4,
          (0.6, 0.26829268292682934, 0.03225806451612903, 0.047619047619047616),
          id="add-k-k-0.1-below-brevity"),
    # exp with two orders unmatched: p_3 = 1/(2 * 3), p_4 = 1/(4 * 2).
    _gold(*SHORT, "exp", None, True, 0.19357693493908812, BP_5_6, 4,
          (0.6, 0.25, 0.16666666666666666, 0.125), id="exp-t-doubles-at-each-unmatched-order"),
    # floor, ε = 0.01: p_3 = 0.01 / 3, p_4 = 0.01 / 2.
    _gold(*SHORT, "floor", 0.01, True, 0.03255563013321616, BP_5_6, 4,
          (0.6, 0.25, 0.0033333333333333335, 0.005), id="floor-epsilon-0.01"),
    # m_1 = 0: bleu = 0 and N_eff = 0 whatever the smoothing; precisions still filled in.
    # exp: 1/(2 * 2), 1/(4 * 1); floor: 0.1/2, 0.1/1; add-k: 0, 1/2, 1/1, 1/1; none: 0, 0.
    _gold((0, 0, 0, 0), (2, 1, 0, 0), 2, 2, "exp", None, True, 0.0, 1.0, 0,
          (0.25, 0.25, None, None), id="exp-no-unigram-match"),
    _gold((0, 0, 0, 0), (2, 1, 0, 0), 2, 2, "floor", 0.1, True, 0.0, 1.0, 0,
          (0.05, 0.1, None, None), id="floor-no-unigram-match"),
    _gold((0, 0, 0, 0), (2, 1, 0, 0), 2, 2, "add-k", 1.0, True, 0.0, 1.0, 0,
          (0.0, 0.5, 1.0, 1.0), id="add-k-no-unigram-match"),
    _gold((0, 0, 0, 0), (2, 1, 0, 0), 2, 2, "none", None, True, 0.0, 1.0, 0,
          (0.0, 0.0, None, None), id="none-no-unigram-match"),
    # c = 0: bp = 0, l'_1 = 0 so p_1 is null; add-k's l'_n = 0 + 1 for n >= 2 gives 1/1.
    _gold((0, 0, 0, 0), (0, 0, 0, 0), 0, 3, "add-k", 1.0, True, 0.0, 0.0, 0,
          (None, 1.0, 1.0, 1.0), id="add-k-empty-hypothesis"),
    # One order, one match, r = 0 < c: bp = 1, bleu = exp(ln 1 / 1) = 1.
    _gold((1,), (1,), 1, 0, "exp", None, True, 1.0, 1.0, 1, (1.0,), id="max-order-1"),
    # floor with ε = 1 (its maximum) and nothing unmatched: exp((ln 2/3 + ln 1/2) / 2).
    _gold((2, 1), (3, 2), 3, 2, "floor", 1.0, True, 0.5773502691896257, 1.0, 2,
          (0.6666666666666666, 0.5), id="floor-epsilon-1-unused"),
    # decimals 4: toFixed of bleu 0.55032..., of 2/3 and of 1/2.
    _gold(*EXAMPLE, "exp", None, True, 0.5503, 1.0, 3, (0.6667, 0.5, 0.5, None),
          id="decimals-4", decimals=4),
    # decimals 3 on add-k 0.1: 0.10267 -> 0.103, bp 0.81873 -> 0.819, 0.03226 -> 0.032.
    _gold(*SHORT, "add-k", 0.1, False, 0.103, 0.819, 4, (0.6, 0.268, 0.032, 0.048),
          id="decimals-3", decimals=3),
]  # fmt: skip


@pytest.mark.parametrize("gold", GOLD)
def test_sentence_score_gives_the_gold_value_of_each_row(gold: Gold) -> None:
    stats = BleuStatistics(gold.matches, gold.totals, gold.c, gold.r)
    smoothing = Smoothing.of(gold.smoothing, gold.value)
    result = sentence_score(stats, smoothing, gold.effective_order, gold.decimals)
    assert (result.bleu, result.brevity_penalty) == (gold.bleu, gold.brevity_penalty)
    assert result.effective_order_used == gold.orders
    assert result.precisions == gold.precisions
    assert (result.smoothing, result.smoothing_value) == (gold.smoothing, gold.value)
    assert (result.matches, result.totals) == (gold.matches, gold.totals)


def test_the_spec_example_from_tokens_gives_its_result_object() -> None:
    result = sentence_bleu(["the", "cat", "on"], [["the", "cat", "sat"]])
    assert result.to_dict() == {
        "bleu": 0.5503212081491045,
        "brevity_penalty": 1.0,
        "candidate_length": 3,
        "reference_length": 3,
        "max_order": 4,
        "matches": [2, 1, 0, 0],
        "totals": [3, 2, 1, 0],
        "precisions": [0.6666666666666666, 0.5, 0.5, None],
        "effective_order_used": 3,
        "smoothing": "exp",
        "smoothing_value": None,
    }


@dataclass(frozen=True, slots=True)
class Counted:
    hypothesis: list[str]
    references: list[list[str]]
    max_order: int
    matches: tuple[int, ...]
    reference_length: int


def _words(text: str) -> list[str]:
    return text.split()


def _counted(*args: object, id: str) -> object:
    return pytest.param(Counted(*args), id=id)  # type: ignore[arg-type]


COUNTED = [
    # The page's example: references of 7 and 5 tokens, both 1 from c = 6: r = 5 (the shorter).
    # m_1 = 6 ("the" twice through the first reference), m_2 = 5, m_3 = 3, m_4 = 2.
    _counted(_words("the cat sat on the mat"),
             [_words("the cat is sitting on the mat"), _words("cat sat on the mat")],
             4, (6, 5, 3, 2), 5, id="tie-goes-to-the-shorter-reference"),
    # The same tie with the shorter reference first: r = 2 for c = 3 between 2 and 4.
    _counted(["a", "b", "c"], [["a", "b"], ["a", "b", "c", "d"]], 2, (3, 2), 2,
             id="tie-with-the-shorter-first"),
    _counted(["a", "b", "c"], [["a", "b", "c", "d"], ["a", "b"]], 2, (3, 2), 2,
             id="tie-with-the-shorter-last"),
    # An empty reference has length 0 and takes part: c = 1 is 1 from 0 and 1 from 2: r = 0.
    _counted(["a"], [["a", "b"], []], 1, (1,), 0, id="empty-reference-wins-a-tie"),
    # "the" 3 times in the hypothesis; at most 2 in a single reference (not 1 + 2 = 3): m_1 = 2.
    _counted(["the", "the", "the"], [["the", "cat"], ["the", "the"]], 2, (2, 1), 2,
             id="clipping-by-the-largest-count-in-one-reference"),
    # Exact equality: "Cat" is not "cat", "é" composed is not e + U+0301, " a" is not "a".
    _counted(["Cat", "caf\u00e9", " a"], [["cat", "cafe\u0301", "a"]], 1, (0,), 3,
             id="no-folding-normalization-or-trimming"),
]  # fmt: skip


@pytest.mark.parametrize("counted", COUNTED)
def test_sentence_components_count_each_row(counted: Counted) -> None:
    components = sentence_components(counted.hypothesis, counted.references, counted.max_order)
    assert components.matches == counted.matches
    assert components.reference_length == counted.reference_length
    assert components.reference_lengths == tuple(map(len, counted.references))
    c = len(counted.hypothesis)
    assert components.totals == tuple(max(c - n + 1, 0) for n in range(1, counted.max_order + 1))


def test_components_are_the_statistics_corpus_bleu_sums() -> None:
    components = sentence_components(["a", "b", "a"], [["a", "b"], ["b", "a", "a", "c"]])
    assert isinstance(components, SentenceComponents)
    assert components.statistics == BleuStatistics((3, 2, 0, 0), (3, 2, 1, 0), 3, 2)
    assert components.to_dict() == {
        "candidate_length": 3,
        "reference_length": 2,
        "reference_lengths": [2, 4],
        "max_order": 4,
        "matches": [3, 2, 0, 0],
        "totals": [3, 2, 1, 0],
    }


def test_with_none_and_no_effective_order_the_score_is_corpus_bleu_of_the_one_segment() -> None:
    stats = BleuStatistics((5, 3, 2, 1), (6, 5, 4, 3), 6, 7)
    ours = sentence_score(stats, Smoothing.of("none"), False, 6)
    corpus = score(stats, 6)
    assert (ours.bleu, ours.brevity_penalty) == (corpus.bleu, corpus.brevity_penalty)


def test_effective_order_is_0_without_a_unigram_match_and_counts_orders_with_ngrams() -> None:
    assert effective_order((0, 0), (3.0, 2.0), True) == 0
    assert effective_order((1, 0, 0), (2.0, 1.0, 0.0), True) == 2
    assert effective_order((1, 0, 0), (2.0, 1.0, 0.0), False) == 3
    assert effective_order((1, 0, 0), (1.0, 1.0, 1.0), True) == 3  # add-k's l'_n > 0


def test_the_result_is_frozen() -> None:
    result = sentence_bleu(["a"], [["a"]])
    assert isinstance(result, SentenceBleuResult)
    with pytest.raises(AttributeError):
        result.bleu = 0.5  # type: ignore[misc]
