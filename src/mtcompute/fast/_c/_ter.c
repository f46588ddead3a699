/* TER's edits, compiled: for a hypothesis and its references given as word ids, the fewest
 * edits (shifts plus the beam edit distance of the shifted words) to any reference, exactly as
 * the pure-Python oracle ``metrics/ter`` (and sacreBLEU 2.6) counts them.
 *
 * The matrix of the current hypothesis is kept band by band: row i holds only the cells
 * low[i]..high[i]-1 around the pseudo-diagonal (the last row whole); every other cell is
 * infinite. A candidate shift changes the words from some position p on, so its rows up to p
 * are the current hypothesis's: only rows p+1.. are computed, in two rolling rows, as the
 * oracle's trie of rows would give them. Once a shift is taken, the kept matrix is recomputed
 * from the first row it changed.
 *
 * The search, its order, its ranking, its candidate budget and its ties are the oracle's; see
 * ``metrics/ter/shifts.py`` for the rules and why they are as they are.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define BEAM_WIDTH 25
#define MAX_SHIFT_SIZE 10
#define MAX_SHIFT_DISTANCE 50
#define MAX_SHIFT_CANDIDATES 1000
/* A cell outside the band. Finite costs stay below the words of both sides, and an infinite
 * cost plus a few edits stays infinite (never below INFINITE) as it does in the oracle. */
#define INFINITE (INT32_MAX / 4)
/* Ids and lengths fit in 32 bits with room for INFINITE's arithmetic. */
#define MAX_WORDS (INT32_MAX / 8)

typedef int32_t Word;
typedef int32_t Cost;
typedef Py_ssize_t Index;

enum { MATCH, SUBSTITUTE, EXTRA_HYPOTHESIS_WORD, MISSING_REFERENCE_WORD, UNDEFINED };

/* One hypothesis against one reference: the band's shape, the kept matrix, the alignment. */
typedef struct {
    const Word *reference;
    Index n_ref, n_hyp;
    Index *low, *high, *offset; /* per row 0..n_hyp: its band and where its cells start */
    Cost *cost;                 /* the kept matrix's cells, band after band */
    uint8_t *operation;         /* the last operation of each cell */
    Cost *rolling[2];           /* two rows, each wide enough for any band */
    Cost *above;                /* the row above a candidate's row, shifted to its band */
    Word *words;                /* the current hypothesis */
    Word *candidate;            /* a shifted copy of it */
    Index *position;            /* per reference word: the hypothesis position it aligns with */
    uint8_t *reference_errors, *hypothesis_errors;
    void *block; /* everything above, in one allocation */
} Pair;

/* A candidate shift and its rank: gain, then longer, then earlier start, then earlier target. */
typedef struct {
    Cost gain;
    Index length, start, target;
} Candidate;

static int outranks(const Candidate *a, const Candidate *b) {
    if (a->gain != b->gain) {
        return a->gain > b->gain;
    }
    if (a->length != b->length) {
        return a->length > b->length;
    }
    if (a->start != b->start) {
        return a->start < b->start;
    }
    return a->target < b->target;
}

/* The bands: as the oracle's ``band_width`` and ``_compute_rows``, one double operation at a
 * time, so that floor(i * ratio) is the same integer. */
static Index set_bands(Pair *pair) {
    double ratio = (double)pair->n_ref / (double)pair->n_hyp;
    Index width = BEAM_WIDTH;
    if (ratio / 2 > BEAM_WIDTH) {
        width = (Index)ceil(ratio / 2 + BEAM_WIDTH);
    }
    Index cells = pair->n_ref + 1;
    pair->low[0] = 0;
    pair->high[0] = pair->n_ref + 1;
    pair->offset[0] = 0;
    for (Index i = 1; i <= pair->n_hyp; i++) {
        Index diagonal = (Index)floor((double)i * ratio);
        Index low = diagonal - width > 0 ? diagonal - width : 0;
        Index high = diagonal + width < pair->n_ref + 1 ? diagonal + width : pair->n_ref + 1;
        if (i == pair->n_hyp) {
            high = pair->n_ref + 1;
        }
        pair->low[i] = low;
        pair->high[i] = high > low ? high : low;
        pair->offset[i] = cells;
        cells += pair->high[i] - low;
    }
    return cells;
}

