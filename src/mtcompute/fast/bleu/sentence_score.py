"""The sentence BLEU score of one segment's statistics in few steps, for a caller scoring segment
after segment: the oracle's (``metrics.sentence.sentence_score``) formulas in the same order, so
the same doubles. Compiled where the package has it (``_sentence_score.c``, fdlibm in C);
otherwise in Python, with the brevity penalty and the logarithms remembered (a segment's lengths
and small-count ratios recur) and the common methods written out in one pass.

add-k and rounded results are rare in such loops and go to the oracle's code as they are.
"""

import functools

from mtcompute.fast import compiled
from mtcompute.metrics.bleu import BleuStatistics, brevity_penalty
from mtcompute.metrics.sentence import SentenceBleuResult, sentence_score
from mtcompute.metrics.smoothing import ADD_K, EXP, FLOOR, NONE, Precisions, Smoothing
from mtcompute.numerics.fdlibm import exp, log

_remembered_brevity_penalty = functools.lru_cache(maxsize=1 << 14)(brevity_penalty)


def sentence_score_fast(
    stats: BleuStatistics,
    smoothing: Smoothing,
    use_effective_order: bool = True,
    decimals: int | None = None,
) -> SentenceBleuResult:
    """``metrics.sentence.sentence_score``, the same result to the bit."""
    method = smoothing.method
    if method == ADD_K or decimals is not None:
        return sentence_score(stats, smoothing, use_effective_order, decimals)
    if compiled.sentence_score is not None:
        return _compiled_score(stats, smoothing, use_effective_order, compiled.sentence_score)
    return sentence_score_in_python(stats, smoothing, use_effective_order)


def sentence_score_in_python(
    stats: BleuStatistics, smoothing: Smoothing, use_effective_order: bool
) -> SentenceBleuResult:
    """The unrounded score of smoothing none, floor or exp, in Python."""
    method = smoothing.method
    matches, totals = stats.matches, stats.totals
    smoothed = _precisions(matches, totals, method, smoothing.value)
    orders = _effective_order(matches, totals, use_effective_order)
    bp = _remembered_brevity_penalty(stats.candidate_length, stats.reference_length)
    bleu = 0.0
    if orders and 0 not in totals[:orders] and not (method == NONE and 0 in matches[:orders]):
        acc = 0.0
        for precision in smoothed[:orders]:
            acc += log(precision)  # every order up to N_eff has n-grams: never None
        bleu = bp * exp((1.0 / orders) * acc)
    return SentenceBleuResult(
        bleu,
        bp,
        stats.candidate_length,
        stats.reference_length,
        len(matches),
        matches,
        totals,
        smoothed,
        orders,
        method,
        smoothing.value,
    )


_METHOD_CODES = {NONE: 0, FLOOR: 1, EXP: 2}  # as _sentence_score.c numbers them


def _compiled_score(
    stats: BleuStatistics,
    smoothing: Smoothing,
    use_effective_order: bool,
    score: compiled.SentenceScorer,
) -> SentenceBleuResult:
    value = smoothing.value
    c, r, matches = stats.candidate_length, stats.reference_length, stats.matches
    code = _METHOD_CODES[smoothing.method]
    bleu, bp, smoothed, orders = score(
        matches, stats.totals, c, r, code, 0.0 if value is None else value, use_effective_order
    )
    return SentenceBleuResult(
        bleu,
        bp,
        c,
        r,
        len(matches),
        matches,
        stats.totals,
        smoothed,
        orders,
        smoothing.method,
        value,
    )


def _precisions(
    matches: tuple[int, ...], totals: tuple[int, ...], method: str, value: float | None
) -> Precisions:
    found: list[float | None] = []
    t = 1.0  # exp's divisor: doubles at each order with n-grams and no match
    for m, total in zip(matches, totals, strict=True):
        if total == 0:
            found.append(None)
        elif m:
            found.append(m / total)  # int / int: the correctly rounded quotient, as float / float
        elif method == EXP:
            t *= 2.0
            found.append(1.0 / (t * total))
        elif method == FLOOR:
            found.append(value / total)  # type: ignore[operator]  # floor always has its ε
        else:
            found.append(0.0)
    return tuple(found)


def _effective_order(
    matches: tuple[int, ...], totals: tuple[int, ...], use_effective_order: bool
) -> int:
    """N_eff as the oracle's ``effective_order`` (without add-k, l'_n = l_n)."""
    if matches[0] == 0:
        return 0
    if not use_effective_order or 0 not in totals:
        return len(matches)
    return totals.index(0)
