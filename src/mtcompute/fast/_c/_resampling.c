/* Logarithms and exponentials of arrays of doubles, compiled, for the scores of resamples.
 *
 * - log_each, exp_each: sacreBLEU scores every resample with Python's math.log and math.exp,
 *   which call the C library's log and exp. Called here on each double of an array, they give
 *   the same doubles as math.log and math.exp in the same process, without a Python call per
 *   value; numpy's own log and exp are other implementations, whose last bits differ. Where
 *   math.log or math.exp raises (a logarithm of a number <= 0, an exponential that overflows),
 *   so do they, with the same exception.
 * - resample_counts: how many times each bootstrap resample takes each segment.
 * - resample_sums: each bootstrap resample's statistics summed, segment by segment.
 * - portable_indexes, portable_coins: the portable draws, as fast/resampling/draws.py
 *   specifies them.
 * - unpack_coins: randomization trials' packed coins as the 0 and 1 of a matrix product.
 * - kept_sums: per randomization trial, the statistics of the segments it keeps summed, from
 *   the packed coins (see below).
 * - fdlibm_log_each, fdlibm_exp_each: the portable scores' fdlibm (numerics/fdlibm.py, ported in
 *   _fdlibm.h), which holds only where doubles are evaluated as written (FLT_EVAL_METHOD 0,
 *   refused below; setup.py passes -ffp-contract=off).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "_exact.h"

#include "_fdlibm.h"
#include "_module.h"

/* Each byte's bits as floats, the least significant first; filled when the module loads. */
static float BYTE_BITS[256][8];

typedef struct {
    Py_buffer values, out;
    Py_ssize_t count;
} Arrays;

/* ``values`` and ``out``: C-contiguous float64 buffers of one length, ``out`` writable. */
static int open_arrays(PyObject *const *args, Py_ssize_t nargs, const char *name,
                       Arrays *arrays) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s(values, out) takes 2 arguments", name);
        return -1;
    }
    if (PyObject_GetBuffer(args[0], &arrays->values, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return -1;
    }
    if (PyObject_GetBuffer(args[1], &arrays->out,
                           PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&arrays->values);
        return -1;
    }
    const Py_buffer *views[] = {&arrays->values, &arrays->out};
    for (int v = 0; v < 2; v++) {
        if (views[v]->itemsize != 8 || views[v]->format == NULL ||
            strcmp(views[v]->format, "d") != 0) {
            PyErr_Format(PyExc_TypeError, "%s takes float64 buffers", name);
            PyBuffer_Release(&arrays->values);
            PyBuffer_Release(&arrays->out);
            return -1;
        }
    }
    if (arrays->values.len != arrays->out.len) {
        PyErr_Format(PyExc_ValueError, "%s: values and out differ in length", name);
        PyBuffer_Release(&arrays->values);
        PyBuffer_Release(&arrays->out);
        return -1;
    }
    arrays->count = arrays->values.len / 8;
    return 0;
}

static void close_arrays(Arrays *arrays) {
    PyBuffer_Release(&arrays->values);
    PyBuffer_Release(&arrays->out);
}

/* Where math.log raises: a logarithm of a number <= 0 (NaN passes, as math.log's). */
static int log_refuses(double x, double r) {
    (void)r;
    return !(x > 0.0) && !isnan(x);
}

/* Where math.exp raises: a finite number whose exponential overflows. */
static int exp_refuses(double x, double r) { return isinf(r) && isfinite(x); }

static int never_refuses(double x, double r) {
    (void)x;
    (void)r;
    return 0;
}

/* out[i] = function(values[i]); the exception where ``refuses`` says math would raise. */
static PyObject *each(PyObject *const *args, Py_ssize_t nargs, const char *name,
                      double (*function)(double), int (*refuses)(double, double),
                      PyObject *exception, const char *message) {
    Arrays arrays;
    if (open_arrays(args, nargs, name, &arrays) < 0) {
        return NULL;
    }
    const double *values = arrays.values.buf;
    double *out = arrays.out.buf;
    for (Py_ssize_t i = 0; i < arrays.count; i++) {
        double x = values[i];
        double r = function(x);
        if (refuses(x, r)) {
            close_arrays(&arrays);
            PyErr_SetString(exception, message);
            return NULL;
        }
        out[i] = r;
    }
    close_arrays(&arrays);
    Py_RETURN_NONE;
}

