/* Sentence BLEU of one segment's counts with smoothing none, floor or exp, unrounded:
 * ``fast/bleu/sentence_score.py``'s formulas in the same order, with fdlibm's log and exp, so the same
 * doubles bit for bit. Its includers include ``_exact.h`` and ``_fdlibm.h`` first.
 */

#ifndef MTCOMPUTE_SENTENCE_BLEU_H
#define MTCOMPUTE_SENTENCE_BLEU_H

#include <Python.h>

enum { SMOOTH_NONE = 0, SMOOTH_FLOOR = 1, SMOOTH_EXP = 2 };

static double sentence_brevity_penalty(Py_ssize_t c, Py_ssize_t r) {
    if (c == 0) {
        return 0.0;
    }
    if (c > r) {
        return 1.0;
    }
    return fdlibm_exp(1.0 - (double)r / (double)c);
}

/* The smoothed precisions (NAN standing for null, where l_n = 0) and N_eff. */
static Py_ssize_t sentence_smoothed(const Py_ssize_t *matches, const Py_ssize_t *totals,
                                    Py_ssize_t orders, int method, double value,
                                    int use_effective_order, double *precisions) {
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
        } else if (method == SMOOTH_EXP) {
            t *= 2.0;
            precisions[n] = 1.0 / (t * (double)totals[n]);
        } else if (method == SMOOTH_FLOOR) {
            precisions[n] = value / (double)totals[n];
        } else {
            precisions[n] = 0.0;
        }
    }
    return matches[0] == 0 ? 0 : effective;
}

/* The score (0 to 1) of precisions ``sentence_smoothed`` gave, N_eff of them, and the brevity
 * penalty. */
static double sentence_bleu(const Py_ssize_t *matches, const Py_ssize_t *totals,
                            const double *precisions, Py_ssize_t effective, int method,
                            double bp) {
    int zero = effective == 0;
    for (Py_ssize_t n = 0; n < effective && !zero; n++) {
        zero = totals[n] == 0 || (method == SMOOTH_NONE && matches[n] == 0);
    }
    if (zero) {
        return 0.0;
    }
    double acc = 0.0;
    for (Py_ssize_t n = 0; n < effective; n++) {
        acc += fdlibm_log(precisions[n]);
    }
    return bp * fdlibm_exp((1.0 / (double)effective) * acc);
}

#endif
