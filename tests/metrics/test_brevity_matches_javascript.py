"""The brevity penalty's doubles are the doubles a JavaScript engine gets from the page.

``tests/js/brevity.mjs`` evaluates bleu-brevity-penalty's Behavior bullets from the lengths alone
(closest length with ties to the shorter, ``Math.exp(1 - r / c)``, ``c / r``, ``toFixed`` then
``Number``). Every case goes to one node process; doubles come back as bit patterns and are
compared with ``==``, never a tolerance.
"""

import json
import random

from mtcompute import BrevityPenaltyResult, brevity_penalty
from tests.javascript import from_hex, run_node

Case = tuple[list[int], list[list[int]], int | None]


def _length(rng: random.Random, near: int) -> int:
    """Mostly near the candidate length (ties and c = r happen), sometimes anywhere."""
    roll = rng.random()
    if roll < 0.6:
        return max(0, near + rng.randint(-3, 3))
    return rng.choice([0, rng.randint(0, 60), rng.randint(0, 50_000)])


def _random_case(rng: random.Random) -> Case:
    candidates = [
        rng.choice([0, rng.randint(0, 40), rng.randint(0, 50_000)])
        for _ in range(rng.choice([1, 1, rng.randint(1, 20), rng.randint(1, 120)]))
    ]
    references = [[_length(rng, c) for _ in range(rng.randint(1, 8))] for c in candidates]
    decimals = None if rng.random() < 0.5 else rng.randint(0, 15)
    return candidates, references, decimals


def _javascript(cases: list[Case]) -> list[BrevityPenaltyResult]:
    answers = run_node("brevity.mjs", [], [json.dumps(case) for case in cases])
    results = []
    for answer in answers:
        bp, ratio, c, r, closest = json.loads(answer)
        results.append(BrevityPenaltyResult(from_hex(bp), c, r, tuple(closest), from_hex(ratio)))
    return results


def test_brevity_penalty_gives_the_doubles_of_javascript_on_generated_lengths() -> None:
    rng = random.Random(1_0001)
    cases = [_random_case(rng) for _ in range(5_000)]
    ours = [brevity_penalty(c, r, decimals=d) for c, r, d in cases]
    # The generator reaches every branch: bp below 1, bp 1, c = 0, with and without decimals.
    assert sum(0.0 < result.brevity_penalty < 1.0 for result in ours) > len(cases) // 5
    assert sum(result.brevity_penalty == 1.0 for result in ours) > len(cases) // 10
    assert any(result.candidate_length == 0 for result in ours)
    rounded = [result for result, case in zip(ours, cases, strict=True) if case[2] is not None]
    assert sum(0.0 < result.brevity_penalty < 1.0 for result in rounded) > len(cases) // 10
    differences = [
        (case, mine, theirs)
        for case, mine, theirs in zip(cases, ours, _javascript(cases), strict=True)
        if mine != theirs
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"


def test_single_segments_at_every_small_length_give_the_doubles_of_javascript() -> None:
    # Every (c, r) with one reference up to 60: every small ratio, both sides of 1, with decimals.
    cases: list[Case] = [
        ([c], [[r]], d) for c in range(61) for r in range(61) for d in (None, 2, 15)
    ]
    ours = [brevity_penalty(c, r, decimals=d) for c, r, d in cases]
    differences = [
        (case, mine, theirs)
        for case, mine, theirs in zip(cases, ours, _javascript(cases), strict=True)
        if mine != theirs
    ]
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"