static PyObject *log_each(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return each(args, nargs, "log_each", log, log_refuses, PyExc_ValueError,
                "math domain error");
}

static PyObject *exp_each(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return each(args, nargs, "exp_each", exp, exp_refuses, PyExc_OverflowError,
                "math range error");
}

static PyObject *fdlibm_log_each(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return each(args, nargs, "fdlibm_log_each", fdlibm_log, never_refuses, NULL, NULL);
}

static PyObject *fdlibm_exp_each(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return each(args, nargs, "fdlibm_exp_each", fdlibm_exp, never_refuses, NULL, NULL);
}

/* Buffers of 32-bit and of unsigned 16-bit integers. */
/* A block whose rows of CHUNK int32 (64 bytes) each sit in one cache line: an unaligned row
 * would straddle two, and the kernels read rows at random. ``*raw`` is what to free. */
static int32_t *aligned_rows(size_t values, void **raw) {
    *raw = malloc(values * sizeof(int32_t) + 64);
    if (*raw == NULL) {
        return NULL;
    }
    return (int32_t *)(((uintptr_t)*raw + 63) & ~(uintptr_t)63);
}

static int int32_matrix(const Py_buffer *view) {
    return view->itemsize == 4 && view->format != NULL &&
           (strcmp(view->format, "i") == 0 || strcmp(view->format, "l") == 0);
}

static int uint16_matrix(const Py_buffer *view) {
    return view->itemsize == 2 && view->format != NULL && strcmp(view->format, "H") == 0;
}

/* resample_counts(indexes, n, out): out[s, j] = how many times row s of indexes (int64, rows of
 * n segments) takes segment j, as float32 (small integers, exact). */
