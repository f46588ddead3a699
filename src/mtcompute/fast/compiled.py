"""The compiled fast paths, which ``setup.py`` builds where it finds a C compiler; None where the
package was installed without them. Each has a pure-Python path that computes the same results.
"""

from collections.abc import Callable, Sequence

# Matches and totals per order, the hypothesis length and the closest reference length.
SegmentCounts = tuple[tuple[int, ...], tuple[int, ...], int, int]
SegmentStatistics = Callable[[Sequence[str], Sequence[Sequence[str]], int], SegmentCounts | None]
# bleu, brevity penalty, the smoothed precisions (None where l_n = 0) and N_eff.
SentenceScore = tuple[float, float, tuple[float | None, ...], int]
# matches, totals, c, r, method (0 none, 1 floor, 2 exp), its value, effective order or not.
SentenceScorer = Callable[
    [tuple[int, ...], tuple[int, ...], int, int, int, float, bool], SentenceScore
]
# The tokens and their UTF-8 bytes.
TokenCheck = Callable[[Sequence[Sequence[str]], int | None], tuple[int, int] | None]
# TER's fewest edits from a hypothesis to any of its references, all as word ids.
TerEdits = Callable[[Sequence[int], Sequence[Sequence[int]]], int]


def _segment_statistics() -> SegmentStatistics | None:
    try:
        from mtcompute.fast._segment import segment_statistics  # noqa: PLC0415 - may be absent
    except ImportError:
        return None
    return segment_statistics


def _token_check() -> TokenCheck | None:
    try:
        from mtcompute.fast._tokens import check  # noqa: PLC0415 - may be absent
    except ImportError:
        return None
    return check


def _sentence_scorer() -> SentenceScorer | None:
    try:
        from mtcompute.fast._sentence_score import score  # noqa: PLC0415 - may be absent
    except ImportError:
        return None
    return score


def _ter_edits() -> TerEdits | None:
    try:
        from mtcompute.fast._ter import fewest_edits  # noqa: PLC0415 - may be absent
    except ImportError:
        return None
    return fewest_edits


segment_statistics = _segment_statistics()
"""``_segment.c``: one segment's counts, or None where a list or token is not a plain list, tuple
or str (then the strings serve)."""

sentence_score = _sentence_scorer()
"""``_sentence_score.c``: sentence BLEU with smoothing none, floor or exp, unrounded."""

token_check = _token_check()
"""``_tokens.c``: the token rule's bulk check, or None where a token breaks it (then the walker
tells which)."""

ter_edits = _ter_edits()
"""``_ter.c``: TER's fewest edits over a segment's references, on word ids."""
