"""sacreBLEU 2.6's score objects as its users read them: ``score`` (0-100), the statistics
behind it under sacreBLEU's attribute names, and ``format()`` printing sacreBLEU's line."""

from dataclasses import dataclass

from mtcompute.metrics.display import DEFAULT_WIDTH, bleu_verbose, score_line


@dataclass(frozen=True)
class Score:
    """A metric's name and score; ``format`` prints ``NAME = SCORE`` as sacreBLEU does."""

    name: str
    score: float

    @property
    def verbose(self) -> str:
        return ""

    def format(
        self, width: int = DEFAULT_WIDTH, score_only: bool = False, signature: str = ""
    ) -> str:
        """``NAME|SIGNATURE = SCORE VERBOSE``, or the score alone with ``score_only``."""
        if score_only:
            return f"{self.score:.{width}f}"
        return score_line(self.name, self.score, self.verbose, width=width, signature=signature)

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True)
class BLEUScore(Score):
    """``counts`` (clipped matches) and ``totals`` per order, ``precisions`` (0-100, smoothed as
    the score was), ``bp``, ``sys_len`` (c) and ``ref_len`` (r)."""

    counts: tuple[int | float, ...]
    totals: tuple[int | float, ...]
    precisions: tuple[float, ...]
    bp: float
    sys_len: int
    ref_len: int

    @property
    def ratio(self) -> float:
        return self.sys_len / self.ref_len if self.ref_len else 0.0

    @property
    def verbose(self) -> str:
        return bleu_verbose(self.precisions, self.bp, self.ratio, self.sys_len, self.ref_len)


@dataclass(frozen=True)
class CHRFScore(Score):
    char_order: int
    word_order: int
    beta: int


@dataclass(frozen=True)
class TERScore(Score):
    num_edits: int
    ref_length: float