static PyObject *resample_counts(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "resample_counts(indexes, n, out) takes 3 arguments");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[1]);
    if (n == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_buffer indexes, out;
    if (PyObject_GetBuffer(args[0], &indexes, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(args[2], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) <
        0) {
        PyBuffer_Release(&indexes);
        return NULL;
    }
    PyObject *answer = NULL;
    int int64 = indexes.itemsize == 8 && indexes.format != NULL &&
                (strcmp(indexes.format, "q") == 0 || strcmp(indexes.format, "l") == 0);
    int float32 = out.itemsize == 4 && out.format != NULL && strcmp(out.format, "f") == 0;
    if (!int64 || !float32 || n < 1 || indexes.len / 8 != out.len / 4 || (out.len / 4) % n != 0) {
        PyErr_SetString(PyExc_ValueError, "resample_counts takes int64 indexes and a float32 out "
                                          "of one shape, rows of n >= 1");
    } else {
        Py_ssize_t rows = out.len / 4 / n, bad = -1;
        memset(out.buf, 0, (size_t)out.len);
        for (Py_ssize_t s = 0; s < rows && bad < 0; s++) {
            const int64_t *taken = (const int64_t *)indexes.buf + s * n;
            float *counts = (float *)out.buf + s * n;
            for (Py_ssize_t j = 0; j < n; j++) {
                if (taken[j] < 0 || taken[j] >= n) {
                    bad = s * n + j;
                    break;
                }
                counts[taken[j]] += 1.0f;
            }
        }
        if (bad >= 0) {
            PyErr_Format(PyExc_ValueError, "index %lld is not a segment of %zd",
                         (long long)((const int64_t *)indexes.buf)[bad], n);
        } else {
            answer = Py_NewRef(Py_None);
        }
    }
    PyBuffer_Release(&indexes);
    PyBuffer_Release(&out);
    return answer;
}

/* ------------------------------------------------------------------------------------------ */
/* The portable draws (fast/resampling/draws.py specifies them): splitmix64's outputs
 * x_k = mix(seed + k * 0x9E3779B97F4A7C15), k = 1, 2, ..., on unsigned 64-bit integers. */

static uint64_t splitmix64_output(uint64_t seed, uint64_t k) {
    uint64_t z = seed + k * 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static int read_seed(PyObject *object, uint64_t *seed) {
    unsigned long long value = PyLong_AsUnsignedLongLong(object);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) {
        return -1;
    }
    *seed = (uint64_t)value;
    return 0;
}

/* portable_indexes(seed, n, out): each index below n in turn, the unbiased bounded draw: the
 * top b bits of the next output (b the bit length of n - 1), drawn again while they are n or
 * more. ``out``: uint16, int32 or int64. */
static PyObject *portable_indexes(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint64_t seed;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "portable_indexes(seed, n, out) takes 3 arguments");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[1]);
    if ((n == -1 && PyErr_Occurred()) || read_seed(args[0], &seed) < 0) {
        return NULL;
    }
    Py_buffer out;
    if (PyObject_GetBuffer(args[2], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) <
        0) {
        return NULL;
    }
    int wide = out.itemsize == 8 && out.format != NULL &&
               (strcmp(out.format, "q") == 0 || strcmp(out.format, "l") == 0);
    if (n < 1 || !(wide || int32_matrix(&out) || uint16_matrix(&out)) ||
        (!wide && out.itemsize == 2 && n > 65536)) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "portable_indexes takes n >= 1 and a uint16, int32 or "
                                          "int64 out that holds indexes below n");
        return NULL;
    }
    int bits = 0;
    while (bits < 64 && ((uint64_t)(n - 1) >> bits) != 0) {
        bits++;
    }
    Py_ssize_t count = out.len / out.itemsize;
    uint64_t k = 1;
    for (Py_ssize_t i = 0; i < count; i++) {
        uint64_t v;
        do {
            uint64_t x = splitmix64_output(seed, k++);
            v = bits ? x >> (64 - bits) : 0;
        } while (v >= (uint64_t)n);
        if (out.itemsize == 8) {
            ((int64_t *)out.buf)[i] = (int64_t)v;
        } else if (out.itemsize == 4) {
            ((int32_t *)out.buf)[i] = (int32_t)v;
        } else {
            ((uint16_t *)out.buf)[i] = (uint16_t)v;
        }
    }
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* The 64 bits of x in the other order: the first coin (the most significant bit) least. */
static uint64_t reversed_bits(uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555u) | ((x & 0x5555555555555555u) << 1);
    x = ((x >> 2) & 0x3333333333333333u) | ((x & 0x3333333333333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Fu) | ((x & 0x0F0F0F0F0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FF00FF00FFu) | ((x & 0x00FF00FF00FF00FFu) << 8);
    x = ((x >> 16) & 0x0000FFFF0000FFFFu) | ((x & 0x0000FFFF0000FFFFu) << 16);
    return (x >> 32) | (x << 32);
}

/* portable_coins(seed, out): the coins, 64 an output (its most significant bit first), packed
 * eight a byte with the first coin in the least significant bit, into the uint8 buffer ``out``
 * (a multiple of 8 bytes). */
static PyObject *portable_coins(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    uint64_t seed;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "portable_coins(seed, out) takes 2 arguments");
        return NULL;
    }
    if (read_seed(args[0], &seed) < 0) {
        return NULL;
    }
    Py_buffer out;
    if (PyObject_GetBuffer(args[1], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        return NULL;
    }
    if (out.len % 8 != 0) {
        PyBuffer_Release(&out);
        PyErr_SetString(PyExc_ValueError, "portable_coins takes whole outputs: 8 bytes each");
        return NULL;
    }
    uint8_t *bytes = out.buf;
    for (Py_ssize_t k = 0; k < out.len / 8; k++) {
        uint64_t word = reversed_bits(splitmix64_output(seed, (uint64_t)k + 1));
        for (int b = 0; b < 8; b++) { /* little-endian, whatever the machine's order */
            bytes[8 * k + b] = (uint8_t)(word >> (8 * b));
        }
    }
    PyBuffer_Release(&out);
    Py_RETURN_NONE;
}

/* unpack_coins(data, first, out): out[i] = bit first + i of the uint8 buffer ``data`` (the least
 * significant bit of each byte first) as 0.0f or 1.0f, for a float32 ``out``. */
