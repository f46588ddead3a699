"""bleu-brevity-penalty's oracle: a gold table with the arithmetic of every row, and its laws.

Expected floats are exact: the doubles node's ``Math.exp`` and ``toFixed`` give for the row's
formula (bp = exp(1 - r / c) for 0 < c <= r, ratio = c / r).
"""

import random
from dataclasses import dataclass

import pytest

from mtcompute import BrevityPenaltyResult, brevity_penalty, corpus_bleu
from mtcompute.metrics.brevity import closest_length
from mtcompute.metrics.display import length_ratio


@dataclass(frozen=True, slots=True)
class Gold:
    candidate_lengths: list[int]
    reference_lengths: list[list[int]]
    closest: tuple[int, ...]
    c: int
    r: int
    brevity_penalty: float
    ratio: float
    decimals: int | None = None


GOLD = [
    # The page's example: 5 and 3 are both 1 from 4, the shorter wins; 10 is nearer 9 than 12.
    # c = 19, r = 3 + 10 + 7 = 20; bp = exp(1 - 20/19) = 0.9487294800164372; ratio = 19/20.
    pytest.param(
        Gold([4, 9, 6], [[5, 3], [12, 10], [7]], (3, 10, 7), 19, 20, 0.9487294800164372, 0.95),
        id="spec-example",
    ),
    # The same rounded: (0.9487294800164372).toFixed(4) = "0.9487", (0.95).toFixed(4) = "0.9500".
    pytest.param(
        Gold([4, 9, 6], [[5, 3], [12, 10], [7]], (3, 10, 7), 19, 20, 0.9487, 0.95, decimals=4),
        id="spec-example-decimals-4",
    ),
    # c > r: bp = 1; ratio = 10/9.
    pytest.param(Gold([10], [[7, 9]], (9,), 10, 9, 1.0, 10 / 9), id="c-greater-than-r"),
    # c = r > 0: bp = exp(1 - 7/7) = exp(0) = 1 exactly; ratio = 1.
    pytest.param(Gold([5, 2], [[5], [2]], (5, 2), 7, 7, 1.0, 1.0), id="c-equals-r"),
    # c = 0 < r: bp = 0; ratio = 0/3 = 0.
    pytest.param(Gold([0, 0], [[2], [1, 5]], (2, 1), 0, 3, 0.0, 0.0), id="c-is-0"),
    # c = r = 0: bp = 0 even though c is not below r; ratio = 0 as r = 0 (no 0/0).
    pytest.param(Gold([0], [[0, 3]], (0,), 0, 0, 0.0, 0.0), id="c-and-r-are-0"),
    # r = 0 < c: bp = 1 (c > r); ratio = 0 (no division by zero).
    pytest.param(Gold([3], [[0]], (0,), 3, 0, 1.0, 0.0), id="r-is-0"),
    # A tie among equal lengths on both sides: 4 and 6 are 1 from 5, 4 wins; c = 5 > r = 4.
    pytest.param(Gold([5], [[6, 4, 6]], (4,), 5, 4, 1.0, 1.25), id="tie-goes-to-the-shorter"),
    # An empty reference takes part: 0 is nearer 1 than 5; c = 1 > r = 0: bp = 1, ratio 0.
    pytest.param(Gold([1], [[5, 0]], (0,), 1, 0, 1.0, 0.0), id="empty-reference-is-closest"),
    # c = 1, r = 3: bp = exp(1 - 3) = exp(-2) = 0.1353352832366127; ratio = 1/3.
    pytest.param(Gold([1], [[3]], (3,), 1, 3, 0.1353352832366127, 1 / 3), id="exp-of-minus-2"),
    # c = 1, r = 50000: bp = exp(1 - 50000) underflows to 0 although c > 0; ratio = 2e-05.
    pytest.param(Gold([1], [[50000]], (50000,), 1, 50000, 0.0, 2e-05), id="bp-underflows-to-0"),
    # At the limits: c = 49999, r = 50000: bp = exp(1 - 50000/49999) = 0.9999799997999987.
    pytest.param(
        Gold([49999], [[50000] * 8], (50000,), 49999, 50000, 0.9999799997999987, 0.99998),
        id="lengths-at-the-limit",
    ),
    # toFixed rounds half up on the exact binary value: c/r = 1/8 = 0.125 exactly -> "0.13";
    # bp = exp(1 - 8) = 0.0009118819655545162 -> "0.00".
    pytest.param(Gold([1], [[8]], (8,), 1, 8, 0.0, 0.13, decimals=2), id="half-up-0.125"),
    # 3/8 = 0.375 -> "0.38"; bp = exp(1 - 8/3) = 0.18887560283756188 -> "0.19".
    pytest.param(Gold([3], [[8]], (8,), 3, 8, 0.19, 0.38, decimals=2), id="half-up-0.375"),
    # decimals 0: bp = exp(-2) = 0.135... -> "0"; 1/3 -> "0".
    pytest.param(Gold([1], [[3]], (3,), 1, 3, 0.0, 0.0, decimals=0), id="decimals-0"),
    # decimals 15: (0.9487294800164372).toFixed(15) = "0.948729480016437".
    pytest.param(
        Gold([19], [[20]], (20,), 19, 20, 0.948729480016437, 0.95, decimals=15), id="decimals-15"
    ),
]


