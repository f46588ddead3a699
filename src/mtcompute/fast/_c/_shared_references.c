/* Every system's per-segment statistics against one set of references, compiled: each segment's
 * references are read and counted once, then each system's hypothesis of that segment is
 * compared with those counts. The paired significance tests need every system's statistics
 * segment by segment; computed system by system, the references would be counted once per
 * system.
 *
 * - chrf_rows: chrF (chrF++ with word orders) of each segment, the kept reference's statistics,
 *   as metrics.chrf.segment_statistics gives them.
 * - bleu_rows: BLEU of each segment from token lists, as metrics.bleu.segment_statistics.
 *
 * How a segment is counted:
 * - Every n-gram of its references gets an id from one table keyed by (order, id of its
 *   (n-1)-gram prefix, its last unit), a unit being a code point, chrF++'s word id or BLEU's
 *   token id. Keys are compared whole: two n-grams share an id only when they are equal.
 * - Each id keeps its count in each reference (chrF) or the most any one reference has (BLEU).
 * - A hypothesis only looks its n-grams up. One that no reference has cannot match, and neither
 *   can an n-gram that contains it, so it is never looked up.
 * - An occurrence of a found n-gram matches a reference while the hypothesis has had no more of
 *   that n-gram than the reference has: summed occurrence by occurrence, min(hypothesis count,
 *   reference count), the clipped count.
 * - F and the kept reference (chrF) are metrics.chrf's formulas, one IEEE-754 operation at a time
 *   in its order (FLT_EVAL_METHOD 0, refused below; setup.py passes -ffp-contract=off).
 *
 * A table lives as long as its segment: a slot whose epoch is not the segment's is empty, so no
 * table is cleared between segments. Where a call cannot be computed here (a token that is not an
 * exact str, more orders than a key holds, a segment of more than 2^28 n-grams) it answers False
 * and the caller computes it in Python.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_chrf.h"
#include "_u32s.h"

#if !defined(_WIN32)
#include <pthread.h>
#define HAVE_THREADS 1
#endif

#include "_exact.h"
#include "_module.h"

/* An order lives in a key's top 4 bits, a prefix id in the 28 bits below, a unit in the rest. */
#define MAX_ORDERS 16
#define ID_LIMIT ((uint32_t)1 << 28)
#define MISSING UINT32_MAX

/* What a step answers: done, not computable here (the caller's Python path serves), failed with
 * a Python exception set. */
enum { DONE = 0, UNSUPPORTED = 1, FAILED = -1 };

static size_t power_of_two_above(size_t wanted) {
    size_t size = 64;
    while (size < wanted) {
        size *= 2;
    }
    return size;
}

/* A table's slots (``*allocated`` of ``slot_size`` bytes, a slot empty unless its epoch is
 * ``*epoch``) made ready for a new segment that puts at most ``puts`` keys, the table at most
 * half full: a new epoch, the slots grown (zeroed) where too few, or zeroed once the epoch would
 * wrap. Returns the slots and their ``*mask``, or NULL when they cannot be allocated. */
static void *epoch_slots(void *slots, size_t slot_size, size_t *allocated, uint32_t *epoch,
                         size_t puts, size_t *mask) {
    size_t size = power_of_two_above(2 * puts + 2);
    if (size > *allocated) {
        free(slots);
        slots = calloc(size, slot_size);
        *allocated = slots == NULL ? 0 : size;
        *epoch = 0;
        if (slots == NULL) {
            return NULL;
        }
    }
    if (*epoch == UINT32_MAX) {
        memset(slots, 0, *allocated * slot_size);
        *epoch = 0;
    }
    (*epoch)++;
    *mask = size - 1;
    return slots;
}

/* ------------------------------------------------------------------------------------------ */
/* The n-gram table of one segment: (order, prefix id, unit) -> an id, numbered from 0.        */

typedef struct {
    uint64_t key;
    uint32_t id;
    uint32_t epoch; /* the segment that wrote the slot; any other's slot is empty */
} Slot;

typedef struct {
    Slot *slots;
    size_t allocated, mask;
    uint32_t epoch, next;
} Table;

/* A new segment that puts at most ``puts`` keys: the table is at most half full. */
static int table_start(Table *table, size_t puts) {
    table->slots = epoch_slots(table->slots, sizeof *table->slots, &table->allocated,
                               &table->epoch, puts, &table->mask);
    table->next = 0;
    return table->slots == NULL ? -1 : 0;
}

static uint64_t ngram_key(int order, uint32_t prefix, uint32_t unit) {
    return ((uint64_t)order << 60) | ((uint64_t)prefix << 32) | unit;
}

/* The key's id, a new one if it is new; MISSING once the segment has ID_LIMIT ids. */
static uint32_t table_put(Table *table, uint64_t key) {
    size_t slot = mixed(key) & table->mask;
    while (table->slots[slot].epoch == table->epoch) {
        if (table->slots[slot].key == key) {
            return table->slots[slot].id;
        }
        slot = (slot + 1) & table->mask;
    }
    if (table->next >= ID_LIMIT) {
        return MISSING;
    }
    table->slots[slot] = (Slot){key, table->next, table->epoch};
    return table->next++;
}

static uint32_t table_get(const Table *table, uint64_t key) {
    size_t slot = mixed(key) & table->mask;
    while (table->slots[slot].epoch == table->epoch) {
        if (table->slots[slot].key == key) {
            return table->slots[slot].id;
        }
        slot = (slot + 1) & table->mask;
    }
    return MISSING;
}

/* ------------------------------------------------------------------------------------------ */
/* Per-id counts of a hypothesis: an id's count is 0 unless its stamp is the hypothesis's.      */

