/* fdlibm's __ieee754_log and __ieee754_exp as ``numerics/fdlibm.py`` ports them, for the
 * compiled paths that score (``_sentence_score.c``, ``_pairwise.c``): the same doubles bit for
 * bit, where doubles are evaluated as written (FLT_EVAL_METHOD 0, no fused multiply-add; each
 * includer checks the first and is compiled with -ffp-contract=off).
 */

#ifndef MTCOMPUTE_FDLIBM_H
#define MTCOMPUTE_FDLIBM_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* fdlibm's constants, as hexadecimal literals of the very doubles numerics/fdlibm.py holds. */
static const double LN2_HI = 0x1.62e42fee00000p-1;
static const double LN2_LO = 0x1.a39ef35793c76p-33;
static const double TWO54 = 0x1.0p+54;
static const double LG1 = 0x1.5555555555593p-1;
static const double LG2 = 0x1.999999997fa04p-2;
static const double LG3 = 0x1.2492494229359p-2;
static const double LG4 = 0x1.c71c51d8e78afp-3;
static const double LG5 = 0x1.7466496cb03dep-3;
static const double LG6 = 0x1.39a09d078c69fp-3;
static const double LG7 = 0x1.2f112df3e5244p-3;
static const double THIRD = 0x1.5555555555555p-2; /* fdlibm's 0.33333333333333333 */
static const double E = 0x1.5bf0a8b145769p+1;
static const double O_THRESHOLD = 0x1.62e42fefa39efp+9;
static const double U_THRESHOLD = -0x1.74910d52d3051p+9;
static const double INV_LN2 = 0x1.71547652b82fep+0;
static const double TWO_M1000 = 0x1.0p-1000;
static const double P1 = 0x1.555555555553ep-3;
static const double P2 = -0x1.6c16c16bebd93p-9;
static const double P3 = 0x1.1566aaf25de2cp-14;
static const double P4 = -0x1.bbd41c5d26bf1p-20;
static const double P5 = 0x1.6376972bea4d0p-25;

static int32_t high_word(double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return (int32_t)(uint32_t)(bits >> 32);
}

static uint32_t low_word(double x) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    return (uint32_t)bits;
}

static double with_high_word(double x, int32_t high) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits = ((uint64_t)(uint32_t)high << 32) | (bits & 0xffffffffu);
    memcpy(&x, &bits, sizeof x);
    return x;
}

static double log_near_one(double f, int32_t k) {
    double dk = (double)k;
    if (f == 0.0) {
        return k == 0 ? 0.0 : dk * LN2_HI + dk * LN2_LO;
    }
    double r = f * f * (0.5 - THIRD * f);
    if (k == 0) {
        return f - r;
    }
    return dk * LN2_HI - ((r - dk * LN2_LO) - f);
}

static double log_series(double f, int32_t k, int32_t hx) {
    double s = f / (2.0 + f);
    double dk = (double)k;
    double z = s * s;
    int32_t i = hx - 0x6147a;
    double w = z * z;
    int32_t j = 0x6b851 - hx;
    double t1 = w * (LG2 + w * (LG4 + w * LG6));
    double t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    i |= j;
    double r = t2 + t1;
    if (i > 0) {
        double hfsq = 0.5 * f * f;
        if (k == 0) {
            return f - (hfsq - s * (hfsq + r));
        }
        return dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f);
    }
    if (k == 0) {
        return f - s * (f - r);
    }
    return dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f);
}

static double fdlibm_log(double x) {
    int32_t hx = high_word(x);
    uint32_t lx = low_word(x);
    int32_t k = 0;
    if (hx < 0x00100000) { /* x < 2^-1022: zero, negative or subnormal */
        if (((hx & 0x7fffffff) | (int32_t)lx) == 0) {
            return -HUGE_VAL;
        }
        if (hx < 0) {
            return Py_NAN;
        }
        k -= 54;
        x *= TWO54;
        hx = high_word(x);
    }
    if (hx >= 0x7ff00000) {
        return x + x;
    }
    k += (hx >> 20) - 1023;
    hx &= 0x000fffff;
    int32_t i = (hx + 0x95f64) & 0x100000;
    x = with_high_word(x, hx | (i ^ 0x3ff00000)); /* normalize x or x/2 */
    k += i >> 20;
    double f = x - 1.0;
    if ((0x000fffff & (2 + hx)) < 3) { /* |f| < 2^-20 */
        return log_near_one(f, k);
    }
    return log_series(f, k, hx);
}

static double scaled(double y, int32_t k) {
    int32_t high = high_word(y);
    if (k >= -1021) {
        return with_high_word(y, high + (int32_t)((uint32_t)k << 20));
    }
    return with_high_word(y, high + (int32_t)((uint32_t)(k + 1000) << 20)) * TWO_M1000;
}

static double fdlibm_exp(double x) {
    if (x == 1.0) {
        return E; /* V8 special-cases e, which fdlibm gets one ulp wrong */
    }
    int32_t hx = high_word(x);
    uint32_t lx = low_word(x);
    int negative = hx < 0;
    double hi = 0.0, lo = 0.0;
    int32_t k = 0;
    hx &= 0x7fffffff;
    if (hx >= 0x40862e42) { /* |x| >= 709.78..., or not finite */
        if (hx >= 0x7ff00000) {
            if (((hx & 0xfffff) | (int32_t)lx) != 0) {
                return x + x; /* NaN */
            }
            return negative ? 0.0 : x;
        }
        if (x > O_THRESHOLD) {
            return HUGE_VAL;
        }
        if (x < U_THRESHOLD) {
            return 0.0;
        }
    }
    if (hx > 0x3fd62e42) { /* |x| > 0.5 ln2: reduce the argument */
        if (hx < 0x3ff0a2b2) { /* |x| < 1.5 ln2 */
            hi = negative ? x + LN2_HI : x - LN2_HI;
            lo = negative ? -LN2_LO : LN2_LO;
            k = negative ? -1 : 1;
        } else {
            k = (int32_t)(INV_LN2 * x + (negative ? -0.5 : 0.5)); /* truncates toward zero */
            double t = (double)k;
            hi = x - t * LN2_HI;
            lo = t * LN2_LO;
        }
        x = hi - lo;
    } else if (hx < 0x3e300000) { /* |x| < 2^-28 */
        return 1.0 + x;
    }
    double t = x * x;
    double c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    if (k == 0) {
        return 1.0 - ((x * c) / (c - 2.0) - x);
    }
    double y = 1.0 - ((lo - (x * c) / (2.0 - c)) - hi);
    return scaled(y, k);
}

#endif
