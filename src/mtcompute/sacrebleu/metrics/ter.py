"""sacreBLEU 2.6's ``TER`` class: ``TER(normalized, no_punct, asian_support, case_sensitive,
references)`` with ``corpus_score``, ``sentence_score`` and ``get_signature``, its scores bit for
bit sacreBLEU's (``ter-compute``)."""

from collections.abc import Sequence
from typing import Any

from mtcompute import api
from mtcompute.metrics.ter.result import TerResult
from mtcompute.sacrebleu.metrics.base import Metric, References, Score, Signature


class TERScore(Score):
    """``score`` (0-100), ``num_edits`` (an int, as sacreBLEU keeps it) and ``ref_length``."""

    def __init__(self, score: float, num_edits: float, ref_length: float) -> None:
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length


class TERSignature(Signature):
    """nrefs, case, tok (tercom), norm, punct and asian."""

    def __init__(self, metric: "TER") -> None:
        super().__init__(metric)
        self._abbr.update({"case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"})
        self.info.update(
            {
                "case": "mixed" if metric.case_sensitive else "lc",
                "tok": "tercom",
                "norm": metric.normalized,
                "punct": not metric.no_punct,
                "asian": metric.asian_support,
            }
        )


class TER(Metric[TERScore]):
    """TER as sacreBLEU's ``TER``."""

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        references: References | None = None,
    ) -> None:
        super().__init__()
        self.no_punct = no_punct
        self.normalized = normalized
        self.asian_support = asian_support
        self.case_sensitive = case_sensitive
        self.tokenizer_signature = "tercom"
        if references is not None:
            self._cached = self._cache(references)

    def _prepare_references(self, segments: list[list[str]]) -> list[Any]:
        return segments

    def _score(self, hypotheses: Sequence[str], prepared: list[Any]) -> TERScore:
        result = self._result(hypotheses, prepared)
        return TERScore(result.score, result.num_edits, result.ref_length)

    def _result(self, hypotheses: Sequence[str], prepared: list[Any]) -> TerResult:
        return api.ter(
            list(hypotheses),
            prepared,
            normalized=self.normalized,
            no_punct=self.no_punct,
            asian_support=self.asian_support,
            case_sensitive=self.case_sensitive,
        )

    def _segment_rows(self, hypotheses: Sequence[str], prepared: list[Any]) -> list[list[float]]:
        result = self._result(hypotheses, prepared)
        return [[float(s.num_edits), s.ref_length] for s in result.segments]

    def _compute_score_from_stats(self, stats: Any) -> TERScore:
        total_edits, sum_ref_lengths = stats[0], stats[1]
        if sum_ref_lengths > 0:
            score = total_edits / sum_ref_lengths
        elif total_edits > 0:
            score = 1.0  # empty references and a hypothesis that is not
        else:
            score = 0.0
        return TERScore(100 * score, total_edits, sum_ref_lengths)

    def get_signature(self) -> TERSignature:
        return TERSignature(self)
