"""The edit operations and chunks: a path of the Levenshtein distance, chosen as rapidfuzz
chooses it (the differential against rapidfuzz itself is in ``test_matches_jiwer.py``)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.metrics.wer.alignment import Chunk, chunks, distance, edit_operations

_items = st.lists(st.sampled_from("abc"), max_size=25)


def _levenshtein(a: list[str], b: list[str]) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def test_rapidfuzzs_documented_example() -> None:
    assert chunks("qabxcd", "abycdf") == [
        Chunk("delete", 0, 1, 0, 0),
        Chunk("equal", 1, 3, 0, 2),
        Chunk("substitute", 3, 4, 2, 3),
        Chunk("equal", 4, 6, 3, 5),
        Chunk("insert", 6, 6, 5, 6),
    ]


def test_a_swap_is_an_insertion_a_hit_and_a_deletion_not_two_substitutions() -> None:
    # Both paths cost 2; rapidfuzz's trace takes the one with a hit, and so jiwer counts one.
    assert chunks(["a", "b"], ["b", "a"]) == [
        Chunk("insert", 0, 0, 0, 1),
        Chunk("equal", 0, 1, 1, 2),
        Chunk("delete", 1, 2, 2, 2),
    ]


def test_empty_sides_are_all_deletions_or_all_insertions() -> None:
    assert chunks([], ["a", "b"]) == [Chunk("insert", 0, 0, 0, 2)]
    assert chunks(["a"], []) == [Chunk("delete", 0, 1, 0, 0)]
    assert chunks([], []) == []


@settings(max_examples=400)
@given(_items, _items)
def test_the_distance_is_levenshteins(a: list[str], b: list[str]) -> None:
    assert distance(a, b) == _levenshtein(a, b)


@settings(max_examples=400)
@given(_items, _items)
def test_the_chunks_cover_both_sides_and_spend_the_distance(a: list[str], b: list[str]) -> None:
    found = chunks(a, b)
    at_a = at_b = 0
    for chunk in found:
        assert (chunk.reference_start, chunk.hypothesis_start) == (at_a, at_b)
        at_a, at_b = chunk.reference_end, chunk.hypothesis_end
        if chunk.kind == "equal":
            assert a[chunk.reference_start : at_a] == b[chunk.hypothesis_start : at_b]
    assert (at_a, at_b) == (len(a), len(b))
    assert len(edit_operations(a, b)) == _levenshtein(a, b)
