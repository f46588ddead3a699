"""Pairwise cells agree with sacreBLEU 2.6's sentence scores of each pair on generated texts:
chrF and chrF++ bit for bit (100 * cell is ``CHRF.sentence_score``), within 2 units in the last
place with eps_smoothing (sacreBLEU divides 100 * s by K); sentence BLEU within the bound
bleu-sentence-compute states, and zero exactly where sacreBLEU's is."""

import math
import random

import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF

from mtcompute.metrics.chrf import ChrfOptions
from mtcompute.metrics.pairwise import pairwise_bleu, pairwise_chrf
from mtcompute.metrics.smoothing import Smoothing

_WORDS = ("the", "cat", "sat", "(hi)", "«Bonjour»", "U.S.", "don't", "😀!", "cafe\u0301", "a,")
_SPACES = (" ", " ", " ", "  ", "\t", "\u00a0", "\u3000")
_BOUND = 16 * 2.0**-52


def _text(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.choice([0, 1, 2, rng.randint(3, 12)]))]
    return "".join(word + rng.choice(_SPACES) for word in words).strip(" ")


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return [_text(rng) for _ in range(count)]


@pytest.mark.parametrize(
    "options",
    [
        ChrfOptions(),
        ChrfOptions(word_order=2),
        ChrfOptions(word_order=1, char_order=4, beta=1),
        ChrfOptions(include_whitespace=True, beta=3),
    ],
)
def test_every_chrf_cell_is_sacrebleus_sentence_score(options: ChrfOptions) -> None:
    hypotheses, references = _texts(1, 12), _texts(2, 9)
    metric = CHRF(
        char_order=options.char_order,
        word_order=options.word_order,
        beta=options.beta,
        whitespace=options.include_whitespace,
    )
    matrix = pairwise_chrf(hypotheses, references, options)
    for hypothesis, row in zip(hypotheses, matrix, strict=True):
        for reference, cell in zip(references, row, strict=True):
            assert 100 * cell == metric.sentence_score(hypothesis, [reference]).score


def test_every_smoothed_chrf_cell_is_within_two_units_in_the_last_place() -> None:
    hypotheses, references = _texts(3, 10), _texts(4, 8)
    metric = CHRF(word_order=2, eps_smoothing=True)
    matrix = pairwise_chrf(hypotheses, references, ChrfOptions(word_order=2, eps_smoothing=True))
    for hypothesis, row in zip(hypotheses, matrix, strict=True):
        for reference, cell in zip(references, row, strict=True):
            theirs = metric.sentence_score(hypothesis, [reference]).score
            assert abs(100 * cell - theirs) <= 2 * math.ulp(theirs)


@pytest.mark.parametrize(
    ("method", "value", "effective_order"),
    [("exp", None, True), ("none", None, False), ("floor", 0.1, True), ("add-k", 1.0, True)],
)
def test_every_bleu_cell_is_sacrebleus_sentence_score_within_the_stated_bound(
    method: str, value: float | None, effective_order: bool
) -> None:
    hypotheses = [text.split() for text in _texts(5, 12)]
    references = [text.split() for text in _texts(6, 9)]
    metric = BLEU(
        tokenize="none",
        smooth_method=method,
        smooth_value=value,
        effective_order=effective_order,
    )
    matrix = pairwise_bleu(
        hypotheses,
        references,
        smoothing=Smoothing.of(method, value),
        use_effective_order=effective_order,
    )
    for hypothesis, row in zip(hypotheses, matrix, strict=True):
        for reference, cell in zip(references, row, strict=True):
            theirs = metric.sentence_score(" ".join(hypothesis), [" ".join(reference)]).score
            ours = 100 * cell
            assert (ours == 0.0) == (theirs == 0.0)
            if ours > 0.0:
                assert abs(ours - theirs) <= _BOUND * (1.0 + abs(math.log(cell))) * ours