static PyObject *unpack_coins(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "unpack_coins(data, first, out) takes 3 arguments");
        return NULL;
    }
    Py_ssize_t first = PyLong_AsSsize_t(args[1]);
    if (first == -1 && PyErr_Occurred()) {
        return NULL;
    }
    Py_buffer data, out;
    if (PyObject_GetBuffer(args[0], &data, PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(args[2], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) <
        0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    PyObject *answer = NULL;
    Py_ssize_t count = out.len / 4;
    if (out.itemsize != 4 || out.format == NULL || strcmp(out.format, "f") != 0 || first < 0 ||
        first > data.len * 8 - count) {
        PyErr_SetString(PyExc_ValueError, "unpack_coins takes a float32 out whose bits, from "
                                          "first on, are all in data");
    } else {
        const uint8_t *bytes = data.buf;
        float *to = out.buf;
        Py_ssize_t q = first, end = first + count;
        for (; q < end && q % 8 != 0; q++) { /* up to a whole byte */
            *to++ = (float)((bytes[q / 8] >> (q % 8)) & 1);
        }
        for (; q + 8 <= end; q += 8) { /* a byte at a time: eight floats from the table */
            memcpy(to, BYTE_BITS[bytes[q / 8]], sizeof BYTE_BITS[0]);
            to += 8;
        }
        for (; q < end; q++) {
            *to++ = (float)((bytes[q / 8] >> (q % 8)) & 1);
        }
        answer = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&out);
    return answer;
}

/* ------------------------------------------------------------------------------------------ */
/* Integer sums of statistics rows, CHUNK columns at a time: a chunk's rows (or tables) stay in
 * the processor's caches while every resample reads them, and its running sums in registers.
 * Integer sums are exact in any order. */

#define CHUNK 16


/* A chunk's running sums: two vectors of 8 where the compiler has vector types (else it keeps
 * the CHUNK sums in scalar registers; one vector of 16 it spills on AVX2), or an array. */
#if defined(__GNUC__)
typedef int32_t Half __attribute__((vector_size(CHUNK / 2 * sizeof(int32_t))));
typedef struct {
    Half low, high;
} Sums;

static inline void add_row(Sums *sums, const int32_t *row) {
    Half low, high;
    memcpy(&low, row, sizeof low);
    memcpy(&high, row + CHUNK / 2, sizeof high);
    sums->low += low;
    sums->high += high;
}
#else
typedef struct {
    int32_t k[CHUNK];
} Sums;

static inline void add_row(Sums *sums, const int32_t *row) {
    for (size_t k = 0; k < CHUNK; k++) {
        sums->k[k] += row[k];
    }
}
#endif

/* resample_sums(indexes, statistics, out): out[s] = the sum of statistics' rows indexes[s, j]
 * over j, for int32 statistics of n rows and uint16 or int32 indexes of rows of n: a bootstrap
 * resample's statistics, the segments it takes added one by one (a test set of fewer than 2^16
 * segments keeps its resamples in half the memory). The statistics are laid out CHUNK columns at
 * a time, so that a chunk's rows stay in the processor's caches while every resample reads them.
 * Integer sums: exact (the caller checks that n times the largest magnitude is below 2^31). */
#define CHUNK_RESAMPLE_SUMS(name, Index)                                                        \
    static VECTORISED void name(const Index *indexes, size_t samples, size_t n,                 \
                                const int32_t *chunk, size_t width, size_t column,              \
                                size_t columns, int32_t *out) {                                 \
        for (size_t s = 0; s < samples; s++) {                                                  \
            Sums sums;                                                                          \
            memset(&sums, 0, sizeof sums);                                                      \
            const Index *taken = indexes + s * n;                                               \
            for (size_t j = 0; j < n; j++) {                                                    \
                add_row(&sums, chunk + (size_t)taken[j] * CHUNK);                               \
            }                                                                                   \
            int32_t row[CHUNK];                                                                 \
            memcpy(row, &sums, sizeof row);                                                     \
            memcpy(out + s * width + column, row, columns * sizeof(int32_t));                   \
        }                                                                                       \
    }

CHUNK_RESAMPLE_SUMS(chunk_resample_sums_16, uint16_t)
CHUNK_RESAMPLE_SUMS(chunk_resample_sums_32, int32_t)

/* Whether every index is a segment below n. */
static int segments_below(const void *indexes, int wide, size_t count, size_t n) {
    for (size_t i = 0; i < count; i++) {
        int64_t index = wide ? ((const int32_t *)indexes)[i] : ((const uint16_t *)indexes)[i];
        if (index < 0 || (uint64_t)index >= n) {
            PyErr_Format(PyExc_ValueError, "index %lld is not a segment of %zu",
                         (long long)index, n);
            return 0;
        }
    }
    return 1;
}

/* Every resample's sums, chunk by chunk; None, or NULL with an exception. */
static PyObject *resample_sums_of(const void *indexes, int wide, size_t samples, size_t n,
                                  const int32_t *statistics, size_t width, int32_t *out) {
    if (!segments_below(indexes, wide, samples * n, n)) {
        return NULL;
    }
    void *raw;
    int32_t *chunk = aligned_rows((n + 1) * CHUNK, &raw);
    if (chunk == NULL) {
        return PyErr_NoMemory();
    }
    Py_BEGIN_ALLOW_THREADS
    for (size_t column = 0; column < width; column += CHUNK) {
        size_t columns = width - column < CHUNK ? width - column : CHUNK;
        for (size_t j = 0; j < n; j++) {
            for (size_t k = 0; k < CHUNK; k++) {
                chunk[j * CHUNK + k] = k < columns ? statistics[j * width + column + k] : 0;
            }
        }
        if (wide) {
            chunk_resample_sums_32(indexes, samples, n, chunk, width, column, columns, out);
        } else {
            chunk_resample_sums_16(indexes, samples, n, chunk, width, column, columns, out);
        }
    }
    Py_END_ALLOW_THREADS
    free(raw);
    Py_RETURN_NONE;
}

static PyObject *resample_sums(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "resample_sums(indexes, statistics, out) takes 3 "
                                         "arguments");
        return NULL;
    }
    Py_buffer views[3];
    int flags[3] = {PyBUF_C_CONTIGUOUS | PyBUF_FORMAT, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT,
                    PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT};
    int held = 0;
    for (; held < 3; held++) {
        if (PyObject_GetBuffer(args[held], &views[held], flags[held]) < 0) {
            break;
        }
    }
    PyObject *answer = NULL;
    if (held == 3) {
        Py_buffer *indexes = &views[0], *statistics = &views[1], *out = &views[2];
        int wide = int32_matrix(indexes);
        int shapes = indexes->ndim == 2 && statistics->ndim == 2 && out->ndim == 2 &&
                     (wide || uint16_matrix(indexes)) && int32_matrix(statistics) &&
                     int32_matrix(out);
        size_t samples = shapes ? (size_t)indexes->shape[0] : 0;
        size_t n = shapes ? (size_t)indexes->shape[1] : 0;
        size_t width = shapes ? (size_t)statistics->shape[1] : 0;
        if (!shapes || (size_t)statistics->shape[0] != n || (size_t)out->shape[0] != samples ||
            (size_t)out->shape[1] != width) {
            PyErr_SetString(PyExc_ValueError, "resample_sums takes uint16 or int32 indexes "
                                              "(samples x n), int32 statistics (n x width) and "
                                              "an int32 out (samples x width)");
        } else {
            answer = resample_sums_of(indexes->buf, wide, samples, n, statistics->buf, width,
                                      out->buf);
        }
    }
    for (int v = 0; v < held; v++) {
        PyBuffer_Release(&views[v]);
    }
    return answer;
}

