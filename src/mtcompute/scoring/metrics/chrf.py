"""chrF and chrF++ in ``mtcompute score``: ``chrf-compute`` and ``chrf-plus-plus-compute`` with
sacreBLEU's defaults, on each raw line."""

from collections.abc import Iterator
from typing import ClassVar

from mtcompute import api
from mtcompute.contracts import chrf_compute_1_0_0 as chrf_tool
from mtcompute.contracts import chrf_plus_plus_compute_1_0_0 as chrf_plus_plus_tool
from mtcompute.contracts.contract import Contract
from mtcompute.fast.chrf import sentence_scores, sentence_statistics
from mtcompute.metrics.chrf import (
    DEFAULT_BETA,
    DEFAULT_CHAR_ORDER,
    DEFAULT_WORD_ORDER,
    ChrfOptions,
    ChrfResult,
    ChrfStatistics,
    chrf_result,
)
from mtcompute.scoring import signature
from mtcompute.scoring.metric import ScoringMetric, Streams, Texts, per_segment, tool_name
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored


class _Chrf(ScoringMetric):
    word_order: ClassVar[int]
    contract: ClassVar[Contract]

    def _result(self, hypotheses: Texts, references: Streams) -> ChrfResult:
        return api.chrf(list(hypotheses), per_segment(references), word_order=self.word_order)

    def statistics(self, hypotheses: Texts, references: Streams) -> ChrfStatistics:
        return self._result(hypotheses, references).statistics

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
            tool=tool_name(self.contract),
        )


@register
class Chrf(_Chrf):
    name = "chrf"
    resampled = ("chrf",)
    word_order = 0
    contract = chrf_tool.TOOL.contract


@register
class ChrfPlusPlus(_Chrf):
    name = "chrf++"
    resampled = ("chrf++",)
    word_order = DEFAULT_WORD_ORDER
    contract = chrf_plus_plus_tool.TOOL.contract
