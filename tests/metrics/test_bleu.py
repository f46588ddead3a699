"""Corpus BLEU: a gold table with the arithmetic of every row, and the parts it is made of.

Expected floats are exact: the doubles that node's ``Math.log`` / ``Math.exp`` and
``toFixed`` give for the formula in the row's comment (bp * exp((1/N) * sum ln(m_n/l_n)), summed
n = 1..N). Counts are exact integers.
"""

import unicodedata
from dataclasses import dataclass

import pytest

from mtcompute import BleuResult, BleuStatistics, corpus_bleu
from mtcompute.metrics.bleu import brevity_penalty, closest_reference_length, score

_CAFE_NFC = unicodedata.normalize("NFC", "café")  # 4 code points, é as U+00E9
_CAFE_NFD = unicodedata.normalize("NFD", "café")  # 5 code points, e then U+0301


@dataclass(frozen=True, slots=True)
class Gold:
    hypotheses: list[list[str]]
    references: list[list[list[str]]]
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    candidate_length: int
    reference_length: int
    brevity_penalty: float
    bleu: float
    max_order: int = 4
    decimals: int | None = None


def _words(text: str) -> list[str]:
    return text.split()


GOLD = [
    # The spec's example. m = l = (4, 3, 2, 1); c = r = 4 so bp = exp(1 - 4/4) = exp(0) = 1;
    # bleu = 1 * exp((ln 1 + ln 1 + ln 1 + ln 1) / 4) = exp(0) = 1.
    pytest.param(
        Gold(
            hypotheses=[_words("this is a test")],
            references=[[_words("this is a test")]],
            matches=(4, 3, 2, 1),
            totals=(4, 3, 2, 1),
            candidate_length=4,
            reference_length=4,
            brevity_penalty=1.0,
            bleu=1.0,
        ),
        id="spec-example",
    ),
    # c = 0: bp = 0 and bleu = 0 (m_1 = l_1 = 0 as well); r = 2 still counts.
    pytest.param(
        Gold(
            hypotheses=[[]],
            references=[[_words("a b")]],
            matches=(0, 0, 0, 0),
            totals=(0, 0, 0, 0),
            candidate_length=0,
            reference_length=2,
            brevity_penalty=0.0,
            bleu=0.0,
        ),
        id="c-is-0",
    ),
    # c = 0 and r = 0: bp is 0 even though the hypothesis is not shorter than the reference.
    pytest.param(
        Gold(
            hypotheses=[[]],
            references=[[[]]],
            matches=(0, 0, 0, 0),
            totals=(0, 0, 0, 0),
            candidate_length=0,
            reference_length=0,
            brevity_penalty=0.0,
            bleu=0.0,
        ),
        id="c-and-r-are-0",
    ),
    # r = 0 with c = 2: c > r so bp = 1; nothing matches an empty reference, m_1 = 0 so bleu = 0.
    pytest.param(
        Gold(
            hypotheses=[_words("a b")],
            references=[[[]]],
            matches=(0, 0, 0, 0),
            totals=(2, 1, 0, 0),
            candidate_length=2,
            reference_length=0,
            brevity_penalty=1.0,
            bleu=0.0,
        ),
        id="r-is-0",
    ),
    # Closest-length tie: c = 3, references of length 2 and 4 are both 1 away; the shorter wins,
    # r = 2, c > r so bp = 1 (the longer would give exp(1 - 4/3)). N = 3: a, b, c each in some
    # reference (3/3), ab and bc (2/2), abc (1/1): bleu = exp((0 + 0 + 0) / 3) = 1.
    pytest.param(
        Gold(
            hypotheses=[_words("a b c")],
            references=[[_words("a b c d"), _words("a b")]],
            matches=(3, 2, 1),
            totals=(3, 2, 1),
            candidate_length=3,
            reference_length=2,
            brevity_penalty=1.0,
            bleu=1.0,
            max_order=3,
        ),
        id="closest-length-tie-goes-to-the-shorter",
    ),
    # No tie: c = 3, references of length 1 (2 away) and 4 (1 away): r = 4, so
    # bp = exp(1 - 4/3) = 0.7165313105737893; m = l = (3, 2, 1), so bleu = bp * exp(0) = bp.
    pytest.param(
        Gold(
            hypotheses=[_words("a b c")],
            references=[[_words("a"), _words("a b c d")]],
            matches=(3, 2, 1),
            totals=(3, 2, 1),
            candidate_length=3,
            reference_length=4,
            brevity_penalty=0.7165313105737893,
            bleu=0.7165313105737893,
            max_order=3,
        ),
        id="closest-length-without-a-tie",
    ),
    # Clipping across references: "the" is 4 times in the hypothesis, 2 times in the first
    # reference and 3 times in the second: clipped to max(2, 3) = 3, not min(4, 2 + 3) = 4.
    # "the the" is 3 times in the hypothesis, 0 and 2 times in the references: clipped to 2.
    # Lengths 4 and 3: r = 4 = c, bp = exp(0) = 1.
    # bleu = exp((ln(3/4) + ln(2/3)) / 2) = 0.7071067811865475 (sqrt(1/2) is ...476).
    pytest.param(
        Gold(
            hypotheses=[_words("the the the the")],
            references=[[_words("the cat the mat"), _words("the the the")]],
            matches=(3, 2),
            totals=(4, 3),
            candidate_length=4,
            reference_length=4,
            brevity_penalty=1.0,
            bleu=0.7071067811865475,
            max_order=2,
        ),
        id="clipping-uses-the-largest-count-in-one-reference",
    ),
    # An empty hypothesis in a corpus adds 0 to c and every total, but its closest reference
    # length (2) still adds to r: c = 4, r = 4 + 2 = 6, bp = exp(1 - 6/4) = exp(-0.5);
    # m = l = (4, 3, 2, 1): bleu = bp * exp(0) = 0.6065306597126334.
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d"), []],
            references=[[_words("a b c d")], [_words("x y")]],
            matches=(4, 3, 2, 1),
            totals=(4, 3, 2, 1),
            candidate_length=4,
            reference_length=6,
            brevity_penalty=0.6065306597126334,
            bleu=0.6065306597126334,
        ),
        id="empty-hypothesis",
    ),
    # An empty reference takes part in the closest-length choice: c = 2, lengths 0 and 4 are both
    # 2 away, the shorter wins: r = 0, c > r so bp = 1. N = 1: a and b match in the long
    # reference, m_1 = 2 of 2: bleu = exp(ln(2/2)) = 1.
    pytest.param(
        Gold(
            hypotheses=[_words("a b")],
            references=[[[], _words("a b c d")]],
            matches=(2,),
            totals=(2,),
            candidate_length=2,
            reference_length=0,
            brevity_penalty=1.0,
            bleu=1.0,
            max_order=1,
        ),
        id="empty-reference",
    ),
    # max_order 1: a, b match, c, d do not: m_1/l_1 = 2/4; c = 4 < r = 5:
    # bp = exp(1 - 5/4) = 0.7788007830714049; bleu = bp * exp(ln(1/2)) = bp * 0.5.
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d")],
            references=[[_words("a b x y z")]],
            matches=(2,),
            totals=(4,),
            candidate_length=4,
            reference_length=5,
            brevity_penalty=0.7788007830714049,
            bleu=0.38940039153570244,
            max_order=1,
        ),
        id="max-order-1",
    ),
    # max_order 8, identical 8 tokens: m = l = (8, 7, ..., 1), bleu = exp(0) = 1.
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d e f g h")],
            references=[[_words("a b c d e f g h")]],
            matches=(8, 7, 6, 5, 4, 3, 2, 1),
            totals=(8, 7, 6, 5, 4, 3, 2, 1),
            candidate_length=8,
            reference_length=8,
            brevity_penalty=1.0,
            bleu=1.0,
            max_order=8,
        ),
        id="max-order-8-identical",
    ),
    # max_order 8, the last of 9 tokens differs: m_n = 9 - n, l_n = 10 - n; c = r = 9, bp = 1;
    # bleu = exp((ln(8/9) + ln(7/8) + ... + ln(1/2)) / 8) = 0.7598356856515925 (~ (1/9)^(1/8)).
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d e f g h i")],
            references=[[_words("a b c d e f g h x")]],
            matches=(8, 7, 6, 5, 4, 3, 2, 1),
            totals=(9, 8, 7, 6, 5, 4, 3, 2),
            candidate_length=9,
            reference_length=9,
            brevity_penalty=1.0,
            bleu=0.7598356856515925,
            max_order=8,
        ),
        id="max-order-8",
    ),
    # A hypothesis shorter than n has no n-grams: 3 tokens give l_4 = 0, so m_4 = 0 and
    # bleu = 0 although every n-gram it has matches; c = r = 3, bp = exp(0) = 1.
    pytest.param(
        Gold(
            hypotheses=[_words("a b c")],
            references=[[_words("a b c")]],
            matches=(3, 2, 1, 0),
            totals=(3, 2, 1, 0),
            candidate_length=3,
            reference_length=3,
            brevity_penalty=1.0,
            bleu=0.0,
        ),
        id="hypothesis-shorter-than-n",
    ),
    # A short segment among longer ones only adds what it has: (2, 1, 0, 0) + (4, 3, 2, 1)
    # = (6, 4, 2, 1) for both m and l; c = r = 6; bleu = exp(0) = 1.
    pytest.param(
        Gold(
            hypotheses=[_words("a b"), _words("c d e f")],
            references=[[_words("a b")], [_words("c d e f")]],
            matches=(6, 4, 2, 1),
            totals=(6, 4, 2, 1),
            candidate_length=6,
            reference_length=6,
            brevity_penalty=1.0,
            bleu=1.0,
        ),
        id="short-segment-in-a-corpus",
    ),
    # Case matters: "The" is not "the". cat, sat match (2/3); "cat sat" matches (1/2);
    # c = r = 3, bp = 1; bleu = exp((ln(2/3) + ln(1/2)) / 2) = 0.5773502691896257.
    pytest.param(
        Gold(
            hypotheses=[_words("The cat sat")],
            references=[[_words("the cat sat")]],
            matches=(2, 1),
            totals=(3, 2),
            candidate_length=3,
            reference_length=3,
            brevity_penalty=1.0,
            bleu=0.5773502691896257,
            max_order=2,
        ),
        id="tokens-differing-by-case-do-not-match",
    ),
    # Unicode normalization is not applied: NFC "café" is not NFD "café". x matches (1/2);
    # c = r = 2, bp = 1; bleu = exp(ln(1/2)) = 0.5 exactly.
    pytest.param(
        Gold(
            hypotheses=[[_CAFE_NFC, "x"]],
            references=[[[_CAFE_NFD, "x"]]],
            matches=(1,),
            totals=(2,),
            candidate_length=2,
            reference_length=2,
            brevity_penalty=1.0,
            bleu=0.5,
            max_order=1,
        ),
        id="tokens-differing-by-unicode-normalization-do-not-match",
    ),
    # A token with a space is one token, never re-split: the hypothesis has 2 tokens, so the
    # reference of length 2 (0 away) is closer than the one of length 3: r = 2 = c, bp = 1;
    # "new york" and "city" match (2/2), so does their bigram (1/1): bleu = 1.
    pytest.param(
        Gold(
            hypotheses=[["new york", "city"]],
            references=[[["new", "york", "city"], ["new york", "city"]]],
            matches=(2, 1),
            totals=(2, 1),
            candidate_length=2,
            reference_length=2,
            brevity_penalty=1.0,
            bleu=1.0,
            max_order=2,
        ),
        id="token-with-a-space-is-one-token",
    ),
    # ... and does not match the words it contains: "new" and "york" are not "new york";
    # c = 2 > r = 1, bp = 1; m_1 = 0 so bleu = 0.
    pytest.param(
        Gold(
            hypotheses=[["new", "york"]],
            references=[[["new york"]]],
            matches=(0,),
            totals=(2,),
            candidate_length=2,
            reference_length=1,
            brevity_penalty=1.0,
            bleu=0.0,
            max_order=1,
        ),
        id="token-with-a-space-does-not-match-its-words",
    ),
    # decimals 15 on the max-order-1 row: 0.38940039153570244 -> "0.389400391535702";
    # bp 0.7788007830714049 -> "0.778800783071405".
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d")],
            references=[[_words("a b x y z")]],
            matches=(2,),
            totals=(4,),
            candidate_length=4,
            reference_length=5,
            brevity_penalty=0.778800783071405,
            bleu=0.389400391535702,
            max_order=1,
            decimals=15,
        ),
        id="decimals-15",
    ),
    # decimals 0 on the same row: bleu 0.389... -> "0", bp 0.778... -> "1".
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d")],
            references=[[_words("a b x y z")]],
            matches=(2,),
            totals=(4,),
            candidate_length=4,
            reference_length=5,
            brevity_penalty=1.0,
            bleu=0.0,
            max_order=1,
            decimals=0,
        ),
        id="decimals-0",
    ),
    # decimals 15 on the clipping row: 0.7071067811865475 is 0.70710678118654746... exactly,
    # so it goes down to "0.707106781186547".
    pytest.param(
        Gold(
            hypotheses=[_words("the the the the")],
            references=[[_words("the cat the mat"), _words("the the the")]],
            matches=(3, 2),
            totals=(4, 3),
            candidate_length=4,
            reference_length=4,
            brevity_penalty=1.0,
            bleu=0.707106781186547,
            max_order=2,
            decimals=15,
        ),
        id="decimals-15-rounds-the-exact-binary-value",
    ),
    # m_1/l_1 = 1/8, c = r = 8, bp = 1: bleu = exp(ln(1/8)) = 0.12500000000000003, one ulp above
    # 1/8 (Math.exp never returns exactly 0.125: exp of ln(1/8)'s neighbour below is
    # 0.12499999999999997). 2 decimals: "0.13".
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d e f g h")],
            references=[[_words("a x x x x x x x")]],
            matches=(1,),
            totals=(8,),
            candidate_length=8,
            reference_length=8,
            brevity_penalty=1.0,
            bleu=0.13,
            max_order=1,
            decimals=2,
        ),
        id="one-eighth-to-2-decimals",
    ),
    # ... and to 15 decimals the ulp is gone: "0.125000000000000".
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d e f g h")],
            references=[[_words("a x x x x x x x")]],
            matches=(1,),
            totals=(8,),
            candidate_length=8,
            reference_length=8,
            brevity_penalty=1.0,
            bleu=0.125,
            max_order=1,
            decimals=15,
        ),
        id="one-eighth-to-15-decimals",
    ),
    # Exactly halfway at 2 decimals: m_1/l_1 = 5/8, bleu = exp(ln(5/8)) = 0.625 exactly;
    # toFixed goes up to "0.63" (round-half-even would give 0.62).
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d e f g h")],
            references=[[_words("a b c d e x x x")]],
            matches=(5,),
            totals=(8,),
            candidate_length=8,
            reference_length=8,
            brevity_penalty=1.0,
            bleu=0.63,
            max_order=1,
            decimals=2,
        ),
        id="halfway-at-2-decimals",
    ),
    # Exactly halfway at 1 decimal: 1/4 match, bleu = exp(ln(1/4)) = 0.25 -> "0.3" (not 0.2).
    pytest.param(
        Gold(
            hypotheses=[_words("a b c d")],
            references=[[_words("a x x x")]],
            matches=(1,),
            totals=(4,),
            candidate_length=4,
            reference_length=4,
            brevity_penalty=1.0,
            bleu=0.3,
            max_order=1,
            decimals=1,
        ),
        id="halfway-at-1-decimal",
    ),
    # Exactly halfway at 0 decimals: 1/2 match, bleu = exp(ln(1/2)) = 0.5 -> "1" (not 0).
    pytest.param(
        Gold(
            hypotheses=[_words("a b")],
            references=[[_words("a x")]],
            matches=(1,),
            totals=(2,),
            candidate_length=2,
            reference_length=2,
            brevity_penalty=1.0,
            bleu=1.0,
            max_order=1,
            decimals=0,
        ),
        id="halfway-at-0-decimals",
    ),
]