typedef struct {
    U32s counts, stamps;
    uint32_t stamp;
} Tally;

static int tally_start(Tally *tally, size_t ids) {
    if (tally->stamps.size < ids) {
        if (u32s_reserve(&tally->stamps, ids) < 0 || u32s_reserve(&tally->counts, ids) < 0) {
            return -1;
        }
        memset(tally->stamps.items + tally->stamps.size, 0,
               (ids - tally->stamps.size) * sizeof(uint32_t));
        tally->stamps.size = tally->counts.size = ids;
    }
    if (tally->stamp == UINT32_MAX) {
        memset(tally->stamps.items, 0, tally->stamps.size * sizeof(uint32_t));
        tally->stamp = 0;
    }
    tally->stamp++;
    return 0;
}

/* One more occurrence of ``id``: how many the hypothesis has had, this one included. */
static uint32_t tally_one(Tally *tally, uint32_t id) {
    if (tally->stamps.items[id] != tally->stamp) {
        tally->stamps.items[id] = tally->stamp;
        tally->counts.items[id] = 0;
    }
    return ++tally->counts.items[id];
}

static void tally_free(Tally *tally) {
    u32s_free(&tally->counts);
    u32s_free(&tally->stamps);
}

/* ------------------------------------------------------------------------------------------ */
/* Reading the callers' objects.                                                                */

/* A str as read with the GIL: its code points stay where they are while the caller holds it. */
typedef struct {
    int kind;
    const void *data;
    Py_ssize_t length;
} Text;

static int text_of(PyObject *object, const char *what, Text *text) {
    if (!PyUnicode_Check(object)) {
        PyErr_Format(PyExc_TypeError, "%s must be str, not %.100s", what, Py_TYPE(object)->tp_name);
        return -1;
    }
    if (PyUnicode_READY(object) < 0) {
        return -1;
    }
    *text = (Text){PyUnicode_KIND(object), PyUnicode_DATA(object), PyUnicode_GET_LENGTH(object)};
    return 0;
}

/* A text's code points appended to ``into``. */
static int append_code_points(const Text *text, U32s *into) {
    if (u32s_reserve(into, into->size + (size_t)text->length + 1) < 0) {
        return -1;
    }
    uint32_t *out = into->items + into->size;
    for (Py_ssize_t i = 0; i < text->length; i++) {
        out[i] = PyUnicode_READ(text->kind, text->data, i);
    }
    into->size += (size_t)text->length;
    return 0;
}

/* Per system, its hypotheses as a fast sequence of ``segments`` items. */
typedef struct {
    PyObject **systems;
    Py_ssize_t count;
} Systems;

static void systems_free(Systems *systems) {
    for (Py_ssize_t k = 0; systems->systems != NULL && k < systems->count; k++) {
        Py_XDECREF(systems->systems[k]);
    }
    PyMem_Free(systems->systems);
}

