"""Sentence BLEU against NLTK 3.10's ``sentence_bleu``: the same where every order has n-grams,
and each difference the page documents shown by a test of its own.

NLTK's precision of order n is m_n / max(1, l_n) (``modified_precision``), so an order without
n-grams still counts, with a denominator of 1, where the page's precision is null. NLTK has no
effective order (``auto_reweigh`` reweighs by the hypothesis length instead), and its method 0
puts ``sys.float_info.min`` where a precision is 0.
"""

import math
import random
import warnings

import pytest
from nltk.translate.bleu_score import SmoothingFunction
from nltk.translate.bleu_score import sentence_bleu as nltk_sentence_bleu

from mtcompute import sentence_bleu

_SMOOTHING = SmoothingFunction()
# NLTK's methods 1-3 and the page's methods they are (method 1's ε is 0.1 by default, as floor's).
_SAME_METHODS = [(_SMOOTHING.method1, "floor"), (_SMOOTHING.method2, "add-k")]
_SAME_METHODS += [(_SMOOTHING.method3, "exp")]
_RELATIVE = 1e-13  # NLTK sums with math.fsum and uses the platform's libm

HYPOTHESIS, REFERENCE = ["the", "cat", "on"], ["the", "cat", "sat"]  # the page's example


def _nltk(hypothesis: list[str], references: list[list[str]], method: object) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # method 0 warns of each zero count
        return float(nltk_sentence_bleu(references, hypothesis, smoothing_function=method))


def _geometric_mean(precisions: list[float]) -> float:
    return math.exp(sum(math.log(p) for p in precisions) / len(precisions))


def test_where_every_order_has_ngrams_methods_1_to_3_are_floor_add_k_and_exp() -> None:
    rng = random.Random(3_1004)
    compared = 0
    for _ in range(500):
        hypothesis = rng.choices("abcde", k=rng.randint(4, 20))
        references = [
            [t if rng.random() < 0.7 else rng.choice("abcde") for t in hypothesis]
            for _ in range(rng.randint(1, 3))
        ]
        for method, smoothing in _SAME_METHODS:
            ours = sentence_bleu(hypothesis, references, smoothing=smoothing, effective_order=False)
            theirs = _nltk(hypothesis, references, method)
            assert math.isclose(ours.bleu, theirs, rel_tol=_RELATIVE, abs_tol=0.0)
            compared += ours.bleu > 0.0
    assert compared > 1_000


def test_nltk_method_0_gives_a_tiny_score_where_an_order_is_unmatched_and_the_page_0() -> None:
    hypothesis, reference = ["the", "cat", "on", "a", "mat"], ["the", "cat", "sat", "on", "a"]
    theirs = _nltk(hypothesis, [reference], _SMOOTHING.method0)
    ours = sentence_bleu(hypothesis, [reference], smoothing="none", effective_order=False)
    assert ours.matches == (4, 2, 0, 0)
    assert 0.0 < theirs < 1e-70  # exp(ln(2.2e-308) / 4) times the rest
    assert ours.bleu == 0.0


def test_nltk_method_1_divides_by_1_at_an_order_without_ngrams_where_the_page_has_null() -> None:
    theirs = _nltk(HYPOTHESIS, [REFERENCE], _SMOOTHING.method1)
    # NLTK: 2/3, 1/2, 0.1/1 and, with l_4 = 0, 0.1/max(1, 0).
    assert theirs == pytest.approx(_geometric_mean([2 / 3, 1 / 2, 0.1, 0.1]), rel=_RELATIVE)
    floor = sentence_bleu(HYPOTHESIS, [REFERENCE], smoothing="floor")
    assert floor.precisions[3] is None
    assert floor.bleu == pytest.approx(_geometric_mean([2 / 3, 1 / 2, 0.1]), rel=_RELATIVE)
    assert (
        sentence_bleu(HYPOTHESIS, [REFERENCE], smoothing="floor", effective_order=False).bleu == 0
    )


def test_nltk_method_2_gives_1_over_2_at_an_order_without_ngrams_where_add_k_gives_1() -> None:
    theirs = _nltk(HYPOTHESIS, [REFERENCE], _SMOOTHING.method2)
    # NLTK: (0 + 1) / (max(1, 0) + 1) = 1/2 at order 4; the page: (0 + 1) / (0 + 1) = 1.
    assert theirs == pytest.approx(_geometric_mean([2 / 3, 2 / 3, 1 / 2, 1 / 2]), rel=_RELATIVE)
    ours = sentence_bleu(HYPOTHESIS, [REFERENCE], smoothing="add-k")
    assert ours.precisions == (2 / 3, 2 / 3, 1 / 2, 1.0)
    assert ours.bleu == pytest.approx(_geometric_mean([2 / 3, 2 / 3, 1 / 2, 1.0]), rel=_RELATIVE)


def test_nltk_method_3_smooths_an_order_without_ngrams_where_exp_leaves_it_out() -> None:
    theirs = _nltk(HYPOTHESIS, [REFERENCE], _SMOOTHING.method3)
    # NLTK: 1/(2 * 1) at order 3, then 1/(4 * max(1, 0)) at order 4, and all 4 orders averaged.
    assert theirs == pytest.approx(_geometric_mean([2 / 3, 1 / 2, 1 / 2, 1 / 4]), rel=_RELATIVE)
    ours = sentence_bleu(HYPOTHESIS, [REFERENCE])
    assert (ours.precisions[3], ours.effective_order_used) == (None, 3)
    assert ours.bleu == pytest.approx(_geometric_mean([2 / 3, 1 / 2, 1 / 2]), rel=_RELATIVE)