/* ------------------------------------------------------------------------------------------ */
/* kept_sums: per randomization trial, the integer statistics of the segments it keeps summed.
 *
 * A trial's coins are read four at a time: for each run of four segments, a table holds the sum
 * of their rows for each of the 16 ways of keeping some of them, so that a trial adds one table
 * row per four segments instead of one statistics row per kept segment. Columns are taken
 * CHUNK at a time so that a chunk's tables (16 rows of CHUNK per four segments) stay in the
 * processor's caches while every trial reads them. Integer sums: exact in any order (the
 * caller checks that no column's magnitudes sum to 2^31). */

/* tables[g][keep][k]: for segments 4g .. 4g + 3 (those below n), the sum of statistics column
 * ``column + k`` over the ones whose bit is set in ``keep``. */
static void build_tables(const int32_t *statistics, size_t n, size_t width, size_t column,
                         size_t columns, size_t groups, int32_t *tables) {
    for (size_t g = 0; g < groups; g++) {
        int32_t *table = tables + g * 16 * CHUNK;
        memset(table, 0, CHUNK * sizeof *table);
        for (unsigned keep = 1; keep < 16; keep++) {
            unsigned lowest = keep & (0u - keep);
            size_t bit = lowest == 1 ? 0 : lowest == 2 ? 1 : lowest == 4 ? 2 : 3;
            size_t segment = 4 * g + bit;
            const int32_t *without = table + (keep ^ lowest) * CHUNK;
            int32_t *row = table + keep * CHUNK;
            for (size_t k = 0; k < CHUNK; k++) {
                int32_t added = 0;
                if (segment < n && k < columns) {
                    added = statistics[segment * width + column + k];
                }
                row[k] = without[k] + added;
            }
        }
    }
}