static size_t aligned(size_t bytes) { return (bytes + 15) & ~(size_t)15; }

static int pair_alloc(Pair *pair, const Word *hypothesis, Index n_hyp, const Word *reference,
                      Index n_ref) {
    size_t rows = (size_t)n_hyp + 1;
    /* The band of a row is at most 2 * width cells, width < n_ref / (2 n_hyp) + 26. */
    size_t most_cells = (size_t)(n_ref + 1) * 3 + rows * (2 * BEAM_WIDTH + 4);
    size_t bytes = 3 * aligned(rows * sizeof(Index)) + aligned(most_cells * sizeof(Cost)) +
                   aligned(most_cells) + 3 * aligned((size_t)(n_ref + 2) * sizeof(Cost)) +
                   2 * aligned((size_t)n_hyp * sizeof(Word)) +
                   aligned((size_t)n_ref * sizeof(Index)) + aligned((size_t)n_ref) +
                   aligned((size_t)n_hyp);
    char *block = PyMem_Malloc(bytes);
    if (block == NULL) {
        return -1;
    }
    pair->block = block;
    pair->reference = reference;
    pair->n_ref = n_ref;
    pair->n_hyp = n_hyp;
#define CARVE(field, type, count)                                                              \
    pair->field = (type *)block;                                                               \
    block += aligned((size_t)(count) * sizeof(type))
    CARVE(low, Index, rows);
    CARVE(high, Index, rows);
    CARVE(offset, Index, rows);
    CARVE(cost, Cost, most_cells);
    CARVE(operation, uint8_t, most_cells);
    CARVE(rolling[0], Cost, n_ref + 1);
    CARVE(rolling[1], Cost, n_ref + 1);
    CARVE(above, Cost, n_ref + 2);
    CARVE(words, Word, n_hyp);
    CARVE(candidate, Word, n_hyp);
    CARVE(position, Index, n_ref);
    CARVE(reference_errors, uint8_t, n_ref);
    CARVE(hypothesis_errors, uint8_t, n_hyp);
#undef CARVE
    memcpy(pair->words, hypothesis, (size_t)n_hyp * sizeof(Word));
    set_bands(pair);
    for (Index j = 0; j <= n_ref; j++) {
        pair->cost[j] = (Cost)j;
        pair->operation[j] = MISSING_REFERENCE_WORD;
    }
    return 0;
}

/* Row i for hypothesis word ``word`` from row i-1 (its cells ``previous`` from ``previous_low``
 * to ``previous_high``), into ``out`` (and ``operations`` unless NULL), from low[i]. Ties go to a
 * match or substitution, then an extra hypothesis word, then a missing reference word. */
static void band_row(const Pair *pair, Index i, Word word, const Cost *previous,
                     Index previous_low, Index previous_high, Cost *out, uint8_t *operations) {
    Index low = pair->low[i], high = pair->high[i];
    Cost left = INFINITE;
    for (Index j = low; j < high; j++) {
        Cost up = j >= previous_low && j < previous_high ? previous[j - previous_low] : INFINITE;
        Cost best = up + 1;
        uint8_t operation = EXTRA_HYPOTHESIS_WORD;
        if (j > 0) {
            Index k = j - 1;
            Cost diagonal = k >= previous_low && k < previous_high ? previous[k - previous_low]
                                                                    : INFINITE;
            int same = word == pair->reference[k];
            best = INFINITE;
            operation = UNDEFINED;
            if (diagonal + !same < best) {
                best = diagonal + !same;
                operation = same ? MATCH : SUBSTITUTE;
            }
            if (up + 1 < best) {
                best = up + 1;
                operation = EXTRA_HYPOTHESIS_WORD;
            }
            if (left + 1 < best) {
                best = left + 1;
                operation = MISSING_REFERENCE_WORD;
            }
        }
        out[j - low] = best;
        if (operations != NULL) {
            operations[j - low] = operation;
        }
        left = best;
    }
}