static int systems_open(Systems *systems, PyObject *given, Py_ssize_t segments) {
    systems->systems = NULL;
    systems->count = 0;
    PyObject *fast = PySequence_Fast(given, "systems must be a sequence");
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    systems->systems = PyMem_Calloc((size_t)count + 1, sizeof(PyObject *));
    if (systems->systems == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    systems->count = count;
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *system = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, k),
                                           "each system must be a sequence of segments");
        systems->systems[k] = system;
        if (system == NULL) {
            Py_DECREF(fast);
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(system) != segments) {
            PyErr_Format(PyExc_ValueError, "system %zd has %zd segments, the references %zd", k,
                         PySequence_Fast_GET_SIZE(system), segments);
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* ``out``: a writable C-contiguous float64 buffer of exactly ``values`` doubles. */
static int open_out(PyObject *object, Py_buffer *view, size_t values) {
    if (PyObject_GetBuffer(object, view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        return -1;
    }
    if (view->itemsize != 8 || view->format == NULL || strcmp(view->format, "d") != 0 ||
        (size_t)view->len != values * 8) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "out must be a writable float64 buffer of %zu values",
                     values);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* chrF++'s word tokens of one segment: a token's code points -> an id, numbered from 0.       */

typedef struct {
    uint64_t hash;
    uint32_t start, length, id, epoch;
} WordSlot;

typedef struct {
    WordSlot *slots;
    size_t allocated, mask;
    uint32_t epoch, next;
    U32s code_points; /* the references' words, each once */
} Words;

static int words_start(Words *words, size_t puts) {
    words->slots = epoch_slots(words->slots, sizeof *words->slots, &words->allocated,
                               &words->epoch, puts, &words->mask);
    words->next = 0;
    words->code_points.size = 0;
    return words->slots == NULL ? -1 : 0;
}

static void words_free(Words *words) {
    free(words->slots);
    words->slots = NULL;
    words->allocated = 0;
    u32s_free(&words->code_points);
}

static uint64_t run_hash(const uint32_t *units, size_t length) {
    uint64_t hash = 0x9e3779b97f4a7c15u ^ length;
    for (size_t i = 0; i < length; i++) {
        hash = mixed(hash + units[i]);
    }
    return hash;
}

/* The word's id; with ``add`` a new one if it is new, else MISSING for a word no reference has.
 * Equal code points, not only an equal hash, make two words one. */
static uint32_t word_id(Words *words, const uint32_t *units, size_t length, int add) {
    uint64_t hash = run_hash(units, length);
    size_t slot = hash & words->mask;
    while (words->slots[slot].epoch == words->epoch) {
        const WordSlot *at = &words->slots[slot];
        if (at->hash == hash && at->length == length &&
            memcmp(words->code_points.items + at->start, units, length * sizeof *units) == 0) {
            return at->id;
        }
        slot = (slot + 1) & words->mask;
    }
    if (!add) {
        return MISSING;
    }
    size_t start = words->code_points.size;
    if (u32s_reserve(&words->code_points, start + length) < 0) {
        return MISSING;
    }
    memcpy(words->code_points.items + start, units, length * sizeof *units);
    words->code_points.size += length;
    words->slots[slot] = (WordSlot){hash, (uint32_t)start, (uint32_t)length, words->next,
                                    words->epoch};
    return words->next++;
}

static int push_word(Words *words, const uint32_t *units, size_t length, int add, U32s *tokens) {
    uint32_t id = word_id(words, units, length, add);
    if (add && id == MISSING) {
        return -1; /* out of memory */
    }
    tokens->items[tokens->size++] = id;
    return 0;
}

/* metrics.chrf.words of a text's code points, as word ids, into ``tokens``. */
static int word_tokens(Words *words, const uint32_t *text, size_t length, int add,
                       U32s *tokens) {
    tokens->size = 0;
    if (u32s_reserve(tokens, length + 1) < 0) {
        return -1;
    }
    ChrfWords split = chrf_words(text, length);
    const uint32_t *token;
    size_t size;
    while (chrf_next_word(&split, &token, &size)) {
        if (push_word(words, token, size, add, tokens) < 0) {
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* chrF: the references' counts per id and reference, and each hypothesis's matches.           */

typedef struct {
    int char_order, word_order, orders, beta, eps_smoothing, include_whitespace;
} ChrfOptions;

typedef struct {
    ChrfOptions options;
    Table table;
    Words words;
    Tally tally;
    U32s counts;      /* per id and reference (id * references + reference) */
    U32s totals;      /* per reference and order: the reference's n-grams */
    U32s matches;     /* per order and reference: the hypothesis's matches */
    U32s text, kept;  /* one text's code points; those that count as characters */
    U32s tokens;      /* one text's word ids */
    U32s previous, current;
    size_t references;
    uint32_t zeroed;  /* ids whose counts are set */
} Chrf;

static void chrf_free(Chrf *work) {
    free(work->table.slots);
    words_free(&work->words);
    tally_free(&work->tally);
    U32s *arrays[] = {&work->counts, &work->totals,   &work->matches,  &work->text,
                      &work->kept,   &work->tokens,   &work->previous, &work->current};
    for (size_t a = 0; a < sizeof arrays / sizeof *arrays; a++) {
        u32s_free(arrays[a]);
    }
}

/* A text's code points into work->text, and the ones chrF counts (whitespace dropped unless
 * included) into work->kept. */
static int read_text(Chrf *work, const Text *text) {
    work->text.size = 0;
    work->kept.size = 0;
    if (append_code_points(text, &work->text) < 0 ||
        u32s_reserve(&work->kept, work->text.size + 1) < 0) {
        return -1;
    }
    for (size_t i = 0; i < work->text.size; i++) {
        uint32_t c = work->text.items[i];
        if (work->options.include_whitespace || !is_whitespace(c)) {
            work->kept.items[work->kept.size++] = c;
        }
    }
    return 0;
}

static int reserve_positions(Chrf *work, size_t length) {
    return u32s_reserve(&work->previous, length + 1) < 0 ||
                   u32s_reserve(&work->current, length + 1) < 0
               ? -1
               : 0;
}

static void swap_positions(Chrf *work) {
    U32s swap = work->previous;
    work->previous = work->current;
    work->current = swap;
}

/* A reference's n-grams of orders first .. first + count - 1, counted per id. */
static int count_reference(Chrf *work, size_t reference, const uint32_t *units, size_t length,
                           int first, int count) {
    size_t references = work->references;
    if (reserve_positions(work, length) < 0) {
        return -1;
    }
    for (int n = 1; n <= count; n++) {
        int order = first + n - 1;
        size_t positions = length >= (size_t)n ? length - (size_t)n + 1 : 0;
        const uint32_t *previous = work->previous.items;
        uint32_t *current = work->current.items;
        work->totals.items[reference * (size_t)work->options.orders + (size_t)order] =
            (uint32_t)positions;
        for (size_t p = 0; p < positions; p++) {
            uint32_t prefix = n == 1 ? 0 : previous[p];
            uint32_t id = table_put(&work->table, ngram_key(order, prefix, units[p + n - 1]));
            if (id == MISSING) {
                return UNSUPPORTED;
            }
            if (id == work->zeroed) { /* a new id: its counts start at 0 */
                memset(work->counts.items + (size_t)id * references, 0,
                       references * sizeof(uint32_t));
                work->zeroed++;
            }
            work->counts.items[(size_t)id * references + reference]++;
            current[p] = id;
        }
        swap_positions(work);
    }
    return DONE;
}

/* Segment i's references read and counted. */
static int chrf_references(Chrf *work, const Text *texts, size_t references) {
    ChrfOptions *options = &work->options;
    size_t units = 0;
    for (size_t r = 0; r < references; r++) {
        units += (size_t)texts[r].length;
    }
    size_t puts = units * (size_t)options->orders;
    work->references = references;
    work->zeroed = 0;
    if (table_start(&work->table, puts) < 0 ||
        (options->word_order > 0 && words_start(&work->words, units) < 0) ||
        u32s_reserve(&work->counts, (puts + 1) * references) < 0 ||
        u32s_reserve(&work->totals, references * (size_t)options->orders) < 0 ||
        u32s_reserve(&work->matches, references * (size_t)options->orders) < 0) {
        return FAILED;
    }
    int answer = DONE;
    for (size_t r = 0; r < references && answer == DONE; r++) {
        if (read_text(work, &texts[r]) < 0) {
            return FAILED;
        }
        answer = count_reference(work, r, work->kept.items, work->kept.size, 0,
                                 options->char_order);
        if (answer == DONE && options->word_order > 0) {
            if (word_tokens(&work->words, work->text.items, work->text.size, 1, &work->tokens) <
                0) {
                return FAILED;
            }
            answer = count_reference(work, r, work->tokens.items, work->tokens.size,
                                     options->char_order, options->word_order);
        }
    }
    return answer;
}

/* A hypothesis's n-grams of orders first .. first + count - 1 looked up, their matches with
 * each reference added to work->matches. A unit that is MISSING (a word no reference has) or
 * an n-gram no reference has makes every n-gram that contains it MISSING. */
static int match_hypothesis(Chrf *work, const uint32_t *units, size_t length, int first,
                            int count) {
    size_t references = work->references;
    if (reserve_positions(work, length) < 0) {
        return -1;
    }
    for (int n = 1; n <= count; n++) {
        int order = first + n - 1;
        size_t positions = length >= (size_t)n ? length - (size_t)n + 1 : 0;
        const uint32_t *previous = work->previous.items;
        uint32_t *current = work->current.items;
        uint32_t *matches = work->matches.items + (size_t)order * references;
        for (size_t p = 0; p < positions; p++) {
            uint32_t id;
            if (n == 1) {
                id = units[p] == MISSING ? MISSING
                                         : table_get(&work->table, ngram_key(order, 0, units[p]));
            } else if (previous[p] == MISSING || previous[p + 1] == MISSING) {
                id = MISSING;
            } else {
                id = table_get(&work->table, ngram_key(order, previous[p], units[p + n - 1]));
            }
            current[p] = id;
            if (id != MISSING) {
                uint32_t had = tally_one(&work->tally, id);
                const uint32_t *theirs = work->counts.items + (size_t)id * references;
                for (size_t r = 0; r < references; r++) {
                    matches[r] += had <= theirs[r];
                }
            }
        }
        swap_positions(work);
    }
    return 0;
}

typedef struct {
    uint32_t hypothesis[MAX_ORDERS], reference[MAX_ORDERS], matches[MAX_ORDERS];
} Statistics;

/* metrics.chrf's f_score's comparison key, selection_key (0-100 scale). */
static double selection_key(const Statistics *s, int orders, int beta, int eps_smoothing) {
    double f, key;
    chrf_f_and_key(s->hypothesis, s->reference, s->matches, orders, (double)(beta * beta),
                   eps_smoothing, &f, &key);
    return key;
}

/* The hypothesis's statistics against reference r. */
static void statistics_of(const Chrf *work, size_t r, size_t hypothesis_length,
                          size_t hypothesis_words, Statistics *into) {
    const ChrfOptions *options = &work->options;
    for (int order = 0; order < options->orders; order++) {
        int n = order < options->char_order ? order + 1 : order - options->char_order + 1;
        size_t length = order < options->char_order ? hypothesis_length : hypothesis_words;
        uint32_t theirs = work->totals.items[r * (size_t)options->orders + (size_t)order];
        uint32_t mine = length >= (size_t)n ? (uint32_t)(length - (size_t)n + 1) : 0;
        into->hypothesis[order] = theirs > 0 ? mine : 0;
        into->reference[order] = theirs;
        into->matches[order] = work->matches.items[(size_t)order * work->references + r];
    }
}

/* One hypothesis's kept statistics written to ``row``: per order h, r, m. */
static int chrf_hypothesis(Chrf *work, const Text *hypothesis, double *row) {
    const ChrfOptions *options = &work->options;
    size_t references = work->references;
    if (read_text(work, hypothesis) < 0 || tally_start(&work->tally, work->table.next) < 0) {
        return FAILED;
    }
    memset(work->matches.items, 0, references * (size_t)options->orders * sizeof(uint32_t));
    size_t characters = work->kept.size, words = 0;
    if (match_hypothesis(work, work->kept.items, characters, 0, options->char_order) < 0) {
        return FAILED;
    }
    if (options->word_order > 0) {
        if (word_tokens(&work->words, work->text.items, work->text.size, 0, &work->tokens) < 0 ||
            match_hypothesis(work, work->tokens.items, work->tokens.size, options->char_order,
                             options->word_order) < 0) {
            return FAILED;
        }
        words = work->tokens.size;
    }
    Statistics best = {{0}, {0}, {0}}, candidate;
    double best_key = 0.0;
    for (size_t r = 0; r < references; r++) {
        statistics_of(work, r, characters, words, &candidate);
        double key =
            selection_key(&candidate, options->orders, options->beta, options->eps_smoothing);
        if (r == 0 || key > best_key) { /* the first reference wins ties */
            best = candidate;
            best_key = key;
        }
    }
    for (int order = 0; order < options->orders; order++) {
        row[3 * order] = (double)best.hypothesis[order];
        row[3 * order + 1] = (double)best.reference[order];
        row[3 * order + 2] = (double)best.matches[order];
    }
    return DONE;
}

/* Every text of a call, read with the GIL and held (a reference each) while threads without it
 * read their code points: system k's hypothesis of segment i is hypotheses[k * segments + i];
 * segment i's references are references[starts[i] .. starts[i + 1] - 1]. */
typedef struct {
    Text *hypotheses, *references;
    size_t *starts;
    PyObject **held;
    size_t held_count, segments, systems;
} ChrfTexts;

static void chrf_texts_free(ChrfTexts *texts) {
    for (size_t t = 0; t < texts->held_count; t++) {
        Py_DECREF(texts->held[t]);
    }
    PyMem_Free(texts->hypotheses);
    PyMem_Free(texts->references);
    PyMem_Free(texts->starts);
    PyMem_Free(texts->held);
}

static int hold_text(ChrfTexts *texts, PyObject *object, const char *what, Text *into) {
    if (text_of(object, what, into) < 0) {
        return -1;
    }
    Py_INCREF(object);
    texts->held[texts->held_count++] = object;
    return 0;
}

/* Each segment's references as a fast sequence (held), and their count in all. */
static int chrf_reference_lists(PyObject *references, PyObject **lists, size_t *total) {
    size_t segments = (size_t)PySequence_Fast_GET_SIZE(references);
    *total = 0;
    for (size_t i = 0; i < segments; i++) {
        lists[i] = PySequence_Fast(PySequence_Fast_GET_ITEM(references, i),
                                   "a segment's references must be a sequence of str");
        if (lists[i] == NULL) {
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(lists[i]) == 0) {
            PyErr_SetString(PyExc_ValueError, "every segment needs a reference");
            return -1;
        }
        *total += (size_t)PySequence_Fast_GET_SIZE(lists[i]);
    }
    return 0;
}

static int chrf_texts_fill(ChrfTexts *texts, const Systems *systems, PyObject **lists) {
    size_t segments = texts->segments;
    for (size_t k = 0; k < texts->systems; k++) {
        PyObject **items = PySequence_Fast_ITEMS(systems->systems[k]);
        for (size_t i = 0; i < segments; i++) {
            if (hold_text(texts, items[i], "hypotheses", &texts->hypotheses[k * segments + i]) <
                0) {
                return -1;
            }
        }
    }
    size_t at = 0;
    for (size_t i = 0; i < segments; i++) {
        PyObject **items = PySequence_Fast_ITEMS(lists[i]);
        for (Py_ssize_t r = 0; r < PySequence_Fast_GET_SIZE(lists[i]); r++) {
            if (hold_text(texts, items[r], "references", &texts->references[at++]) < 0) {
                return -1;
            }
        }
        texts->starts[i + 1] = at;
    }
    return 0;
}

static int chrf_texts_read(ChrfTexts *texts, const Systems *systems, PyObject *references) {
    size_t segments = (size_t)PySequence_Fast_GET_SIZE(references), total = 0;
    size_t hypotheses = (size_t)systems->count * segments;
    memset(texts, 0, sizeof *texts);
    texts->segments = segments;
    texts->systems = (size_t)systems->count;
    PyObject **lists = PyMem_Calloc(segments + 1, sizeof(PyObject *));
    int failed = lists == NULL || chrf_reference_lists(references, lists, &total) < 0;
    if (!failed) {
        texts->hypotheses = PyMem_Malloc((hypotheses + 1) * sizeof(Text));
        texts->references = PyMem_Malloc((total + 1) * sizeof(Text));
        texts->starts = PyMem_Calloc(segments + 1, sizeof(size_t));
        texts->held = PyMem_Malloc((hypotheses + total + 1) * sizeof(PyObject *));
        failed = texts->hypotheses == NULL || texts->references == NULL ||
                 texts->starts == NULL || texts->held == NULL ||
                 chrf_texts_fill(texts, systems, lists) < 0;
    }
    for (size_t i = 0; lists != NULL && i < segments; i++) {
        Py_XDECREF(lists[i]);
    }
    PyMem_Free(lists);
    return failed ? -1 : 0; /* an allocation that failed set no exception: answered raises */
}

/* Segments are taken a block at a time by whichever thread is free; each thread has its own
 * tables. Rows are the same whichever thread computes them. */
#define SEGMENTS_PER_TASK 64
#define MAX_THREADS 64

typedef struct {
    const ChrfTexts *texts;
    ChrfOptions options;
    double *out;
    size_t next; /* the next block of segments to take */
    int answers[MAX_THREADS];
} ChrfJob;

typedef struct {
    ChrfJob *job;
    int thread;
} ChrfThread;

static size_t take_block(size_t *next) {
#if defined(__GNUC__) || defined(__clang__)
    return __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
#else
    return (*next)++; /* one thread only: see chrf_in_threads */
#endif
}

static int chrf_segment(Chrf *work, const ChrfTexts *texts, size_t i, double *out) {
    size_t width = 3 * (size_t)work->options.orders;
    size_t first = texts->starts[i];
    int answer = chrf_references(work, texts->references + first, texts->starts[i + 1] - first);
    for (size_t k = 0; k < texts->systems && answer == DONE; k++) {
        answer = chrf_hypothesis(work, &texts->hypotheses[k * texts->segments + i],
                                 out + (k * texts->segments + i) * width);
    }
    return answer;
}

static void *chrf_blocks(void *argument) {
    ChrfThread *thread = argument;
    ChrfJob *job = thread->job;
    Chrf work;
    memset(&work, 0, sizeof work);
    work.options = job->options;
    int answer = DONE;
    size_t segments = job->texts->segments;
    for (size_t block = take_block(&job->next); answer == DONE; block = take_block(&job->next)) {
        size_t first = block * SEGMENTS_PER_TASK;
        if (first >= segments) {
            break;
        }
        size_t last = first + SEGMENTS_PER_TASK < segments ? first + SEGMENTS_PER_TASK : segments;
        for (size_t i = first; i < last && answer == DONE; i++) {
            answer = chrf_segment(&work, job->texts, i, job->out);
        }
    }
    chrf_free(&work);
    job->answers[thread->thread] = answer;
    return NULL;
}

/* Every segment's rows, in up to ``threads`` threads (none without the GIL released). */
static int chrf_in_threads(ChrfJob *job, int threads) {
    size_t blocks = (job->texts->segments + SEGMENTS_PER_TASK - 1) / SEGMENTS_PER_TASK;
    if (threads > MAX_THREADS) {
        threads = MAX_THREADS;
    }
    if ((size_t)threads > blocks) {
        threads = blocks > 0 ? (int)blocks : 1;
    }
    ChrfThread threads_of[MAX_THREADS];
    for (int t = 0; t < threads; t++) {
        threads_of[t] = (ChrfThread){job, t};
        job->answers[t] = DONE;
    }
    int started = 0;
#if defined(HAVE_THREADS) && (defined(__GNUC__) || defined(__clang__))
    pthread_t ids[MAX_THREADS];
    for (; started < threads - 1; started++) {
        if (pthread_create(&ids[started], NULL, chrf_blocks, &threads_of[started + 1]) != 0) {
            break; /* fewer threads: the work is the same */
        }
    }
#endif
    chrf_blocks(&threads_of[0]);
#if defined(HAVE_THREADS) && (defined(__GNUC__) || defined(__clang__))
    for (int t = 0; t < started; t++) {
        pthread_join(ids[t], NULL);
    }
#endif
    int answer = DONE;
    for (int t = 0; t <= started; t++) {
        answer = job->answers[t] == FAILED ? FAILED : answer == DONE ? job->answers[t] : answer;
    }
    return answer;
}

typedef struct {
    ChrfOptions options;
    int threads;
} ChrfCall;

static int chrf_all(void *call, const Systems *systems, PyObject *references, double *out) {
    const ChrfCall *chrf = call;
    ChrfTexts texts;
    int answer = FAILED;
    if (chrf_texts_read(&texts, systems, references) == 0) {
        ChrfJob job = {.texts = &texts, .options = chrf->options, .out = out, .next = 0};
        Py_BEGIN_ALLOW_THREADS
        answer = chrf_in_threads(&job, chrf->threads);
        Py_END_ALLOW_THREADS
    }
    chrf_texts_free(&texts);
    return answer;
}

/* The answer of a call: True when computed, False when the Python path must serve; a failure
 * without an exception ran out of memory where no exception could be set. */
static PyObject *answered(int answer) {
    if (answer == FAILED) {
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    return PyBool_FromLong(answer == DONE);
}

/* What fills every system's rows of one kind: ``out`` holds systems x segments rows. */
typedef int (*FillRows)(void *work, const Systems *systems, PyObject *references, double *out);

/* The rows of ``width`` values a segment that ``fill`` computes, into the buffer ``out``; the
 * answer as ``answered`` gives it. */
static PyObject *filled_rows(PyObject *given_systems, PyObject *given_references, PyObject *out,
                             size_t width, FillRows fill, void *work) {
    PyObject *references = PySequence_Fast(given_references, "references must be a sequence");
    if (references == NULL) {
        return NULL;
    }
    Py_ssize_t segments = PySequence_Fast_GET_SIZE(references);
    Systems systems;
    Py_buffer view;
    int answer = FAILED;
    if (systems_open(&systems, given_systems, segments) == 0) {
        if (open_out(out, &view, (size_t)systems.count * (size_t)segments * width) == 0) {
            answer = fill(work, &systems, references, view.buf);
            PyBuffer_Release(&view);
        }
    }
    systems_free(&systems);
    Py_DECREF(references);
    return answered(answer);
}

static int read_int(PyObject *object, int low, int high, const char *name, int *into) {
    long value = PyLong_AsLong(object);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s must be %d to %d, not %ld", name, low, high, value);
        return -1;
    }
    *into = (int)value;
    return 0;
}

static PyObject *chrf_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError,
                        "chrf_rows(systems, references, char_order, word_order, beta, "
                        "eps_smoothing, include_whitespace, out, threads) takes 9 arguments");
        return NULL;
    }
    ChrfOptions options_of_call = {0}, *options = &options_of_call;
    int threads;
    options->eps_smoothing = PyObject_IsTrue(args[5]);
    options->include_whitespace = PyObject_IsTrue(args[6]);
    if (read_int(args[2], 0, INT_MAX, "char_order", &options->char_order) < 0 ||
        read_int(args[3], 0, INT_MAX, "word_order", &options->word_order) < 0 ||
        read_int(args[4], 0, INT_MAX, "beta", &options->beta) < 0 ||
        read_int(args[8], 1, INT_MAX, "threads", &threads) < 0 || options->eps_smoothing < 0 ||
        options->include_whitespace < 0) {
        return NULL;
    }
    if ((long long)options->char_order + options->word_order > MAX_ORDERS ||
        (long long)options->beta * options->beta > INT_MAX) {
        Py_RETURN_FALSE;
    }
    options->orders = options->char_order + options->word_order;
    if (options->orders == 0) {
        Py_RETURN_FALSE;
    }
    ChrfCall call = {*options, threads};
    return filled_rows(args[0], args[1], args[7], 3 * (size_t)options->orders, chrf_all, &call);
}

/* ------------------------------------------------------------------------------------------ */
/* BLEU: exact str tokens get ids by content; per n-gram id, the most any reference has.       */

typedef struct {
    PyObject *token; /* borrowed: the caller's lists hold every token while we run */
    Py_hash_t hash;
    uint32_t id, epoch;
} TokenSlot;

typedef struct {
    int max_order;
    Table table;
    Tally tally;
    TokenSlot *tokens;
    size_t tokens_allocated, token_mask;
    uint32_t token_epoch, next_token;
    U32s most;       /* per n-gram id: the most any one reference has */
    U32s in_one;     /* per n-gram id: the count in the reference being read */
    U32s seen;       /* the ids of the reference being read, one per occurrence */
    U32s units;      /* one text's token ids */
    U32s lengths;    /* per reference: its tokens */
    U32s previous, current;
    uint32_t zeroed;
} Bleu;

static void bleu_free(Bleu *work) {
    free(work->table.slots);
    free(work->tokens);
    tally_free(&work->tally);
    U32s *arrays[] = {&work->most,    &work->in_one,   &work->seen,   &work->units,
                      &work->lengths, &work->previous, &work->current};
    for (size_t a = 0; a < sizeof arrays / sizeof *arrays; a++) {
        u32s_free(arrays[a]);
    }
}

static int tokens_start(Bleu *work, size_t puts) {
    work->tokens = epoch_slots(work->tokens, sizeof *work->tokens, &work->tokens_allocated,
                               &work->token_epoch, puts, &work->token_mask);
    work->next_token = 0;
    return work->tokens == NULL ? -1 : 0;
}

static int same_token(PyObject *a, PyObject *b) {
    if (a == b) {
        return 1;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(a);
    int kind = PyUnicode_KIND(a);
    return length == PyUnicode_GET_LENGTH(b) && kind == PyUnicode_KIND(b) &&
           memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)length * (size_t)kind) == 0;
}

/* The token's id (a new one with ``add``, else MISSING where no reference has it); FAILED for
 * a hash error, UNSUPPORTED (in *answer) for a token that is not an exact str. */
static uint32_t token_id(Bleu *work, PyObject *token, int add, int *answer) {
    if (!PyUnicode_CheckExact(token)) {
        *answer = UNSUPPORTED; /* a str subclass may redefine equality */
        return MISSING;
    }
    Py_hash_t hash = PyObject_Hash(token);
    if (hash == -1) {
        *answer = FAILED;
        return MISSING;
    }
    size_t slot = (size_t)mixed((uint64_t)hash) & work->token_mask;
    while (work->tokens[slot].epoch == work->token_epoch) {
        const TokenSlot *at = &work->tokens[slot];
        if (at->hash == hash && same_token(at->token, token)) {
            return at->id;
        }
        slot = (slot + 1) & work->token_mask;
    }
    if (!add) {
        return MISSING;
    }
    work->tokens[slot] = (TokenSlot){token, hash, work->next_token, work->token_epoch};
    return work->next_token++;
}

/* A token list's ids into work->units. */
static int read_tokens(Bleu *work, PyObject *tokens, int add) {
    if (!PyList_Check(tokens) && !PyTuple_Check(tokens)) {
        return UNSUPPORTED; /* the tables borrow tokens that the lists must hold */
    }
    PyObject *fast = PySequence_Fast(tokens, "a token list must be a sequence of str");
    if (fast == NULL) {
        return FAILED;
    }
    Py_ssize_t length = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    int answer = DONE;
    work->units.size = 0;
    if (u32s_reserve(&work->units, (size_t)length + 1) < 0 ||
        u32s_reserve(&work->previous, (size_t)length + 1) < 0 ||
        u32s_reserve(&work->current, (size_t)length + 1) < 0) {
        answer = FAILED;
    }
    for (Py_ssize_t t = 0; t < length && answer == DONE; t++) {
        work->units.items[t] = token_id(work, items[t], add, &answer);
    }
    work->units.size = answer == DONE ? (size_t)length : 0;
    Py_DECREF(fast);
    return answer;
}

static void swap_bleu_positions(Bleu *work) {
    U32s swap = work->previous;
    work->previous = work->current;
    work->current = swap;
}

/* One reference's n-grams: each id's count in it, then the most any reference has. */
static int count_bleu_reference(Bleu *work) {
    size_t length = work->units.size;
    work->seen.size = 0;
    if (u32s_reserve(&work->seen, length * (size_t)work->max_order + 1) < 0) {
        return FAILED;
    }
    for (int n = 1; n <= work->max_order; n++) {
        size_t positions = length >= (size_t)n ? length - (size_t)n + 1 : 0;
        const uint32_t *previous = work->previous.items;
        uint32_t *current = work->current.items;
        for (size_t p = 0; p < positions; p++) {
            uint32_t prefix = n == 1 ? 0 : previous[p];
            uint32_t id =
                table_put(&work->table, ngram_key(n - 1, prefix, work->units.items[p + n - 1]));
            if (id == MISSING) {
                return UNSUPPORTED;
            }
            if (id == work->zeroed) {
                work->most.items[id] = 0;
                work->in_one.items[id] = 0;
                work->zeroed++;
            }
            work->in_one.items[id]++;
            work->seen.items[work->seen.size++] = id;
            current[p] = id;
        }
        swap_bleu_positions(work);
    }
    for (size_t s = 0; s < work->seen.size; s++) {
        uint32_t id = work->seen.items[s];
        if (work->in_one.items[id] > work->most.items[id]) {
            work->most.items[id] = work->in_one.items[id];
        }
    }
    for (size_t s = 0; s < work->seen.size; s++) {
        work->in_one.items[work->seen.items[s]] = 0;
    }
    return DONE;
}

static int bleu_references(Bleu *work, PyObject *segment) {
    if (!PyList_Check(segment) && !PyTuple_Check(segment)) {
        return UNSUPPORTED; /* the tables borrow tokens that the lists must hold */
    }
    PyObject *fast =
        PySequence_Fast(segment, "a segment's references must be a sequence of token lists");
    if (fast == NULL) {
        return FAILED;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    PyObject **references = PySequence_Fast_ITEMS(fast);
    size_t tokens = 0;
    int answer = DONE;
    for (Py_ssize_t r = 0; r < count; r++) {
        Py_ssize_t length = PyObject_Length(references[r]);
        if (length < 0) {
            answer = FAILED;
            break;
        }
        tokens += (size_t)length;
    }
    if (answer == DONE && count == 0) {
        PyErr_SetString(PyExc_ValueError, "every segment needs a reference");
        answer = FAILED;
    }
    size_t puts = tokens * (size_t)work->max_order;
    work->zeroed = 0;
    work->lengths.size = 0;
    if (answer == DONE &&
        (table_start(&work->table, puts) < 0 || tokens_start(work, tokens) < 0 ||
         u32s_reserve(&work->most, puts + 1) < 0 || u32s_reserve(&work->in_one, puts + 1) < 0 ||
         u32s_reserve(&work->lengths, (size_t)count) < 0)) {
        answer = FAILED;
    }
    for (Py_ssize_t r = 0; r < count && answer == DONE; r++) {
        answer = read_tokens(work, references[r], 1);
        if (answer == DONE) {
            work->lengths.items[work->lengths.size++] = (uint32_t)work->units.size;
            answer = count_bleu_reference(work);
        }
    }
    Py_DECREF(fast);
    return answer;
}

/* The reference length nearest c; a tie goes to the shorter one. */
static uint32_t closest_length(const U32s *lengths, size_t c) {
    uint32_t best = lengths->items[0];
    for (size_t k = 1; k < lengths->size; k++) {
        uint32_t length = lengths->items[k];
        size_t gap = length > c ? length - c : c - length;
        size_t best_gap = best > c ? best - c : c - best;
        if (gap < best_gap || (gap == best_gap && length < best)) {
            best = length;
        }
    }
    return best;
}

/* One hypothesis's row: c, r, the clipped matches per order, the totals per order. */
static int bleu_hypothesis(Bleu *work, PyObject *hypothesis, double *row) {
    int max_order = work->max_order;
    int answer = read_tokens(work, hypothesis, 0);
    if (answer != DONE) {
        return answer;
    }
    if (tally_start(&work->tally, work->table.next) < 0) {
        return FAILED;
    }
    size_t c = work->units.size;
    const uint32_t *units = work->units.items;
    for (int n = 1; n <= max_order; n++) {
        size_t positions = c >= (size_t)n ? c - (size_t)n + 1 : 0;
        const uint32_t *previous = work->previous.items;
        uint32_t *current = work->current.items;
        uint32_t matches = 0;
        for (size_t p = 0; p < positions; p++) {
            uint32_t id;
            if (n == 1) {
                id = units[p] == MISSING ? MISSING
                                         : table_get(&work->table, ngram_key(0, 0, units[p]));
            } else if (previous[p] == MISSING || previous[p + 1] == MISSING) {
                id = MISSING;
            } else {
                id = table_get(&work->table, ngram_key(n - 1, previous[p], units[p + n - 1]));
            }
            current[p] = id;
            if (id != MISSING) {
                matches += tally_one(&work->tally, id) <= work->most.items[id];
            }
        }
        swap_bleu_positions(work);
        row[2 + n - 1] = (double)matches;
        row[2 + max_order + n - 1] = (double)positions;
    }
    row[0] = (double)c;
    row[1] = (double)closest_length(&work->lengths, c);
    return DONE;
}

static int bleu_all(void *bleu, const Systems *systems, PyObject *references, double *out) {
    Bleu *work = bleu;
    Py_ssize_t segments = PySequence_Fast_GET_SIZE(references);
    size_t width = 2 + 2 * (size_t)work->max_order;
    for (Py_ssize_t i = 0; i < segments; i++) {
        int answer = bleu_references(work, PySequence_Fast_GET_ITEM(references, i));
        for (Py_ssize_t k = 0; k < systems->count && answer == DONE; k++) {
            PyObject *hypothesis = PySequence_Fast_GET_ITEM(systems->systems[k], i);
            answer = bleu_hypothesis(work, hypothesis, out + ((size_t)k * (size_t)segments +
                                                              (size_t)i) * width);
        }
        if (answer != DONE) {
            return answer;
        }
    }
    return DONE;
}

static PyObject *bleu_rows(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError,
                        "bleu_rows(systems, references, max_order, out) takes 4 arguments");
        return NULL;
    }
    Bleu work;
    memset(&work, 0, sizeof work);
    if (read_int(args[2], 1, INT_MAX, "max_order", &work.max_order) < 0) {
        return NULL;
    }
    if (work.max_order > MAX_ORDERS) {
        Py_RETURN_FALSE;
    }
    size_t width = 2 + 2 * (size_t)work.max_order;
    PyObject *answer = filled_rows(args[0], args[1], args[3], width, bleu_all, &work);
    bleu_free(&work);
    return answer;
}

/* ------------------------------------------------------------------------------------------ */

static PyMethodDef methods[] = {
    {"chrf_rows", (PyCFunction)(void (*)(void))chrf_rows, METH_FASTCALL,
     "chrf_rows(systems, references, char_order, word_order, beta, eps_smoothing, "
     "include_whitespace, out) -> bool\n\nFills out[k, i] (systems x segments x 3K float64) "
     "with system k's kept chrF statistics of segment i, per order h, r, m; False (out "
     "unspecified) where the call must be computed in Python."},
    {"bleu_rows", (PyCFunction)(void (*)(void))bleu_rows, METH_FASTCALL,
     "bleu_rows(systems, references, max_order, out) -> bool\n\nFills out[k, i] (systems x "
     "segments x (2 + 2N) float64) with c, r, matches, totals of system k's token list of "
     "segment i against the token lists of references[i]; False as chrf_rows."},
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_shared_references, "Every system's per-segment chrF and BLEU statistics, each segment's references "
             "counted once.")
