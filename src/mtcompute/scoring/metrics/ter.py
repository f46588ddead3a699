"""TER in ``mtcompute score``: ``ter-compute`` with sacreBLEU's ``--ter-*`` options, on each raw
line, corpus and per segment."""

from collections.abc import Iterator

from mtcompute import api
from mtcompute.contracts import ter_compute_1_0_0 as ter_tool
from mtcompute.metrics.ter.result import TerResult
from mtcompute.metrics.ter.statistics import ter_score
from mtcompute.scoring import signature
from mtcompute.scoring.metric import (
    Option,
    ScoringMetric,
    Streams,
    Texts,
    per_segment,
    tool_name,
)
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored

NAME = "TER"


def _switch(name: str, help: str) -> Option:
    flag = "--ter-" + name.replace("_", "-")
    return Option(name, (flag,), help, False, is_flag=True)


@register
class Ter(ScoringMetric):
    name = "ter"
    options = (
        _switch("normalized", "TER: split punctuation as tercom's normalizer does."),
        _switch("no_punct", "TER: remove punctuation."),
        _switch("asian_support", "TER: split CJK text into characters."),
        _switch("case_sensitive", "TER: keep case (TER lowercases by default)."),
    )

    def _result(self, hypotheses: Texts, references: Streams) -> TerResult:
        return api.ter(list(hypotheses), per_segment(references), **self.settings)

    def corpus(self, hypotheses: Texts, references: Streams) -> Scored:
        result = self._result(hypotheses, references)
        sign = self.signature(len(references))
        return Scored(NAME, result.score, sign, "", result.to_dict())

    def sentences(self, hypotheses: Texts, references: Streams) -> Iterator[Scored]:
        result = self._result(hypotheses, references)
        sign = self.signature(len(references))
        for line, stats in enumerate(result.segments, start=1):
            segment = {"ter": ter_score(stats), **stats.to_dict()}
            yield Scored(NAME, 100 * ter_score(stats), sign, "", segment, line)

    def signature(self, nrefs: int) -> str:
        return signature.ter_signature(
            nrefs, **self.settings, tool=tool_name(ter_tool.TOOL.contract)
        )