/* ``band_row`` without the operations, for a candidate's distance, where only the minimum
 * matters. A cell is min(up + 1, diagonal + mismatch, left + 1); writing t[j] for the first two,
 * cell[j] = min over k <= j of (t[k] + j - k) = j + (running min of t[k] - k). The chain from
 * cell to cell is then one min, instead of an add, a compare and a select. Infinite cells are
 * clamped to exactly INFINITE: finite cells never come from them. */
static void band_costs(const Pair *pair, Index i, Word word, const Cost *previous,
                       Index previous_low, Index previous_high, Cost *out, Cost *above) {
    Index low = pair->low[i], high = pair->high[i];
    Index width = high - low;
    /* above[m] = previous row's cell low - 1 + m, infinite outside its band. */
    Index from = low - 1 > previous_low ? low - 1 : previous_low; /* the overlap, in j */
    Index to = high < previous_high ? high : previous_high;
    Index filled = 0;
    for (; filled < from - (low - 1) && filled <= width; filled++) {
        above[filled] = INFINITE;
    }
    if (to > from) {
        memcpy(above + filled, previous + (from - previous_low),
               (size_t)(to - from) * sizeof(Cost));
        filled += to - from;
    }
    for (; filled <= width; filled++) {
        above[filled] = INFINITE;
    }
    Index first = 0;
    Cost running = INFINITE;
    if (low == 0) {
        out[0] = above[1] + 1; /* the first column: only from above */
        running = out[0];
        first = 1;
    }
    const Word *reference = pair->reference + low - 1;
    running -= (Cost)first - 1; /* as t - m for m = first - 1 */
    for (Index m = first; m < width; m++) {
        Cost diagonal = above[m] + (word != reference[m]);
        Cost up = above[m + 1] + 1;
        Cost t = (diagonal < up ? diagonal : up) - (Cost)m;
        running = t < running ? t : running; /* the only dependence from cell to cell */
        Cost cell = running + (Cost)m;
        out[m] = cell < INFINITE ? cell : INFINITE;
    }
}

/* The kept matrix's rows from ``from`` + 1 on, for the current words. */
static void keep_rows(Pair *pair, Index from) {
    for (Index i = from + 1; i <= pair->n_hyp; i++) {
        band_row(pair, i, pair->words[i - 1], pair->cost + pair->offset[i - 1], pair->low[i - 1],
                 pair->high[i - 1], pair->cost + pair->offset[i], pair->operation + pair->offset[i]);
    }
}

static Cost kept_distance(const Pair *pair) {
    Index last = pair->n_hyp;
    return pair->cost[pair->offset[last] + pair->n_ref - pair->low[last]];
}

/* The distance of ``words``, equal to the current words before position ``from``. */
static Cost distance_from(const Pair *pair, const Word *words, Index from) {
    if (from == pair->n_hyp) {
        return kept_distance(pair);
    }
    const Cost *previous = pair->cost + pair->offset[from];
    Index previous_low = pair->low[from], previous_high = pair->high[from];
    for (Index i = from + 1; i <= pair->n_hyp; i++) {
        Cost *out = pair->rolling[i & 1];
        band_costs(pair, i, words[i - 1], previous, previous_low, previous_high, out,
                   pair->above);
        previous = out;
        previous_low = pair->low[i];
        previous_high = pair->high[i];
    }
    return previous[pair->n_ref - previous_low];
}

/* The alignment, from the operations on the way back from the last cell; -1 if the way leaves
 * the band (the oracle raises there too, and no input reaches it). */
