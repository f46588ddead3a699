"""fdlibm's ``__ieee754_log`` and ``__ieee754_exp``, ported to Python floats.

The contract fixes results bit for bit on every platform, equal to a JavaScript engine's
``Math.log`` / ``Math.exp`` (V8 and SpiderMonkey both use these fdlibm routines). Python's
``math.log`` / ``math.exp`` call the platform libm, which differs by an ulp on some inputs, so the
score uses this port instead. Python float arithmetic is IEEE-754 binary64 with round-to-nearest
and no fused multiply-add, exactly the arithmetic the C routines assume.
"""

import functools
import math
import struct

_BITS = struct.Struct("<Q")
_DOUBLE = struct.Struct("<d")

_LN2_HI = 6.93147180369123816490e-01  # 0x3fe62e42 fee00000
_LN2_LO = 1.90821492927058770002e-10  # 0x3dea39ef 35793c76
_TWO54 = 1.80143985094819840000e16  # 0x43500000 00000000
_LG1 = 6.666666666666735130e-01  # 0x3FE55555 55555593
_LG2 = 3.999999999940941908e-01  # 0x3FD99999 9997FA04
_LG3 = 2.857142874366239149e-01  # 0x3FD24924 94229359
_LG4 = 2.222219843214978396e-01  # 0x3FCC71C5 1D8E78AF
_LG5 = 1.818357216161805012e-01  # 0x3FC74664 96CB03DE
_LG6 = 1.531383769920937332e-01  # 0x3FC39A09 D078C69F
_LG7 = 1.479819860511658591e-01  # 0x3FC2F112 DF3E5244

_E = 2.718281828459045
_INFINITY = float("inf")
_O_THRESHOLD = 7.09782712893383973096e02  # 0x40862E42 FEFA39EF
_U_THRESHOLD = -7.45133219101941108420e02  # 0xc0874910 D52D3051
_INV_LN2 = 1.44269504088896338700e00  # 0x3ff71547 652b82fe
_TWO_M1000 = 9.33263618503218878990e-302  # 2**-1000
_P1 = 1.66666666666666019037e-01  # 0x3FC55555 5555553E
_P2 = -2.77777777770155933842e-03  # 0xBF66C16C 16BEBD93
_P3 = 6.61375632143793436117e-05  # 0x3F11566A AF25DE2C
_P4 = -1.65339022054652515390e-06  # 0xBEBBBD41 C5D26BF1
_P5 = 4.13813679705723846039e-08  # 0x3E663769 72BEA4D0


def _words(x: float) -> tuple[int, int]:
    """The high and low 32-bit words of a double, the high one signed as in C."""
    bits: int = _BITS.unpack(_DOUBLE.pack(x))[0]
    high = bits >> 32
    if high >= 0x80000000:
        high -= 0x100000000
    return high, bits & 0xFFFFFFFF


def _with_high_word(x: float, high: int) -> float:
    low: int = _BITS.unpack(_DOUBLE.pack(x))[0] & 0xFFFFFFFF
    result: float = _DOUBLE.unpack(_BITS.pack(((high & 0xFFFFFFFF) << 32) | low))[0]
    return result


# Sentence scores take the logarithm of a few ratios of small counts, over and over: a cached
# answer is the same double, found 10x faster than this port computes it.
@functools.lru_cache(maxsize=1 << 14)
def log(x: float) -> float:
    """Natural logarithm, bit-identical to fdlibm ``__ieee754_log``."""
    hx, lx = _words(x)
    k = 0
    if hx < 0x00100000:  # x < 2**-1022: zero, negative or subnormal
        if ((hx & 0x7FFFFFFF) | lx) == 0:
            return -float("inf")
        if hx < 0:
            return float("nan")
        k -= 54
        x *= _TWO54
        hx, _ = _words(x)
    if hx >= 0x7FF00000:
        return x + x
    k += (hx >> 20) - 1023
    hx &= 0x000FFFFF
    i = (hx + 0x95F64) & 0x100000
    x = _with_high_word(x, hx | (i ^ 0x3FF00000))  # normalize x or x/2
    k += i >> 20
    f = x - 1.0
    if (0x000FFFFF & (2 + hx)) < 3:  # |f| < 2**-20
        return _log_near_one(f, k)
    return _log_series(f, k, hx)


