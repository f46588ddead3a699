"""The compiled fast paths, which ``setup.py`` builds where it finds a C compiler; None where the
package was installed without them. Each has a pure-Python path that computes the same results.
"""

from collections.abc import Callable, Sequence
from typing import Any

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
# One matrix to fill: distinct texts (or token lists), int32 row and column indices into them,
# and the float64 buffer of rows times columns that receives the scores.
MatrixJob = tuple[list[Any], Any, Any, Any]
# jobs, char_order, word_order, beta, eps_smoothing, include_whitespace, threads.
ChrfMatrices = Callable[[list[MatrixJob], int, int, int, bool, bool, int], None]
# jobs, max_order, method (0 none, 1 floor, 2 exp, 3 add-k), its value, effective order, threads.
BleuMatrices = Callable[[list[MatrixJob], int, int, float, bool, int], None]
# The kept reference's index, its F and its statistics: hypothesis, reference, matches.
ChrfSegmentCounts = tuple[int, float, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# hypothesis, references, char_order, word_order, beta, eps_smoothing, include_whitespace.
ChrfSegmentScorer = Callable[[str, list[str], int, int, int, bool, bool], ChrfSegmentCounts]
# Texts, a tokenizer's name and lowercase or not: each text's tokens.
TokenizeMany = Callable[[Sequence[str], str, bool], list[list[str]]]


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


def _pairwise() -> tuple[ChrfMatrices | None, BleuMatrices | None, ChrfSegmentScorer | None]:
    try:
        from mtcompute.fast import _pairwise  # noqa: PLC0415 - may be absent
    except ImportError:
        return None, None, None
    return _pairwise.chrf_matrices, _pairwise.bleu_matrices, _pairwise.chrf_segment


def _tokenize_many() -> TokenizeMany | None:
    try:
        from mtcompute.fast._tokenize import tokenize_many  # noqa: PLC0415 - may be absent
    except ImportError:
        return None
    return tokenize_many


segment_statistics = _segment_statistics()
"""``_segment.c``: one segment's counts, or None where a list or token is not a plain list, tuple
or str (then the strings serve)."""

sentence_score = _sentence_scorer()
"""``_sentence_score.c``: sentence BLEU with smoothing none, floor or exp, unrounded."""

token_check = _token_check()
"""``_tokens.c``: the token rule's bulk check, or None where a token breaks it (then the walker
tells which)."""

chrf_matrices, bleu_matrices, chrf_segment = _pairwise()
"""``_pairwise.c``: pairwise chrF and sentence BLEU matrices, and one segment's kept chrF
statistics (``chrf_segment``)."""

tokenize_many = _tokenize_many()
"""``_tokenize.c``: sacreBLEU's BLEU tokenizers, each text's tokens in one call."""
