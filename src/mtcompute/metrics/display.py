"""The field's one-line form of a score, as sacreBLEU prints it.

``NAME|SIGNATURE = SCORE VERBOSE``: the score on the 0-100 scale with ``width`` decimals, then
for BLEU its precisions (one decimal, "/"-separated) and ``(BP = ... ratio = ... hyp_len = ...
ref_len = ...)``. Python's ``format`` rounds the exact binary value to the nearest, as
sacreBLEU's does, so the same double prints the same text.
"""

from collections.abc import Sequence

# sacreBLEU's default width (BLEUScore.format and CHRFScore.format).
DEFAULT_WIDTH = 2


def percent(part: int, whole: int) -> float:
    """100 * part / whole, one rounding of each operation, or 0 where whole is 0."""
    return 100.0 * float(part) / float(whole) if whole else 0.0


def length_ratio(candidate_length: int, reference_length: int) -> float:
    """c / r, one correctly rounded division (IEEE-754 for lengths below 2**53), or 0 at r = 0
    (as sacreBLEU)."""
    return candidate_length / reference_length if reference_length else 0.0


def bleu_verbose(
    precisions: Sequence[float], bp: float, ratio: float, hyp_len: int, ref_len: int
) -> str:
    """sacreBLEU's verbose part of a BLEU score; ``precisions`` on the 0-100 scale."""
    shown = "/".join(f"{p:.1f}" for p in precisions)
    return (
        f"{shown} (BP = {bp:.3f} ratio = {ratio:.3f} hyp_len = {hyp_len:d} ref_len = {ref_len:d})"
    )


def score_line(
    name: str, score: float, verbose: str = "", *, width: int = DEFAULT_WIDTH, signature: str = ""
) -> str:
    """``NAME|SIGNATURE = SCORE VERBOSE`` (without a signature, ``NAME = SCORE VERBOSE``)."""
    head = f"{name}|{signature}" if signature else name
    line = f"{head} = {score:.{width}f}"
    return f"{line} {verbose}" if verbose else line
