/* What every kernel's extension module declares alike: its definition and init function
 * (MTCOMPUTE_MODULE, after the file's ``methods`` table), and, for a module that offers fdlibm
 * to Python, its log and exp as methods (FDLIBM_METHODS, with ``_fdlibm.h`` included first);
 * and the Python values more than one of them answers with.
 */

#ifndef MTCOMPUTE_MODULE_H
#define MTCOMPUTE_MODULE_H

#include <Python.h>
#include <stdint.h>

/* The module NAME (``_segment``, say) with the docstring DOC and the file's ``methods``; SETUP
 * is a statement run before the module is made (``(void)0`` for none). */
#define MTCOMPUTE_MODULE_WITH_SETUP(NAME, DOC, SETUP)                                            \
    static struct PyModuleDef module_definition = {                                             \
        .m_base = PyModuleDef_HEAD_INIT,                                                         \
        .m_name = #NAME,                                                                         \
        .m_doc = DOC,                                                                            \
        .m_size = 0,                                                                             \
        .m_methods = methods,                                                                    \
    };                                                                                           \
    PyMODINIT_FUNC PyInit_##NAME(void) {                                                         \
        SETUP;                                                                                   \
        return PyModule_Create(&module_definition);                                              \
    }

#define MTCOMPUTE_MODULE(NAME, DOC) MTCOMPUTE_MODULE_WITH_SETUP(NAME, DOC, (void)0)

/* A tuple of ``orders`` counts as Python ints; NULL with an exception set when it cannot be
 * made. */
static inline PyObject *counts_tuple(const uint32_t *counts, int orders) {
    PyObject *tuple = PyTuple_New(orders);
    for (int n = 0; tuple != NULL && n < orders; n++) {
        PyObject *count = PyLong_FromUnsignedLong(counts[n]);
        if (count == NULL) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, n, count);
    }
    return tuple;
}

/* The same of ``count`` 64-bit sums. */
static inline PyObject *long_long_tuple(const long long *values, Py_ssize_t count) {
    PyObject *tuple = PyTuple_New(count);
    for (Py_ssize_t i = 0; tuple != NULL && i < count; i++) {
        PyObject *value = PyLong_FromLongLong(values[i]);
        if (value == NULL) {
            Py_CLEAR(tuple);
            break;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

#ifdef MTCOMPUTE_FDLIBM_H
static inline PyObject *fdlibm_of(PyObject *arg, double (*function)(double)) {
    double x = PyFloat_AsDouble(arg);
    if (x == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    return PyFloat_FromDouble(function(x));
}

static inline PyObject *fdlibm_log_method(PyObject *module, PyObject *arg) {
    (void)module;
    return fdlibm_of(arg, fdlibm_log);
}

static inline PyObject *fdlibm_exp_method(PyObject *module, PyObject *arg) {
    (void)module;
    return fdlibm_of(arg, fdlibm_exp);
}

#define FDLIBM_METHODS                                                                           \
    {"log", fdlibm_log_method, METH_O, "fdlibm's __ieee754_log, as numerics.fdlibm.log."},       \
        {"exp", fdlibm_exp_method, METH_O, "fdlibm's __ieee754_exp, as numerics.fdlibm.exp."}
#endif

#endif
