"""What a confidence interval or a paired significance test reports: per system and metric the
corpus score (sacreBLEU's 0-100 scale), the bootstrap mean and the half-width of its 95%
interval, and the p-value against the system it was compared with (None for a baseline)."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SystemScore:
    """One system's numbers for one metric.

    Fields: ``system`` (its name as given), ``metric`` (``bleu``, ``chrf``, ``chrf++``,
    ``ter``, ``wer``, ``cer``, or a ROUGE type: ``rouge1``, ``rougeL``, ...), ``name``
    (sacreBLEU's: ``BLEU``, ``chrF2``, ``chrF2++``, ``TER``; ``WER``, ``CER``, the ROUGE type),
    ``score``
    (0-100), ``mean`` and ``ci`` (the bootstrap mean and half the width of the 95% interval;
    None where no interval was asked for), ``p_value`` (None for a baseline) and ``baseline``
    (the system it was compared with; None for a baseline).
    """

    system: str
    metric: str
    name: str
    score: float
    mean: float | None = None
    ci: float | None = None
    p_value: float | None = None
    baseline: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "system": self.system,
            "metric": self.metric,
            "name": self.name,
            "score": self.score,
            "mean": self.mean,
            "ci": self.ci,
            "p_value": self.p_value,
            "baseline": self.baseline,
        }


@dataclass(frozen=True, slots=True)
class SignificanceResult:
    """Every system's numbers for every metric, and how they were drawn.

    Fields: ``test`` (``bootstrap``, ``randomization``, or None for confidence intervals
    alone), ``samples`` (its resamples or trials), ``confidence`` (the bootstrap resamples
    behind the intervals; 0 for none), ``seed`` (None: drawn from the operating system),
    ``resampling`` (``sacrebleu`` or ``portable``) and ``results``, system by system, each
    metric in the order asked.
    """

    test: str | None
    samples: int
    confidence: int
    seed: int | None
    resampling: str
    results: tuple[SystemScore, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "test": self.test,
            "samples": self.samples,
            "confidence": self.confidence,
            "seed": self.seed,
            "resampling": self.resampling,
            "results": [result.to_dict() for result in self.results],
        }
