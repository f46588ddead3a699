/* One segment's BLEU statistics, compiled: the clipped matches and totals of each order, the
 * hypothesis length and the closest reference length, in time linear in the tokens times the
 * orders.
 *
 * Each distinct hypothesis token gets an id from 1; a reference token the hypothesis lacks gets
 * 0. An n-gram is then an id too: the id of the pair (its (n-1)-gram's id, its last token's id),
 * numbered as the hypothesis's n-grams are met. A reference n-gram that is not a hypothesis
 * n-gram gets 0, and so do all n-grams that extend it. Counting per id gives the clipped matches.
 * A hypothesis of more than LONG_TOKENS tokens is counted one order at a time instead (below).
 *
 * Only exact str tokens are taken: for anything else the function answers None, and the caller
 * counts on the strings in Python (a str subclass may redefine equality).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_bleu_counts.h"
#include "_module.h"
#include "_order_matches.h"
#include <stdint.h>
#include <string.h>

#define MAX_ORDER 64
/* Up to this many bytes of work arrays, they live on the stack: no allocation per call. */
#define SMALL_WORK 16384

typedef uint32_t Id; /* a token or n-gram id; the callers hand over fewer than 2^31 tokens */

typedef struct {
    PyObject *token; /* borrowed: the caller's lists hold every token while we run */
    Py_hash_t hash;
    Id id; /* 0: an empty slot */
} TokenSlot;

typedef struct {
    uint64_t pair; /* (n-1)-gram id << 32 | token id */
    Id id;
    Id order; /* the order that filled the slot: a slot of another order is empty */
} PairSlot;

/* The arrays of one call, carved from one zeroed block. */
typedef struct {
    TokenSlot *tokens;
    PairSlot *pairs;
    Id *hypothesis;          /* per position: the id of the n-gram there (first, of the token) */
    Id *references;          /* the same for every reference, one after another */
    Id *hypothesis_tokens;   /* per position: the token id */
    Id *reference_tokens;
    Id *hypothesis_count;    /* per n-gram id */
    Id *reference_count;     /* per n-gram id, in the reference being read */
    Id *most_in_a_reference; /* per n-gram id */
    size_t token_mask;
    size_t pair_mask;
    void *allocated; /* NULL when the block is the caller's stack buffer */
} Work;

static size_t table_size(Py_ssize_t entries) {
    size_t size = 8;
    while (size < 2 * (size_t)entries) {
        size <<= 1;
    }
    return size;
}

static size_t aligned(size_t bytes) { return (bytes + 15) & ~(size_t)15; }

