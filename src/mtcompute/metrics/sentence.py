"""Sentence BLEU: one segment's statistics, then a smoothed score with effective order.

The statistics are those corpus BLEU sums (``bleu.segment_statistics``) with every reference's
length beside them. The score evaluates the contract's formulas in their order: precisions from
the smoothed counts, N_eff orders, a left-to-right sum of fdlibm logs, and one ``exp``.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from mtcompute.metrics.bleu import (
    DEFAULT_MAX_ORDER,
    BleuStatistics,
    Tokens,
    brevity_penalty,
    segment_statistics,
)
from mtcompute.metrics.display import DEFAULT_WIDTH, bleu_verbose, length_ratio, score_line
from mtcompute.metrics.smoothing import NONE, Precisions, Smoothing, adjusted_counts, precisions
from mtcompute.numerics.fdlibm import exp, log
from mtcompute.numerics.tofixed import to_fixed

DEFAULT = Smoothing()  # exp, as sacreBLEU's sentence_bleu


@dataclass(frozen=True, slots=True)
class SentenceComponents:
    """One segment's BLEU statistics and the length of each of its references.

    Fields: ``candidate_length`` (c), ``reference_length`` (the closest reference length),
    ``reference_lengths`` (every reference's, in order), ``max_order`` (N), and per order
    n = 1..N the clipped ``matches`` and the hypothesis n-gram ``totals``.
    """

    candidate_length: int
    reference_length: int
    reference_lengths: tuple[int, ...]
    max_order: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]

    @classmethod
    def of(cls, stats: BleuStatistics, references: Sequence[Tokens]) -> "SentenceComponents":
        return cls(
            candidate_length=stats.candidate_length,
            reference_length=stats.reference_length,
            reference_lengths=tuple(map(len, references)),
            max_order=len(stats.matches),
            matches=stats.matches,
            totals=stats.totals,
        )

    @property
    def statistics(self) -> BleuStatistics:
        """The statistics corpus BLEU adds up for this segment."""
        return BleuStatistics(
            self.matches, self.totals, self.candidate_length, self.reference_length
        )

    def to_dict(self) -> dict[str, object]:
        """The contract's result object (plain ints and lists)."""
        return {
            "candidate_length": self.candidate_length,
            "reference_length": self.reference_length,
            "reference_lengths": list(self.reference_lengths),
            "max_order": self.max_order,
            "matches": list(self.matches),
            "totals": list(self.totals),
        }

    def __str__(self) -> str:
        matches = "/".join(map(str, self.matches))
        totals = "/".join(map(str, self.totals))
        return (
            f"matches = {matches} of {totals} (hyp_len = {self.candidate_length}"
            f" ref_len = {self.reference_length})"
        )


@dataclass(frozen=True, slots=True)
class SentenceBleuResult:
    """A sentence BLEU score, its smoothed precisions and the raw counts behind it.

    Fields (the contract's result object, ``to_dict()``): ``bleu`` (0-1), ``brevity_penalty``,
    ``candidate_length`` (c), ``reference_length`` (r), ``max_order`` (N), the raw clipped
    ``matches`` and ``totals`` per order, ``precisions`` (the *smoothed* precision of each order
    on the 0-1 scale, None where an order has no n-gram), ``effective_order_used`` (N_eff),
    ``smoothing`` and ``smoothing_value``. As sacreBLEU reports them: ``score`` (0-100),
    ``ratio`` (c / r) and ``format()``, whose precisions are 100 * the smoothed ones.
    """

    bleu: float
    brevity_penalty: float
    candidate_length: int
    reference_length: int
    max_order: int
    matches: tuple[int, ...]
    totals: tuple[int, ...]
    precisions: Precisions
    effective_order_used: int
    smoothing: str
    smoothing_value: float | None

    def to_dict(self) -> dict[str, object]:
        """The contract's result object (plain floats, ints, lists and None)."""
        return {
            "bleu": self.bleu,
            "brevity_penalty": self.brevity_penalty,
            "candidate_length": self.candidate_length,
            "reference_length": self.reference_length,
            "max_order": self.max_order,
            "matches": list(self.matches),
            "totals": list(self.totals),
            "precisions": list(self.precisions),
            "effective_order_used": self.effective_order_used,
            "smoothing": self.smoothing,
            "smoothing_value": self.smoothing_value,
        }

    name = "BLEU"

    @property
    def score(self) -> float:
        """Sentence BLEU on sacreBLEU's 0-100 scale: 100 * ``bleu``."""
        return 100.0 * self.bleu

    @property
    def ratio(self) -> float:
        """Hypothesis length over reference length, c / r (0 when r is 0)."""
        return length_ratio(self.candidate_length, self.reference_length)

    @property
    def verbose_score(self) -> str:
        """What sacreBLEU prints after the score: smoothed precisions (0-100), BP, lengths."""
        shown = [0.0 if p is None else 100.0 * p for p in self.precisions]
        if self.matches[0] == 0:
            # sacreBLEU stops at a segment without a unigram match and shows no precision.
            shown = [0.0] * self.max_order
        return bleu_verbose(
            shown, self.brevity_penalty, self.ratio, self.candidate_length, self.reference_length
        )

    def format(self, width: int = DEFAULT_WIDTH, signature: str = "") -> str:
        """sacreBLEU's line: ``BLEU = 23.64 55.6/29.4/18.8/6.7 (BP = 1.000 ratio = ...)``."""
        return score_line(
            self.name, self.score, self.verbose_score, width=width, signature=signature
        )

    def __str__(self) -> str:
        return self.format()


def sentence_components(
    hypothesis: Tokens, references: Sequence[Tokens], max_order: int = DEFAULT_MAX_ORDER
) -> SentenceComponents:
    """Clipped matches, totals and lengths of one segment (at least one reference)."""
    return SentenceComponents.of(segment_statistics(hypothesis, references, max_order), references)


def effective_order(
    matches: Sequence[int], adjusted_totals: Sequence[float], use_effective_order: bool
) -> int:
    """N_eff: 0 without a unigram match; else the orders up to the first with no n-gram, or all."""
    if matches[0] == 0:
        return 0
    if not use_effective_order:
        return len(matches)
    orders = 0
    while orders < len(adjusted_totals) and adjusted_totals[orders] > 0.0:
        orders += 1
    return orders


def _is_zero(
    stats: BleuStatistics, adjusted_totals: Sequence[float], smoothing: Smoothing, orders: int
) -> bool:
    """Whether bleu is exactly 0, before any logarithm is taken."""
    if stats.matches[0] == 0 or 0.0 in adjusted_totals[:orders]:
        return True  # an order without n-grams is among those scored only without effective order
    return smoothing.method == NONE and 0 in stats.matches[:orders]


def sentence_score(
    stats: BleuStatistics,
    smoothing: Smoothing = DEFAULT,
    use_effective_order: bool = True,
    decimals: int | None = None,
) -> SentenceBleuResult:
    """Sentence BLEU from one segment's statistics: bp * exp((1 / N_eff) * sum of ln p_n)."""
    adjusted_matches, adjusted_totals = adjusted_counts(stats.matches, stats.totals, smoothing)
    smoothed = precisions(adjusted_matches, adjusted_totals, smoothing)
    orders = effective_order(stats.matches, adjusted_totals, use_effective_order)
    bp = brevity_penalty(stats.candidate_length, stats.reference_length)
    bleu = 0.0
    if not _is_zero(stats, adjusted_totals, smoothing, orders):
        acc = 0.0
        for precision in smoothed[:orders]:
            acc += log(cast(float, precision))  # every order up to N_eff has n-grams
        bleu = bp * exp((1.0 / orders) * acc)
    if decimals is not None:
        bleu, bp = to_fixed(bleu, decimals), to_fixed(bp, decimals)
        smoothed = tuple(None if p is None else to_fixed(p, decimals) for p in smoothed)
    return SentenceBleuResult(
        bleu=bleu,
        brevity_penalty=bp,
        candidate_length=stats.candidate_length,
        reference_length=stats.reference_length,
        max_order=len(stats.matches),
        matches=stats.matches,
        totals=stats.totals,
        precisions=smoothed,
        effective_order_used=orders,
        smoothing=smoothing.method,
        smoothing_value=smoothing.value,
    )


def sentence_bleu(
    hypothesis: Tokens,
    references: Sequence[Tokens],
    max_order: int = DEFAULT_MAX_ORDER,
    *,
    smoothing: Smoothing = DEFAULT,
    use_effective_order: bool = True,
    decimals: int | None = None,
) -> SentenceBleuResult:
    """Sentence BLEU of one tokenized hypothesis against its references (at least one)."""
    stats = segment_statistics(hypothesis, references, max_order)
    return sentence_score(stats, smoothing, use_effective_order, decimals)
