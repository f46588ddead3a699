"""Python's sentence BLEU doubles are the doubles a JavaScript engine gets from the page's formulas.

``tests/js/sentence.mjs`` evaluates the Behavior bullets of bleu-sentence-compute from one
segment's statistics: adjusted counts, precisions, N_eff, a left-to-right sum of ``Math.log``,
``Math.exp``, ``toFixed`` then ``Number``. Every case of a test goes to one node process; results
come back as bit patterns and are compared with ``==``, never a tolerance.
"""

import json
import random
from dataclasses import dataclass

from mtcompute import BleuStatistics, SentenceBleuResult, sentence_bleu
from mtcompute.metrics.sentence import sentence_score
from mtcompute.metrics.smoothing import SMOOTHING_METHODS, Smoothing
from tests.javascript import from_hex, run_node

_VOCABULARY = ("a", "b", "c", "d", "e")


@dataclass(frozen=True, slots=True)
class _Case:
    statistics: BleuStatistics
    smoothing: str
    smoothing_value: float | None
    effective_order: bool
    decimals: int | None
    result: SentenceBleuResult


def _value(rng: random.Random, smoothing: str) -> float | None:
    if smoothing == "floor" and rng.random() < 0.7:
        return rng.choice([1e-10, 0.01, 0.3, 1.0, rng.uniform(1e-10, 1.0)])
    if smoothing == "add-k" and rng.random() < 0.7:
        return rng.choice([1e-10, 0.5, 2.0, 100.0, rng.uniform(1e-10, 100.0)])
    return None


def _options(rng: random.Random) -> tuple[str, float | None, bool, int | None]:
    smoothing = rng.choice(SMOOTHING_METHODS)
    decimals = None if rng.random() < 0.5 else rng.randint(0, 15)
    return smoothing, _value(rng, smoothing), rng.random() < 0.7, decimals


def _matches(rng: random.Random, total: int) -> int:
    """Mostly a good share of the total, often none at all."""
    if total == 0 or rng.random() < 0.2:
        return 0
    return rng.randint(max(1, total // 3), total)


def _random_statistics(rng: random.Random) -> BleuStatistics:
    max_order = rng.randint(1, 8)
    c = rng.choice([rng.randint(0, 6), rng.randint(0, 60), rng.randint(0, 50_000)])
    totals = tuple(max(c - n, 0) for n in range(max_order))
    r = rng.choice([c, rng.randint(0, 2 * c + 1), rng.randint(c, 1_000 * c + 1)])
    return BleuStatistics(tuple(_matches(rng, t) for t in totals), totals, c, r)


def _case_from_statistics(rng: random.Random) -> _Case:
    statistics = _random_statistics(rng)
    smoothing, value, effective, decimals = _options(rng)
    result = sentence_score(statistics, Smoothing.of(smoothing, value), effective, decimals)
    return _Case(statistics, smoothing, value, effective, decimals, result)


def _case_from_tokens(rng: random.Random) -> _Case:
    hypothesis = [rng.choice(_VOCABULARY) for _ in range(rng.randint(0, 12))]
    references = [
        [rng.choice(_VOCABULARY) for _ in range(rng.randint(0, 12))]
        for _ in range(rng.randint(1, 4))
    ]
    smoothing, value, effective, decimals = _options(rng)
    result = sentence_bleu(
        hypothesis,
        references,
        max_order=rng.randint(1, 8),
        smoothing=smoothing,
        smoothing_value=value,
        effective_order=effective,
        decimals=decimals,
    )
    statistics = BleuStatistics(
        result.matches, result.totals, result.candidate_length, result.reference_length
    )
    return _Case(statistics, smoothing, value, effective, decimals, result)


def _line(case: _Case) -> str:
    s = case.statistics
    return json.dumps(
        [
            s.matches,
            s.totals,
            s.candidate_length,
            s.reference_length,
            case.smoothing,
            case.smoothing_value,
            case.effective_order,
            case.decimals,
        ]
    )


def _from_node(answer: str) -> tuple[float, float, int, tuple[float | None, ...]]:
    bleu, bp, orders, *precisions = answer.split()
    shown = tuple(None if p == "null" else from_hex(p) for p in precisions)
    return from_hex(bleu), from_hex(bp), int(orders), shown


def _assert_javascript_agrees(cases: list[_Case]) -> None:
    differences = []
    for case, answer in zip(
        cases, run_node("sentence.mjs", [], [_line(c) for c in cases]), strict=True
    ):
        r = case.result
        ours = (r.bleu, r.brevity_penalty, r.effective_order_used, r.precisions)
        if ours != _from_node(answer):
            differences.append(f"{case}: node says {answer}")
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def _assert_varied(cases: list[_Case]) -> None:
    """Guard the generators: every method scores above 0 and at 0, with and without decimals."""
    for method in SMOOTHING_METHODS:
        of_method = [case for case in cases if case.smoothing == method]
        assert sum(case.result.bleu > 0.0 for case in of_method) > len(of_method) // 5, method
        assert any(case.result.bleu == 0.0 for case in of_method), method
        assert any(case.decimals is not None and case.result.bleu > 0 for case in of_method)
    assert any(None in case.result.precisions and case.result.bleu > 0 for case in cases)


def test_sentence_score_gives_the_doubles_of_javascript_on_generated_statistics() -> None:
    rng = random.Random(5_0401)
    cases = [_case_from_statistics(rng) for _ in range(20_000)]
    _assert_varied(cases)
    _assert_javascript_agrees(cases)


def test_sentence_bleu_gives_the_doubles_of_javascript_on_generated_segments() -> None:
    rng = random.Random(5_0402)
    cases = [_case_from_tokens(rng) for _ in range(4_000)]
    _assert_varied(cases)
    _assert_javascript_agrees(cases)
