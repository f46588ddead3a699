"""Sentence scores agree with sacreBLEU 2.6's ``CHRF(...).sentence_score`` on thousands of
generated segments: bit for bit by default, within 2 units in the last place with eps_smoothing
(sacreBLEU divides 100 * s by K where the pages divide s by K).

Segments are sentence-like: words with ASCII punctuation at their edges, non-ASCII and astral
characters, whitespace of several kinds, and references that are edits of the hypothesis.
"""

import math
import random

import pytest
from sacrebleu.metrics.chrf import CHRF

from mtcompute.fast.chrf.sentences import sentence_scores
from mtcompute.metrics.chrf import ChrfOptions

# Plain words, and words with what the tokens and the characters are tested for: ASCII
# punctuation at an edge or inside, non-ASCII punctuation, combining and astral characters.
_PLAIN = ("the", "cat", "sat", "on", "a", "mat", "of", "and", "to", "in", "is", "that", "for")
_MARKED = ("(hi)", "«Bonjour»", "'s", "U.S.", "don't", "😀!", "café", "cafe\u0301", "Straße")
_WORDS = (*_PLAIN, *_MARKED, "naïve", "résumé", "—", "東京")
_SEPARATORS = (" ", " ", " ", "  ", "\t", "\u00a0", "\u3000")
_PUNCTUATION = ",.;:!?)"

Segments = tuple[list[str], list[list[str]]]


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(_WORDS) for _ in range(rng.randint(0, 25))]
    marked = [w + rng.choice(_PUNCTUATION) if rng.random() < 0.1 else w for w in words]
    return "".join(word + rng.choice(_SEPARATORS) for word in marked).strip()


def _edited(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    kept = [rng.choice(_WORDS) if rng.random() < 0.2 else w for w in words if rng.random() > 0.1]
    return " ".join(kept)


def _segments(seed: int, count: int) -> Segments:
    rng = random.Random(seed)
    hypotheses = [_sentence(rng) for _ in range(count)]
    references = [
        [
            _edited(rng, h) if rng.random() < 0.8 else _sentence(rng)
            for _ in range(rng.choice([1, 1, 2, 3]))
        ]
        for h in hypotheses
    ]
    return hypotheses, references


def _theirs(segments: Segments, options: ChrfOptions) -> list[float]:
    metric = CHRF(
        char_order=options.char_order,
        word_order=options.word_order,
        beta=options.beta,
        whitespace=options.include_whitespace,
        eps_smoothing=options.eps_smoothing,
    )
    hypotheses, references = segments
    return [
        metric.sentence_score(h, refs).score for h, refs in zip(hypotheses, references, strict=True)
    ]


@pytest.mark.parametrize(
    "options",
    [
        ChrfOptions(),
        ChrfOptions(word_order=2),
        ChrfOptions(word_order=1, char_order=4, beta=1),
        ChrfOptions(char_order=10, beta=3, include_whitespace=True),
        ChrfOptions(word_order=2, include_whitespace=True),
    ],
    ids=[
        "chrF",
        "chrF++",
        "chrF1+ char_order 4",
        "chrF3 char_order 10 whitespace",
        "chrF++ whitespace",
    ],
)
def test_each_score_is_sacrebleus_sentence_score_bit_for_bit(options: ChrfOptions) -> None:
    segments = _segments(2_6003 + options.order_count, 1_500)
    ours = sentence_scores(*segments, options)
    theirs = _theirs(segments, options)
    differing = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if a.hex() != b.hex()]
    assert differing == []


@pytest.mark.parametrize("word_order", [0, 2])
def test_with_eps_smoothing_each_score_is_within_2_ulp_of_sacrebleus(word_order: int) -> None:
    options = ChrfOptions(word_order=word_order, eps_smoothing=True)
    segments = _segments(2_6004 + word_order, 800)
    ours = sentence_scores(*segments, options)
    theirs = _theirs(segments, options)
    for a, b in zip(ours, theirs, strict=True):
        assert abs(a - b) <= 2 * math.ulp(max(abs(a), abs(b)))
