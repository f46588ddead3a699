"""chrF and chrF++ agree with sacreBLEU 2.6's ``CHRF`` on generated corpora.

sacreBLEU runs as ``CHRF(char_order, word_order, beta, whitespace=include_whitespace,
eps_smoothing=...)`` and gets the references as streams: stream k holds every segment's k-th
reference, or None where a segment has fewer (sacreBLEU drops None references).

- Its per-segment statistics (``_extract_corpus_statistics``, triples of hypothesis, reference
  and matches per order) are the kept reference's, and the kept reference is the first whose
  statistics they are.
- By default its score is 100 * chrf bit for bit, corpus and sentence level: it computes the
  same operations in the same order. With eps_smoothing it divides 100 * s by K where the pages
  divide s by K, so 100 * chrf is compared within 2 units in the last place.
"""

import math
import random
from dataclasses import dataclass

import pytest
from sacrebleu.metrics.chrf import CHRF

from mtcompute.metrics.chrf import ChrfOptions, ChrfResult, chrf, ngram_counts, pair_statistics

_CHARACTERS = "abcdAB \t\n\u00a0\u3000\u2028\u0085\u200b\ufeff\u180e😀🎉\u0301é()'.!,-«»"
_WORDS = ("the", "cat", "(hi)", "«Bonjour»", "'s", "U.S.", "don't", "😀!", "cafe\u0301", "café")


@dataclass(frozen=True, slots=True)
class _Case:
    hypotheses: list[str]
    references: list[list[str]]
    options: ChrfOptions


@dataclass(frozen=True, slots=True)
class _Scored:
    case: _Case
    ours: ChrfResult
    their_statistics: list[list[int]]
    their_corpus_score: float
    their_sentence_scores: list[float]


def _text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return "".join(rng.choice(_CHARACTERS) for _ in range(rng.choice([0, 3, 12, 40])))
    separators = (" ", "\t", "\u00a0", "  ")
    return "".join(rng.choice(_WORDS) + rng.choice(separators) for _ in range(rng.randint(0, 8)))


def _edited(rng: random.Random, text: str) -> str:
    kept = [c for c in text if rng.random() > 0.1]
    return "".join(rng.choice(_CHARACTERS) if rng.random() < 0.1 else c for c in kept)


def _case(rng: random.Random, eps_smoothing: bool) -> _Case:
    hypotheses = [_text(rng) for _ in range(rng.randint(1, 5))]
    references = [
        [_edited(rng, h) if rng.random() < 0.7 else _text(rng) for _ in range(rng.randint(1, 4))]
        for h in hypotheses
    ]
    options = ChrfOptions(
        char_order=rng.choice([1, 2, 4, 6, 6, 6, 10]),
        word_order=rng.choice([0, 0, 1, 2, 2]),
        beta=rng.choice([1, 2, 2, 3, 10]),
        eps_smoothing=eps_smoothing,
        include_whitespace=rng.random() < 0.2,
    )
    return _Case(hypotheses, references, options)


def _streams(references: list[list[str]]) -> list[list[str | None]]:
    count = max(map(len, references))
    return [[refs[k] if k < len(refs) else None for refs in references] for k in range(count)]


def _scored(case: _Case) -> _Scored:
    options = case.options
    metric = CHRF(
        char_order=options.char_order,
        word_order=options.word_order,
        beta=options.beta,
        whitespace=options.include_whitespace,
        eps_smoothing=options.eps_smoothing,
    )
    streams = _streams(case.references)
    ours = chrf(
        case.hypotheses,
        case.references,
        char_order=options.char_order,
        word_order=options.word_order,
        beta=options.beta,
        eps_smoothing=options.eps_smoothing,
        include_whitespace=options.include_whitespace,
    )
    return _Scored(
        case,
        ours,
        # sacreBLEU documents None padding (base.py, _cache_references) but annotates str only
        metric._extract_corpus_statistics(case.hypotheses, streams),  # type: ignore[arg-type]
        metric.corpus_score(case.hypotheses, streams).score,  # type: ignore[arg-type]
        [
            metric.sentence_score(hypothesis, refs).score
            for hypothesis, refs in zip(case.hypotheses, case.references, strict=True)
        ],
    )


