/* Sentence-level BLEU of raw texts, part of _tokenize.c where doubles are evaluated as written:
 * each segment counted as corpus_statistics counts it (``count_segment``), scored as
 * ``fast/bleu/sentence_score.py`` scores it (``_sentence_bleu.h``) and written as sacreBLEU's
 * ``-sl`` line, ``HEAD SCORE P1/P2/.../PN (BP = ... ratio = ... hyp_len = C ref_len = R)``:
 * every number formatted by Python's own float formatting (``PyOS_double_to_string``), so the
 * bytes are ``scoring.report.score_text``'s.
 */

/* Room for a line's numbers after its head: the score, the precisions, BP, ratio, lengths. */
#define LINE_ROOM (256 + 8 * MAX_ORDER)

static int append_fixed(char **at, double x, int decimals) {
    char *text = PyOS_double_to_string(x, 'f', decimals, 0, NULL);
    if (text == NULL) {
        return -1;
    }
    size_t length = strlen(text);
    memcpy(*at, text, length);
    *at += length;
    PyMem_Free(text);
    return 0;
}

/* Numbers already written, by their bits and decimals: a short segment's precisions, BP and
 * ratio recur (small counts and lengths), and writing one costs more than the rest of its
 * line. A slot holds the last number that hashed to it; the text is a function of the key, so
 * a hit writes the same bytes. Calls hold the GIL, which guards the table. */
typedef struct {
    uint64_t bits;
    int32_t decimals;
    uint32_t length; /* 0: empty */
    char text[24];
} WrittenNumber;

#define WRITTEN_BITS 12
static WrittenNumber WRITTEN[1 << WRITTEN_BITS];

static int append_fixed_remembered(char **at, double x, int decimals) {
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    uint64_t key = (bits ^ (uint64_t)decimals) * 0x9E3779B97F4A7C15ull;
    WrittenNumber *slot = &WRITTEN[key >> (64 - WRITTEN_BITS)];
    if (slot->length != 0 && slot->bits == bits && slot->decimals == decimals) {
        memcpy(*at, slot->text, slot->length);
        *at += slot->length;
        return 0;
    }
    char *start = *at;
    if (append_fixed(at, x, decimals) < 0) {
        return -1;
    }
    size_t length = (size_t)(*at - start);
    if (length < sizeof slot->text) {
        slot->bits = bits;
        slot->decimals = decimals;
        slot->length = (uint32_t)length;
        memcpy(slot->text, start, length);
    }
    return 0;
}

static void append_ascii(char **at, const char *text) {
    size_t length = strlen(text);
    memcpy(*at, text, length);
    *at += length;
}

/* The verbose part: precisions (0 to 100, 0 where null or without a unigram match), BP,
 * ratio and lengths, as ``metrics.display.bleu_verbose`` writes them. */
static int append_verbose(char **at, const Py_ssize_t *matches, const double *precisions,
                          Py_ssize_t orders, double bp, Py_ssize_t c, Py_ssize_t r) {
    for (Py_ssize_t n = 0; n < orders; n++) {
        double shown = matches[0] == 0 || Py_IS_NAN(precisions[n]) ? 0.0 : 100.0 * precisions[n];
        if (n > 0) {
            append_ascii(at, "/");
        }
        if (append_fixed_remembered(at, shown, 1) < 0) {
            return -1;
        }
    }
    append_ascii(at, " (BP = ");
    if (append_fixed_remembered(at, bp, 3) < 0) {
        return -1;
    }
    append_ascii(at, " ratio = ");
    if (append_fixed_remembered(at, r != 0 ? (double)c / (double)r : 0.0, 3) < 0) {
        return -1;
    }
    *at += sprintf(*at, " hyp_len = %zd ref_len = %zd)", c, r);
    return 0;
}

typedef struct {
    Py_ssize_t max_order;
    int method;
    double value;
    const char *head;
    Py_ssize_t head_length;
    int decimals;
    int verbose;
} LineFormat;