@pytest.mark.parametrize("gold", GOLD)
def test_the_brevity_penalty_is_the_gold_rows(gold: Gold) -> None:
    result = brevity_penalty(gold.candidate_lengths, gold.reference_lengths, decimals=gold.decimals)
    assert result == BrevityPenaltyResult(
        gold.brevity_penalty, gold.c, gold.r, gold.closest, gold.ratio
    )
    assert type(result.brevity_penalty) is float
    assert type(result.ratio) is float


def test_the_result_object_is_the_tools() -> None:
    # 5 and 3 are both 1 from 4: r = 3 < c = 4, so bp = 1 and ratio = 4/3.
    assert brevity_penalty([4], [[5, 3]]).to_dict() == {
        "brevity_penalty": 1.0,
        "candidate_length": 4,
        "reference_length": 3,
        "closest_reference_lengths": [3],
        "ratio": 4 / 3,
    }


@pytest.mark.parametrize(
    ("candidate", "references", "closest"),
    [(4, [5, 3], 3), (4, [3, 5], 3), (4, [4, 3], 4), (0, [0, 1], 0), (9, [1, 20], 1)],
)
def test_the_closest_length_ties_to_the_shorter_whatever_the_order(
    candidate: int, references: list[int], closest: int
) -> None:
    assert closest_length(candidate, references) == closest


def test_the_ratio_of_nothing_to_nothing_is_0() -> None:
    assert length_ratio(0, 0) == 0.0


@pytest.mark.parametrize("seed", range(40))
def test_the_lengths_of_a_token_corpus_give_bleu_corpus_computes_brevity_penalty(
    seed: int,
) -> None:
    rng = random.Random(seed)

    def tokens() -> list[str]:
        return ["a"] * rng.choice([0, rng.randint(0, 5), rng.randint(0, 30)])

    hypotheses = [tokens() for _ in range(rng.randint(1, 6))]
    references = [[tokens() for _ in range(rng.randint(1, 4))] for _ in hypotheses]
    bleu = corpus_bleu(hypotheses, references)
    ours = brevity_penalty(
        [len(h) for h in hypotheses], [[len(r) for r in refs] for refs in references]
    )
    assert (ours.candidate_length, ours.reference_length, ours.brevity_penalty) == (
        bleu.candidate_length,
        bleu.reference_length,
        bleu.brevity_penalty,
    )


@pytest.mark.parametrize("seed", range(20))
def test_segment_order_does_not_change_the_totals(seed: int) -> None:
    rng = random.Random(seed)
    candidates = [rng.randint(0, 40) for _ in range(8)]
    references = [[rng.randint(0, 40) for _ in range(rng.randint(1, 4))] for _ in candidates]
    order = list(range(8))
    rng.shuffle(order)
    mixed = brevity_penalty([candidates[i] for i in order], [references[i] for i in order])
    plain = brevity_penalty(candidates, references)
    assert (mixed.brevity_penalty, mixed.ratio) == (plain.brevity_penalty, plain.ratio)
    assert mixed.closest_reference_lengths == tuple(
        plain.closest_reference_lengths[i] for i in order
    )