def _corpora(seed: int, eps_smoothing: bool) -> list[_Scored]:
    rng = random.Random(seed)
    return [_scored(_case(rng, eps_smoothing)) for _ in range(800)]


@pytest.fixture(scope="module")
def default_mode() -> list[_Scored]:
    return _corpora(2_6001, eps_smoothing=False)


@pytest.fixture(scope="module")
def eps_mode() -> list[_Scored]:
    return _corpora(2_6002, eps_smoothing=True)


def _triples(scored: _Scored) -> list[list[int]]:
    """Our kept statistics in sacreBLEU's layout: hypothesis, reference, matches per order."""
    return [
        [count for triple in segment.statistics.per_order() for count in triple]
        for segment in scored.ours.segments
    ]


def _first_reference_with(scored: _Scored, index: int, statistics: list[int]) -> int:
    case = scored.case
    hypothesis = ngram_counts(case.hypotheses[index], case.options)
    for j, reference in enumerate(case.references[index]):
        pair = pair_statistics(hypothesis, ngram_counts(reference, case.options))
        if [count for triple in pair.per_order() for count in triple] == statistics:
            return j
    raise AssertionError("no reference has sacreBLEU's statistics")


def _assert_kept_statistics_and_references_agree(corpora: list[_Scored]) -> None:
    differences = [s.case for s in corpora if _triples(s) != s.their_statistics]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"
    wrong_reference = [
        s.case
        for s in corpora
        for i, segment in enumerate(s.ours.segments)
        if segment.reference_index != _first_reference_with(s, i, s.their_statistics[i])
    ]
    assert not wrong_reference, f"{len(wrong_reference)} differences: {wrong_reference[:2]}"


def test_the_generated_corpora_cover_the_cases_that_matter(default_mode: list[_Scored]) -> None:
    assert sum(s.ours.chrf > 0.0 for s in default_mode) > len(default_mode) // 2
    assert sum(s.ours.word_order > 0 for s in default_mode) > len(default_mode) // 3
    kept_later = [seg.reference_index > 0 for s in default_mode for seg in s.ours.segments]
    assert sum(kept_later) > 50


def test_kept_statistics_and_references_equal_sacrebleus(default_mode: list[_Scored]) -> None:
    _assert_kept_statistics_and_references_agree(default_mode)


def test_kept_statistics_and_references_equal_sacrebleus_with_eps_smoothing(
    eps_mode: list[_Scored],
) -> None:
    _assert_kept_statistics_and_references_agree(eps_mode)


def test_100_times_chrf_is_sacrebleus_corpus_score_bit_for_bit(
    default_mode: list[_Scored],
) -> None:
    differences = [s.case for s in default_mode if 100 * s.ours.chrf != s.their_corpus_score]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"


def test_100_times_each_segment_chrf_is_sacrebleus_sentence_score_bit_for_bit(
    default_mode: list[_Scored],
) -> None:
    differences = [
        s.case
        for s in default_mode
        if [100 * segment.chrf for segment in s.ours.segments] != s.their_sentence_scores
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"


def _within_2_ulp(ours: float, theirs: float) -> bool:
    return abs(ours - theirs) <= 2 * math.ulp(theirs)


def test_with_eps_smoothing_100_times_chrf_is_within_2_ulp_of_sacrebleu(
    eps_mode: list[_Scored],
) -> None:
    differences = [
        s.case
        for s in eps_mode
        if not _within_2_ulp(100 * s.ours.chrf, s.their_corpus_score)
        or not all(
            _within_2_ulp(100 * segment.chrf, theirs)
            for segment, theirs in zip(s.ours.segments, s.their_sentence_scores, strict=True)
        )
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:2]}"
