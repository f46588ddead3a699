"""brevity_penalty agrees with sacreBLEU 2.6 within the page's bound, on generated lengths.

sacreBLEU gets token corpora of the generated lengths (``tokenize='none'``, references as
streams padded with None). Its ``sys_len``, ``ref_len`` and ``ratio`` must equal c, r and ratio
exactly; its ``bp`` may differ, as the page says, at c = r = 0 (it gives 1, the page 0) and by
one unit in the last place where 0 < c < r, since it calls the platform's ``math.exp``.
"""

import math
import random

from sacrebleu.metrics.bleu import BLEU

from mtcompute import BrevityPenaltyResult, brevity_penalty

Lengths = tuple[list[int], list[list[int]]]


def _random_lengths(rng: random.Random) -> Lengths:
    candidates = [
        rng.choice([0, rng.randint(0, 8), rng.randint(0, 40)]) for _ in range(rng.randint(1, 6))
    ]
    references = [
        [max(0, c + rng.randint(-5, 12)) for _ in range(rng.randint(1, 4))] for c in candidates
    ]
    return candidates, references


def _sacrebleu(lengths: Lengths) -> tuple[int, int, float, float]:
    candidates, references = lengths
    streams = [
        ["r " * segment[k] if k < len(segment) else None for segment in references]
        for k in range(max(map(len, references)))
    ]
    score = BLEU(tokenize="none").corpus_score(["h " * c for c in candidates], streams)  # type: ignore[arg-type]
    return score.sys_len, score.ref_len, score.ratio, score.bp


def _ours(lengths: Lengths) -> BrevityPenaltyResult:
    return brevity_penalty(*lengths)


def test_c_r_and_ratio_equal_sacrebleus_and_bp_is_within_one_ulp() -> None:
    rng = random.Random(2_6002)
    cases = [_random_lengths(rng) for _ in range(3_000)]
    below_one = 0
    for lengths in cases:
        ours, (sys_len, ref_len, ratio, bp) = _ours(lengths), _sacrebleu(lengths)
        assert (ours.candidate_length, ours.reference_length, ours.ratio) == (
            sys_len,
            ref_len,
            ratio,
        )
        if (sys_len, ref_len) == (0, 0):
            assert (ours.brevity_penalty, bp) == (0.0, 1.0)
            continue
        assert abs(ours.brevity_penalty - bp) <= math.ulp(ours.brevity_penalty), lengths
        below_one += 0.0 < ours.brevity_penalty < 1.0
    assert below_one > len(cases) // 3


def test_sacrebleu_gives_1_where_c_and_r_are_0_and_the_page_gives_0() -> None:
    assert _sacrebleu(([0], [[0]]))[3] == 1.0
    assert _ours(([0], [[0]])).brevity_penalty == 0.0
