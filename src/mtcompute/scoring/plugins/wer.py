"""WER and CER in ``mtcompute score``: ``wer-compute`` and ``cer-compute`` on each raw line,
corpus and per segment, scores times 100 as sacreBLEU reports its error rates (TER).

Their statistics are four integers (hits, substitutions, deletions, insertions) that add up in
any grouping, so chunks, workers and clusters give the whole's score bit for bit. They take one
reference: a second reference file is refused.
"""

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from mtcompute.errors import InputError, Violation
from mtcompute.scoring import signature
from mtcompute.scoring.metric import ScoringMetric, Streams, Texts
from mtcompute.scoring.registry import register
from mtcompute.scoring.scored import Scored

if TYPE_CHECKING:
    from mtcompute.metrics.wer.statistics import EditStatistics

# The alignments' modules (``fast.edits``, ``metrics.wer``) are loaded when WER or CER scores,
# not when the command starts.


class _EditRate(ScoringMetric):
    by_characters: ClassVar[bool]
    tool: ClassVar[str]  # the tool's id@version in the signature (scoring loads no contract)
    label: ClassVar[str]

    def _references(self, references: Streams) -> Texts:
        if len(references) != 1:
            message = (
                f"expected one reference file for {self.label} (it takes one reference a "
                f"segment), got {len(references)}"
            )
            raise InputError([Violation(code="one_reference", pointer="", message=message)])
        return references[0]

    def statistics(self, hypotheses: Texts, references: Streams) -> "EditStatistics":
        from mtcompute.fast.edits import summed_statistics_fast  # noqa: PLC0415

        return summed_statistics_fast(
            hypotheses, self._references(references), by_characters=self.by_characters
        )

    def from_statistics(self, statistics: "EditStatistics", nrefs: int) -> Scored:
        result = self._result(statistics)
        return Scored(self.label, 100 * self._rate(statistics), self.signature(nrefs), "", result)

    def sentences(
        self, hypotheses: Texts, references: Streams, first_line: int = 1
    ) -> Iterator[Scored]:
        from mtcompute.fast.edits import pair_statistics_fast  # noqa: PLC0415

        each = pair_statistics_fast(
            hypotheses, self._references(references), by_characters=self.by_characters
        )
        sign = self.signature(len(references))
        for line, statistics in enumerate(each, start=first_line):
            score = 100 * self._rate(statistics)
            yield Scored(self.label, score, sign, "", self._result(statistics), line)

    def sentence_scores(self, hypotheses: Texts, references: Streams) -> tuple[str, list[float]]:
        from mtcompute.fast.edits import percent_error_rates_fast  # noqa: PLC0415

        rates = percent_error_rates_fast(
            hypotheses, self._references(references), by_characters=self.by_characters
        )
        return self.label, rates

    @staticmethod
    def _rate(statistics: "EditStatistics") -> float:
        from mtcompute.metrics.wer.rates import error_rate  # noqa: PLC0415

        return error_rate(statistics)

    def _result(self, statistics: "EditStatistics") -> dict[str, object]:
        raise NotImplementedError

    def signature(self, nrefs: int) -> str:
        return signature.edit_rate_signature(nrefs, tool=self.tool)


@register
class Wer(_EditRate):
    name = "wer"
    resampled = ("wer",)
    label = "WER"
    by_characters = False
    tool = "wer-compute@1.0.0"

    def _result(self, statistics: "EditStatistics") -> dict[str, object]:
        from mtcompute.metrics.wer.rates import word_rates  # noqa: PLC0415

        rates = word_rates(statistics)
        return {
            "wer": rates.wer,
            "mer": rates.mer,
            "wil": rates.wil,
            "wip": rates.wip,
            **statistics.to_dict(),
        }


@register
class Cer(_EditRate):
    name = "cer"
    resampled = ("cer",)
    label = "CER"
    by_characters = True
    tool = "cer-compute@1.0.0"

    def _result(self, statistics: "EditStatistics") -> dict[str, object]:
        return {"cer": self._rate(statistics), **statistics.to_dict()}
