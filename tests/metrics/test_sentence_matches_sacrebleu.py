"""Sentence BLEU and its components agree with sacreBLEU 2.6 on generated segments.

sacreBLEU runs as ``BLEU(tokenize='none', smooth_method, smooth_value, effective_order,
max_ngram_order)`` on the tokens joined with ' ', drawn without whitespace so that its split
gives them back; an empty reference is '' (zero tokens, which take part in the closest length).

- Its statistics before smoothing (``_extract_corpus_statistics``: c, r, matches, totals) are
  the components, exactly.
- Its score is 100 * bleu within the page's bound, 16 * (1 + |ln bleu|) * 2^-52 relative of
  score / 100: it computes on the 0-100 scale with ``math.log`` and ``math.exp``.
- Its result is 0 exactly where ours is, for normal smoothing values: where an order is
  unmatched without smoothing, its ``log(0)`` sentinel (-9999999999) makes exp() underflow to
  0, the page's exact 0.
- Its ``counts`` and ``totals`` show add-k's adjusted values when m_1 > 0.
"""

import math
import random
from dataclasses import dataclass

import pytest
from sacrebleu import sentence_bleu as sacrebleu_sentence_bleu
from sacrebleu.metrics.bleu import BLEU

from mtcompute import SentenceBleuResult, sentence_bleu, sentence_components

Tokens = list[str]

_VOCABULARY = ("a", "b", "c", "d", "é", "😀")
_BOUND = 16 * 2.0**-52
_METHODS = [("none", None), ("floor", None), ("floor", 0.01), ("floor", 0.5), ("floor", 1.0)]
_METHODS += [("add-k", None), ("add-k", 0.5), ("add-k", 2.0), ("exp", None)]


@dataclass(frozen=True, slots=True)
class _Case:
    hypothesis: Tokens
    references: list[Tokens]
    max_order: int
    smoothing: str
    smoothing_value: float | None
    effective_order: bool


@dataclass(frozen=True, slots=True)
class _Scored:
    case: _Case
    ours: SentenceBleuResult
    their_statistics: list[int]
    their_score: float
    their_counts: list[int] | list[float]
    their_totals: list[int] | list[float]


def _edited(rng: random.Random, tokens: Tokens) -> Tokens:
    edited = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.1:
            continue
        edited.append(rng.choice(_VOCABULARY) if roll < 0.3 else token)
        if rng.random() < 0.1:
            edited.append(rng.choice(_VOCABULARY))
    return edited


def _random_tokens(rng: random.Random) -> Tokens:
    length = rng.choice([0, rng.randint(1, 4), rng.randint(0, 25)])
    return [rng.choice(_VOCABULARY) for _ in range(length)]


def _case(rng: random.Random) -> _Case:
    hypothesis = _random_tokens(rng)
    references = [
        _edited(rng, hypothesis) if rng.random() < 0.7 else _random_tokens(rng)
        for _ in range(rng.randint(1, 4))
    ]
    smoothing, value = rng.choice(_METHODS)
    max_order = rng.choice([1, 2, 3, 4, 4, 4, 5, 6, 8])
    return _Case(hypothesis, references, max_order, smoothing, value, rng.random() < 0.7)


def _scored(case: _Case) -> _Scored:
    metric = BLEU(
        tokenize="none",
        smooth_method=case.smoothing,
        smooth_value=case.smoothing_value,
        effective_order=case.effective_order,
        max_ngram_order=case.max_order,
    )
    hypothesis = " ".join(case.hypothesis)
    references = [" ".join(reference) for reference in case.references]
    statistics = metric._extract_corpus_statistics([hypothesis], [[r] for r in references])
    theirs = metric.sentence_score(hypothesis, references)
    ours = sentence_bleu(
        case.hypothesis,
        case.references,
        max_order=case.max_order,
        smoothing=case.smoothing,
        smoothing_value=case.smoothing_value,
        effective_order=case.effective_order,
    )
    return _Scored(case, ours, statistics[0], theirs.score, theirs.counts, theirs.totals)


@pytest.fixture(scope="module")
def scored() -> list[_Scored]:
    rng = random.Random(2_6001)  # sacreBLEU 2.6
    return [_scored(_case(rng)) for _ in range(3_000)]


def test_the_generated_segments_cover_the_cases_that_matter(scored: list[_Scored]) -> None:
    assert sum(s.ours.bleu > 0.0 for s in scored) > len(scored) // 3
    assert sum(s.ours.bleu == 0.0 for s in scored) > len(scored) // 10
    assert sum(None in s.ours.precisions and s.ours.bleu > 0.0 for s in scored) > 50
    assert sum(s.ours.matches[0] == 0 for s in scored) > 50
    assert sum(0.0 < s.ours.brevity_penalty < 1.0 for s in scored) > len(scored) // 20


def test_components_equal_sacrebleus_statistics_before_smoothing(scored: list[_Scored]) -> None:
    differences = []
    for s in scored:
        components = sentence_components(
            s.case.hypothesis, s.case.references, max_order=s.case.max_order
        )
        ours = [
            components.candidate_length,
            components.reference_length,
            *components.matches,
            *components.totals,
        ]
        if ours != s.their_statistics:
            differences.append((s.case, ours, s.their_statistics))
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_bleu_is_within_the_pages_bound_of_sacrebleus_score(scored: list[_Scored]) -> None:
    differences = []
    for s in scored:
        ours, theirs = s.ours.bleu, s.their_score / 100.0
        if ours == 0.0:
            continue  # the next test: zero exactly where sacreBLEU's is
        bound = _BOUND * (1.0 + abs(math.log(ours))) * ours
        if abs(ours - theirs) > bound:
            differences.append((s.case, ours, theirs))
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_bleu_is_zero_exactly_where_sacrebleus_score_is(scored: list[_Scored]) -> None:
    differences = [s.case for s in scored if (s.ours.bleu == 0.0) != (s.their_score == 0.0)]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_sacrebleus_counts_show_add_k_adjusted_values_when_a_unigram_matches(
    scored: list[_Scored],
) -> None:
    checked = 0
    for s in scored:
        if s.case.smoothing != "add-k" or s.ours.matches[0] == 0:
            continue
        k = 1.0 if s.case.smoothing_value is None else s.case.smoothing_value
        adjusted_matches = [s.ours.matches[0], *(m + k for m in s.ours.matches[1:])]
        adjusted_totals = [s.ours.totals[0], *(t + k for t in s.ours.totals[1:])]
        # sacreBLEU stops adjusting after an order without n-grams; add-k leaves none past 1.
        assert s.their_counts == adjusted_matches
        assert s.their_totals == adjusted_totals
        checked += 1
    assert checked > 100


def test_sacrebleus_sentence_bleu_gives_the_pages_example() -> None:
    theirs = sacrebleu_sentence_bleu("the cat on", ["the cat sat"], tokenize="none")
    assert theirs.score == 55.03212081491043
    ours = sentence_bleu(["the", "cat", "on"], [["the", "cat", "sat"]])
    assert ours.bleu == 0.5503212081491045