def _log_near_one(f: float, k: int) -> float:
    dk = float(k)
    if f == 0.0:
        return 0.0 if k == 0 else dk * _LN2_HI + dk * _LN2_LO
    r = f * f * (0.5 - 0.33333333333333333 * f)
    if k == 0:
        return f - r
    return dk * _LN2_HI - ((r - dk * _LN2_LO) - f)


def _log_series(f: float, k: int, hx: int) -> float:
    s = f / (2.0 + f)
    dk = float(k)
    z = s * s
    i = hx - 0x6147A
    w = z * z
    j = 0x6B851 - hx
    t1 = w * (_LG2 + w * (_LG4 + w * _LG6))
    t2 = z * (_LG1 + w * (_LG3 + w * (_LG5 + w * _LG7)))
    i |= j
    r = t2 + t1
    if i > 0:
        hfsq = 0.5 * f * f
        if k == 0:
            return f - (hfsq - s * (hfsq + r))
        return dk * _LN2_HI - ((hfsq - (s * (hfsq + r) + dk * _LN2_LO)) - f)
    if k == 0:
        return f - s * (f - r)
    return dk * _LN2_HI - ((s * (f - r) - dk * _LN2_LO) - f)


def _from_high_word(high: int) -> float:
    """The double whose high word is ``high`` and low word 0: for a non-negative double x,
    x >= _from_high_word(h) exactly when x's high word is >= h, as their bits order alike."""
    value: float = _DOUBLE.unpack(_BITS.pack(high << 32))[0]
    return value


# fdlibm's tests on the high word of |x|, as comparisons of |x| (no word is taken apart).
_AT_LEAST_OVERFLOW_WORD = _from_high_word(0x40862E42)  # |x| >= 709.78...
_ABOVE_HALF_LN2_WORD = _from_high_word(0x3FD62E42 + 1)  # high word > 0x3FD62E42
_BELOW_2_M28 = _from_high_word(0x3E300000)  # |x| < 2**-28
_BELOW_ONE_AND_HALF_LN2_WORD = _from_high_word(0x3FF0A2B2)


def exp(x: float) -> float:
    """Exponential, bit-identical to fdlibm ``__ieee754_exp``."""
    if x == 1.0:
        return _E  # V8 special-cases e, which fdlibm gets one ulp wrong; BLEU never asks for it
    size = abs(x)
    if not size < _AT_LEAST_OVERFLOW_WORD:  # |x| >= 709.78..., or not finite
        if math.isnan(x):
            return x + x
        if size == _INFINITY:
            return 0.0 if x < 0 else x
        if x > _O_THRESHOLD:
            return _INFINITY
        if x < _U_THRESHOLD:
            return 0.0
    if size >= _ABOVE_HALF_LN2_WORD:  # |x| > 0.5 ln2: reduce the argument
        hi, lo, k = _reduce(x, size)
        x = hi - lo
    elif size < _BELOW_2_M28:
        return 1.0 + x
    else:
        hi, lo, k = 0.0, 0.0, 0
    t = x * x
    c = x - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    if k == 0:
        return 1.0 - ((x * c) / (c - 2.0) - x)
    y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi)
    return _scale(y, k)


def _reduce(x: float, size: float) -> tuple[float, float, int]:
    """Split x into hi - lo + k*ln2 with |hi - lo| <= 0.5 ln2."""
    negative = x < 0
    if size < _BELOW_ONE_AND_HALF_LN2_WORD:  # |x| < 1.5 ln2
        if negative:
            return x + _LN2_HI, -_LN2_LO, -1
        return x - _LN2_HI, _LN2_LO, 1
    k = int(_INV_LN2 * x + (-0.5 if negative else 0.5))  # C's cast truncates toward zero
    t = float(k)
    return x - t * _LN2_HI, t * _LN2_LO, k


def _scale(y: float, k: int) -> float:
    """y * 2**k by adding k to the exponent, as fdlibm does: for k >= -1021 the result is a
    normal double, which a multiplication by a power of two (ldexp) gives exactly."""
    if k >= -1021:
        return math.ldexp(y, k)
    high, _ = _words(y)
    return _with_high_word(y, high + ((k + 1000) << 20)) * _TWO_M1000
