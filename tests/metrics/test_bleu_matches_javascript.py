"""Python's BLEU doubles are the doubles a JavaScript engine gets from the spec's formulas.

``tests/js/bleu.mjs`` evaluates the contract's Behavior bullets from the statistics alone
(brevity penalty, left-to-right sum of ``Math.log``, ``Math.exp``, ``toFixed`` then ``Number``).
Every case of a test goes to one node process; results come back as bit patterns and are compared
with ``==``, never a tolerance.
"""

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute import BleuStatistics, corpus_bleu
from mtcompute.metrics.bleu import score
from tests.javascript import from_hex, run_node

_VOCABULARY = ("a", "b", "c", "d", "e")


@dataclass(frozen=True, slots=True)
class _Case:
    statistics: BleuStatistics
    decimals: int | None
    bleu: float
    brevity_penalty: float


def _decimals(rng: random.Random) -> int | None:
    return None if rng.random() < 0.5 else rng.randint(0, 15)


def _clipped_matches(rng: random.Random, total: int) -> int:
    """Mostly a good share of the total, sometimes none at all."""
    if total == 0 or rng.random() < 0.05:
        return 0
    return rng.randint(max(1, total // 3), total)


def _random_statistics(rng: random.Random) -> BleuStatistics:
    max_order = rng.randint(1, 8)
    candidate_length = rng.choice(
        [rng.randint(0, 30), rng.randint(0, 3_000), rng.randint(0, 10**6)]
    )
    segments = rng.randint(1, max(1, candidate_length // (2 * max_order)))
    totals = tuple(max(candidate_length - segments * n, 0) for n in range(max_order))
    reference_length = rng.choice(
        [
            candidate_length,  # bp = exp(0)
            rng.randint(0, 2 * candidate_length + 1),  # either side of c
            rng.randint(candidate_length, 1_000 * candidate_length + 1),  # bp down to underflow
        ]
    )
    return BleuStatistics(
        matches=tuple(_clipped_matches(rng, total) for total in totals),
        totals=totals,
        candidate_length=candidate_length,
        reference_length=reference_length,
    )


def _edited(rng: random.Random, tokens: Sequence[str]) -> list[str]:
    """A reference made from the hypothesis by random substitutions, deletions and insertions."""
    reference = []
    for token in tokens:
        roll = rng.random()
        if roll < 0.1:
            continue
        reference.append(rng.choice(_VOCABULARY) if roll < 0.25 else token)
        if rng.random() < 0.1:
            reference.append(rng.choice(_VOCABULARY))
    return reference


def _random_segment(rng: random.Random) -> tuple[list[str], list[list[str]]]:
    hypothesis = [rng.choice(_VOCABULARY) for _ in range(rng.randint(0, 15))]
    references = [_edited(rng, hypothesis) for _ in range(rng.randint(1, 4))]
    return hypothesis, references


def _case_from_a_token_corpus(rng: random.Random) -> _Case:
    segments = [_random_segment(rng) for _ in range(rng.randint(1, 6))]
    decimals = _decimals(rng)
    result = corpus_bleu(
        [hypothesis for hypothesis, _ in segments],
        [references for _, references in segments],
        max_order=rng.choice([1, 2, 3, 4, 4, 4, 5, 6, 7, 8]),
        decimals=decimals,
    )
    statistics = BleuStatistics(
        result.matches, result.totals, result.candidate_length, result.reference_length
    )
    return _Case(statistics, decimals, result.bleu, result.brevity_penalty)


def _case_from_statistics(rng: random.Random) -> _Case:
    statistics, decimals = _random_statistics(rng), _decimals(rng)
    result = score(statistics, decimals)
    return _Case(statistics, decimals, result.bleu, result.brevity_penalty)


def _assert_javascript_agrees(cases: list[_Case]) -> None:
    lines = [
        json.dumps(
            [
                case.statistics.matches,
                case.statistics.totals,
                case.statistics.candidate_length,
                case.statistics.reference_length,
                case.decimals,
            ]
        )
        for case in cases
    ]
    differences = []
    for case, answer in zip(cases, run_node("bleu.mjs", [], lines), strict=True):
        bleu, brevity_penalty = (from_hex(bits) for bits in answer.split())
        if (bleu, brevity_penalty) != (case.bleu, case.brevity_penalty):
            differences.append(f"{case}: node bleu {bleu!r}, brevity_penalty {brevity_penalty!r}")
    assert not differences, f"{len(differences)} differences, first: {differences[:5]}"


def _assert_varied(cases: list[_Case]) -> None:
    """Guard the generators: most cases must score above 0, some with decimals, some below bp 1."""
    assert sum(case.bleu > 0.0 for case in cases) > len(cases) // 2
    assert sum(case.decimals is not None and case.bleu > 0.0 for case in cases) > len(cases) // 5
    assert sum(0.0 < case.brevity_penalty < 1.0 for case in cases) > len(cases) // 10


def test_score_gives_the_doubles_of_javascript_on_generated_statistics() -> None:
    rng = random.Random(4_0401)
    cases = [_case_from_statistics(rng) for _ in range(20_000)]
    _assert_varied(cases)
    _assert_javascript_agrees(cases)


def test_corpus_bleu_gives_the_doubles_of_javascript_on_generated_token_corpora() -> None:
    rng = random.Random(4_0402)
    cases = [_case_from_a_token_corpus(rng) for _ in range(2_000)]
    _assert_varied(cases)
    _assert_javascript_agrees(cases)
