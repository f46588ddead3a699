"""The compiled TER kernel (``_ter.c``) counts the oracle's edits: on generated pairs, long and
lopsided pairs, pairs that spend the candidate budget, and several references; on references
short enough that the band holds every cell (the plain distance is the band's), longer ones
where the plain distance only bounds it from below, and past the bit vectors' 1,024 words."""

import random
import shutil
import sysconfig

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.fast import compiled
from mtcompute.fast.ter import word_ids
from mtcompute.metrics.ter.edits import translation_edits
from mtcompute.metrics.ter.statistics import word_statistics


def test_the_kernel_is_built_where_a_c_compiler_is() -> None:
    command = str(sysconfig.get_config_var("CC") or "cc").split()
    has_compiler = bool(command) and shutil.which(command[0]) is not None
    assert (compiled.ter_edits is not None) == has_compiler


if compiled.ter_edits is not None:
    from mtcompute.fast._ter import fewest_edits

    def _kernel_edits(hypothesis: list[str], references: list[list[str]]) -> int:
        return fewest_edits(*word_ids(hypothesis, references))

    _words = st.lists(st.sampled_from("abcd"), max_size=20)

    @settings(max_examples=500)
    @given(_words, st.lists(_words, min_size=1, max_size=4))
    def test_the_kernel_counts_the_oracles_fewest_edits(
        hypothesis: list[str], references: list[list[str]]
    ) -> None:
        expected = word_statistics(hypothesis, references).num_edits
        assert _kernel_edits(hypothesis, references) == expected

    @pytest.mark.slow
    @settings(max_examples=40, deadline=None)
    @given(
        st.lists(st.sampled_from("abc"), min_size=20, max_size=70),
        st.lists(st.sampled_from("abc"), min_size=25, max_size=70),
    )
    def test_references_past_the_band_count_as_in_the_oracle(
        hypothesis: list[str], reference: list[str]
    ) -> None:
        # Over 24 reference words some cells lie outside the band: the plain distance only
        # bounds a candidate's from below, and the band decides.
        assert _kernel_edits(hypothesis, [reference]) == translation_edits(hypothesis, reference)

    def test_thousands_of_seeded_pairs_count_as_in_the_oracle() -> None:
        rng = random.Random(17)
        for _ in range(2_000):
            vocabulary = [f"w{i}" for i in range(rng.randint(1, 8))]
            hypothesis = rng.choices(vocabulary, k=rng.randint(0, 15))
            reference = rng.choices(vocabulary, k=rng.randint(0, 15))
            expected = translation_edits(hypothesis, reference)
            assert _kernel_edits(hypothesis, [reference]) == expected

    @pytest.mark.parametrize(
        ("hypothesis_length", "reference_length"),
        [(1, 200), (3, 400), (40, 150), (150, 40), (90, 90), (60, 1), (64, 64), (65, 65)],
    )
    def test_long_and_lopsided_pairs_count_as_in_the_oracle(
        hypothesis_length: int, reference_length: int
    ) -> None:
        # A reference over 50 times the hypothesis widens the band; long ones spend the budget.
        rng = random.Random(hypothesis_length * 1_000 + reference_length)
        vocabulary = [f"w{i}" for i in range(6)]
        hypothesis = rng.choices(vocabulary, k=hypothesis_length)
        reference = rng.choices(vocabulary, k=reference_length)
        expected = translation_edits(hypothesis, reference)
        assert _kernel_edits(hypothesis, [reference]) == expected

    @pytest.mark.slow
    def test_a_reference_past_the_bit_vectors_counts_as_in_the_oracle() -> None:
        # 1,025 reference words: the band alone, as before the bit vectors.
        rng = random.Random(1025)
        hypothesis = [f"w{i}" for i in range(1000)]
        for i in range(0, 990, 40):  # a run of 10 moved by 5, every 40 words
            hypothesis[i : i + 15] = hypothesis[i + 10 : i + 15] + hypothesis[i : i + 10]
        reference = [f"w{i}" for i in range(1000)] + rng.choices(["x", "y"], k=25)
        assert _kernel_edits(hypothesis, [reference]) == translation_edits(hypothesis, reference)

    def test_empty_texts_count_every_word_of_the_other_side() -> None:
        assert fewest_edits([], [[1, 2, 3]]) == 3
        assert fewest_edits([1, 2], [[]]) == 2
        assert fewest_edits([], [[]]) == 0

    def test_tuples_of_ids_are_read_as_lists_are() -> None:
        assert fewest_edits((3, 4, 1, 2), ((1, 2, 3, 4),)) == 1

    def test_a_segment_without_references_is_a_value_error() -> None:
        with pytest.raises(ValueError, match="at least one reference"):
            fewest_edits([1], [])

    @pytest.mark.parametrize(
        ("hypothesis", "references", "error"),
        [
            (["a"], [[1]], TypeError),
            ([1], [["a"]], TypeError),
            ([2**40], [[1]], OverflowError),
            (1, [[1]], TypeError),
            ([1], 1, TypeError),
            ([1], [1], TypeError),
        ],
    )
    def test_anything_but_sequences_of_small_ints_is_refused(
        hypothesis: object, references: object, error: type[Exception]
    ) -> None:
        with pytest.raises(error):
            fewest_edits(hypothesis, references)  # type: ignore[arg-type]

    def test_two_arguments_are_required() -> None:
        with pytest.raises(TypeError, match="expected 2 arguments"):
            fewest_edits([1])  # type: ignore[call-arg]
