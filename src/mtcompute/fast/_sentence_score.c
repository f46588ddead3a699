/* The sentence BLEU score of one segment's counts, compiled: ``fast/sentence_score.py``'s
 * formulas in the same order, with fdlibm's __ieee754_log and __ieee754_exp as
 * ``numerics/fdlibm.py`` ports them, so the same doubles bit for bit.
 *
 * That holds only for IEEE-754 binary64 arithmetic evaluated as written: no wider intermediate
 * (FLT_EVAL_METHOD 0, refused below) and no fused multiply-add (setup.py passes
 * -ffp-contract=off; the pragma says it to compilers that read it). Methods none, floor and exp
 * without rounding; add-k and decimals stay with the Python code.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <stdint.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "doubles are evaluated in a wider format here: the Python score serves instead"
#endif

#define MAX_ORDER 64

enum { NONE = 0, FLOOR = 1, EXP = 2 };

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

static double brevity_penalty(Py_ssize_t c, Py_ssize_t r) {
    if (c == 0) {
        return 0.0;
    }
    if (c > r) {
        return 1.0;
    }
    return fdlibm_exp(1.0 - (double)r / (double)c);
}

/* The smoothed precisions (NAN standing for null, where l_n = 0) and N_eff. */
static Py_ssize_t smoothed(const Py_ssize_t *matches, const Py_ssize_t *totals, Py_ssize_t orders,
                           int method, double value, int use_effective_order,
                           double *precisions) {
    double t = 1.0; /* exp's divisor: doubles at each order with n-grams and no match */
    Py_ssize_t effective = orders;
    for (Py_ssize_t n = 0; n < orders; n++) {
        if (totals[n] == 0) {
            precisions[n] = Py_NAN;
            if (use_effective_order && effective == orders) {
                effective = n; /* the first order without n-grams */
            }
        } else if (matches[n] != 0) {
            precisions[n] = (double)matches[n] / (double)totals[n];
        } else if (method == EXP) {
            t *= 2.0;
            precisions[n] = 1.0 / (t * (double)totals[n]);
        } else if (method == FLOOR) {
            precisions[n] = value / (double)totals[n];
        } else {
            precisions[n] = 0.0;
        }
    }
    return matches[0] == 0 ? 0 : effective;
}

static int read_counts(PyObject *tuple, Py_ssize_t *into, Py_ssize_t orders) {
    for (Py_ssize_t n = 0; n < orders; n++) {
        into[n] = PyLong_AsSsize_t(PyTuple_GET_ITEM(tuple, n));
        if (into[n] == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (into[n] < 0 || into[n] > ((Py_ssize_t)1 << 53)) {
            PyErr_SetString(PyExc_ValueError, "counts must be 0 to 2^53");
            return -1;
        }
    }
    return 0;
}

static PyObject *precisions_tuple(const double *precisions, Py_ssize_t orders) {
    PyObject *tuple = PyTuple_New(orders);
    if (tuple == NULL) {
        return NULL;
    }
    for (Py_ssize_t n = 0; n < orders; n++) {
        PyObject *item = Py_IS_NAN(precisions[n]) ? Py_NewRef(Py_None)
                                                  : PyFloat_FromDouble(precisions[n]);
        if (item == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, n, item);
    }
    return tuple;
}

static PyObject *score(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t matches[MAX_ORDER], totals[MAX_ORDER];
    double precisions[MAX_ORDER];
    if (nargs != 7 || !PyTuple_CheckExact(args[0]) || !PyTuple_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "score(matches, totals, c, r, method, value, "
                                         "use_effective_order): 7 arguments, two tuples first");
        return NULL;
    }
    Py_ssize_t orders = PyTuple_GET_SIZE(args[0]);
    if (orders < 1 || orders > MAX_ORDER || PyTuple_GET_SIZE(args[1]) != orders) {
        PyErr_SetString(PyExc_ValueError, "matches and totals: 1 to 64 orders, as many of each");
        return NULL;
    }
    Py_ssize_t c = PyLong_AsSsize_t(args[2]), r = PyLong_AsSsize_t(args[3]);
    long method = PyLong_AsLong(args[4]);
    double value = PyFloat_AsDouble(args[5]);
    int use_effective_order = PyObject_IsTrue(args[6]);
    if (PyErr_Occurred() || read_counts(args[0], matches, orders) < 0 ||
        read_counts(args[1], totals, orders) < 0) {
        return NULL;
    }
    if (method < NONE || method > EXP || c < 0 || r < 0 || c > ((Py_ssize_t)1 << 53) ||
        r > ((Py_ssize_t)1 << 53)) {
        PyErr_SetString(PyExc_ValueError, "method must be 0 to 2 and lengths 0 to 2^53");
        return NULL;
    }
    Py_ssize_t effective = smoothed(matches, totals, orders, (int)method, value,
                                    use_effective_order, precisions);
    double bp = brevity_penalty(c, r);
    double bleu = 0.0;
    int zero = effective == 0;
    for (Py_ssize_t n = 0; n < effective && !zero; n++) {
        zero = totals[n] == 0 || (method == NONE && matches[n] == 0);
    }
    if (!zero) {
        double acc = 0.0;
        for (Py_ssize_t n = 0; n < effective; n++) {
            acc += fdlibm_log(precisions[n]);
        }
        bleu = bp * fdlibm_exp((1.0 / (double)effective) * acc);
    }
    PyObject *smoothed_precisions = precisions_tuple(precisions, orders);
    if (smoothed_precisions == NULL) {
        return NULL;
    }
    return Py_BuildValue("(ddNn)", bleu, bp, smoothed_precisions, effective);
}

static PyObject *unary(PyObject *arg, double (*function)(double)) {
    double x = PyFloat_AsDouble(arg);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyFloat_FromDouble(function(x));
}

static PyObject *log_of(PyObject *module, PyObject *arg) {
    (void)module;
    return unary(arg, fdlibm_log);
}

static PyObject *exp_of(PyObject *module, PyObject *arg) {
    (void)module;
    return unary(arg, fdlibm_exp);
}

static PyMethodDef methods[] = {
    {"score", (PyCFunction)(void (*)(void))score, METH_FASTCALL,
     "score(matches, totals, c, r, method, value, use_effective_order)\n"
     "-> (bleu, brevity_penalty, precisions, effective_order)\n\n"
     "Sentence BLEU of one segment's counts; method 0 none, 1 floor (epsilon ``value``), 2 exp.\n"
     "A precision is None where the order has no n-gram."},
    {"log", log_of, METH_O, "fdlibm's __ieee754_log, as numerics.fdlibm.log."},
    {"exp", exp_of, METH_O, "fdlibm's __ieee754_exp, as numerics.fdlibm.exp."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_sentence_score",
    .m_doc = "The sentence BLEU score of one segment's counts, compiled.",
    .m_size = 0,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__sentence_score(void) { return PyModule_Create(&module); }
