"""The compiled counts of one segment (``_segment.c``) are the oracle's, and anything but plain
lists of exact str tokens is left to the Python paths."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.bleu.sentence import segment_statistics_fast
from mtcompute.metrics.bleu import BleuStatistics, segment_statistics

# Equal texts in distinct objects, each string kind (ASCII, Latin-1, BMP, astral), NUL.
_token = st.sampled_from(["a", "b", "aa", "".join(["a", "a"]), "\x00", "é", "中", "😀", "a b"])
_tokens = st.lists(_token, max_size=24)
_references = st.lists(_tokens, min_size=1, max_size=6)
_orders = st.integers(min_value=1, max_value=8)
# Past this many hypothesis tokens the kernel counts one order at a time (``LONG_TOKENS``).
_LONG = 1 << 15

if compiled.segment_statistics is not None:
    from mtcompute.fast._segment import segment_statistics as counts

    def _statistics(hypothesis: list[str], references: list[list[str]], n: int) -> BleuStatistics:
        found = counts(hypothesis, references, n)
        assert found is not None
        return BleuStatistics(*found)

    @pytest.mark.slow
    @settings(max_examples=3_000)
    @given(_tokens, _references, _orders)
    def test_the_compiled_counts_are_the_oracles(
        hypothesis: list[str], references: list[list[str]], max_order: int
    ) -> None:
        expected = segment_statistics(hypothesis, references, max_order)
        assert _statistics(hypothesis, references, max_order) == expected

    def test_long_segments_of_few_distinct_tokens_are_counted_as_the_oracle_does() -> None:
        rng = random.Random(11)
        for _ in range(40):
            vocabulary = [f"w{i}" for i in range(rng.randint(1, 50))]
            hypothesis = rng.choices(vocabulary, k=rng.randint(0, 3_000))
            references = [
                rng.choices(vocabulary, k=rng.randint(0, 3_000)) for _ in range(rng.randint(1, 4))
            ]
            max_order = rng.randint(1, 8)
            expected = segment_statistics(hypothesis, references, max_order)
            assert _statistics(hypothesis, references, max_order) == expected

    @pytest.mark.slow
    @settings(max_examples=10, deadline=None)
    @given(
        vocabulary=st.lists(_token, min_size=1, max_size=12),
        seed=st.integers(0, 2**32),
        references=st.integers(1, 4),
        max_order=_orders,
    )
    def test_a_hypothesis_too_long_for_the_shared_tables_is_counted_as_the_oracle_counts_it(
        vocabulary: list[str], seed: int, references: int, max_order: int
    ) -> None:
        rng = random.Random(seed)
        hypothesis = rng.choices(vocabulary, k=_LONG + rng.randint(1, 9_000))
        texts = [rng.choices(vocabulary, k=rng.randint(0, 2 * _LONG)) for _ in range(references)]
        texts.append(hypothesis[rng.randint(0, 50) :])  # most n-grams in a reference
        for tokens in (texts[:references], texts, [texts[0], [], texts[-1] + ["x"]]):
            expected = segment_statistics(hypothesis, tokens, max_order)
            assert _statistics(hypothesis, tokens, max_order) == expected

    def test_a_long_hypothesis_with_a_token_that_is_not_exact_str_is_left_to_python() -> None:
        hypothesis = ["a"] * (_LONG + 1)
        assert counts(hypothesis, [["a"]], 4) is not None
        hypothesis[-1] = _Text("a")
        assert counts(hypothesis, [["a"]], 4) is None
        assert counts(["a"] * (_LONG + 1), [["a", _Text("a")]], 4) is None

    def test_tuples_are_counted_as_lists_are() -> None:
        hypothesis, references = ("a", "b", "a"), (("a", "b"), ["b", "a", "b"])
        expected = segment_statistics(hypothesis, references, 4)
        assert _statistics(hypothesis, references, 4) == expected  # type: ignore[arg-type]

    class _Text(str):
        __slots__ = ()

    @pytest.mark.parametrize(
        ("hypothesis", "references"),
        [
            ([_Text("a")], [["a"]]),  # a str subclass may redefine equality
            (["a"], [[_Text("a")]]),
            (["a", 1], [["a"]]),
            (["a"], [[b"a"]]),
            (iter(["a"]), [["a"]]),
            (["a"], [iter(["a"])]),
            (["a"], iter([["a"]])),
            (["a"], []),
        ],
    )
    def test_anything_but_plain_lists_of_exact_str_is_left_to_python(
        hypothesis: object, references: object
    ) -> None:
        assert counts(hypothesis, references, 4) is None  # type: ignore[arg-type]

    @pytest.mark.parametrize("max_order", [0, 65, -1])
    def test_an_order_out_of_range_is_a_value_error(max_order: int) -> None:
        with pytest.raises(ValueError, match="max_order"):
            counts(["a"], [["a"]], max_order)


def test_a_str_subclass_token_is_counted_by_the_python_path_all_the_same() -> None:
    class Word(str):
        __slots__ = ()

    hypothesis = [Word("a"), Word("b")]
    expected = segment_statistics(hypothesis, [["a", "b"]], 2)
    assert segment_statistics_fast(hypothesis, [["a", "b"]], 2) == expected
