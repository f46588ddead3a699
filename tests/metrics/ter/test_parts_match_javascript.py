"""The corpus TER of parts is the double a JavaScript engine gets from the page.

``tests/js/ter.mjs`` evaluates ter-from-statistics's Behavior bullets from each segment's edits
and reference word counts (each average a double, added left to right over every part's
segments, ``edits / length``, ``toFixed`` then ``Number``). Every case goes to one node process;
doubles come back as bit patterns and are compared with ``==``, never a tolerance.
"""

import json
import random

import pytest

from mtcompute import execute
from tests.javascript import from_hex, run_node

# A segment: its edits and the word count of each of its 1 to 8 references.
Segment = tuple[int, list[int]]
Case = tuple[list[list[Segment]], int | None]


def _segment(rng: random.Random) -> Segment:
    references = rng.choice([1, 2, 3, 3, 3, 5, 6, 7, rng.randint(1, 8)])
    counts = [rng.choice([0, rng.randint(1, 12), rng.randint(1, 80)]) for _ in range(references)]
    edits = rng.randint(0, 400) if rng.random() < 0.02 else rng.randint(0, 8)
    return edits, counts


def _random_case(rng: random.Random) -> Case:
    parts = [
        [_segment(rng) for _ in range(rng.choice([0, 1, rng.randint(1, 6), rng.randint(1, 40)]))]
        for _ in range(rng.randint(1, 6))
    ]
    return parts, None if rng.random() < 0.5 else rng.randint(0, 15)


def _tool_input(case: Case) -> dict[str, object]:
    parts, decimals = case
    segments = [
        [{"num_edits": edits, "ref_length": sum(counts) / len(counts)} for edits, counts in part]
        for part in parts
    ]
    return {"parts": segments} | ({} if decimals is None else {"decimals": decimals})


def _sums_differ(case: Case) -> bool:
    """Whether adding the parts' own sums gives another ref_length than adding the segments."""
    whole, of_parts = 0.0, 0.0
    for part in case[0]:
        total = 0.0
        for _, counts in part:
            whole += sum(counts) / len(counts)
            total += sum(counts) / len(counts)
        of_parts += total
    return whole != of_parts


@pytest.mark.slow
def test_ter_from_statistics_gives_the_doubles_of_javascript_on_generated_parts() -> None:
    rng = random.Random(7_0301)
    cases = [_random_case(rng) for _ in range(5_000)]
    ours = [execute("ter-from-statistics", "1.0.0", _tool_input(case)) for case in cases]
    # The generator reaches every branch, and parts whose sums would not do.
    assert sum(0.0 < result["ter"] < 1.0 for result in ours) > len(cases) // 4
    assert sum(result["ter"] > 1.0 for result in ours) > len(cases) // 20
    assert any(result["ref_length"] == 0 for result in ours)
    rounded = [r for r, case in zip(ours, cases, strict=True) if case[1] is not None]
    assert sum(0.0 < result["ter"] < 1.0 for result in rounded) > len(cases) // 5
    assert sum(map(_sums_differ, cases)) > len(cases) // 20
    answers = run_node("ter.mjs", [], [json.dumps(case) for case in cases])
    differences = []
    for case, result, answer in zip(cases, ours, answers, strict=True):
        ter, num_edits, ref_length = json.loads(answer)
        theirs = {"ter": from_hex(ter), "num_edits": num_edits, "ref_length": from_hex(ref_length)}
        if result != theirs:
            differences.append((case, result, theirs))
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"
