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
