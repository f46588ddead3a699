/* The sentence BLEU score of one segment's counts, compiled: ``fast/bleu/sentence_score.py``'s
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

#include "_exact.h"

#define MAX_ORDER 64

#include "_fdlibm.h"
#include "_module.h"
#include "_sentence_bleu.h"

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
    if (method < SMOOTH_NONE || method > SMOOTH_EXP || c < 0 || r < 0 || c > ((Py_ssize_t)1 << 53) ||
        r > ((Py_ssize_t)1 << 53)) {
        PyErr_SetString(PyExc_ValueError, "method must be 0 to 2 and lengths 0 to 2^53");
        return NULL;
    }
    Py_ssize_t effective = sentence_smoothed(matches, totals, orders, (int)method, value,
                                             use_effective_order, precisions);
    double bp = sentence_brevity_penalty(c, r);
    double bleu = sentence_bleu(matches, totals, precisions, effective, (int)method, bp);
    PyObject *smoothed_precisions = precisions_tuple(precisions, orders);
    if (smoothed_precisions == NULL) {
        return NULL;
    }
    return Py_BuildValue("(ddNn)", bleu, bp, smoothed_precisions, effective);
}

static PyMethodDef methods[] = {
    {"score", (PyCFunction)(void (*)(void))score, METH_FASTCALL,
     "score(matches, totals, c, r, method, value, use_effective_order)\n"
     "-> (bleu, brevity_penalty, precisions, effective_order)\n\n"
     "Sentence BLEU of one segment's counts; method 0 none, 1 floor (epsilon ``value``), 2 exp.\n"
     "A precision is None where the order has no n-gram."},
    FDLIBM_METHODS,
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_sentence_score, "The sentence BLEU score of one segment's counts, compiled.")
