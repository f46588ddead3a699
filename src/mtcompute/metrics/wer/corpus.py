"""A list of sentences as jiwer scores it: each hypothesis against the reference of its segment,
in its items (words for WER, characters for CER), each pair's statistics, then their sum.

jiwer maps words to integer ids before aligning; equal ids are equal words, so aligning the
words themselves chooses the same path.
"""

from collections.abc import Callable, Sequence

from mtcompute.metrics.wer.alignment import Chunk, chunks_of, distance, edit_operations
from mtcompute.metrics.wer.statistics import EditStatistics, counted
from mtcompute.metrics.wer.transforms import characters, words

Items = Callable[[str], list[str]]


def same_length(hypotheses: Sequence[str], references: Sequence[str]) -> None:
    """jiwer refuses lists of different lengths; so does every entry point here."""
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{len(hypotheses)} hypotheses but {len(references)} references: one reference "
            "a segment"
        )


def segment_statistics(
    hypotheses: Sequence[str], references: Sequence[str], items: Items = words
) -> list[EditStatistics]:
    """Each segment's statistics."""
    same_length(hypotheses, references)
    out = []
    for hypothesis, reference in zip(hypotheses, references, strict=True):
        reference_items = items(reference)
        out.append(
            counted(edit_operations(reference_items, items(hypothesis)), len(reference_items))
        )
    return out


def segment_distances(
    hypotheses: Sequence[str], references: Sequence[str], items: Items = words
) -> list[tuple[int, int]]:
    """Each segment's edit distance and reference items: its errors (substitutions, deletions
    and insertions on any path) and what its rate divides them by, the path aside."""
    same_length(hypotheses, references)
    out = []
    for hypothesis, reference in zip(hypotheses, references, strict=True):
        reference_items = items(reference)
        out.append((distance(reference_items, items(hypothesis)), len(reference_items)))
    return out


def segment_alignments(
    hypotheses: Sequence[str], references: Sequence[str], items: Items = words
) -> list[list[Chunk]]:
    """Each segment's chunks, as jiwer's ``alignments``."""
    same_length(hypotheses, references)
    out = []
    for hypothesis, reference in zip(hypotheses, references, strict=True):
        reference_items, hypothesis_items = items(reference), items(hypothesis)
        operations = edit_operations(reference_items, hypothesis_items)
        out.append(chunks_of(operations, len(reference_items), len(hypothesis_items)))
    return out


def word_statistics(hypotheses: Sequence[str], references: Sequence[str]) -> list[EditStatistics]:
    """Each segment's word statistics (``wer_default``)."""
    return segment_statistics(hypotheses, references, words)


def character_statistics(
    hypotheses: Sequence[str], references: Sequence[str]
) -> list[EditStatistics]:
    """Each segment's character statistics (``cer_default``)."""
    return segment_statistics(hypotheses, references, characters)
