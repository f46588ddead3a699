"""Smoothing of sentence BLEU's precisions: none, and Chen & Cherry (2014) methods 1 to 3.

From a segment's unsmoothed matches m_n and totals l_n, each method gives adjusted counts m'_n,
l'_n and a precision per order: null where l'_n = 0, else m'_n / l'_n, or the method's value in
place of a zero match. Every denominator is a positive count, so nothing is divided by zero and
no sentinel ever stands in for ln 0.
"""

from collections.abc import Sequence
from dataclasses import dataclass

NONE, FLOOR, ADD_K, EXP = "none", "floor", "add-k", "exp"
SMOOTHING_METHODS = (NONE, FLOOR, ADD_K, EXP)
DEFAULT_SMOOTHING = EXP
# ε of floor (method 1) and k of add-k (method 2 for k = 1), as sacreBLEU defaults them.
DEFAULT_VALUES = {FLOOR: 0.1, ADD_K: 1.0}

Precisions = tuple[float | None, ...]


@dataclass(frozen=True, slots=True)
class Smoothing:
    """A smoothing method and its value: ε with floor, k with add-k, None with none and exp."""

    method: str = DEFAULT_SMOOTHING
    value: float | None = None

    @classmethod
    def of(cls, method: str = DEFAULT_SMOOTHING, value: float | None = None) -> "Smoothing":
        """``method`` with ``value``, or with its default value when ``value`` is None."""
        if method not in SMOOTHING_METHODS:
            raise ValueError(f"unknown smoothing method {method!r}")
        if method not in DEFAULT_VALUES:
            if value is not None:
                raise ValueError(f"smoothing {method!r} takes no value, got {value!r}")
            return cls(method, None)
        return cls(method, DEFAULT_VALUES[method] if value is None else float(value))


def adjusted_counts(
    matches: Sequence[int], totals: Sequence[int], smoothing: Smoothing
) -> tuple[list[float], list[float]]:
    """m'_n and l'_n: with add-k, k added once to the matches and totals of orders n >= 2."""
    adjusted_matches = [float(m) for m in matches]
    adjusted_totals = [float(total) for total in totals]
    if smoothing.method == ADD_K:
        k = _value(smoothing)
        for n in range(1, len(matches)):
            adjusted_matches[n] += k
            adjusted_totals[n] += k
    return adjusted_matches, adjusted_totals


def precisions(
    adjusted_matches: Sequence[float], adjusted_totals: Sequence[float], smoothing: Smoothing
) -> Precisions:
    """The precision of each order from the adjusted counts (see the module docstring)."""
    found: list[float | None] = []
    t = 1.0  # exp's divisor: doubles at each order with n-grams and no match
    for m, total in zip(adjusted_matches, adjusted_totals, strict=True):
        if total == 0.0:
            found.append(None)
        elif m > 0.0:
            found.append(m / total)
        elif smoothing.method == FLOOR:
            found.append(_value(smoothing) / total)
        elif smoothing.method == EXP:
            t *= 2.0
            found.append(1.0 / (t * total))
        else:  # none, or add-k at order 1
            found.append(0.0)
    return tuple(found)


def _value(smoothing: Smoothing) -> float:
    if smoothing.value is None:
        raise ValueError(f"smoothing {smoothing.method!r} needs a value")
    return smoothing.value
