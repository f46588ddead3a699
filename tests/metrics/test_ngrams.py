"""bleu-ngrams-count's oracle: a gold table with the arithmetic of every row, and its laws.

Rows are [start, hypothesis_count, max_reference_count]; matches_n sums min(h, r) over the rows
and totals_n = max(0, len(hypothesis) - n + 1).
"""

import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from mtcompute import NgramCountsResult, NgramSegment, corpus_bleu, ngram_counts
from mtcompute.metrics.ngrams import (
    ClippingTable,
    Rows,
    clipping_rows,
    corpus_ngram_counts,
    segment_counts,
)

_CAFE_NFC = unicodedata.normalize("NFC", "café")
_CAFE_NFD = unicodedata.normalize("NFD", "café")


@dataclass(frozen=True, slots=True)
class Gold:
    hypothesis: list[str]
    references: list[list[str]]
    max_order: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    clipping: tuple[list[list[int]], ...]  # the "all" table, as the tool's JSON has it

    def rows(self, keep: Callable[[list[int]], bool] = lambda row: True) -> tuple[Rows, ...]:
        """The table as the result holds it: a tuple (start, h, r) per row."""
        return tuple(
            tuple((s, h, r) for s, h, r in rows if keep([s, h, r])) for rows in self.clipping
        )


def _words(text: str) -> list[str]:
    return text.split()


GOLD = [
    # The page's example, segment 0. n = 1: "the" h 3, r = max(1, 2) = 2 -> 2; "cat" 1, 1 -> 1;
    # m = 3 of l = 4. n = 2: "the the" h 2, r = max(0, 1) = 1 -> 1; "the cat" 1, max(1, 0) -> 1;
    # m = 2 of l = 3.
    pytest.param(
        Gold(
            _words("the the the cat"),
            [_words("the cat"), _words("the the dog")],
            2,
            (3, 2),
            (4, 3),
            ([[0, 3, 2], [3, 1, 1]], [[0, 2, 1], [2, 1, 1]]),
        ),
        id="spec-example-segment-0",
    ),
    # Clipping takes the largest count in one reference, not the sum over references: "a" h 3,
    # r = max(1, 1) = 1 (the sum would be 2) -> m_1 = 1 of 3.
    pytest.param(
        Gold(["a", "a", "a"], [["a"], ["a", "b"]], 1, (1,), (3,), ([[0, 3, 1]],)),
        id="largest-count-in-one-reference",
    ),
    # An empty hypothesis: no n-grams, l_n = max(0, 0 - n + 1) = 0, tables empty.
    pytest.param(Gold([], [["a"]], 2, (0, 0), (0, 0), ([], [])), id="empty-hypothesis"),
    # An empty reference: every max_reference_count is 0; l = (2, 1).
    pytest.param(
        Gold(["a", "b"], [[]], 2, (0, 0), (2, 1), ([[0, 1, 0], [1, 1, 0]], [[0, 1, 0]])),
        id="empty-reference",
    ),
    # Shorter than n: "a b" has one bigram, no trigram: l = (2, 1, 0, 0), no rows at n = 3, 4.
    pytest.param(
        Gold(
            ["a", "b"],
            [["a", "b"]],
            4,
            (2, 1, 0, 0),
            (2, 1, 0, 0),
            ([[0, 1, 1], [1, 1, 1]], [[0, 1, 1]], [], []),
        ),
        id="hypothesis-shorter-than-n",
    ),
    # Order 8 on 8 tokens: l_n = 8 - n + 1, one row at n = 8 (start 0); all match.
    pytest.param(
        Gold(
            list("abcdefgh"),
            [list("abcdefgh")],
            8,
            (8, 7, 6, 5, 4, 3, 2, 1),
            (8, 7, 6, 5, 4, 3, 2, 1),
            tuple([[start, 1, 1] for start in range(9 - n)] for n in range(1, 9)),
        ),
        id="max-order-8",
    ),
    # Rows in order of first occurrence, each at its first start (0-based), against "b a b":
    # n = 1: "a" at 0, h 3, r 1 -> 1; "b" at 1, h 2, r 2 -> 2: m = 3 of 5.
    # n = 2: "a b" at 0, h 2, r 1 -> 1; "b a" at 1, h 2, r 1 -> 1: m = 2 of 4.
    pytest.param(
        Gold(
            _words("a b a b a"),
            [_words("b a b")],
            2,
            (3, 2),
            (5, 4),
            ([[0, 3, 1], [1, 2, 2]], [[0, 2, 1], [1, 2, 1]]),
        ),
        id="first-occurrence-order",
    ),
    # Exact string equality: NFC and NFD "café", "Cat" and "cat", "a " and "a" are all
    # different tokens: nothing matches, m_1 = 0 of 3.
    pytest.param(
        Gold(
            [_CAFE_NFC, "Cat", "a "],
            [[_CAFE_NFD, "cat", "a"]],
            1,
            (0,),
            (3,),
            ([[0, 1, 0], [1, 1, 0], [2, 1, 0]],),
        ),
        id="no-normalization",
    ),
    # Eight references, each with one "x" more than the last: r = 8 for "x" (h 9): m_1 = 8.
    pytest.param(
        Gold(["x"] * 9, [["x"] * k for k in range(1, 9)], 1, (8,), (9,), ([[0, 9, 8]],)),
        id="eight-references",
    ),
]