@pytest.mark.parametrize("gold", GOLD)
def test_corpus_bleu_gives_the_gold_values(gold: Gold) -> None:
    result = corpus_bleu(
        gold.hypotheses, gold.references, max_order=gold.max_order, decimals=gold.decimals
    )
    assert result == BleuResult(
        bleu=gold.bleu,
        brevity_penalty=gold.brevity_penalty,
        candidate_length=gold.candidate_length,
        reference_length=gold.reference_length,
        max_order=gold.max_order,
        matches=gold.matches,
        totals=gold.totals,
    )


def test_statistics_add_up_element_by_element() -> None:
    first = BleuStatistics((3, 2), (4, 3), 4, 5)
    second = BleuStatistics((1, 0), (2, 1), 2, 1)
    assert first + second == BleuStatistics((4, 2), (6, 4), 6, 6)


def test_zero_statistics_leave_a_sum_unchanged() -> None:
    statistics = BleuStatistics((3, 2, 1), (4, 3, 2), 4, 5)
    assert BleuStatistics.zero(3) + statistics == statistics
    assert BleuStatistics.zero(3) == BleuStatistics((0, 0, 0), (0, 0, 0), 0, 0)


def test_statistics_of_different_orders_do_not_add() -> None:
    with pytest.raises(ValueError, match="zip"):
        BleuStatistics.zero(4) + BleuStatistics.zero(3)


