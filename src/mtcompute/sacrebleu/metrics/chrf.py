"""sacreBLEU 2.6's ``CHRF`` class: ``CHRF(char_order, word_order, beta, lowercase, whitespace,
eps_smoothing, references)`` with ``corpus_score``, ``sentence_score`` and ``get_signature``,
its scores bit for bit sacreBLEU's: the statistics are ``chrf-compute``'s (and
``chrf-plus-plus-compute``'s), the score is made from their sum by sacreBLEU's own sequence of
operations (with eps smoothing, ``100 * sum / K``, where the tools divide first).
``lowercase`` is the platform's ``str.lower``, as sacreBLEU's."""

from collections.abc import Sequence
from typing import Any

from mtcompute import api
from mtcompute.metrics.chrf import ChrfStatistics
from mtcompute.sacrebleu.metrics.base import Metric, References, Score, Signature


class CHRFScore(Score):
    """``score``, ``char_order``, ``word_order`` and ``beta``; named ``chrF2`` or ``chrF2++``."""

    def __init__(self, score: float, char_order: int, word_order: int, beta: int) -> None:
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)


class CHRFSignature(Signature):
    """nrefs, case, eff (yes unless eps smoothing), nc, nw and space."""

    def __init__(self, metric: "CHRF") -> None:
        super().__init__(metric)
        self._abbr.update({"case": "c", "eff": "e", "nc": "nc", "nw": "nw", "space": "s"})
        self.info.update(
            {
                "case": "lc" if metric.lowercase else "mixed",
                "eff": "yes" if not metric.eps_smoothing else "no",
                "nc": metric.char_order,
                "nw": metric.word_order,
                "space": "yes" if metric.whitespace else "no",
            }
        )


class CHRF(Metric[CHRFScore]):
    """chrF (``word_order`` 2: chrF++) as sacreBLEU's ``CHRF``."""

    CHAR_ORDER = 6
    WORD_ORDER = 0
    BETA = 2

    def __init__(
        self,
        char_order: int = CHAR_ORDER,
        word_order: int = WORD_ORDER,
        beta: int = BETA,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        references: References | None = None,
    ) -> None:
        super().__init__()
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        self.order = char_order + word_order
        self.lowercase = lowercase
        self.whitespace = whitespace
        self.eps_smoothing = eps_smoothing
        if references is not None:
            self._cached = self._cache(references)

    def _text(self, text: str) -> str:
        return text.lower() if self.lowercase else text

    def _prepare_references(self, segments: list[list[str]]) -> list[Any]:
        return [[self._text(text) for text in refs] for refs in segments]

    def _score(self, hypotheses: Sequence[str], prepared: list[Any]) -> CHRFScore:
        result = api.chrf(
            [self._text(text) for text in hypotheses],
            prepared,
            char_order=self.char_order,
            word_order=self.word_order,
            beta=self.beta,
            eps_smoothing=self.eps_smoothing,
            include_whitespace=self.whitespace,
        )
        return self._compute_score_from_stats(_flat(result.statistics))

    def _segment_rows(self, hypotheses: Sequence[str], prepared: list[Any]) -> list[list[float]]:
        result = api.chrf(
            [self._text(text) for text in hypotheses],
            prepared,
            char_order=self.char_order,
            word_order=self.word_order,
            beta=self.beta,
            eps_smoothing=self.eps_smoothing,
            include_whitespace=self.whitespace,
        )
        return [_flat(segment.statistics) for segment in result.segments]

    def _compute_score_from_stats(self, stats: Any) -> CHRFScore:
        score = _f_score(stats, self.beta, self.eps_smoothing, self.order)
        return CHRFScore(score, self.char_order, self.word_order, self.beta)

    def get_signature(self) -> CHRFSignature:
        return CHRFSignature(self)


def _flat(statistics: ChrfStatistics) -> list[float]:
    """Per order: hypothesis n-grams, reference n-grams, matches, as sacreBLEU lists them."""
    return [float(count) for order in statistics.per_order() for count in order]


def _f_score(statistics: Any, beta: int, eps_smoothing: bool, orders: int) -> Any:
    """sacreBLEU's ``CHRF._compute_f_score`` of summed statistics (``[hyp, ref, match]`` per
    order), operation for operation."""
    eps = 1e-16
    score = 0.0
    effective_order = 0
    factor = beta**2
    avg_prec, avg_rec = 0.0, 0.0
    for i in range(orders):
        n_hyp, n_ref, n_match = statistics[3 * i : 3 * i + 3]
        prec = n_match / n_hyp if n_hyp > 0 else eps
        rec = n_match / n_ref if n_ref > 0 else eps
        denom = factor * prec + rec
        score += ((1 + factor) * prec * rec / denom) if denom > 0 else eps
        if n_hyp > 0 and n_ref > 0:
            avg_prec += prec
            avg_rec += rec
            effective_order += 1
    if eps_smoothing:
        return 100 * score / orders
    if effective_order == 0:
        avg_prec = avg_rec = 0.0
    else:
        avg_prec /= effective_order
        avg_rec /= effective_order
    if avg_prec + avg_rec:
        score = (1 + factor) * avg_prec * avg_rec
        score /= (factor * avg_prec) + avg_rec
        return 100 * score
    return 0.0
