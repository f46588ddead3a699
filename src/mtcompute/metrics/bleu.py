"""Canonical corpus BLEU (Papineni et al. 2002): statistics, then a score made from them.

Statistics are exact integers that add up over segments; floats appear only in ``score``, which
evaluates the contract's formulas with fdlibm's log/exp and a plain left-to-right sum so that the
result is the same double on every platform and in a JavaScript engine.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.metrics.display import DEFAULT_WIDTH, bleu_verbose, length_ratio, percent, score_line
from mtcompute.numerics.fdlibm import exp, log
from mtcompute.numerics.tofixed import to_fixed

Tokens = Sequence[str]

DEFAULT_MAX_ORDER = 4


@dataclass(frozen=True, slots=True)
class BleuStatistics:
    """Sufficient statistics of corpus BLEU; they add up over any split of the segments."""

    matches: tuple[int, ...]
    totals: tuple[int, ...]
    candidate_length: int
    reference_length: int

    @classmethod
    def zero(cls, max_order: int) -> "BleuStatistics":
        return cls((0,) * max_order, (0,) * max_order, 0, 0)

    def __add__(self, other: "BleuStatistics") -> "BleuStatistics":
        return BleuStatistics(
            tuple(a + b for a, b in zip(self.matches, other.matches, strict=True)),
            tuple(a + b for a, b in zip(self.totals, other.totals, strict=True)),
            self.candidate_length + other.candidate_length,
            self.reference_length + other.reference_length,
        )

    def to_dict(self) -> dict[str, object]:
        """The statistics as a part of a corpus: ``bleu-corpus-statistics``'s result object."""
        return {
            "max_order": len(self.matches),
            "matches": list(self.matches),
            "totals": list(self.totals),
            "candidate_length": self.candidate_length,
            "reference_length": self.reference_length,
        }


@dataclass(frozen=True, slots=True)
class BleuResult:
    """A corpus BLEU score with the statistics it was made from.

    Fields (the contract's result object, ``to_dict()``): ``bleu`` on the 0-1 scale,
    ``brevity_penalty``, ``candidate_length`` (c, hypothesis tokens), ``reference_length`` (r, the
    closest reference lengths summed), ``max_order`` (N) and per order n = 1..N the clipped
    ``matches`` and the hypothesis n-gram ``totals``. As sacreBLEU reports them: ``score``
    (0-100), ``precisions`` (100 * matches / totals, 0-100), ``ratio`` (c / r), ``format()``.
    """

    bleu: float
    brevity_penalty: float
    candidate_length: int
    reference_length: int
    max_order: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]

    name = "BLEU"

    @property
    def score(self) -> float:
        """BLEU on sacreBLEU's 0-100 scale: 100 * ``bleu``."""
        return 100.0 * self.bleu

    @property
    def precisions(self) -> tuple[float, ...]:
        """Per order, 100 * matches / totals (0 where an order has no n-gram), as sacreBLEU."""
        return tuple(map(percent, self.matches, self.totals))

    @property
    def ratio(self) -> float:
        """Hypothesis length over reference length, c / r (0 when r is 0)."""
        return length_ratio(self.candidate_length, self.reference_length)

    @property
    def verbose_score(self) -> str:
        """What sacreBLEU prints after the score: precisions, BP, ratio and lengths."""
        return bleu_verbose(
            self.precisions,
            self.brevity_penalty,
            self.ratio,
            self.candidate_length,
            self.reference_length,
        )

    def format(self, width: int = DEFAULT_WIDTH, signature: str = "") -> str:
        """sacreBLEU's line: ``BLEU = 40.17 71.2/46.1/32.0/22.6 (BP = 1.000 ratio = ...)``;
        ``signature`` goes between the name and " = " after a "|"."""
        return score_line(
            self.name, self.score, self.verbose_score, width=width, signature=signature
        )

    def __str__(self) -> str:
        return self.format()

    def to_dict(self) -> dict[str, object]:
        """The contract's result object (plain floats, ints and lists)."""
        return {
            "bleu": self.bleu,
            "brevity_penalty": self.brevity_penalty,
            "candidate_length": self.candidate_length,
            "reference_length": self.reference_length,
            "max_order": self.max_order,
            "matches": list(self.matches),
            "totals": list(self.totals),
        }


def ngram_counts(tokens: Tokens, n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def closest_reference_length(hypothesis_length: int, references: Sequence[Tokens]) -> int:
    """The reference length nearest the hypothesis length; a tie goes to the shorter one."""
    return min((len(ref) for ref in references), key=lambda r: (abs(r - hypothesis_length), r))


def segment_statistics(
    hypothesis: Tokens, references: Sequence[Tokens], max_order: int
) -> BleuStatistics:
    """Clipped matches and totals of one segment, clipping by the most any one reference has."""
    matches, totals = [], []
    for n in range(1, max_order + 1):
        hypothesis_counts = ngram_counts(hypothesis, n)
        most_in_a_reference: Counter[tuple[str, ...]] = Counter()
        for reference in references:
            most_in_a_reference |= ngram_counts(reference, n)  # | keeps the larger count
        matches.append(
            sum(min(count, most_in_a_reference[gram]) for gram, count in hypothesis_counts.items())
        )
        totals.append(max(len(hypothesis) - n + 1, 0))
    return BleuStatistics(
        tuple(matches),
        tuple(totals),
        len(hypothesis),
        closest_reference_length(len(hypothesis), references),
    )


def corpus_statistics(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], max_order: int
) -> BleuStatistics:
    """Statistics summed over segments; ``hypotheses`` and ``references`` pair up one to one."""
    total = BleuStatistics.zero(max_order)
    for hypothesis, segment_references in zip(hypotheses, references, strict=True):
        total += segment_statistics(hypothesis, segment_references, max_order)
    return total


def brevity_penalty(candidate_length: int, reference_length: int) -> float:
    if candidate_length == 0:
        return 0.0
    if candidate_length > reference_length:
        return 1.0
    return exp(1.0 - float(reference_length) / float(candidate_length))


def score(stats: BleuStatistics, decimals: int | None = None) -> BleuResult:
    """BLEU from statistics: bp * exp((1/N) * sum of ln(m_n / l_n)), exactly 0 on a zero match."""
    bp = brevity_penalty(stats.candidate_length, stats.reference_length)
    bleu = 0.0
    if bp > 0.0 and all(m > 0 for m in stats.matches):
        log_sum = 0.0
        for m, total in zip(stats.matches, stats.totals, strict=True):
            log_sum += log(float(m) / float(total))  # in order n = 1..N, no compensated sum
        bleu = bp * exp((1.0 / len(stats.matches)) * log_sum)
    if decimals is not None:
        bleu, bp = to_fixed(bleu, decimals), to_fixed(bp, decimals)
    return BleuResult(
        bleu=bleu,
        brevity_penalty=bp,
        candidate_length=stats.candidate_length,
        reference_length=stats.reference_length,
        max_order=len(stats.matches),
        matches=stats.matches,
        totals=stats.totals,
    )