/* One segment's line from its counts. */
static PyObject *segment_line(const Sums *sums, const LineFormat *format, char *line) {
    Py_ssize_t matches[MAX_ORDER], totals[MAX_ORDER];
    double precisions[MAX_ORDER];
    Py_ssize_t orders = format->max_order;
    for (Py_ssize_t n = 0; n < orders; n++) {
        matches[n] = (Py_ssize_t)sums->matches[n];
        totals[n] = (Py_ssize_t)sums->totals[n];
    }
    Py_ssize_t c = (Py_ssize_t)sums->c, r = (Py_ssize_t)sums->r;
    Py_ssize_t effective =
        sentence_smoothed(matches, totals, orders, format->method, format->value, 1, precisions);
    double bp = sentence_brevity_penalty(c, r);
    double bleu = sentence_bleu(matches, totals, precisions, effective, format->method, bp);
    char *at = line + format->head_length;
    if (append_fixed(&at, 100.0 * bleu, format->decimals) < 0) {
        return NULL;
    }
    if (format->verbose) {
        append_ascii(&at, " ");
        if (append_verbose(&at, matches, precisions, orders, bp, c, r) < 0) {
            return NULL;
        }
    }
    return PyUnicode_DecodeUTF8(line, at - line, "strict");
}

static int line_format(PyObject *const *args, LineFormat *format) {
    format->max_order = PyLong_AsSsize_t(args[4]);
    long method = PyLong_AsLong(args[5]);
    format->value = PyFloat_AsDouble(args[6]);
    format->head = PyUnicode_Check(args[7])
                       ? PyUnicode_AsUTF8AndSize(args[7], &format->head_length)
                       : NULL;
    long decimals = PyLong_AsLong(args[8]);
    format->verbose = PyObject_IsTrue(args[9]);
    if (PyErr_Occurred() || format->verbose < 0) {
        return -1;
    }
    if (format->head == NULL || format->max_order < 1 || format->max_order > MAX_ORDER ||
        method < SMOOTH_NONE || method > SMOOTH_EXP || decimals < 0 || decimals > 20) {
        PyErr_SetString(PyExc_ValueError, "sentence_lines: a str head, max_order 1 to 64, "
                                          "method 0 to 2 and 0 to 20 decimals");
        return -1;
    }
    format->method = (int)method;
    format->decimals = (int)decimals;
    return 0;
}

static PyObject *sentence_lines(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError,
                        "sentence_lines(hypotheses, streams, tokenizer, lowercase, max_order, "
                        "method, value, head, decimals, verbose) takes 10 arguments");
        return NULL;
    }
    enum Tokenizer tokenizer;
    int lowercased = PyObject_IsTrue(args[3]);
    LineFormat format;
    if (lowercased < 0 || tokenizer_named(args[2], &tokenizer) < 0 ||
        line_format(args, &format) < 0) {
        return NULL;
    }
    PyObject *hypotheses = PySequence_Fast(args[0], "the hypotheses must be a sequence of str");
    if (hypotheses == NULL) {
        return NULL;
    }
    Py_ssize_t segments = PySequence_Fast_GET_SIZE(hypotheses);
    References references;
    Counting work;
    memset(&work, 0, sizeof(work));
    Sums sums;
    PyObject *lines = NULL;
    char *line = PyMem_Malloc((size_t)format.head_length + LINE_ROOM);
    if (line == NULL) {
        PyErr_NoMemory();
    } else if (references_open(&references, args[1], 1, segments) == 0) {
        memcpy(line, format.head, (size_t)format.head_length);
        lines = PyList_New(segments);
        PyObject **items = PySequence_Fast_ITEMS(hypotheses);
        for (Py_ssize_t i = 0; lines != NULL && i < segments; i++) {
            memset(&sums, 0, sizeof(sums));
            PyObject *text = NULL;
            if (count_segment(&work, items[i], &references, i, tokenizer, lowercased,
                              format.max_order, &sums) == 0) {
                text = segment_line(&sums, &format, line);
            }
            if (text == NULL) {
                Py_CLEAR(lines);
                break;
            }
            PyList_SET_ITEM(lines, i, text);
        }
    }
    references_free(&references);
    counting_free(&work);
    PyMem_Free(line);
    Py_DECREF(hypotheses);
    return lines;
}