/* Carves ``work`` from ``small`` (SMALL_WORK bytes) or from a new block. */
static int work_alloc(Work *work, Py_ssize_t c, Py_ssize_t reference_tokens, char *small) {
    size_t tokens = table_size(c), pairs = table_size(c);
    size_t per_position = aligned((size_t)(c + 1) * sizeof(Id));
    size_t per_reference = aligned((size_t)(reference_tokens + 1) * sizeof(Id));
    size_t bytes = aligned(tokens * sizeof(TokenSlot)) + aligned(pairs * sizeof(PairSlot)) +
                   5 * per_position + 2 * per_reference;
    char *block = small;
    work->allocated = NULL;
    if (bytes > SMALL_WORK) {
        block = work->allocated = PyMem_Malloc(bytes);
        if (block == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    memset(block, 0, bytes);
    work->token_mask = tokens - 1;
    work->pair_mask = pairs - 1;
    work->tokens = (TokenSlot *)block;
    block += aligned(tokens * sizeof(TokenSlot));
    work->pairs = (PairSlot *)block;
    block += aligned(pairs * sizeof(PairSlot));
    Id **arrays[] = {&work->hypothesis, &work->hypothesis_tokens, &work->hypothesis_count,
                     &work->reference_count, &work->most_in_a_reference};
    for (size_t i = 0; i < sizeof(arrays) / sizeof(arrays[0]); i++) {
        *arrays[i] = (Id *)block;
        block += per_position;
    }
    work->references = (Id *)block;
    work->reference_tokens = (Id *)(block + per_reference);
    return 0;
}

static void work_free(Work *work) { PyMem_Free(work->allocated); }

static int same_text(PyObject *a, PyObject *b) {
    if (a == b) {
        return 1;
    }
    Py_ssize_t length = PyUnicode_GET_LENGTH(a);
    int kind = PyUnicode_KIND(a);
    /* A string's kind is the narrowest that holds its widest character: equal texts share it. */
    return length == PyUnicode_GET_LENGTH(b) && kind == PyUnicode_KIND(b) &&
           memcmp(PyUnicode_DATA(a), PyUnicode_DATA(b), (size_t)(length * kind)) == 0;
}

/* The slot of ``token`` among ``mask + 1`` slots: the one holding it, or the empty one where it
 * belongs. */
static TokenSlot *slot_among(TokenSlot *slots, size_t mask, PyObject *token, Py_hash_t hash) {
    size_t at = (size_t)hash & mask;
    for (;;) {
        TokenSlot *slot = &slots[at];
        if (slot->id == 0 || (slot->hash == hash && same_text(slot->token, token))) {
            return slot;
        }
        at = (at + 1) & mask;
    }
}

static TokenSlot *token_slot(const Work *work, PyObject *token, Py_hash_t hash) {
    return slot_among(work->tokens, work->token_mask, token, hash);
}

/* splitmix64's finalizer: every bit of a pair moves every bit of its slot, so that n-grams that
 * share a last token (or a first n-1) do not crowd a few slots. */
static uint64_t mixed(uint64_t pair) {
    pair = (pair ^ (pair >> 30)) * 0xBF58476D1CE4E5B9ULL;
    pair = (pair ^ (pair >> 27)) * 0x94D049BB133111EBULL;
    return pair ^ (pair >> 31);
}

/* The slot of ``pair`` among the n-grams of ``order``, or the empty one where it belongs. */
static PairSlot *pair_slot(const Work *work, uint64_t pair, Id order) {
    size_t at = (size_t)mixed(pair) & work->pair_mask;
    for (;;) {
        PairSlot *slot = &work->pairs[at];
        if (slot->order != order || slot->pair == pair) {
            return slot;
        }
        at = (at + 1) & work->pair_mask;
    }
}

/* The hash of an exact str token, or -1 when the item is something else. */
static Py_hash_t token_hash(PyObject *item) {
    return PyUnicode_CheckExact(item) ? PyObject_Hash(item) : -1; /* a str's hash is never -1 */
}

/* The hypothesis's token ids, numbered from 1; 0 when a token is not an exact str. */
static int number_hypothesis(Work *work, PyObject *hypothesis, Py_ssize_t c) {
    PyObject **items = PySequence_Fast_ITEMS(hypothesis);
    Id next = 1;
    for (Py_ssize_t i = 0; i < c; i++) {
        Py_hash_t hash = token_hash(items[i]);
        if (hash == -1) {
            return 0;
        }
        TokenSlot *slot = token_slot(work, items[i], hash);
        if (slot->id == 0) {
            slot->token = items[i];
            slot->hash = hash;
            slot->id = next++;
        }
        work->hypothesis_tokens[i] = slot->id;
    }
    memcpy(work->hypothesis, work->hypothesis_tokens, (size_t)c * sizeof(Id));
    return 1;
}

/* The references' token ids, 0 for a token the hypothesis lacks; 0 when a token is not an exact
 * str. */
static int number_references(Work *work, PyObject *references, const Py_ssize_t *starts) {
    PyObject **lists = PySequence_Fast_ITEMS(references);
    Py_ssize_t count = PySequence_Fast_GET_SIZE(references);
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject **items = PySequence_Fast_ITEMS(lists[k]);
        Id *ids = work->reference_tokens + starts[k];
        for (Py_ssize_t j = 0; j < starts[k + 1] - starts[k]; j++) {
            Py_hash_t hash = token_hash(items[j]);
            if (hash == -1) {
                return 0;
            }
            ids[j] = token_slot(work, items[j], hash)->id;
        }
    }
    memcpy(work->references, work->reference_tokens, (size_t)starts[count] * sizeof(Id));
    return 1;
}

/* The hypothesis's n-grams of order n, in place: position i had the (n-1)-gram at i. */
static void extend_hypothesis(Work *work, Py_ssize_t grams, Py_ssize_t n) {
    Id next = 1;
    const Id *tokens = work->hypothesis_tokens + n - 1;
    for (Py_ssize_t i = 0; i < grams; i++) {
        uint64_t pair = ((uint64_t)work->hypothesis[i] << 32) | tokens[i];
        PairSlot *slot = pair_slot(work, pair, (Id)n);
        if (slot->order != (Id)n) {
            slot->pair = pair;
            slot->order = (Id)n;
            slot->id = next++;
        }
        work->hypothesis[i] = slot->id;
    }
}

/* A reference's n-grams of order n, in place; 1 when one of them is a hypothesis's. */
static int extend_reference(const Work *work, Py_ssize_t start, Py_ssize_t grams, Py_ssize_t n) {
    Id *ids = work->references + start;
    const Id *tokens = work->reference_tokens + start + n - 1;
    int any = 0;
    for (Py_ssize_t j = 0; j < grams; j++) {
        Id id = 0;
        if (ids[j] != 0 && tokens[j] != 0) {
            PairSlot *slot = pair_slot(work, ((uint64_t)ids[j] << 32) | tokens[j], (Id)n);
            id = slot->order == (Id)n ? slot->id : 0;
        }
        ids[j] = id;
        any |= id != 0;
    }
    return any;
}

/* The clipped matches of order n, whose n-gram ids are in place. */
static Py_ssize_t clipped_order_matches(const Work *work, Py_ssize_t grams,
                                        const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t n) {
    ClippedCounts counts = {work->hypothesis_count, work->reference_count,
                            work->most_in_a_reference};
    return (Py_ssize_t)clipped_matches(counts, work->hypothesis, grams, work->references, starts,
                                       count, n);
}

/* Every order's clipped matches into ``matches``, the token ids numbered. */
static void count_matches(Work *work, const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t c,
                          Py_ssize_t max_order, Py_ssize_t *matches) {
    int any = 1; /* whether the order before had a hypothesis n-gram in some reference */
    for (Py_ssize_t n = 1; n <= max_order; n++) {
        Py_ssize_t grams = c - n + 1;
        if (grams <= 0 || !any) {
            matches[n - 1] = 0;
            continue;
        }
        if (n > 1) {
            extend_hypothesis(work, grams, n);
            any = 0;
            for (Py_ssize_t k = 0; k < count; k++) {
                Py_ssize_t length = starts[k + 1] - starts[k];
                if (length >= n) {
                    any |= extend_reference(work, starts[k], length - n + 1, n);
                }
            }
        }
        matches[n - 1] = any ? clipped_order_matches(work, grams, starts, count, n) : 0;
    }
}

static PyObject *tuple_of(const Py_ssize_t *values, Py_ssize_t count) {
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *value = PyLong_FromSsize_t(values[i]);
        if (value == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

static PyObject *answer(const Py_ssize_t *matches, Py_ssize_t c, Py_ssize_t r,
                        Py_ssize_t max_order) {
    Py_ssize_t totals[MAX_ORDER];
    for (Py_ssize_t n = 1; n <= max_order; n++) {
        totals[n - 1] = c - n + 1 > 0 ? c - n + 1 : 0;
    }
    PyObject *matched = tuple_of(matches, max_order);
    PyObject *counted = tuple_of(totals, max_order);
    if (matched == NULL || counted == NULL) {
        Py_XDECREF(matched);
        Py_XDECREF(counted);
        return NULL;
    }
    return Py_BuildValue("(NNnn)", matched, counted, c, r);
}

/* The reference starts (count + 1 of them) into ``starts``; 0 when a reference is not a list or
 * tuple. */
static int reference_starts(PyObject *references, Py_ssize_t count, Py_ssize_t *starts) {
    PyObject **lists = PySequence_Fast_ITEMS(references);
    starts[0] = 0;
    for (Py_ssize_t k = 0; k < count; k++) {
        if (!PyList_CheckExact(lists[k]) && !PyTuple_CheckExact(lists[k])) {
            return 0;
        }
        starts[k + 1] = starts[k] + PySequence_Fast_GET_SIZE(lists[k]);
    }
    return 1;
}

/* ------------------------------------------------------------------------------------------ */
/* A long hypothesis: the tables above are sized by its tokens (tens of bytes each), so past
 * LONG_TOKENS its distinct tokens are numbered in a table that grows with them, and the matches
 * are counted one order at a time from the token ids (``_order_matches.h``): a few bytes per
 * token. The same integers: both follow metrics.ngrams' rule. */

#define LONG_TOKENS ((Py_ssize_t)1 << 15)

typedef struct {
    TokenSlot *slots;
    size_t mask, used;
    Id *hypothesis, *references; /* token ids; a reference token the hypothesis lacks is 0 */
    OrderTable orders;
} LongWork;

static void long_free(LongWork *work) {
    PyMem_Free(work->slots);
    PyMem_Free(work->hypothesis);
    PyMem_Free(work->references);
    order_table_free(&work->orders);
}

/* Twice the slots (at first 1024), the tokens moved over; -1 when memory fails. */
static int long_grow(LongWork *work) {
    size_t size = work->slots == NULL ? 1024 : 2 * (work->mask + 1);
    TokenSlot *slots = PyMem_Calloc(size, sizeof(TokenSlot));
    if (slots == NULL) {
        return -1;
    }
    for (size_t s = 0; work->slots != NULL && s <= work->mask; s++) {
        TokenSlot *old = &work->slots[s];
        if (old->id != 0) {
            *slot_among(slots, size - 1, old->token, old->hash) = *old;
        }
    }
    PyMem_Free(work->slots);
    work->slots = slots;
    work->mask = size - 1;
    return 0;
}

/* The token ids of ``items``: numbered from 1 as new ones are met (``grow``, the hypothesis), or
 * looked up (0 for one the hypothesis lacks). 1, 0 when a token is not an exact str, -1 when
 * memory fails. */
static int long_number(LongWork *work, PyObject **items, Py_ssize_t length, Id *ids, int grow) {
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_hash_t hash = token_hash(items[i]);
        if (hash == -1) {
            return 0;
        }
        TokenSlot *slot = slot_among(work->slots, work->mask, items[i], hash);
        if (slot->id == 0 && grow) {
            if (2 * (work->used + 1) > work->mask + 1) { /* at most half full */
                if (long_grow(work) < 0) {
                    return -1;
                }
                slot = slot_among(work->slots, work->mask, items[i], hash);
            }
            slot->token = items[i];
            slot->hash = hash;
            slot->id = (Id)++work->used;
        }
        ids[i] = slot->id;
    }
    return 1;
}

/* Every order's clipped matches into ``matches`` from the numbered tokens; -1 when memory
 * fails. An order without a match ends the count: no longer n-gram can match. */
static int long_matches(LongWork *work, const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t c,
                        Py_ssize_t max_order, Py_ssize_t *matches) {
    int several = count > 1;
    int64_t found = 1;
    for (Py_ssize_t n = 1; n <= max_order; n++) {
        matches[n - 1] = 0;
        for (uint32_t part = 0; part < ORDER_PARTS && n <= c && found > 0; part++) {
            if (order_fill(&work->orders, work->hypothesis, (size_t)c, (int)n, part, several) < 0) {
                return -1;
            }
            for (Py_ssize_t k = 0; k < count; k++) {
                matches[n - 1] += (Py_ssize_t)order_reference_matches(
                    &work->orders, work->hypothesis, work->references + starts[k],
                    (size_t)(starts[k + 1] - starts[k]), (int)n, several);
            }
        }
        found = matches[n - 1];
    }
    return 0;
}

/* ``segment_counts``' matches of a long hypothesis: 1, 0 when a token is not an exact str, -1
 * with an error set. */
static int long_counts(PyObject *hypothesis, PyObject *references, const Py_ssize_t *starts,
                       Py_ssize_t max_order, Py_ssize_t *matches) {
    Py_ssize_t c = PySequence_Fast_GET_SIZE(hypothesis);
    Py_ssize_t count = PySequence_Fast_GET_SIZE(references);
    LongWork work;
    memset(&work, 0, sizeof work);
    work.hypothesis = PyMem_Malloc((size_t)c * sizeof(Id));
    work.references = PyMem_Malloc((size_t)(starts[count] + 1) * sizeof(Id));
    int done = work.hypothesis != NULL && work.references != NULL && long_grow(&work) == 0
                   ? long_number(&work, PySequence_Fast_ITEMS(hypothesis), c, work.hypothesis, 1)
                   : -1;
    PyObject **lists = PySequence_Fast_ITEMS(references);
    for (Py_ssize_t k = 0; done == 1 && k < count; k++) {
        done = long_number(&work, PySequence_Fast_ITEMS(lists[k]), starts[k + 1] - starts[k],
                           work.references + starts[k], 0);
    }
    PyMem_Free(work.slots); /* the tokens are numbered: their table is done with */
    work.slots = NULL;
    if (done == 1 && long_matches(&work, starts, count, c, max_order, matches) < 0) {
        done = -1;
    }
    long_free(&work);
    if (done < 0) {
        PyErr_NoMemory();
    }
    return done;
}

/* One segment's counts into ``matches``, ``*c`` and ``*r``: 1, or 0 when a list is not a list or
 * tuple, a token not an exact str or the segment too long for the ids (the strings serve), or
 * -1 with an error set. ``references`` is a list or tuple of at least one item. */
static int segment_counts(PyObject *hypothesis, PyObject *references, Py_ssize_t max_order,
                          Py_ssize_t *matches, Py_ssize_t *c, Py_ssize_t *r) {
    *c = PySequence_Fast_GET_SIZE(hypothesis);
    Py_ssize_t count = PySequence_Fast_GET_SIZE(references);
    _Alignas(16) char small[SMALL_WORK];
    Py_ssize_t few_starts[17];
    Work work;
    Py_ssize_t *starts = few_starts;
    if (count >= 17) {
        starts = PyMem_Malloc((size_t)(count + 1) * sizeof(Py_ssize_t));
        if (starts == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    int done = 0;
    if (reference_starts(references, count, starts) && *c + starts[count] < INT32_MAX &&
        *c > LONG_TOKENS) {
        done = long_counts(hypothesis, references, starts, max_order, matches);
        *r = closest_length(starts, count, *c);
    } else if (reference_starts(references, count, starts) && *c + starts[count] < INT32_MAX) {
        done = work_alloc(&work, *c, starts[count], small);
        if (done == 0) {
            if (number_hypothesis(&work, hypothesis, *c) &&
                number_references(&work, references, starts)) {
                count_matches(&work, starts, count, *c, max_order, matches);
                *r = closest_length(starts, count, *c);
                done = 1;
            }
            work_free(&work);
        }
    }
    if (starts != few_starts) {
        PyMem_Free(starts);
    }
    return done;
}

static int is_plain(PyObject *list) { return PyList_CheckExact(list) || PyTuple_CheckExact(list); }

static PyObject *statistics_of(PyObject *hypothesis, PyObject *references, Py_ssize_t max_order) {
    Py_ssize_t matches[MAX_ORDER], c, r;
    int done = segment_counts(hypothesis, references, max_order, matches, &c, &r);
    if (done < 0) {
        return NULL;
    }
    if (done == 0) {
        Py_RETURN_NONE;
    }
    return answer(matches, c, r, max_order);
}

/* The max_order of a call of three arguments, or -1 with an exception set. */
static Py_ssize_t read_max_order(Py_ssize_t nargs, PyObject *const *args, const char *usage) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, usage);
        return -1;
    }
    Py_ssize_t max_order = PyLong_AsSsize_t(args[2]);
    if (max_order == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (max_order < 1 || max_order > MAX_ORDER) {
        PyErr_Format(PyExc_ValueError, "max_order must be 1 to %d, not %zd", MAX_ORDER,
                     max_order);
        return -1;
    }
    return max_order;
}

static PyObject *segment_statistics(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t max_order = read_max_order(
        nargs, args, "segment_statistics(hypothesis, references, max_order) takes 3 arguments");
    if (max_order < 0) {
        return NULL;
    }
    PyObject *hypothesis = args[0], *references = args[1];
    int plain = (PyList_CheckExact(hypothesis) || PyTuple_CheckExact(hypothesis)) &&
                (PyList_CheckExact(references) || PyTuple_CheckExact(references)) &&
                PySequence_Fast_GET_SIZE(references) > 0;
    if (!plain) {
        Py_RETURN_NONE;
    }
    return statistics_of(hypothesis, references, max_order);
}

/* Every segment's counts, summed in 64-bit integers (exact: they count tokens held in memory). */
static PyObject *corpus_counts(PyObject *hypotheses, PyObject *references, Py_ssize_t max_order) {
    Py_ssize_t segments = PySequence_Fast_GET_SIZE(hypotheses);
    PyObject **hypothesis_items = PySequence_Fast_ITEMS(hypotheses);
    PyObject **reference_items = PySequence_Fast_ITEMS(references);
    long long matches[MAX_ORDER] = {0}, totals[MAX_ORDER] = {0}, c_sum = 0, r_sum = 0;
    for (Py_ssize_t i = 0; i < segments; i++) {
        PyObject *hypothesis = hypothesis_items[i], *segment = reference_items[i];
        if (!is_plain(hypothesis) || !is_plain(segment) || PySequence_Fast_GET_SIZE(segment) == 0) {
            Py_RETURN_NONE;
        }
        Py_ssize_t found[MAX_ORDER], c, r;
        int done = segment_counts(hypothesis, segment, max_order, found, &c, &r);
        if (done <= 0) {
            if (done < 0) {
                return NULL;
            }
            Py_RETURN_NONE;
        }
        for (Py_ssize_t n = 0; n < max_order; n++) {
            matches[n] += found[n];
            totals[n] += c - n > 0 ? c - n : 0;
        }
        c_sum += c;
        r_sum += r;
    }
    PyObject *matched = long_long_tuple(matches, max_order);
    PyObject *counted = long_long_tuple(totals, max_order);
    if (matched == NULL || counted == NULL) {
        Py_XDECREF(matched);
        Py_XDECREF(counted);
        return NULL;
    }
    return Py_BuildValue("(NNLL)", matched, counted, c_sum, r_sum);
}

static PyObject *corpus_statistics(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Py_ssize_t max_order = read_max_order(
        nargs, args, "corpus_statistics(hypotheses, references, max_order) takes 3 arguments");
    if (max_order < 0) {
        return NULL;
    }
    PyObject *hypotheses = args[0], *references = args[1];
    if (!is_plain(hypotheses) || !is_plain(references) ||
        PySequence_Fast_GET_SIZE(hypotheses) != PySequence_Fast_GET_SIZE(references)) {
        Py_RETURN_NONE;
    }
    return corpus_counts(hypotheses, references, max_order);
}

static PyMethodDef methods[] = {
    {"segment_statistics", (PyCFunction)(void (*)(void))segment_statistics, METH_FASTCALL,
     "segment_statistics(hypothesis, references, max_order) -> (matches, totals, c, r) or None\n\n"
     "One segment's clipped matches and totals per order, its hypothesis length and closest\n"
     "reference length (a tie goes to the shorter). None when a list is not a list or tuple or\n"
     "a token is not an exact str."},
    {"corpus_statistics", (PyCFunction)(void (*)(void))corpus_statistics, METH_FASTCALL,
     "corpus_statistics(hypotheses, references, max_order) -> (matches, totals, c, r) or None\n\n"
     "Every segment's segment_statistics, summed: references[i] holds segment i's reference\n"
     "token lists. None where segment_statistics would answer None for a segment, where a\n"
     "segment has no reference or where the two lists differ in length."},
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_segment, "One segment's BLEU statistics, compiled.")