@pytest.mark.parametrize(
    ("hypothesis_length", "reference_lengths", "expected"),
    [
        (4, [4], 4),  # the only reference
        (3, [2, 4], 2),  # both 1 away: the shorter
        (3, [4, 2], 2),  # the order of the references does not matter
        (3, [1, 4], 4),  # 2 away and 1 away: the nearer, though longer
        (2, [0, 4], 0),  # an empty reference is a candidate like any other
        (0, [3, 1, 2], 1),  # an empty hypothesis: the nearest to 0
        (10, [2, 7, 13, 9], 9),
    ],
)
def test_closest_reference_length_takes_the_nearest_and_ties_go_to_the_shorter(
    hypothesis_length: int, reference_lengths: list[int], expected: int
) -> None:
    references = [["w"] * length for length in reference_lengths]
    assert closest_reference_length(hypothesis_length, references) == expected


@pytest.mark.parametrize(
    ("candidate_length", "reference_length", "expected"),
    [
        (0, 5, 0.0),  # c = 0
        (0, 0, 0.0),  # c = 0, even when r = 0
        (5, 0, 1.0),  # c > r
        (5, 4, 1.0),  # c > r
        (4, 4, 1.0),  # exp(1 - 4/4) = exp(0)
        (4, 5, 0.7788007830714049),  # exp(1 - 5/4) = exp(-0.25)
        (3, 4, 0.7165313105737893),  # exp(1 - 4/3)
        (1, 800, 0.0),  # exp(-799) underflows to 0
    ],
)
def test_brevity_penalty_follows_the_contract(
    candidate_length: int, reference_length: int, expected: float
) -> None:
    assert brevity_penalty(candidate_length, reference_length) == expected