static int align(Pair *pair) {
    Index i = pair->n_hyp, j = pair->n_ref;
    while (i > 0 || j > 0) {
        uint8_t operation = UNDEFINED;
        if (j >= pair->low[i] && j < pair->high[i]) {
            operation = pair->operation[pair->offset[i] + j - pair->low[i]];
        }
        if (operation == MATCH || operation == SUBSTITUTE) {
            uint8_t error = operation == SUBSTITUTE;
            pair->position[j - 1] = i - 1;
            pair->reference_errors[j - 1] = error;
            pair->hypothesis_errors[i - 1] = error;
            i--;
            j--;
        } else if (operation == EXTRA_HYPOTHESIS_WORD) {
            pair->hypothesis_errors[i - 1] = 1;
            i--;
        } else if (operation == MISSING_REFERENCE_WORD) {
            pair->position[j - 1] = i - 1;
            pair->reference_errors[j - 1] = 1;
            j--;
        } else {
            return -1;
        }
    }
    return 0;
}

/* ``words`` with the run at ``start`` of ``length`` words moved to ``target``, into ``out``: as
 * the oracle's ``shifted``, a target inside the run (or just after it) included. */
static void shift_words(const Word *words, Index n, Index start, Index length, Index target,
                        Word *out) {
    Index end = start + length;
    Word *at = out;
#define TAKE(from, to)                                                                         \
    if ((to) > (from)) {                                                                       \
        memcpy(at, words + (from), (size_t)((to) - (from)) * sizeof(Word));                    \
        at += (to) - (from);                                                                   \
    }
    if (target < start) {
        TAKE(0, target);
        TAKE(start, end);
        TAKE(target, start);
        TAKE(end, n);
    } else if (target > end) {
        TAKE(0, start);
        TAKE(end, target);
        TAKE(start, end);
        TAKE(target, n);
    } else {
        Index after = length + target < n ? length + target : n;
        TAKE(0, start);
        TAKE(end, after);
        TAKE(start, end);
        TAKE(after, n);
    }
#undef TAKE
}

/* The first position where ``words`` differ from the current words, from ``from`` on. */
static Index first_change(const Pair *pair, const Word *words, Index from) {
    while (from < pair->n_hyp && words[from] == pair->words[from]) {
        from++;
    }
    return from;
}

/* Tries every target of the run (start, reference_start, length), keeping the best. */
static void try_targets(const Pair *pair, Index start, Index reference_start, Index length,
                        Cost before, Candidate *best, int *found, int *checked) {
    Index previous = -1;
    for (Index r = reference_start - 1; r < reference_start + length; r++) {
        Index target = r < 0 ? 0 : pair->position[r] + 1;
        if (target == previous) {
            continue;
        }
        previous = target;
        shift_words(pair->words, pair->n_hyp, start, length, target, pair->candidate);
        Index from = first_change(pair, pair->candidate, start < target ? start : target);
        Candidate candidate = {before - distance_from(pair, pair->candidate, from), length, start,
                               target};
        *checked += 1;
        if (!*found || outranks(&candidate, best)) {
            *best = candidate;
            *found = 1;
        }
    }
}

/* Runs that start at ``start`` in the hypothesis and ``reference_start`` in the reference; 1
 * once the candidate budget is spent. */
static int try_runs_at(const Pair *pair, Index start, Index reference_start, Cost before,
                       Candidate *best, int *found, int *checked) {
    int hypothesis_error = 0, reference_error = 0;
    Index aligned_at = pair->position[reference_start];
    for (Index length = 1; length <= MAX_SHIFT_SIZE && start + length <= pair->n_hyp &&
                           reference_start + length <= pair->n_ref;
         length++) {
        Index last = length - 1;
        if (pair->words[start + last] != pair->reference[reference_start + last]) {
            break;
        }
        hypothesis_error |= pair->hypothesis_errors[start + last];
        reference_error |= pair->reference_errors[reference_start + last];
        if (!hypothesis_error || !reference_error) {
            continue;
        }
        if (start <= aligned_at && aligned_at < start + length) {
            continue; /* the reference stretch sits inside the run already */
        }
        try_targets(pair, start, reference_start, length, before, best, found, checked);
        if (*checked >= MAX_SHIFT_CANDIDATES) {
            return 1;
        }
    }
    return 0;
}

