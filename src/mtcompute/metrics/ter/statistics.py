"""TER's statistics and score: per segment the fewest edits over its references and their
average length; summed over segments; the score is edits over length.

The edits are integers. The average reference length is a double, ``sum of lengths / number of
references``, and the corpus sums those doubles left to right from 0, as sacreBLEU does, so that
``ter`` and ``100 * ter`` are sacreBLEU's values bit for bit.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.metrics.ter.edits import translation_edits
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.tokenizer import reference_words, tercom_words

Words = Sequence[str]


@dataclass(frozen=True, slots=True)
class TerStatistics:
    """Edits and (average) reference length; they add up over segments, in order."""

    num_edits: int
    ref_length: float

    @classmethod
    def zero(cls) -> "TerStatistics":
        return cls(0, 0.0)

    def __add__(self, other: "TerStatistics") -> "TerStatistics":
        return TerStatistics(self.num_edits + other.num_edits, self.ref_length + other.ref_length)

    def to_dict(self) -> dict[str, object]:
        return {"num_edits": self.num_edits, "ref_length": self.ref_length}


def average_length(references: Sequence[Words]) -> float:
    """The references' lengths summed, over their number: an exact integer division into the
    nearest double."""
    return sum(map(len, references)) / len(references)


def word_statistics(hypothesis: Words, references: Sequence[Words]) -> TerStatistics:
    """A segment's statistics from its words: the fewest edits to any reference, and the
    references' average length."""
    if not references:
        raise ValueError("a segment needs at least one reference")
    fewest = min(translation_edits(hypothesis, reference) for reference in references)
    return TerStatistics(fewest, average_length(references))


def segment_statistics(
    hypothesis: str, references: Sequence[str], options: TerOptions
) -> TerStatistics:
    """A segment's statistics from its texts, tokenized as ``options`` say."""
    return word_statistics(
        tercom_words(hypothesis, options), [reference_words(text, options) for text in references]
    )


def corpus_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: TerOptions
) -> list[TerStatistics]:
    """Every segment's statistics; ``references[i]`` lists segment i's references."""
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{len(hypotheses)} hypotheses but references for {len(references)} segments"
        )
    return [
        segment_statistics(hypothesis, segment_references, options)
        for hypothesis, segment_references in zip(hypotheses, references, strict=True)
    ]


def summed(statistics: Sequence[TerStatistics]) -> TerStatistics:
    """The statistics added left to right, from zero."""
    total = TerStatistics.zero()
    for segment in statistics:
        total += segment
    return total


def ter_score(statistics: TerStatistics) -> float:
    """TER on the 0-1 scale: edits over reference length; 1 for edits against empty
    references, 0 when there is nothing on either side. ``100 * ter_score(s)`` is sacreBLEU's
    score."""
    if statistics.ref_length > 0:
        return statistics.num_edits / statistics.ref_length
    return 1.0 if statistics.num_edits > 0 else 0.0
