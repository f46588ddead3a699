"""A corpus's ROUGE result: every segment's score for each type and the mean of each, and the
one call that computes it from texts with the oracle."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mtcompute.metrics.rouge.score import score_multi
from mtcompute.metrics.rouge.scores import Score
from mtcompute.metrics.rouge.types import DEFAULT_TYPES
from mtcompute.numerics.tofixed import to_fixed

SegmentScores = Mapping[str, Score]


def mean(values: Sequence[float]) -> float:
    """The values summed left to right from 0, over their number (0 for none)."""
    total = 0.0
    for value in values:
        total += value
    return total / len(values) if values else 0.0


def means(segments: Sequence[SegmentScores], rouge_types: Sequence[str]) -> dict[str, Score]:
    """Each type's mean precision, recall and F-measure over the segments, in segment order."""
    return {
        rouge_type: Score(
            mean([segment[rouge_type].precision for segment in segments]),
            mean([segment[rouge_type].recall for segment in segments]),
            mean([segment[rouge_type].fmeasure for segment in segments]),
        )
        for rouge_type in rouge_types
    }


def _rounded(score: Score, decimals: int | None) -> dict[str, float]:
    if decimals is None:
        return {"precision": score.precision, "recall": score.recall, "fmeasure": score.fmeasure}
    return {
        "precision": to_fixed(score.precision, decimals),
        "recall": to_fixed(score.recall, decimals),
        "fmeasure": to_fixed(score.fmeasure, decimals),
    }


@dataclass(frozen=True, slots=True)
class RougeResult:
    """ROUGE of a corpus: ``segments[i][type]`` is segment i's score against its best reference
    for that type (rouge-score's ``score_multi``), ``means[type]`` the mean of each of its
    precision, recall and F-measure over the segments."""

    rouge_types: tuple[str, ...]
    use_stemmer: bool
    tokenizer: str
    segments: tuple[SegmentScores, ...]
    means: Mapping[str, Score]
    decimals: int | None = None  # toFixed of every number in to_dict

    def to_dict(self) -> dict[str, object]:
        """The contract's result object."""
        return {
            "rouge_types": list(self.rouge_types),
            "use_stemmer": self.use_stemmer,
            "tokenizer": self.tokenizer,
            "means": {name: _rounded(self.means[name], self.decimals) for name in self.rouge_types},
            "segments": [
                {name: _rounded(segment[name], self.decimals) for name in self.rouge_types}
                for segment in self.segments
            ],
        }


def rouge_result(
    segments: Sequence[SegmentScores],
    rouge_types: Sequence[str],
    use_stemmer: bool,
    tokenizer: str,
    decimals: int | None = None,
) -> RougeResult:
    """The result of the segments' scores: their means added."""
    return RougeResult(
        tuple(rouge_types),
        use_stemmer,
        tokenizer,
        tuple(segments),
        means(segments, rouge_types),
        decimals,
    )


def rouge(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    tokenizer: str = "rouge-score",
) -> RougeResult:
    """ROUGE of a corpus with the oracle: each segment's ``score_multi``, then the means."""
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{len(hypotheses)} hypotheses but references for {len(references)} segments"
        )
    segments = [
        score_multi(texts, hypothesis, rouge_types, use_stemmer, tokenizer)
        for hypothesis, texts in zip(hypotheses, references, strict=True)
    ]
    return rouge_result(segments, rouge_types, use_stemmer, tokenizer)