@pytest.mark.parametrize("gold", GOLD)
def test_a_segments_counts_and_tables_are_the_gold_rows(gold: Gold) -> None:
    segment = segment_counts(gold.hypothesis, gold.references, gold.max_order, "all")
    assert segment == NgramSegment(gold.matches, gold.totals, gold.rows())
    assert segment.to_dict()["clipping"] == list(gold.clipping)


@pytest.mark.parametrize("gold", GOLD)
def test_clipped_keeps_the_rows_with_more_in_the_hypothesis_than_in_any_reference(
    gold: Gold,
) -> None:
    segment = segment_counts(gold.hypothesis, gold.references, gold.max_order, "clipped")
    assert segment.clipping == gold.rows(lambda row: row[1] > row[2])
    assert (segment.matches, segment.totals) == (gold.matches, gold.totals)


@pytest.mark.parametrize("gold", GOLD)
def test_none_leaves_the_tables_out(gold: Gold) -> None:
    segment = segment_counts(gold.hypothesis, gold.references, gold.max_order)
    assert segment == NgramSegment(gold.matches, gold.totals)
    assert "clipping" not in segment.to_dict()


def test_the_page_example_sums_its_two_segments() -> None:
    # Segment 1: "a b" against "b a": m = (2, 0), l = (2, 1); sums m = (5, 2), l = (6, 4).
    result = ngram_counts(
        [_words("the the the cat"), ["a", "b"]],
        [[_words("the cat"), _words("the the dog")], [["b", "a"]]],
        max_order=2,
    )
    assert (result.max_order, result.matches, result.totals) == (2, (5, 2), (6, 4))
    assert result.segments[1] == NgramSegment((2, 0), (2, 1))


def _random_corpus(rng: random.Random) -> tuple[list[list[str]], list[list[list[str]]]]:
    def tokens() -> list[str]:
        return [rng.choice("abc") for _ in range(rng.randint(0, 12))]

    hypotheses = [tokens() for _ in range(rng.randint(1, 6))]
    return hypotheses, [[tokens() for _ in range(rng.randint(1, 4))] for _ in hypotheses]


@pytest.mark.parametrize("seed", range(40))
def test_matches_and_totals_are_those_of_bleu_corpus_compute(seed: int) -> None:
    rng = random.Random(seed)
    hypotheses, references = _random_corpus(rng)
    max_order = rng.randint(1, 8)
    ours = ngram_counts(hypotheses, references, max_order=max_order)
    bleu = corpus_bleu(hypotheses, references, max_order=max_order)
    assert (ours.matches, ours.totals) == (bleu.matches, bleu.totals)


@pytest.mark.parametrize("seed", range(40))
def test_the_rows_clipped_counts_sum_to_the_matches_and_are_at_most_the_totals(
    seed: int,
) -> None:
    rng = random.Random(seed)
    hypotheses, references = _random_corpus(rng)
    for segment in ngram_counts(hypotheses, references, clipping_table="all").segments:
        assert segment.clipping is not None
        for rows, matches, total in zip(
            segment.clipping, segment.matches, segment.totals, strict=True
        ):
            assert sum(min(h, r) for _, h, r in rows) == matches
            assert sum(h for _, h, _ in rows) == total  # every n-gram counted once
            assert len(rows) <= total


@pytest.mark.parametrize("seed", range(20))
def test_results_of_two_parts_of_a_corpus_add_up_to_the_whole(seed: int) -> None:
    rng = random.Random(seed)
    hypotheses, references = _random_corpus(rng)
    cut = rng.randint(0, len(hypotheses))
    table: ClippingTable = rng.choice(["none", "clipped", "all"])
    whole = corpus_ngram_counts(hypotheses, references, 4, table)
    first = corpus_ngram_counts(hypotheses[:cut], references[:cut], 4, table)
    second = corpus_ngram_counts(hypotheses[cut:], references[cut:], 4, table)
    assert first + second == whole


def test_results_of_different_orders_do_not_add() -> None:
    one, two = ngram_counts([["a"]], [[["a"]]], max_order=1), ngram_counts([["a"]], [[["a"]]])
    with pytest.raises(ValueError, match="max_order 1 and 4"):
        one + two


def test_the_result_object_is_the_tools() -> None:
    result = ngram_counts([["a", "a"]], [[["a"]]], max_order=1, clipping_table="clipped")
    assert result == NgramCountsResult(1, (1,), (2,), (NgramSegment((1,), (2,), (((0, 2, 1),),)),))
    assert result.to_dict() == {
        "max_order": 1,
        "matches": [1],
        "totals": [2],
        "segments": [{"matches": [1], "totals": [2], "clipping": [[[0, 2, 1]]]}],
    }


def test_rows_of_an_order_longer_than_the_hypothesis_are_none() -> None:
    assert clipping_rows(["a"], [["a"]], 2) == ()
