"""The oracle gives jiwer 4.0.0's counts, rates and alignment chunks: on generated hostile text,
on sentences of real length, one pair at a time and as a list of sentences."""

import random

import jiwer
import pytest
from hypothesis import given, settings

from mtcompute.metrics.wer.alignment import Chunk
from mtcompute.metrics.wer.corpus import (
    character_statistics,
    segment_alignments,
    word_statistics,
)
from mtcompute.metrics.wer.rates import error_rate, word_rates
from mtcompute.metrics.wer.statistics import EditStatistics, summed
from mtcompute.metrics.wer.transforms import characters
from tests.metrics.wer.hostile import hostile_text, noisy, sentence, texts


def _counts(output: jiwer.WordOutput | jiwer.CharacterOutput) -> EditStatistics:
    return EditStatistics(output.hits, output.substitutions, output.deletions, output.insertions)


def _chunks(output: jiwer.WordOutput | jiwer.CharacterOutput) -> list[list[tuple[object, ...]]]:
    return [
        [
            (c.type, c.ref_start_idx, c.ref_end_idx, c.hyp_start_idx, c.hyp_end_idx)
            for c in sentence_chunks
        ]
        for sentence_chunks in output.alignments
    ]


def _ours(chunks: list[list[Chunk]]) -> list[list[tuple[object, ...]]]:
    return [[tuple(c.to_dict().values()) for c in segment] for segment in chunks]


def assert_words_match(hypotheses: list[str], references: list[str]) -> None:
    expected = jiwer.process_words(references, hypotheses)
    statistics = summed(word_statistics(hypotheses, references))
    assert statistics == _counts(expected)
    rates = word_rates(statistics)
    assert (rates.wer, rates.mer, rates.wil, rates.wip) == (
        expected.wer,
        expected.mer,
        expected.wil,
        expected.wip,
    )
    assert _ours(segment_alignments(hypotheses, references)) == _chunks(expected)


def assert_characters_match(hypotheses: list[str], references: list[str]) -> None:
    expected = jiwer.process_characters(references, hypotheses)
    statistics = summed(character_statistics(hypotheses, references))
    assert statistics == _counts(expected)
    assert error_rate(statistics) == expected.cer
    alignments = segment_alignments(hypotheses, references, characters)
    assert _ours(alignments) == _chunks(expected)


@settings(max_examples=300, deadline=None)
@given(texts, texts)
def test_one_hostile_pair_matches_jiwer(hypothesis: str, reference: str) -> None:
    assert_words_match([hypothesis], [reference])
    assert_characters_match([hypothesis], [reference])


def test_lists_of_hostile_pairs_match_jiwer_pair_by_pair_and_summed() -> None:
    rng = random.Random(39)
    hypotheses = [hostile_text(rng, rng.randint(0, 40)) for _ in range(300)]
    references = [hostile_text(rng, rng.randint(0, 40)) for _ in range(300)]
    assert_words_match(hypotheses, references)
    assert_characters_match(hypotheses, references)
    for hypothesis, reference in zip(hypotheses[:100], references[:100], strict=True):
        assert_words_match([hypothesis], [reference])


@pytest.mark.parametrize(
    ("hypothesis", "reference"),
    [
        ("", ""),
        ("a", ""),  # an empty reference: wer is the number of insertions
        ("a b c", "  "),
        ("", "a b"),  # an empty hypothesis
        ("   ", "a"),  # a whitespace-only hypothesis
        ("word", "word"),
        ("one", "two"),
    ],
)
def test_edge_pairs_match_jiwer(hypothesis: str, reference: str) -> None:
    assert_words_match([hypothesis], [reference])
    assert_characters_match([hypothesis], [reference])


def test_a_list_with_empty_references_among_others_matches_jiwer() -> None:
    assert_words_match(["a", "b c", ""], ["", "b", ""])
    assert_characters_match(["a", "b c", ""], ["", "b", ""])


@pytest.mark.slow
def test_sentences_of_real_length_match_jiwer() -> None:
    rng = random.Random(2017)
    references = [sentence(rng, max(1, round(rng.lognormvariate(3.1, 0.5)))) for _ in range(2000)]
    hypotheses = [noisy(rng, reference) for reference in references]
    assert_words_match(hypotheses, references)
    assert_characters_match(hypotheses, references)


@pytest.mark.slow
def test_long_pairs_match_jiwer() -> None:
    # Up to about 1,500 items a side, where rapidfuzz keeps the whole bit matrix.
    rng = random.Random(5)
    for words in (70, 150, 300, 700):
        reference = sentence(rng, words, vocabulary=6)
        hypothesis = noisy(rng, reference, keep=rng.choice([0.3, 0.6, 0.9]))
        assert_words_match([hypothesis], [reference])
        assert_characters_match([hypothesis], [reference])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("length", "symbols", "seed"), [(2_100, 2, 1), (3_000, 3, 2), (2_500, 26, 3)]
)
def test_pairs_rapidfuzz_splits_first_match_jiwer(length: int, symbols: int, seed: int) -> None:
    # Over 4 Mi cells: rapidfuzz cuts the pair in two (Hirschberg) before aligning the halves.
    rng = random.Random(seed)
    alphabet = "abcdefghijklmnopqrstuvwxyz"[:symbols]
    reference = "".join(rng.choice(alphabet) for _ in range(length))
    hypothesis = "".join(
        c if rng.random() < 0.7 else rng.choice(alphabet) for c in reference[: length * 9 // 10]
    )
    assert_characters_match([hypothesis], [reference])
