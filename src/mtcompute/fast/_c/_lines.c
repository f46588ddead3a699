/* The survey of a text file's lines in one pass: how many a block holds, and its first problem,
 * a byte that strict UTF-8 refuses (as Python's decoder does: no overlong forms, no surrogates,
 * nothing past U+10FFFF, no sequence cut short) or a line longer than the bound. The bytes are
 * read with the GIL released, so that several files are surveyed on several cores.
 */

#define PY_SSIZE_T_CLEAN
#include "_module.h"

#include <string.h>

enum { FINE = 0, NOT_UTF8 = 1, TOO_LONG = 2 };

static const uint64_t HIGH_BITS = 0x8080808080808080ULL;

/* Where the sequence that starts with the non-ASCII byte at ``at`` ends, or NULL when strict
 * UTF-8 refuses it (its lead, a continuation out of range, or the line ending first). */
static const unsigned char *sequence_end(const unsigned char *at, const unsigned char *end) {
    unsigned char lead = at[0], low = 0x80, high = 0xBF;
    Py_ssize_t more;
    if (lead >= 0xC2 && lead <= 0xDF) {
        more = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        more = 2;
        low = lead == 0xE0 ? 0xA0 : 0x80;   /* no overlong form */
        high = lead == 0xED ? 0x9F : 0xBF;  /* no surrogate */
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        more = 3;
        low = lead == 0xF0 ? 0x90 : 0x80;   /* no overlong form */
        high = lead == 0xF4 ? 0x8F : 0xBF;  /* nothing past U+10FFFF */
    } else {
        return NULL;
    }
    if (end - at <= more || at[1] < low || at[1] > high) {
        return NULL;
    }
    for (Py_ssize_t k = 2; k <= more; k++) {
        if ((at[k] & 0xC0) != 0x80) {
            return NULL;
        }
    }
    return at + more + 1;
}

/* The first byte of [at, end) that is not strict UTF-8, or NULL; ASCII is skipped 8 bytes at a
 * time. */
static const unsigned char *first_invalid(const unsigned char *at, const unsigned char *end) {
    while (at < end) {
        uint64_t word;
        while (end - at >= 8 && (memcpy(&word, at, 8), (word & HIGH_BITS) == 0)) {
            at += 8;
        }
        while (at < end && *at < 0x80) {
            at++;
        }
        if (at == end) {
            return NULL;
        }
        const unsigned char *next = sequence_end(at, end);
        if (next == NULL) {
            return at;
        }
        at = next;
    }
    return NULL;
}

typedef struct {
    Py_ssize_t newlines;
    int problem;
    Py_ssize_t offset;
} Survey;

/* The lines of data[0, end): each ends at a newline (the last may not); the first byte that is
 * not UTF-8 is the problem, else the start of the first line longer than ``most`` bytes, with
 * the newlines before it. */
static Survey survey(const unsigned char *data, Py_ssize_t end, Py_ssize_t most) {
    Survey found = {0, FINE, 0}, long_line = {0, FINE, -1};
    for (Py_ssize_t start = 0; start < end;) {
        const unsigned char *newline = memchr(data + start, '\n', (size_t)(end - start));
        Py_ssize_t stop = newline == NULL ? end : newline - data;
        if (long_line.problem == FINE && stop - start > most) {
            long_line = (Survey){found.newlines, TOO_LONG, start};
        }
        const unsigned char *invalid = first_invalid(data + start, data + stop);
        if (invalid != NULL) {
            return (Survey){found.newlines, NOT_UTF8, invalid - data};
        }
        found.newlines += newline != NULL;
        start = stop + 1;
    }
    return long_line.problem == FINE ? found : long_line;
}

static PyObject *survey_lines(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "survey_lines(data, end, most_bytes)");
        return NULL;
    }
    Py_ssize_t end = PyLong_AsSsize_t(args[1]);
    Py_ssize_t most = PyLong_AsSsize_t(args[2]);
    if ((end == -1 || most == -1) && PyErr_Occurred()) {
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_SIMPLE) != 0) {
        return NULL;
    }
    if (end < 0 || end > view.len || most < 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "end must be within the data, most_bytes >= 0");
        return NULL;
    }
    Survey found;
    Py_BEGIN_ALLOW_THREADS;
    found = survey((const unsigned char *)view.buf, end, most);
    Py_END_ALLOW_THREADS;
    PyBuffer_Release(&view);
    return Py_BuildValue("(nin)", found.newlines, found.problem, found.offset);
}

static PyMethodDef methods[] = {
    {"survey_lines", (PyCFunction)(void (*)(void))survey_lines, METH_FASTCALL,
     "survey_lines(data, end, most_bytes) -> (newlines, problem, offset): the newlines of "
     "data[:end] and its first problem (0 none, 1 a byte that is not UTF-8 at offset, 2 a line "
     "longer than most_bytes starting at offset)."},
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_lines, "A text file's lines counted and checked in one pass.")