def test_score_is_exactly_zero_when_an_order_has_no_match() -> None:
    result = score(BleuStatistics((5, 3, 0, 2), (6, 5, 4, 3), 6, 6))
    assert result.bleu == 0.0
    assert result.brevity_penalty == 1.0


def test_score_is_zero_when_the_brevity_penalty_underflows() -> None:
    result = score(BleuStatistics((1,), (1,), 1, 800))
    assert (result.bleu, result.brevity_penalty) == (0.0, 0.0)


def test_score_adds_the_logarithms_left_to_right_without_compensation() -> None:
    # acc = ln(5/12) + ln(4/9) + ln(3/6) + ln(1/3), left to right, then exp(acc / 4):
    # 0.4191444765609784 as node computes it; math.fsum or summing right to left would give
    # 0.4191444765609785.
    result = score(BleuStatistics((5, 4, 3, 1), (12, 9, 6, 3), 12, 12))
    assert result.bleu == 0.4191444765609784


def test_score_rounds_bleu_and_brevity_penalty_to_the_decimals() -> None:
    # bp = exp(1 - 5/4) = 0.7788007830714049, bleu = bp * exp(ln(2/4)) = 0.38940039153570244
    result = score(BleuStatistics((2,), (4,), 4, 5), decimals=2)
    assert (result.bleu, result.brevity_penalty) == (0.39, 0.78)


def test_score_carries_the_statistics_and_their_order_into_the_result() -> None:
    statistics = BleuStatistics((4, 3, 2), (5, 4, 3), 5, 7)
    result = score(statistics)
    assert (result.matches, result.totals) == (statistics.matches, statistics.totals)
    assert (result.candidate_length, result.reference_length) == (5, 7)
    assert result.max_order == 3
