"""TER in ``mtcompute score``: ``ter-compute`` with sacreBLEU's ``--ter-*`` options, on each raw
line, corpus and per segment.

TER's corpus reference length is a left-to-right sum of doubles (each segment's summed
reference lengths over its number of references), and double sums depend on where they are
split. With 1, 2, 4 or 8 references every term and partial sum is a multiple of 1/8, exact below
2**49 words, so a part's lengths add in any grouping. With another number a part keeps each
segment's term, and the terms are added left to right when the corpus is scored (``fold`` adds
them as the parts arrive in order), so the score is the whole's, bit for bit.
"""

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

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
    from mtcompute.metrics.ter.result import TerResult

NAME = "TER"
TOOL = "ter-compute@1.0.0"  # the tool's id@version in the signature
# Numbers of references whose averages are multiples of 1/8: exact sums in any order.
_EXACT_REFERENCE_COUNTS = (1, 2, 4, 8)


@dataclass(frozen=True, slots=True)
class TerPart:
    """A part's summed edits and its reference-length terms, in segment order: one term, their
    exact sum, when ``exact``."""

    num_edits: int
    lengths: tuple[float, ...]
    exact: bool

    def __add__(self, other: "TerPart") -> "TerPart":
        if self.exact != other.exact:
            raise ValueError("TER parts of different numbers of references do not add up")
        edits = self.num_edits + other.num_edits
        if self.exact:
            return TerPart(edits, (self.lengths[0] + other.lengths[0],), exact=True)
        return TerPart(edits, self.lengths + other.lengths, exact=False)

    def folded(self) -> "TerPart":
        """The lengths added left to right into one term: for a part that starts the corpus."""
        return TerPart(self.num_edits, (_fold(self.lengths),), self.exact)


def _part(result: "TerResult", nrefs: int) -> TerPart:
    """A part's statistics from its segments' (folded where its lengths add exactly)."""
    segments = result.segments
    part = TerPart(
        sum(segment.num_edits for segment in segments),
        tuple(segment.ref_length for segment in segments),
        exact=nrefs in _EXACT_REFERENCE_COUNTS,
    )
    return part.folded() if part.exact else part


def _fold(lengths: tuple[float, ...]) -> float:
    total = 0.0
    for length in lengths:  # left to right, as sacreBLEU sums them; not sum(), which compensates
        total += length
    return total


def _switch(name: str, help: str) -> Option:
    flag = "--ter-" + name.replace("_", "-")
    return Option(name, (flag,), help, False, is_flag=True)


@register
class Ter(ScoringMetric):
    name = "ter"
    resampled = ("ter",)
    options = (
        _switch("normalized", "TER: split punctuation as tercom's normalizer does."),
        _switch("no_punct", "TER: remove punctuation."),
        _switch("asian_support", "TER: split CJK text into characters."),
        _switch("case_sensitive", "TER: keep case (TER lowercases by default)."),
    )

    def _result(self, hypotheses: Texts, references: Streams) -> "TerResult":
        # The texts are lines read as UTF-8: the tool's checks would pass them as they are.
        # TER's modules are loaded when TER scores, not when the command starts.
        from mtcompute.fast.ter import ter_fast  # noqa: PLC0415

        return ter_fast(hypotheses, per_segment(references), **self.settings)

    def statistics(self, hypotheses: Texts, references: Streams) -> TerPart:
        return _part(self._result(hypotheses, references), len(references))

    def fold(self, total: TerPart, part: TerPart) -> TerPart:
        return (total + part).folded()  # the total starts the corpus: fold as it grows

    def from_statistics(self, statistics: TerPart, nrefs: int) -> Scored:
        from mtcompute.metrics.ter.statistics import TerStatistics, ter_score  # noqa: PLC0415

        summed = TerStatistics(statistics.num_edits, _fold(statistics.lengths))
        ter = ter_score(summed)
        result = {"ter": ter, **summed.to_dict(), **self.settings}
        return Scored(NAME, 100 * ter, self.signature(nrefs), "", result)

    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        return self._scored(self._result(hypotheses, references), len(references), first_line)

    def statistics_and_sentences(
        self, hypotheses: Texts, references: Streams
    ) -> tuple[TerPart, list[list[Scored]]]:
        result = self._result(hypotheses, references)  # each pair aligned once for both
        nrefs = len(references)
        return _part(result, nrefs), [[scored] for scored in self._scored(result, nrefs, 1)]

    def _scored(self, result: "TerResult", nrefs: int, first_line: int) -> Iterator[Scored]:
        from mtcompute.metrics.ter.statistics import ter_score  # noqa: PLC0415

        sign = self.signature(nrefs)
        for line, stats in enumerate(result.segments, start=first_line):
            segment = {"ter": ter_score(stats), **stats.to_dict()}
            yield Scored(NAME, 100 * ter_score(stats), sign, "", segment, line)

    def resampling_options(self) -> dict[str, Any]:
        return dict(self.settings)

    def signature(self, nrefs: int) -> str:
        return signature.ter_signature(nrefs, **self.settings, tool=TOOL)
