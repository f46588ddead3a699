"""ROUGE in ``mtcompute score``: ``rouge-compute`` on each raw line, its types reported each on a
line of its own (rouge1, rouge2, rougeL, rougeLsum by default), each the mean F-measure of the
segments x 100, corpus and per segment.

A corpus's means are left-to-right sums of doubles over the segments, and double sums depend on
where they are split: a part keeps each segment's precision, recall and F-measure of every type,
and ``fold`` adds them left to right as the parts arrive in order, so that the corpus is the
whole's, bit for bit, however it was chunked.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mtcompute import api
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.rouge.types import DEFAULT_TYPES, TOKENIZER_NAMES, is_rouge_type
from mtcompute.scoring import signature
from mtcompute.scoring.metric import (
    Option,
    ScoringMetric,
    Streams,
    Texts,
    per_segment,
)
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored

if TYPE_CHECKING:
    from mtcompute.metrics.rouge.result import RougeResult

TOOL = "rouge-compute@1.0.0"  # the tool that computes the number (scoring loads no contract)

_KEYS = ("precision", "recall", "fmeasure")


@dataclass(frozen=True, slots=True)
class RougePart:
    """A part's segments: ``rows[s]`` holds segment s's precision, recall and F-measure of each
    type in turn. A folded part holds one row, the sums from the corpus's first segment."""

    count: int
    rows: tuple[tuple[float, ...], ...]

    def __add__(self, other: "RougePart") -> "RougePart":
        return RougePart(self.count + other.count, self.rows + other.rows)

    def folded(self) -> "RougePart":
        """The rows added left to right from 0 into one: for a part that starts the corpus."""
        if not self.rows:
            return self
        sums = [0.0] * len(self.rows[0])
        for row in self.rows:  # left to right; not sum(), which compensates
            for column, value in enumerate(row):
                sums[column] += value
        return RougePart(self.count, (tuple(sums),))


def _rouge_types(value: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in value.split(","))
    for name in names:
        if not is_rouge_type(name):
            message = (
                f"expected --rouge-types as ROUGE types separated by commas (rouge1 to rouge9, "
                f"rougeL, rougeLsum), got {name!r} in {value!r}"
            )
            raise InputError([Violation(code="not_allowed", pointer="", message=message)])
    if len(set(names)) != len(names):
        message = f"expected each ROUGE type once in --rouge-types, got {value!r}"
        raise InputError([Violation(code="duplicate_item", pointer="", message=message)])
    return names


@register
class Rouge(ScoringMetric):
    name = "rouge"
    resampled = ("rouge",)  # one resampled score per type, as the corpus's lines
    options = (
        Option(
            "rouge_types",
            ("--rouge-types",),
            "ROUGE: the types, separated by commas (rouge1 to rouge9, rougeL, rougeLsum).",
            ",".join(DEFAULT_TYPES),
            metavar="TYPES",
        ),
        Option(
            "rouge_stemmer",
            ("--rouge-stemmer",),
            "ROUGE: stem tokens longer than 3 characters with rouge-score's Porter stemmer.",
            False,
            is_flag=True,
        ),
        Option(
            "rouge_tokenizer",
            ("--rouge-tokenizer",),
            "ROUGE: rouge-score's tokenizer (ASCII only) or mtcompute's unicode tokenizer (v1).",
            "rouge-score",
            choices=TOKENIZER_NAMES,
        ),
        Option(
            "rouge_sentence_separator",
            ("--rouge-sentence-separator",),
            "ROUGE: a string that stands for a newline in a line's text (as <n> does in some "
            "summarization data), so that rougeLsum sees its sentences.",
            metavar="SEP",
        ),
    )

    def __init__(self, settings: Mapping[str, Any], *, sentence_level: bool = False) -> None:
        super().__init__(settings, sentence_level=sentence_level)
        self.rouge_types = _rouge_types(self.settings["rouge_types"])

    def _result(self, hypotheses: Texts, references: Streams) -> "RougeResult":
        separator = self.settings["rouge_sentence_separator"]
        texts, streams = list(hypotheses), per_segment(references)
        if separator:
            texts = [text.replace(separator, "\n") for text in texts]
            streams = [[text.replace(separator, "\n") for text in refs] for refs in streams]
        return api.rouge(
            texts,
            streams,
            rouge_types=self.rouge_types,
            use_stemmer=self.settings["rouge_stemmer"],
            tokenizer=self.settings["rouge_tokenizer"],
        )

    def statistics(self, hypotheses: Texts, references: Streams) -> RougePart:
        result = self._result(hypotheses, references)
        rows = tuple(
            tuple(
                value
                for name in self.rouge_types
                for value in (segment[name].precision, segment[name].recall, segment[name].fmeasure)
            )
            for segment in result.segments
        )
        return RougePart(len(rows), rows)

    def fold(self, total: RougePart, part: RougePart) -> RougePart:
        return (total + part).folded()  # the total starts the corpus: fold as it grows

    def corpus_scores(self, statistics: RougePart, nrefs: int) -> list[Scored]:
        (sums,) = statistics.folded().rows
        count = statistics.count
        sign = self.signature(nrefs)
        scored = []
        for t, name in enumerate(self.rouge_types):
            means = [value / count for value in sums[3 * t : 3 * t + 3]]
            result = {"rouge_type": name, **dict(zip(_KEYS, means, strict=True))}
            result |= {"segments": count, **self._options()}
            scored.append(Scored(name, 100 * means[2], sign, _verbose(means), result))
        return scored

    def from_statistics(self, statistics: RougePart, nrefs: int) -> Scored:
        """The first type's corpus score (``corpus_scores`` gives every type's)."""
        return self.corpus_scores(statistics, nrefs)[0]

    def sentence_groups(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[list[Scored]]:
        result = self._result(hypotheses, references)
        sign = self.signature(len(references))
        for line, segment in enumerate(result.segments, start=first_line):
            group = []
            for name in self.rouge_types:
                score = segment[name]
                values = [score.precision, score.recall, score.fmeasure]
                item = {"rouge_type": name, **dict(zip(_KEYS, values, strict=True))}
                group.append(Scored(name, 100 * score.fmeasure, sign, _verbose(values), item, line))
            yield group

    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        """Each segment's first type's score (``sentence_groups`` gives every type's)."""
        for group in self.sentence_groups(hypotheses, references, first_line):
            yield group[0]

    def resampling_options(self) -> dict[str, Any]:
        return {
            "rouge_types": list(self.rouge_types),
            "use_stemmer": self.settings["rouge_stemmer"],
            "tokenizer": self.settings["rouge_tokenizer"],
            "sentence_separator": self.settings["rouge_sentence_separator"] or None,
        }

    def _options(self) -> dict[str, object]:
        return {
            "use_stemmer": self.settings["rouge_stemmer"],
            "tokenizer": self.settings["rouge_tokenizer"],
        }

    def signature(self, nrefs: int) -> str:
        return signature.rouge_signature(
            nrefs,
            rouge_types=self.rouge_types,
            use_stemmer=self.settings["rouge_stemmer"],
            tokenizer=self.settings["rouge_tokenizer"],
            separator=self.settings["rouge_sentence_separator"],
            tool=TOOL,
        )


def _verbose(values: list[float]) -> str:
    """Precision and recall x 100, as sacreBLEU's verbose parts round: one decimal."""
    return f"P = {100 * values[0]:.1f} R = {100 * values[1]:.1f}"
