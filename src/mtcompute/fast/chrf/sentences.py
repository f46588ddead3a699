"""Sentence-level chrF (chrF++ with word orders) of many segments in one call: each segment's
score exactly as ``metrics.chrf.segment_statistics`` gives it, which is sacreBLEU's
``sentence_score``. Made for short segments, where a compiled call per segment (``segment.py``)
or numpy's blocks (``compute.py``) spend more on objects and set-up than on n-grams, and for
long ones, which the kernel counts one order at a time in a few bytes a code point.

Compiled where the package has it (``_chrf_sentences.c``); otherwise segment by segment with
``chrf_segment``, the oracle where nothing is compiled. Both check their input alike.
"""

from collections.abc import Iterable, Sequence

from mtcompute.fast import compiled
from mtcompute.fast.chrf.segment import chrf_segment
from mtcompute.metrics.chrf import ChrfOptions, ChrfSegment, ChrfStatistics

# What the kernel holds: 32 orders in all (its statistics' arrays), and betas whose square
# it computes exactly in 64 bits.
_MAX_COMPILED_ORDERS = 32
_MAX_COMPILED_BETA = 2**31 - 1
# A text longer than this (in code points) takes numpy's blocks (``compute.py``) over a hundred
# bytes a code point; the kernel counts it one order at a time in a few.
LONG_SEGMENT = 1 << 16


def sentence_scores(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> list[float]:
    """Each segment's chrF on sacreBLEU's 0-100 scale: the ``score`` of the oracle's
    ``segment_statistics``, bit for bit. ``references[i]`` lists segment i's references (one or
    more), of which the first with the largest key is kept.

    Raises TypeError where a text is not a str or a segment's references are not a sequence,
    ValueError where the lists differ in length or a segment has no reference.
    """
    scorer = compiled.chrf_sentence_scores
    if scorer is not None and _compiled_supports(options):
        scores = scorer(hypotheses, references, *_arguments(options))
        if scores is not None:
            return scores
    return [segment.score for segment in _each_segment(hypotheses, references, options)]


def sentence_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> list[ChrfSegment]:
    """Each segment's kept reference, its statistics and F: the oracle's
    ``segment_statistics``. Raises as ``sentence_scores`` does."""
    segments = compiled_statistics(hypotheses, references, options)
    return _each_segment(hypotheses, references, options) if segments is None else segments


def compiled_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> list[ChrfSegment] | None:
    """``sentence_statistics`` from the kernel alone: None where it was not built or does not
    take these options or texts."""
    counter = compiled.chrf_sentence_statistics
    if counter is None or not _compiled_supports(options):
        return None
    rows = counter(hypotheses, references, *_arguments(options))
    if rows is None:
        return None
    return [ChrfSegment(f, index, ChrfStatistics(h, r, m)) for index, f, h, r, m in rows]


def has_long_text(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> bool:
    """Whether a text is longer than ``LONG_SEGMENT`` code points."""
    return max(map(len, hypotheses), default=0) > LONG_SEGMENT or any(
        len(text) > LONG_SEGMENT for refs in references for text in refs
    )


def corpus_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> ChrfStatistics:
    """The corpus's statistics: every segment's kept statistics summed, which is what the
    oracle's (and ``chrf_fast``'s) corpus statistics are, without an object per segment where
    the kernel was built. Raises as ``sentence_scores`` does."""
    counter = compiled.chrf_sentence_statistics
    if counter is not None and _compiled_supports(options):
        rows = counter(hypotheses, references, *_arguments(options))
        if rows is not None:
            return _summed(((h, r, m) for _, _, h, r, m in rows), options.order_count)
    segments = _each_segment(hypotheses, references, options)
    kept = (segment.statistics for segment in segments)
    return _summed(((s.hypothesis, s.reference, s.matches) for s in kept), options.order_count)


def _summed(
    rows: Iterable[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]], orders: int
) -> ChrfStatistics:
    hypothesis, reference, matches = [0] * orders, [0] * orders, [0] * orders
    for row_hypothesis, row_reference, row_matches in rows:
        for k in range(orders):
            hypothesis[k] += row_hypothesis[k]
            reference[k] += row_reference[k]
            matches[k] += row_matches[k]
    return ChrfStatistics(tuple(hypothesis), tuple(reference), tuple(matches))


def _each_segment(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ChrfOptions
) -> list[ChrfSegment]:
    segments = _checked(hypotheses, references)
    return [chrf_segment(hypothesis, refs, options) for hypothesis, refs in segments]


def _checked(hypotheses: object, references: object) -> list[tuple[str, list[str]]]:
    """The segments, with the kernel's errors for what it refuses."""
    hypothesis_list = _listed(hypotheses, "hypotheses")
    reference_lists = _listed(references, "references")
    if len(hypothesis_list) != len(reference_lists):
        raise ValueError(
            "hypotheses and references differ in length: "
            f"{len(hypothesis_list)} and {len(reference_lists)}"
        )
    segments = []
    for i, (hypothesis, refs) in enumerate(zip(hypothesis_list, reference_lists, strict=True)):
        if not isinstance(hypothesis, str):
            raise TypeError(f"hypotheses[{i}] must be str, not {type(hypothesis).__name__}")
        segments.append((hypothesis, _segment_references(refs, i)))
    return segments


def _segment_references(references: object, i: int) -> list[str]:
    texts: list[str] = []
    for j, text in enumerate(_listed(references, f"references[{i}]", "a sequence of str")):
        if not isinstance(text, str):
            raise TypeError(f"references[{i}][{j}] must be str, not {type(text).__name__}")
        texts.append(text)
    if not texts:
        raise ValueError(f"references[{i}] is empty: a segment needs a reference")
    return texts


def _listed(items: object, name: str, kind: str = "a sequence") -> list[object]:
    # A str is a sequence too, of characters: a text where its list belongs is a mistake.
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise TypeError(f"{name} must be {kind}, not {type(items).__name__}")
    return list(items)


def _compiled_supports(options: ChrfOptions) -> bool:
    return (
        options.char_order >= 0
        and options.word_order >= 0
        and 1 <= options.order_count <= _MAX_COMPILED_ORDERS
        and abs(options.beta) <= _MAX_COMPILED_BETA
    )


def _arguments(options: ChrfOptions) -> tuple[int, int, int, bool, bool]:
    return (
        options.char_order,
        options.word_order,
        options.beta,
        options.eps_smoothing,
        options.include_whitespace,
    )
