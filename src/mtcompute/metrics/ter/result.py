"""A corpus TER result, and the one call that computes it from texts."""

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from mtcompute.metrics.display import DEFAULT_WIDTH, score_line
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.statistics import (
    TerStatistics,
    corpus_statistics,
    summed,
    ter_score,
)
from mtcompute.numerics.tofixed import to_fixed


@dataclass(frozen=True, slots=True)
class TerResult:
    """A corpus TER with the statistics it was made from and every segment's statistics.

    ``ter`` is on the 0-1 scale; ``score`` (0-100) is sacreBLEU's ``TER(...).corpus_score``
    score, ``100 * ter``, bit for bit.
    """

    ter: float
    statistics: TerStatistics
    segments: tuple[TerStatistics, ...]
    options: TerOptions
    decimals: int | None = None  # toFixed of ter and every segment's ter

    @property
    def score(self) -> float:
        return 100 * self.ter

    @property
    def num_edits(self) -> int:
        return self.statistics.num_edits

    @property
    def ref_length(self) -> float:
        return self.statistics.ref_length

    def to_dict(self) -> dict[str, object]:
        """The contract's result object: the corpus TER, its statistics, the options used and
        every segment's TER with its statistics."""
        return {
            "ter": self.ter,
            "num_edits": self.num_edits,
            "ref_length": self.ref_length,
            **asdict(self.options),
            "segments": [self._segment(stats) for stats in self.segments],
        }

    def _segment(self, stats: TerStatistics) -> dict[str, object]:
        return {"ter": _rounded(ter_score(stats), self.decimals), **stats.to_dict()}

    def format(self, width: int = DEFAULT_WIDTH, signature: str = "") -> str:
        """sacreBLEU's line: ``TER = 57.14``."""
        return score_line("TER", self.score, width=width, signature=signature)

    def __str__(self) -> str:
        return self.format()


def ter_result(
    segments: Sequence[TerStatistics], options: TerOptions, decimals: int | None = None
) -> TerResult:
    """The corpus result of every segment's statistics, summed in order; ``decimals`` rounds
    the corpus and segment TERs as Number.prototype.toFixed does."""
    statistics = summed(segments)
    ter = _rounded(ter_score(statistics), decimals)
    return TerResult(ter, statistics, tuple(segments), options, decimals)


def _rounded(value: float, decimals: int | None) -> float:
    return value if decimals is None else to_fixed(value, decimals)


def ter(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TerResult:
    """TER of a corpus; ``references[i]`` lists segment i's references (at least one)."""
    options = TerOptions(normalized, no_punct, asian_support, case_sensitive)
    return ter_result(corpus_statistics(hypotheses, references, options), options)
