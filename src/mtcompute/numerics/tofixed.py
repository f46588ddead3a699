"""Rounding to a number of decimals exactly as JavaScript's ``Number.prototype.toFixed``.

``toFixed`` picks the decimal nearest to the exact binary value of the double, halves going up
(away from zero for the non-negative scores BLEU makes), and the contract then reads that decimal
back as the nearest double. ``round()`` is not this: it rounds halves to even, so
``round(0.125, 2)`` is 0.12 where ``(0.125).toFixed(2)`` is ``"0.13"``.
"""

from decimal import ROUND_HALF_UP, Context, Decimal

MAX_DECIMALS = 100  # toFixed's own range is 0..100
# Enough digits for any double's exact expansion (at most 767 significant) plus 100 decimals.
_EXACT = Context(prec=1000)


def to_fixed(value: float, decimals: int) -> float:
    """The double nearest to ``value.toFixed(decimals)``, for a finite ``value``."""
    if not 0 <= decimals <= MAX_DECIMALS:
        raise ValueError(f"decimals must be between 0 and {MAX_DECIMALS}, got {decimals}")
    quantum = Decimal(1).scaleb(-decimals)
    exact = Decimal(value)  # the exact binary value, not its shortest repr
    magnitude = abs(exact).quantize(quantum, rounding=ROUND_HALF_UP, context=_EXACT)
    return float(magnitude) if exact >= 0 else -float(magnitude)


def to_fixed_many(values: list[float], decimals: int) -> list[float]:
    """``to_fixed`` of each of many finite values, about four times faster.

    Python's ``format(x, ".Nf")`` is correctly rounded from the exact binary value too, with
    halves to even: it differs from toFixed only on an exact halfway point. x = p / q in lowest
    terms (q a power of 2) is one at N decimals only when q = 2 ** (N + 1): then x * 10**N is an
    odd multiple of 1/2. Those few go through ``to_fixed``. Zero, common in a score matrix, is
    0.0 whatever its sign, as ``to_fixed`` reads -0.0 back.
    """
    if not 0 <= decimals <= MAX_DECIMALS:
        raise ValueError(f"decimals must be between 0 and {MAX_DECIMALS}, got {decimals}")
    spec = f".{decimals}f"
    halfway = 2 << decimals
    return [
        0.0
        if value == 0
        else to_fixed(value, decimals)
        if value.as_integer_ratio()[1] == halfway
        else float(format(value, spec))
        for value in values
    ]
