"""The results of WER and CER: a whole's summed statistics, its rates, and its segments', each
with its alignment where it was asked for. They add with ``+`` (the segments of the second part
after the first's), so a test set scored in parts gives the result of the whole.

``decimals`` rounds the rates with ``Number.prototype.toFixed`` (``numerics.tofixed``); the
counts are never rounded.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.metrics.wer.alignment import Chunk
from mtcompute.metrics.wer.rates import error_rate, word_rates
from mtcompute.metrics.wer.statistics import EditStatistics, summed
from mtcompute.numerics.tofixed import to_fixed


def _rounded(value: float, decimals: int | None) -> float:
    return value if decimals is None else to_fixed(value, decimals)


@dataclass(frozen=True, slots=True)
class _Counts:
    """The four counts of ``statistics``, by name."""

    statistics: EditStatistics

    @property
    def hits(self) -> int:
        return self.statistics.hits

    @property
    def substitutions(self) -> int:
        return self.statistics.substitutions

    @property
    def deletions(self) -> int:
        return self.statistics.deletions

    @property
    def insertions(self) -> int:
        return self.statistics.insertions


@dataclass(frozen=True, slots=True)
class WordErrors(_Counts):
    """jiwer's word measures of one segment (or of statistics summed), and its alignment."""

    alignment: tuple[Chunk, ...] | None = None
    decimals: int | None = None

    @property
    def wer(self) -> float:
        return _rounded(word_rates(self.statistics).wer, self.decimals)

    @property
    def mer(self) -> float:
        return _rounded(word_rates(self.statistics).mer, self.decimals)

    @property
    def wil(self) -> float:
        return _rounded(word_rates(self.statistics).wil, self.decimals)

    @property
    def wip(self) -> float:
        return _rounded(word_rates(self.statistics).wip, self.decimals)

    def to_dict(self) -> dict[str, object]:
        rates = word_rates(self.statistics)
        out: dict[str, object] = {
            "wer": _rounded(rates.wer, self.decimals),
            "mer": _rounded(rates.mer, self.decimals),
            "wil": _rounded(rates.wil, self.decimals),
            "wip": _rounded(rates.wip, self.decimals),
            **self.statistics.to_dict(),
        }
        if self.alignment is not None:
            out["alignment"] = [chunk.to_dict() for chunk in self.alignment]
        return out


@dataclass(frozen=True, slots=True)
class CharacterErrors(_Counts):
    """The character error rate of one segment (or of statistics summed), and its alignment."""

    alignment: tuple[Chunk, ...] | None = None
    decimals: int | None = None

    @property
    def cer(self) -> float:
        return _rounded(error_rate(self.statistics), self.decimals)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"cer": self.cer, **self.statistics.to_dict()}
        if self.alignment is not None:
            out["alignment"] = [chunk.to_dict() for chunk in self.alignment]
        return out


@dataclass(frozen=True, slots=True)
class WerResult(WordErrors):
    """A test set's WER (with mer, wil, wip) from its segments' summed statistics."""

    segments: tuple[WordErrors, ...] = ()

    def __add__(self, other: "WerResult") -> "WerResult":
        return WerResult(
            self.statistics + other.statistics,
            None,
            self.decimals,
            self.segments + other.segments,
        )

    def to_dict(self) -> dict[str, object]:
        return {**WordErrors.to_dict(self), "segments": [s.to_dict() for s in self.segments]}


@dataclass(frozen=True, slots=True)
class CerResult(CharacterErrors):
    """A test set's CER from its segments' summed statistics."""

    segments: tuple[CharacterErrors, ...] = ()

    def __add__(self, other: "CerResult") -> "CerResult":
        return CerResult(
            self.statistics + other.statistics,
            None,
            self.decimals,
            self.segments + other.segments,
        )

    def to_dict(self) -> dict[str, object]:
        return {**CharacterErrors.to_dict(self), "segments": [s.to_dict() for s in self.segments]}


def wer_result(
    statistics: Sequence[EditStatistics],
    alignments: Sequence[Sequence[Chunk]] | None = None,
    decimals: int | None = None,
) -> WerResult:
    """The result of every segment's statistics (and alignment), summed in order."""
    segments = tuple(
        WordErrors(s, None if alignments is None else tuple(alignments[i]), decimals)
        for i, s in enumerate(statistics)
    )
    return WerResult(summed(statistics), None, decimals, segments)


def cer_result(
    statistics: Sequence[EditStatistics],
    alignments: Sequence[Sequence[Chunk]] | None = None,
    decimals: int | None = None,
) -> CerResult:
    """The result of every segment's character statistics (and alignment), summed in order."""
    segments = tuple(
        CharacterErrors(s, None if alignments is None else tuple(alignments[i]), decimals)
        for i, s in enumerate(statistics)
    )
    return CerResult(summed(statistics), None, decimals, segments)
