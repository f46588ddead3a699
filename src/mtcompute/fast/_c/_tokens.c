/* The token rule's bulk check, compiled: every token a non-empty str of valid Unicode (no lone
 * surrogate) within a UTF-8 byte limit, and the tokens and their UTF-8 bytes counted.
 *
 * It answers only "all valid" (the counts) or "walk them" (None): the Python walker finds and
 * words each violation.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_module.h"

/* The UTF-8 bytes of ``token``, or -1 when it holds a surrogate. */
static Py_ssize_t utf8_size(PyObject *token) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(token);
    if (PyUnicode_IS_ASCII(token)) {
        return length;
    }
    Py_ssize_t size = length;
    int kind = PyUnicode_KIND(token);
    const void *data = PyUnicode_DATA(token);
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 character = PyUnicode_READ(kind, data, i);
        if (character >= 0x80) {
            if (character >= 0xD800 && character <= 0xDFFF) {
                return -1;
            }
            size += character < 0x800 ? 1 : character < 0x10000 ? 2 : 3;
        }
    }
    return size;
}

/* Adds one list's tokens and bytes to the counts; 0 when a token breaks the rule. */
static int count_list(PyObject *tokens, Py_ssize_t longest, Py_ssize_t *count, Py_ssize_t *size) {
    if (!PyList_Check(tokens) && !PyTuple_Check(tokens)) {
        return 0;
    }
    Py_ssize_t length = PySequence_Fast_GET_SIZE(tokens);
    PyObject **items = PySequence_Fast_ITEMS(tokens);
    for (Py_ssize_t i = 0; i < length; i++) {
        PyObject *token = items[i];
        if (!PyUnicode_Check(token) || PyUnicode_GET_LENGTH(token) == 0) {
            return 0;
        }
        Py_ssize_t bytes = utf8_size(token);
        if (bytes < 0 || (longest >= 0 && bytes > longest)) {
            return 0;
        }
        *size += bytes;
    }
    *count += length;
    return 1;
}

static PyObject *check(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "check(lists, max_token_bytes) takes 2 arguments");
        return NULL;
    }
    PyObject *lists = args[0];
    Py_ssize_t longest = -1; /* None: no limit */
    if (args[1] != Py_None) {
        longest = PyLong_AsSsize_t(args[1]);
        if (longest == -1 && PyErr_Occurred()) {
            return NULL;
        }
    }
    if (!PyList_Check(lists) && !PyTuple_Check(lists)) {
        PyErr_SetString(PyExc_TypeError, "check() takes a list or tuple of token lists");
        return NULL;
    }
    Py_ssize_t count = 0, size = 0;
    Py_ssize_t length = PySequence_Fast_GET_SIZE(lists);
    PyObject **items = PySequence_Fast_ITEMS(lists);
    for (Py_ssize_t k = 0; k < length; k++) {
        if (!count_list(items[k], longest, &count, &size)) {
            Py_RETURN_NONE;
        }
    }
    return Py_BuildValue("(nn)", count, size);
}

static PyMethodDef methods[] = {
    {"check", (PyCFunction)(void (*)(void))check, METH_FASTCALL,
     "check(lists, max_token_bytes) -> (tokens, utf8_bytes) or None\n\n"
     "The number of tokens in ``lists`` and their UTF-8 bytes when every list is a list or\n"
     "tuple and every token a non-empty str without a surrogate, of at most max_token_bytes\n"
     "UTF-8 bytes (None: any); otherwise None."},
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_tokens, "The token rule's bulk check, compiled.")