/* The best shift's gain (0 when no candidate was tried) into ``best``. */
static void best_shift(const Pair *pair, Candidate *best, int *checked) {
    Cost before = kept_distance(pair);
    int found = 0;
    for (Index start = 0; start < pair->n_hyp; start++) {
        Index first = start - MAX_SHIFT_DISTANCE > 0 ? start - MAX_SHIFT_DISTANCE : 0;
        Index last = start + MAX_SHIFT_DISTANCE < pair->n_ref - 1 ? start + MAX_SHIFT_DISTANCE
                                                                  : pair->n_ref - 1;
        for (Index reference_start = first; reference_start <= last; reference_start++) {
            if (try_runs_at(pair, start, reference_start, before, best, &found, checked)) {
                goto done;
            }
        }
    }
done:
    if (!found) {
        best->gain = 0;
    }
}

/* Shifts while the best one lowers the distance and the budget lasts, then the distance. */
static Cost shifted_edits(Pair *pair) {
    Cost shifts = 0;
    int checked = 0;
    keep_rows(pair, 0);
    for (;;) {
        if (align(pair) < 0) {
            return -1;
        }
        Candidate best;
        best_shift(pair, &best, &checked);
        if (checked >= MAX_SHIFT_CANDIDATES || best.gain <= 0) {
            break;
        }
        shifts++;
        shift_words(pair->words, pair->n_hyp, best.start, best.length, best.target,
                    pair->candidate);
        Index from = first_change(pair, pair->candidate,
                                  best.start < best.target ? best.start : best.target);
        memcpy(pair->words, pair->candidate, (size_t)pair->n_hyp * sizeof(Word));
        keep_rows(pair, from);
    }
    return shifts + kept_distance(pair);
}

/* The edits of one hypothesis against one reference: -1 on an out-of-band trace, -2 when memory
 * runs out. */
static Cost edits(const Word *hypothesis, Index n_hyp, const Word *reference, Index n_ref) {
    if (n_ref == 0) {
        return (Cost)n_hyp; /* every hypothesis word is deleted */
    }
    if (n_hyp == 0) {
        return (Cost)n_ref; /* every reference word is inserted; there is nothing to shift */
    }
    Pair pair;
    if (pair_alloc(&pair, hypothesis, n_hyp, reference, n_ref) < 0) {
        return -2;
    }
    Cost result = shifted_edits(&pair);
    PyMem_Free(pair.block);
    return result;
}

/* The ids of a list or tuple of ints into ``out`` (``n`` of them). */
static int read_ids(PyObject *sequence, Word *out, Index n) {
    PyObject **items = PySequence_Fast_ITEMS(sequence);
    for (Index k = 0; k < n; k++) {
        long id = PyLong_AsLong(items[k]);
        if (id == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (id < INT32_MIN || id > INT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "a word id must fit in 32 bits");
            return -1;
        }
        out[k] = (Word)id;
    }
    return 0;
}

/* Every sequence of ids as a C array, one block: ``lists[0]`` the hypothesis, then the
 * references. */
typedef struct {
    PyObject **fast; /* owned */
    Index count;
    Word **ids;
    Index *lengths;
    void *block;
} IdLists;

static void id_lists_free(IdLists *lists) {
    for (Index k = 0; k < lists->count; k++) {
        Py_XDECREF(lists->fast[k]);
    }
    PyMem_Free(lists->block);
}

