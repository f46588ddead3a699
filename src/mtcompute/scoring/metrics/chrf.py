"""chrF and chrF++ in ``mtcompute score``: ``chrf-compute`` and ``chrf-plus-plus-compute`` with
sacreBLEU's defaults, on each raw line."""

from collections.abc import Iterator
from typing import ClassVar

from mtcompute.fast.chrf.sentences import corpus_statistics, sentence_scores, sentence_statistics
from mtcompute.metrics.chrf import (
    DEFAULT_BETA,
    DEFAULT_CHAR_ORDER,
    DEFAULT_WORD_ORDER,
    ChrfOptions,
    ChrfStatistics,
    chrf_result,
)
from mtcompute.scoring import signature
from mtcompute.scoring.metric import ScoringMetric, Streams, Texts, per_segment
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored

# Longer segments (in characters) are counted in blocks: see ``_Chrf.statistics``.
LONG_SEGMENT = 1 << 16


class _Chrf(ScoringMetric):
    word_order: ClassVar[int]
    tool: ClassVar[str]  # the tool's id@version in the signature

    def statistics(self, hypotheses: Texts, references: Streams) -> ChrfStatistics:
        """Every segment's kept statistics, summed: lines of test-set length in one compiled
        pass (no numpy), a segment longer than ``LONG_SEGMENT`` characters by numpy's blocks,
        whose memory stays a block's. The texts are lines read as UTF-8, which the tool's
        checks would pass as they are."""
        segments = per_segment(references)
        if max(map(len, hypotheses), default=0) > LONG_SEGMENT or any(
            len(text) > LONG_SEGMENT for stream in references for text in stream
        ):
            from mtcompute.fast.chrf.compute import chrf_fast  # noqa: PLC0415 - numpy's

            result = chrf_fast(hypotheses, segments, self._options(), return_words=False)
            return result.statistics
        return corpus_statistics(hypotheses, segments, self._options())

    def from_statistics(self, statistics: ChrfStatistics, nrefs: int) -> Scored:
        result = chrf_result((), statistics, self._options())
        summed = {key: value for key, value in result.to_dict().items() if key != "segments"}
        return Scored(result.name, result.score, self.signature(nrefs), "", summed)

    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        segments = sentence_statistics(hypotheses, per_segment(references), self._options())
        name, sign = self._name(), self.signature(len(references))
        for line, segment in enumerate(segments, start=first_line):
            yield Scored(name, segment.score, sign, "", segment.to_dict(), line)

    def sentence_scores(self, hypotheses: Texts, references: Streams) -> tuple[str, list[float]]:
        scores = sentence_scores(hypotheses, per_segment(references), self._options())
        return self._name(), scores

    def _options(self) -> ChrfOptions:
        return ChrfOptions(DEFAULT_CHAR_ORDER, self.word_order)

    def _name(self) -> str:
        return f"chrF{DEFAULT_BETA}" + "+" * self.word_order

    def signature(self, nrefs: int) -> str:
        return signature.chrf_signature(
            nrefs,
            char_order=DEFAULT_CHAR_ORDER,
            word_order=self.word_order,
            include_whitespace=False,
            eps_smoothing=False,
            tool=self.tool,
        )


@register
class Chrf(_Chrf):
    name = "chrf"
    word_order = 0
    tool = "chrf-compute@1.0.0"


@register
class ChrfPlusPlus(_Chrf):
    name = "chrf++"
    word_order = DEFAULT_WORD_ORDER
    tool = "chrf-plus-plus-compute@1.0.0"
