"""Where NLTK 3's BLEU statistics agree with bleu-ngrams-count and bleu-brevity-penalty, and the
documented differences, a test each.

NLTK's ``modified_precision`` clips by the largest count in any single reference, as the pages
do, but divides by ``max(1, total)``; its ``closest_ref_length`` breaks ties towards the shorter
reference, and its ``brevity_penalty`` gives 0 for an empty hypothesis, as the pages do (unlike
sacreBLEU at c = r = 0), through the platform's ``math.exp``.
"""

import math
import random

from nltk.translate.bleu_score import brevity_penalty as nltk_brevity_penalty
from nltk.translate.bleu_score import closest_ref_length, modified_precision

from mtcompute import brevity_penalty, ngram_counts

_VOCABULARY = ("a", "b", "c", "A")


def _tokens(rng: random.Random) -> list[str]:
    return [rng.choice(_VOCABULARY) for _ in range(rng.randint(0, 12))]


def test_nltk_clipped_numerators_equal_the_matches() -> None:
    rng = random.Random(3_0001)
    for _ in range(500):
        hypothesis, references = _tokens(rng), [_tokens(rng) for _ in range(rng.randint(1, 4))]
        ours = ngram_counts([hypothesis], [references], max_order=6)
        for n in range(1, 7):
            fraction = modified_precision(references, hypothesis, n)
            assert fraction.numerator == ours.matches[n - 1]
            assert fraction.denominator == max(1, ours.totals[n - 1])


def test_nltk_counts_a_total_of_1_where_the_hypothesis_is_shorter_than_n() -> None:
    # The one documented difference: "a" has no bigram, total 0 here and 1 in NLTK's denominator.
    ours = ngram_counts([["a"]], [[["a", "b"]]], max_order=2)
    fraction = modified_precision([["a", "b"]], ["a"], 2)
    assert (ours.matches, ours.totals) == ((1, 0), (1, 0))
    assert (fraction.numerator, fraction.denominator) == (0, 1)


def test_nltk_picks_the_same_closest_length_ties_going_to_the_shorter() -> None:
    references = [["x"] * 5, ["x"] * 3]  # both 1 from 4
    assert closest_ref_length(references, 4) == 3
    assert brevity_penalty([4], [[5, 3]]).closest_reference_lengths == (3,)


def test_nltk_gives_0_for_an_empty_hypothesis_even_with_empty_references_as_the_page_does() -> None:
    assert nltk_brevity_penalty(0, 0) == 0
    assert brevity_penalty([0], [[0]]).brevity_penalty == 0.0


def test_nltk_brevity_penalty_is_within_one_ulp_for_it_calls_the_platform_exp() -> None:
    for c in range(1, 60):
        for r in range(c, 120):
            ours = brevity_penalty([c], [[r]]).brevity_penalty
            assert abs(nltk_brevity_penalty(r, c) - ours) <= math.ulp(ours), (c, r)