static VECTORISED void chunk_sums(const uint8_t *bits, size_t trials, size_t n,
                                  const int32_t *tables, size_t groups, size_t width,
                                  size_t column, size_t columns, int32_t *out) {
    for (size_t t = 0; t < trials; t++) {
        Sums sums;
        memset(&sums, 0, sizeof sums);
        /* The trial's coins from byte ``at`` on, shifted by ``shift``: segments 4g .. 4g + 7 are
         * in two bytes, read once for two runs of four. A coin past n (the next trial's, or
         * padding) adds nothing: the table leaves its segment out. */
        const uint8_t *at = bits + (t * n) / 8;
        unsigned shift = (unsigned)((t * n) % 8);
        const int32_t *table = tables;
        for (size_t g = 0; g < groups; g += 2, at++, table += 2 * 16 * CHUNK) {
            unsigned two = ((unsigned)at[0] | ((unsigned)at[1] << 8)) >> shift;
            add_row(&sums, table + (two & 15) * CHUNK);
            add_row(&sums, table + (16 + ((two >> 4) & 15)) * CHUNK);
        }
        int32_t row[CHUNK];
        memcpy(row, &sums, sizeof row);
        memcpy(out + t * width + column, row, columns * sizeof(int32_t));
    }
}

/* kept_sums(data, trials, n, statistics, out): out[t] = the sum of statistics' rows j (int32, n
 * rows) whose coin t * n + j in data (uint8, least significant bit first) is 1. */
