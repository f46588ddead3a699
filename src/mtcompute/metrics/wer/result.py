"""The results of WER and CER: a whole's summed statistics, its rates, and its segments', each
with its alignment where it was asked for. They add with ``+`` (the segments of the second part
after the first's), so a test set scored in parts gives the result of the whole; results are
equal where their statistics, segments' statistics and alignments are.

``decimals`` rounds the rates with ``Number.prototype.toFixed`` (``numerics.tofixed``); the
counts are never rounded.
"""

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar, Union

from mtcompute.metrics.wer.alignment import Chunk
from mtcompute.metrics.wer.rates import error_rate, word_rates
from mtcompute.metrics.wer.statistics import EditStatistics, packed, packed_total, unpacked
from mtcompute.numerics.tofixed import to_fixed

_Segment = TypeVar("_Segment")


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


def _each_segment(
    kind: Callable[[EditStatistics, tuple[Chunk, ...] | None, int | None], _Segment],
    counts: "array[int]",
    alignments: tuple[tuple[Chunk, ...], ...] | None,
    decimals: int | None,
) -> tuple[_Segment, ...]:
    """Each segment's result of ``kind`` from the packed counts and its alignment, if any."""
    statistics = unpacked(counts)
    aligned = alignments or ((None,) * len(statistics))
    return tuple(kind(s, a, decimals) for s, a in zip(statistics, aligned, strict=True))


@dataclass(frozen=True, slots=True)
class WerResult(WordErrors):
    """A test set's WER (with mer, wil, wip) from its segments' summed statistics; each
    segment's in ``segments``, made the first time they are read (a test set's results are
    mostly summed, and a segment object per line costs more than its counts)."""

    segment_counts: "array[int]" = field(default_factory=lambda: array("q"))
    alignments: tuple[tuple[Chunk, ...], ...] | None = None
    _segments: tuple[WordErrors, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def segment_statistics(self) -> tuple[EditStatistics, ...]:
        """Each segment's statistics (``segment_counts``, four a segment, unpacked)."""
        return unpacked(self.segment_counts)

    @property
    def segments(self) -> tuple[WordErrors, ...]:
        if self._segments is None:
            made = _each_segment(WordErrors, self.segment_counts, self.alignments, self.decimals)
            object.__setattr__(self, "_segments", made)  # a cache: the value never changes
            return made
        return self._segments

    def __add__(self, other: "WerResult") -> "WerResult":
        return WerResult(
            self.statistics + other.statistics,
            None,
            self.decimals,
            self.segment_counts + other.segment_counts,
            _joined(self.alignments, other.alignments),
        )

    def to_dict(self) -> dict[str, object]:
        return {**WordErrors.to_dict(self), "segments": [s.to_dict() for s in self.segments]}


@dataclass(frozen=True, slots=True)
class CerResult(CharacterErrors):
    """A test set's CER from its segments' summed statistics; each segment's in ``segments``,
    made the first time they are read."""

    segment_counts: "array[int]" = field(default_factory=lambda: array("q"))
    alignments: tuple[tuple[Chunk, ...], ...] | None = None
    _segments: tuple[CharacterErrors, ...] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def segment_statistics(self) -> tuple[EditStatistics, ...]:
        """Each segment's statistics (``segment_counts``, four a segment, unpacked)."""
        return unpacked(self.segment_counts)

    @property
    def segments(self) -> tuple[CharacterErrors, ...]:
        if self._segments is None:
            made = _each_segment(
                CharacterErrors, self.segment_counts, self.alignments, self.decimals
            )
            object.__setattr__(self, "_segments", made)  # a cache: the value never changes
            return made
        return self._segments

    def __add__(self, other: "CerResult") -> "CerResult":
        return CerResult(
            self.statistics + other.statistics,
            None,
            self.decimals,
            self.segment_counts + other.segment_counts,
            _joined(self.alignments, other.alignments),
        )

    def to_dict(self) -> dict[str, object]:
        return {**CharacterErrors.to_dict(self), "segments": [s.to_dict() for s in self.segments]}


Alignments = tuple[tuple[Chunk, ...], ...]


def _joined(first: Alignments | None, second: Alignments | None) -> Alignments | None:
    """Both parts' alignments, where both have them."""
    return None if first is None or second is None else first + second


def _aligned(alignments: Sequence[Sequence[Chunk]] | None) -> Alignments | None:
    return None if alignments is None else tuple(map(tuple, alignments))


Statistics = Union[Sequence[EditStatistics], "array[int]"]


def _counts(statistics: Statistics) -> "array[int]":
    return statistics if isinstance(statistics, array) else packed(statistics)


def wer_result(
    statistics: Statistics,
    alignments: Sequence[Sequence[Chunk]] | None = None,
    decimals: int | None = None,
) -> WerResult:
    """The result of every segment's statistics (or their ``packed`` counts) and alignment."""
    counts = _counts(statistics)
    return WerResult(packed_total(counts), None, decimals, counts, _aligned(alignments))


def cer_result(
    statistics: Statistics,
    alignments: Sequence[Sequence[Chunk]] | None = None,
    decimals: int | None = None,
) -> CerResult:
    """The result of every segment's character statistics (or their ``packed`` counts) and
    alignment."""
    counts = _counts(statistics)
    return CerResult(packed_total(counts), None, decimals, counts, _aligned(alignments))