static int id_lists_read(IdLists *lists, PyObject *hypothesis, PyObject *references) {
    memset(lists, 0, sizeof(*lists)); /* freeing is safe from here on */
    PyObject *fast_references = PySequence_Fast(references, "references must be a sequence");
    if (fast_references == NULL) {
        return -1;
    }
    Index count = PySequence_Fast_GET_SIZE(fast_references) + 1;
    lists->block = PyMem_Calloc((size_t)count, sizeof(PyObject *) + sizeof(Word *) + sizeof(Index));
    if (lists->block == NULL) {
        Py_DECREF(fast_references);
        PyErr_NoMemory();
        return -1;
    }
    lists->fast = (PyObject **)lists->block;
    lists->ids = (Word **)(lists->fast + count);
    lists->lengths = (Index *)(lists->ids + count);
    PyObject **items = PySequence_Fast_ITEMS(fast_references);
    for (Index k = 0; k < count; k++) {
        PyObject *fast = PySequence_Fast(k == 0 ? hypothesis : items[k - 1],
                                         "word ids must be a sequence of ints");
        if (fast == NULL) {
            Py_DECREF(fast_references);
            return -1;
        }
        lists->fast[k] = fast;
        lists->count = k + 1;
        lists->lengths[k] = PySequence_Fast_GET_SIZE(fast);
        if (lists->lengths[k] > MAX_WORDS) {
            Py_DECREF(fast_references);
            PyErr_SetString(PyExc_ValueError, "too many words in one text");
            return -1;
        }
    }
    Py_DECREF(fast_references);
    return 0;
}

static PyObject *fewest_edits(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "fewest_edits expected 2 arguments, got %zd", nargs);
        return NULL;
    }
    IdLists lists;
    if (id_lists_read(&lists, args[0], args[1]) < 0) {
        id_lists_free(&lists);
        return NULL;
    }
    if (lists.count < 2) {
        id_lists_free(&lists);
        PyErr_SetString(PyExc_ValueError, "a segment needs at least one reference");
        return NULL;
    }
    Index words = 0;
    for (Index k = 0; k < lists.count; k++) {
        words += lists.lengths[k];
    }
    Word *ids = PyMem_Malloc((size_t)(words + 1) * sizeof(Word));
    if (ids == NULL) {
        id_lists_free(&lists);
        return PyErr_NoMemory();
    }
    Word *at = ids;
    for (Index k = 0; k < lists.count; k++) {
        if (read_ids(lists.fast[k], at, lists.lengths[k]) < 0) {
            PyMem_Free(ids);
            id_lists_free(&lists);
            return NULL;
        }
        lists.ids[k] = at;
        at += lists.lengths[k];
    }
    Cost fewest = INFINITE;
    Py_BEGIN_ALLOW_THREADS;
    for (Index k = 1; k < lists.count && fewest >= 0; k++) {
        Cost found = edits(ids, lists.lengths[0], lists.ids[k], lists.lengths[k]);
        fewest = found < fewest ? found : fewest;
    }
    Py_END_ALLOW_THREADS;
    PyMem_Free(ids);
    id_lists_free(&lists);
    if (fewest == -2) {
        return PyErr_NoMemory();
    }
    if (fewest < 0) {
        PyErr_SetString(PyExc_RuntimeError, "the trace left the band");
        return NULL;
    }
    return PyLong_FromLong((long)fewest);
}

static PyMethodDef methods[] = {
    {"fewest_edits", (PyCFunction)(void (*)(void))fewest_edits, METH_FASTCALL,
     "fewest_edits(hypothesis, references, /)\n--\n\n"
     "The fewest TER edits from the hypothesis to any reference, all given as word ids."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_ter", "TER's edits on word ids, compiled.", 0, methods,
    NULL,                  NULL,   NULL,                                 NULL,
};

PyMODINIT_FUNC PyInit__ter(void) { return PyModule_Create(&module_definition); }
