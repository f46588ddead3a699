"""The rates of summed counts are the doubles a JavaScript engine gets from the pages.

``tests/js/wer.mjs`` evaluates wer-from-statistics's and cer-from-statistics's Behavior bullets
(the counts added, the four word measures and cer, ``toFixed`` then ``Number``). Every case goes
to one node process; doubles come back as bit patterns and are compared with ``==``.
"""

import json
import random

from mtcompute import execute
from tests.javascript import from_hex, run_node

Counts = list[int]
Case = tuple[list[Counts], int | None]


def _part(rng: random.Random) -> Counts:
    def count() -> int:
        return rng.choice([0, 0, rng.randint(1, 9), rng.randint(1, 5_000), rng.randint(1, 10**12)])

    return [count() for _ in range(4)]


def _case(rng: random.Random) -> Case:
    parts = [_part(rng) for _ in range(rng.choice([1, 1, 2, rng.randint(1, 30)]))]
    return parts, None if rng.random() < 0.5 else rng.randint(0, 15)


def _input(case: Case) -> dict[str, object]:
    parts, decimals = case
    names = ("hits", "substitutions", "deletions", "insertions")
    objects = [dict(zip(names, part, strict=True)) for part in parts]
    return {"parts": objects} | ({} if decimals is None else {"decimals": decimals})


def test_wer_and_cer_from_statistics_give_the_doubles_of_javascript() -> None:
    rng = random.Random(39)
    cases = [_case(rng) for _ in range(4_000)]
    words = [execute("wer-from-statistics", "1.0.0", _input(case)) for case in cases]
    chars = [execute("cer-from-statistics", "1.0.0", _input(case)) for case in cases]
    # The generator reaches every branch: no reference items, no hypothesis items, rates in (0, 1).
    assert any(r["hits"] + r["substitutions"] + r["deletions"] == 0 for r in words)
    assert sum(0 < r["mer"] < 1 for r in words) > len(cases) // 4
    assert sum(r["wer"] > 1 for r in words) > len(cases) // 20
    answers = run_node("wer.mjs", [], [json.dumps(case) for case in cases])
    differences = []
    for case, ours, our_cer, answer in zip(cases, words, chars, answers, strict=True):
        wer, mer, wil, wip, cer, *counts = json.loads(answer)
        theirs = dict(
            zip(("wer", "mer", "wil", "wip"), map(from_hex, (wer, mer, wil, wip)), strict=True)
        )
        names = ("hits", "substitutions", "deletions", "insertions")
        theirs |= dict(zip(names, counts, strict=True))
        if ours != theirs or our_cer["cer"] != from_hex(cer):
            differences.append((case, ours, theirs))
    assert not differences, f"{len(differences)} differences, first: {differences[:3]}"
