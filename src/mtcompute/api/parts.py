"""Scoring a corpus in parts, as typed functions by the rules of the parts tools without their
size limits: the BLEU statistics of a part, and the corpus result of the parts' statistics, the
whole-corpus function's result bit for bit.

A part is given as the library returns it (``BleuStatistics``, a ``ChrfResult``'s
``statistics``, a ``TerResult``'s ``segments``) or as the tools answer it in JSON; either is
checked by the tool's parser, so a bad part is pointed at as the tool points at it.
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Protocol, TypeAlias

from mtcompute.api.parsing import TokenList, given, parsed
from mtcompute.contracts import bleu_corpus_from_statistics_1_1_0 as bleu_parts_tool
from mtcompute.contracts import bleu_corpus_statistics_1_0_0 as bleu_statistics_tool
from mtcompute.contracts import chrf_from_statistics_1_1_0 as chrf_parts_tool
from mtcompute.contracts import ter_from_statistics_1_0_0 as ter_parts_tool
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.mistakes import Hint, token_corpus_hints
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult, BleuStatistics
from mtcompute.metrics.chrf import DEFAULT_BETA, DEFAULT_CHAR_ORDER, ChrfResult, ChrfStatistics
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import TerResult
from mtcompute.metrics.ter.statistics import TerStatistics

BleuPart: TypeAlias = BleuStatistics | Mapping[str, object]
ChrfPart: TypeAlias = ChrfStatistics | Mapping[str, object]
# A TER part is its segments' statistics, in order: their sums would not add up bit for bit.
TerPart: TypeAlias = Sequence[TerStatistics | Mapping[str, object]]

_BLEU_STATISTICS = bleu_statistics_tool.parser(UNLIMITED)
_BLEU_PARTS = bleu_parts_tool.parser(UNLIMITED)
_CHRF_PARTS = chrf_parts_tool.parser(UNLIMITED)
_TER_PARTS = ter_parts_tool.parser(UNLIMITED)


def corpus_bleu_statistics(
    hypotheses: Sequence[TokenList],
    references: Sequence[Sequence[TokenList]],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
) -> BleuStatistics:
    """The BLEU statistics of a part of a corpus (clipped matches, totals, candidate and
    reference length), by the rules of ``bleu-corpus-statistics`` without its size limits.

    Arguments as ``corpus_bleu``'s. The statistics of parts add with ``+`` and
    ``corpus_bleu_from_statistics`` scores them. Raises ``InputError`` listing every violation.
    """
    raw = given(hypotheses=hypotheses, references=references, max_order=max_order)
    hints = partial(token_corpus_hints, hypotheses, references, "corpus_bleu_statistics")
    return bleu_statistics_tool.statistics_of(parsed(_BLEU_STATISTICS, raw, hints))


def corpus_bleu_from_statistics(
    parts: Sequence[BleuPart], *, decimals: int | None = None
) -> BleuResult:
    """Corpus BLEU of the parts' statistics, by the rules of ``bleu-corpus-from-statistics@1.1.0``
    without its size limits: ``corpus_bleu`` on all their segments at once, bit for bit.

    Each part is a ``BleuStatistics`` (``corpus_bleu_statistics`` of its segments) or the object
    ``bleu-corpus-statistics`` answers, with the same number of orders as the others. Its
    statistics must be ones a corpus could give: matches at most totals, totals[0] the
    candidate length, totals falling from each order to the next while above 0 (and never by
    more than from the order before), matches 0 after an order without any. Each count, and its
    sum over the parts, is at most 2^53 - 1. Raises ``InputError`` listing every violation, each
    pointing at the count (``/parts/1/totals/2``).
    """
    fixes: dict[type, str] = {
        BleuResult: "a part is statistics, not a score: `corpus_bleu_statistics(...)` gives them"
    }
    raw = given(parts=_as_json(parts, BleuStatistics), decimals=decimals)
    hints = partial(_part_hints, parts, fixes)
    return bleu_parts_tool.score_request(parsed(_BLEU_PARTS, raw, hints))


def chrf_from_statistics(
    parts: Sequence[ChrfPart],
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
    decimals: int | None = None,
) -> ChrfResult:
    """chrF (chrF++ with word_order 1 or 2) of the parts' statistics, by the rules of
    ``chrf-from-statistics@1.1.0`` without its size limits: ``chrf`` on all their segments at
    once, bit for bit in ``chrf`` and ``statistics``; ``segments`` is empty.

    Each part is a ``ChrfResult``'s ``statistics`` or the ``statistics`` a chrF tool answers,
    computed with these options (char_order + word_order counts an array); ``include_whitespace``,
    which changes the statistics and not how they score, is carried into the result. Its
    statistics must be ones a corpus could give: matches at most hypothesis and reference, and
    for the character orders and the word orders apart, reference and hypothesis falling from
    each order to the next while above 0 (reference never by more than from the order before),
    hypothesis 0 where reference is, matches never growing, and word unigrams at most character
    unigrams. Each count, and its sum over the parts, is at most 2^53 - 1. Raises ``InputError``
    listing every violation, each pointing at the count.
    """
    raw = given(
        parts=_as_json(parts, ChrfStatistics),
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        eps_smoothing=eps_smoothing,
        decimals=decimals,
    )
    hints = partial(_part_hints, parts, {ChrfResult: "pass each result's `.statistics`"})
    result = chrf_parts_tool.combined(parsed(_CHRF_PARTS, raw, hints))
    return replace(result, include_whitespace=include_whitespace)


def ter_from_statistics(
    parts: Sequence[TerPart],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
    decimals: int | None = None,
) -> TerResult:
    """TER of the parts' segment statistics, by the rules of ``ter-from-statistics`` without
    its size limits: ``ter`` on all their segments at once, bit for bit, segments included.

    Each part is a ``TerResult``'s ``segments`` or the ``segments`` ter-compute answers (not
    their sums: a segment's reference length is a double, and the whole adds them in order).
    The options the parts were computed with are carried into the result; they change the
    statistics, not how they add up. Raises ``InputError`` listing every violation.
    """
    raw = given(parts=_as_json_lists(parts, TerStatistics), decimals=decimals)
    hints = partial(ter_parts_tool.part_hints, parts, "ter_from_statistics")
    options = TerOptions(normalized, no_punct, asian_support, case_sensitive)
    return ter_parts_tool.score_request(parsed(_TER_PARTS, raw, hints), options)


class _Statistics(Protocol):
    def to_dict(self) -> dict[str, object]: ...


def _as_json(values: object, kind: type[_Statistics]) -> object:
    """``values`` as the tool takes them: a list whose items of type ``kind`` are their JSON
    objects. Anything else is left as it is, for the parser to point at."""
    if not isinstance(values, list | tuple):
        return values
    return [value.to_dict() if isinstance(value, kind) else value for value in values]


def _as_json_lists(parts: object, kind: type[_Statistics]) -> object:
    """``_as_json`` of each part, for parts that are lists of statistics."""
    if not isinstance(parts, list | tuple):
        return parts
    return [_as_json(part, kind) for part in parts]


def _part_hints(parts: object, fixes: Mapping[type, str]) -> list[Hint]:
    """The fix for the first part that is a result where statistics are due."""
    for index, part in enumerate(parts if isinstance(parts, list | tuple) else ()):
        fix = fixes.get(type(part))
        if fix is not None:
            return [Hint(f"/parts/{index}", fix)]
    return []
