"""One score as sacreBLEU reports it: the metric's name, the 0-100 score, the signature and the
verbose part, beside the tool's own result object."""

from dataclasses import dataclass

from mtcompute.metrics.display import DEFAULT_WIDTH, score_line


@dataclass(frozen=True, slots=True)
class Scored:
    """One metric's score as sacreBLEU reports it, and the tool's result object."""

    name: str
    score: float
    signature: str
    verbose_score: str
    result: dict[str, object]
    line: int | None = None  # the segment's 1-based line number, at sentence level

    def text(self, width: int = DEFAULT_WIDTH) -> str:
        """``NAME|SIGNATURE = SCORE VERBOSE``."""
        return score_line(
            self.name, self.score, self.verbose_score, width=width, signature=self.signature
        )

    def to_json(self) -> dict[str, object]:
        line = {} if self.line is None else {"line": self.line}
        return line | {
            "name": self.name,
            "score": self.score,
            "signature": self.signature,
            "verbose_score": self.verbose_score,
            "result": self.result,
        }