static PyObject *kept_sums(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "kept_sums(data, trials, n, statistics, out) takes 5 arguments");
        return NULL;
    }
    Py_ssize_t trials = PyLong_AsSsize_t(args[1]), n = PyLong_AsSsize_t(args[2]);
    if ((trials == -1 || n == -1) && PyErr_Occurred()) {
        return NULL;
    }
    Py_buffer data, statistics, out;
    if (PyObject_GetBuffer(args[0], &data, PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(args[3], &statistics, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    if (PyObject_GetBuffer(args[4], &out, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) <
        0) {
        PyBuffer_Release(&data);
        PyBuffer_Release(&statistics);
        return NULL;
    }
    PyObject *answer = NULL;
    size_t width = n > 0 ? (size_t)(statistics.len / 4) / (size_t)n : 0;
    if (trials < 0 || n < 1 || !int32_matrix(&statistics) || !int32_matrix(&out) ||
        (size_t)statistics.len != (size_t)n * width * 4 ||
        (size_t)out.len != (size_t)trials * width * 4 ||
        (size_t)data.len * 8 < (size_t)trials * (size_t)n) {
        PyErr_SetString(PyExc_ValueError, "kept_sums takes the coins of trials x n, int32 "
                                          "statistics of n rows and an int32 out of trials rows");
    } else {
        size_t groups = ((size_t)n + 7) / 8 * 2; /* runs of four, read two at a time */
        /* Two bytes past the coins, so that the last run of four reads no further. */
        uint8_t *bits = calloc((size_t)data.len + 2, 1);
        void *raw;
        int32_t *tables = aligned_rows(groups * 16 * CHUNK, &raw);
        if (bits == NULL || tables == NULL) {
            PyErr_NoMemory();
        } else {
            memcpy(bits, data.buf, (size_t)data.len);
            Py_BEGIN_ALLOW_THREADS
            for (size_t column = 0; column < width; column += CHUNK) {
                size_t columns = width - column < CHUNK ? width - column : CHUNK;
                build_tables(statistics.buf, (size_t)n, width, column, columns, groups, tables);
                chunk_sums(bits, (size_t)trials, (size_t)n, tables, groups, width, column,
                           columns, out.buf);
            }
            Py_END_ALLOW_THREADS
            answer = Py_NewRef(Py_None);
        }
        free(bits);
        free(raw);
    }
    PyBuffer_Release(&data);
    PyBuffer_Release(&statistics);
    PyBuffer_Release(&out);
    return answer;
}

static PyMethodDef methods[] = {
    {"log_each", (PyCFunction)(void (*)(void))log_each, METH_FASTCALL,
     "log_each(values, out)\n\nout[i] = math.log(values[i]) for float64 buffers."},
    {"exp_each", (PyCFunction)(void (*)(void))exp_each, METH_FASTCALL,
     "exp_each(values, out)\n\nout[i] = math.exp(values[i]) for float64 buffers."},
    {"fdlibm_log_each", (PyCFunction)(void (*)(void))fdlibm_log_each, METH_FASTCALL,
     "fdlibm_log_each(values, out)\n\nout[i] = numerics.fdlibm.log(values[i])."},
    {"fdlibm_exp_each", (PyCFunction)(void (*)(void))fdlibm_exp_each, METH_FASTCALL,
     "fdlibm_exp_each(values, out)\n\nout[i] = numerics.fdlibm.exp(values[i])."},
    {"kept_sums", (PyCFunction)(void (*)(void))kept_sums, METH_FASTCALL,
     "kept_sums(data, trials, n, statistics, out)\n\nout[t] = the sum of the int32 statistics' "
     "rows j whose coin t * n + j is 1 (packed least significant bit first)."},
    {"resample_sums", (PyCFunction)(void (*)(void))resample_sums, METH_FASTCALL,
     "resample_sums(indexes, statistics, out)\n\nout[s] = the sum of the int32 statistics' rows "
     "indexes[s, j] over j (uint16 or int32 indexes, an int32 out)."},
    {"portable_indexes", (PyCFunction)(void (*)(void))portable_indexes, METH_FASTCALL,
     "portable_indexes(seed, n, out)\n\nFills out (uint16, int32 or int64) with the portable "
     "bootstrap's indexes below n, in order."},
    {"portable_coins", (PyCFunction)(void (*)(void))portable_coins, METH_FASTCALL,
     "portable_coins(seed, out)\n\nFills the uint8 buffer out with the portable "
     "randomization's coins, least significant bit first."},
    {"unpack_coins", (PyCFunction)(void (*)(void))unpack_coins, METH_FASTCALL,
     "unpack_coins(data, first, out)\n\nout[i] = bit first + i of data (least significant "
     "first) as a float32 0 or 1."},
    {"resample_counts", (PyCFunction)(void (*)(void))resample_counts, METH_FASTCALL,
     "resample_counts(indexes, n, out)\n\nout[s, j] = the count of j in indexes[s] (int64 "
     "indexes, float32 out, rows of n)."},
    {NULL, NULL, 0, NULL},
};

/* Each byte's bits, filled before the module is made. */
static void fill_byte_bits(void) {
    for (int byte = 0; byte < 256; byte++) {
        for (int bit = 0; bit < 8; bit++) {
            BYTE_BITS[byte][bit] = (float)((byte >> bit) & 1);
        }
    }
}

MTCOMPUTE_MODULE_WITH_SETUP(_resampling, "math.log and math.exp over arrays of doubles, compiled.",
                            fill_byte_bits())
