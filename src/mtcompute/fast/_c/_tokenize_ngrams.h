/* Corpus BLEU statistics straight from raw texts, part of _tokenize.c: each text is cut into
 * token spans as tokenize_many cuts it, and the spans are counted where they lie, never made
 * into str.
 *
 * Per segment, as _segment.c counts one segment: each distinct hypothesis token gets an id from
 * 1 (a reference token the hypothesis lacks gets 0), an n-gram is the id of the pair (its
 * (n-1)-gram's id, its last token's id), numbered as the hypothesis's n-grams are met, and
 * counting per id gives the clipped matches. The hash tables serve every segment of a call:
 * a slot belongs to the segment (and order) whose epoch it carries, so that none is cleared.
 * A hypothesis of more than LONG_TOKENS tokens would make those tables hundreds of megabytes:
 * its segment is counted apart, one order at a time (``_tokenize_long.h``).
 * The sums are exact: 64-bit integers, turned into Python ints at the end.
 */

#include "_bleu_counts.h"
#include "_module.h"
#include "_tokenize_long.h"

#define MAX_ORDER 64

typedef uint32_t Id;

typedef struct {
    const CodePoint *text; /* into the hypothesis's line, which outlives the segment's counts */
    uint64_t hash;
    uint64_t epoch;
    Py_ssize_t length;
    Id id;
} IdSlot;

typedef struct {
    uint64_t pair; /* (n-1)-gram id << 32 | token id */
    uint64_t epoch;
    Id id;
} PairSlot;

/* Sums over the segments. */
typedef struct {
    long long matches[MAX_ORDER];
    long long totals[MAX_ORDER];
    long long c;
    long long r;
} Sums;

/* The arrays of one call, grown as segments need. */
typedef struct {
    IdSlot *tokens;
    PairSlot *pairs;
    size_t mask;    /* both tables have mask + 1 slots */
    uint64_t epoch; /* the current segment's (tokens) or segment-and-order's (pairs) */
    Id *hypothesis, *hypothesis_tokens, *hypothesis_count, *reference_count, *most;
    Py_ssize_t hypothesis_capacity;
    Id *references, *reference_tokens;
    Py_ssize_t reference_capacity;
    Py_ssize_t *starts;
    Py_ssize_t starts_capacity;
    Spans hypothesis_spans, reference_spans;
    Reading hypothesis_reading, reference_reading;
    LongSegment long_segment; /* a long hypothesis's, for that segment only */
} Counting;

/* A text's buffers given back: after a long text, they would hold its size for the call. */
static void reading_release(Reading *reading, Spans *spans) {
    reading_free(reading);
    PyMem_Free(spans->data);
    PyMem_Free(spans->classes);
    memset(reading, 0, sizeof *reading);
    memset(spans, 0, sizeof *spans);
}

static void counting_free(Counting *work) {
    PyMem_Free(work->tokens);
    PyMem_Free(work->pairs);
    PyMem_Free(work->hypothesis);
    PyMem_Free(work->references);
    PyMem_Free(work->starts);
    PyMem_Free(work->hypothesis_spans.data);
    PyMem_Free(work->hypothesis_spans.classes);
    PyMem_Free(work->reference_spans.data);
    PyMem_Free(work->reference_spans.classes);
    reading_free(&work->hypothesis_reading);
    reading_free(&work->reference_reading);
    long_segment_free(&work->long_segment);
}

/* Tables of at least twice ``c`` slots, and the per-position arrays of a hypothesis of ``c``
 * tokens. */
static int reserve_hypothesis(Counting *work, Py_ssize_t c) {
    if (work->tokens == NULL || (size_t)(2 * c) > work->mask) {
        size_t size = 1024;
        while (size < 2 * (size_t)c + 2) {
            size <<= 1;
        }
        IdSlot *tokens = PyMem_Calloc(size, sizeof(IdSlot));
        PairSlot *pairs = PyMem_Calloc(size, sizeof(PairSlot));
        if (tokens == NULL || pairs == NULL) {
            PyMem_Free(tokens);
            PyMem_Free(pairs);
            PyErr_NoMemory();
            return -1;
        }
        PyMem_Free(work->tokens);
        PyMem_Free(work->pairs);
        work->tokens = tokens;
        work->pairs = pairs;
        work->mask = size - 1;
    }
    if (c + 1 > work->hypothesis_capacity) {
        Py_ssize_t capacity = c + 1 < 256 ? 256 : 2 * (c + 1);
        Id *block = PyMem_Calloc(5 * (size_t)capacity, sizeof(Id));
        if (block == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        PyMem_Free(work->hypothesis);
        work->hypothesis = block;
        work->hypothesis_tokens = block + capacity;
        work->hypothesis_count = block + 2 * capacity;
        work->reference_count = block + 3 * capacity;
        work->most = block + 4 * capacity;
        work->hypothesis_capacity = capacity;
    }
    return 0;
}

static int reserve_references(Counting *work, Py_ssize_t size) {
    if (size + 1 <= work->reference_capacity) {
        return 0;
    }
    Py_ssize_t capacity = size + 1 < 1024 ? 1024 : 2 * (size + 1);
    Id *block = PyMem_Malloc(2 * (size_t)capacity * sizeof(Id));
    if (block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (work->references != NULL) {
        memcpy(block + capacity, work->reference_tokens,
               (size_t)work->reference_capacity * sizeof(Id));
    }
    PyMem_Free(work->references);
    work->references = block;
    work->reference_tokens = block + capacity;
    work->reference_capacity = capacity;
    return 0;
}

static int reserve_starts(Counting *work, Py_ssize_t count) {
    if (count + 1 <= work->starts_capacity) {
        return 0;
    }
    Py_ssize_t capacity = count + 1 < 16 ? 16 : 2 * (count + 1);
    Py_ssize_t *starts = PyMem_Realloc(work->starts, (size_t)capacity * sizeof(Py_ssize_t));
    if (starts == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    work->starts = starts;
    work->starts_capacity = capacity;
    return 0;
}

static inline int same_span(const IdSlot *slot, const CodePoint *text, Py_ssize_t length) {
    return slot->length == length &&
           memcmp(slot->text, text, (size_t)length * sizeof(CodePoint)) == 0;
}

/* The hypothesis's token ids, numbered from 1 in this segment's epoch. */
static void number_hypothesis(Counting *work, const CodePoint *line, const Spans *spans) {
    Id next = 1;
    for (Py_ssize_t i = 0; i < spans->count; i++) {
        const CodePoint *text = line + spans->data[i].start;
        Py_ssize_t length = spans->data[i].length;
        uint64_t hash = span_hash(text, length);
        size_t at = hash & work->mask;
        for (;;) {
            IdSlot *slot = &work->tokens[at];
            if (slot->epoch != work->epoch) {
                slot->text = text;
                slot->hash = hash;
                slot->epoch = work->epoch;
                slot->length = length;
                slot->id = next++;
                work->hypothesis_tokens[i] = slot->id;
                break;
            }
            if (slot->hash == hash && same_span(slot, text, length)) {
                work->hypothesis_tokens[i] = slot->id;
                break;
            }
            at = (at + 1) & work->mask;
        }
    }
}

/* A reference's token ids into ``ids``: the hypothesis's id, or 0. */
static void number_reference(const Counting *work, const CodePoint *line, const Spans *spans,
                             Id *ids) {
    for (Py_ssize_t j = 0; j < spans->count; j++) {
        const CodePoint *text = line + spans->data[j].start;
        Py_ssize_t length = spans->data[j].length;
        uint64_t hash = span_hash(text, length);
        size_t at = hash & work->mask;
        Id id = 0;
        for (;;) {
            const IdSlot *slot = &work->tokens[at];
            if (slot->epoch != work->epoch) {
                break;
            }
            if (slot->hash == hash && same_span(slot, text, length)) {
                id = slot->id;
                break;
            }
            at = (at + 1) & work->mask;
        }
        ids[j] = id;
    }
}

/* splitmix64's finalizer, as _segment.c mixes its pairs. */
static inline uint64_t mixed(uint64_t pair) {
    pair = (pair ^ (pair >> 30)) * 0xBF58476D1CE4E5B9ULL;
    pair = (pair ^ (pair >> 27)) * 0x94D049BB133111EBULL;
    return pair ^ (pair >> 31);
}

static inline PairSlot *pair_slot(const Counting *work, uint64_t pair) {
    size_t at = (size_t)mixed(pair) & work->mask;
    for (;;) {
        PairSlot *slot = &work->pairs[at];
        if (slot->epoch != work->epoch || slot->pair == pair) {
            return slot;
        }
        at = (at + 1) & work->mask;
    }
}

static void extend_hypothesis(Counting *work, Py_ssize_t grams, Py_ssize_t n) {
    Id next = 1;
    const Id *tokens = work->hypothesis_tokens + n - 1;
    for (Py_ssize_t i = 0; i < grams; i++) {
        uint64_t pair = ((uint64_t)work->hypothesis[i] << 32) | tokens[i];
        PairSlot *slot = pair_slot(work, pair);
        if (slot->epoch != work->epoch) {
            slot->pair = pair;
            slot->epoch = work->epoch;
            slot->id = next++;
        }
        work->hypothesis[i] = slot->id;
    }
}

static int extend_reference(const Counting *work, Py_ssize_t start, Py_ssize_t grams,
                            Py_ssize_t n) {
    Id *ids = work->references + start;
    const Id *tokens = work->reference_tokens + start + n - 1;
    int any = 0;
    for (Py_ssize_t j = 0; j < grams; j++) {
        Id id = 0;
        if (ids[j] != 0 && tokens[j] != 0) {
            PairSlot *slot = pair_slot(work, ((uint64_t)ids[j] << 32) | tokens[j]);
            id = slot->epoch == work->epoch ? slot->id : 0;
        }
        ids[j] = id;
        any |= id != 0;
    }
    return any;
}

static long long clipped_order_matches(const Counting *work, Py_ssize_t grams, Py_ssize_t count,
                                       Py_ssize_t n) {
    ClippedCounts counts = {work->hypothesis_count, work->reference_count, work->most};
    return clipped_matches(counts, work->hypothesis, grams, work->references, work->starts, count,
                           n);
}

/* The segment's clipped matches added to ``sums``; the token ids are numbered. */
static void count_matches(Counting *work, Py_ssize_t count, Py_ssize_t c, Py_ssize_t max_order,
                          Sums *sums) {
    const Py_ssize_t *starts = work->starts;
    int any = 1; /* whether the order before had a hypothesis n-gram in some reference */
    memcpy(work->hypothesis, work->hypothesis_tokens, (size_t)c * sizeof(Id));
    memcpy(work->references, work->reference_tokens, (size_t)starts[count] * sizeof(Id));
    for (Py_ssize_t n = 1; n <= max_order; n++) {
        Py_ssize_t grams = c - n + 1;
        if (grams <= 0 || !any) {
            return;
        }
        if (n > 1) {
            work->epoch++;
            extend_hypothesis(work, grams, n);
            any = 0;
            for (Py_ssize_t k = 0; k < count; k++) {
                Py_ssize_t length = starts[k + 1] - starts[k];
                if (length >= n) {
                    any |= extend_reference(work, starts[k], length - n + 1, n);
                }
            }
        }
        if (any) {
            sums->matches[n - 1] += clipped_order_matches(work, grams, count, n);
        }
    }
}

/* Where the references of a call are. */
typedef struct {
    PyObject *fast;      /* references as a fast sequence */
    PyObject **streams;  /* with streams: each stream as a fast sequence */
    Py_ssize_t stream_count;
    int by_streams;
} References;

static void references_free(References *references) {
    for (Py_ssize_t k = 0; references->streams != NULL && k < references->stream_count; k++) {
        Py_XDECREF(references->streams[k]);
    }
    PyMem_Free(references->streams);
    Py_XDECREF(references->fast);
}

static int references_open(References *references, PyObject *given, int by_streams,
                           Py_ssize_t segments) {
    references->by_streams = by_streams;
    references->streams = NULL;
    references->stream_count = 0;
    references->fast = PySequence_Fast(given, "the references must be a sequence");
    if (references->fast == NULL) {
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(references->fast);
    if (!by_streams) {
        if (count != segments) {
            PyErr_Format(PyExc_ValueError, "%zd hypotheses but references for %zd segments",
                         segments, count);
            return -1;
        }
        return 0;
    }
    references->streams = PyMem_Calloc((size_t)count + 1, sizeof(PyObject *));
    if (references->streams == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    references->stream_count = count;
    PyObject **items = PySequence_Fast_ITEMS(references->fast);
    for (Py_ssize_t k = 0; k < count; k++) {
        references->streams[k] = PySequence_Fast(items[k], "a reference stream must be a sequence");
        if (references->streams[k] == NULL) {
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(references->streams[k]) != segments) {
            PyErr_Format(PyExc_ValueError, "%zd hypotheses but reference stream %zd has %zd texts",
                         segments, k, PySequence_Fast_GET_SIZE(references->streams[k]));
            return -1;
        }
    }
    return 0;
}

/* Segment i's reference texts: ``*texts`` with ``*count`` items (None among them with streams,
 * where ``stride`` says how to step); a new reference in ``*held`` to release after. */
static int segment_references(const References *references, Py_ssize_t i, PyObject **held,
                              PyObject ***texts, Py_ssize_t *count) {
    *held = NULL;
    if (references->by_streams) {
        *count = references->stream_count;
        return 0;
    }
    PyObject *segment = PySequence_Fast_ITEMS(references->fast)[i];
    *held = PySequence_Fast(segment, "a segment's references must be a sequence of str");
    if (*held == NULL) {
        return -1;
    }
    *texts = PySequence_Fast_ITEMS(*held);
    *count = PySequence_Fast_GET_SIZE(*held);
    return 0;
}

/* The hypothesis's tokens numbered: in the call's shared tables, or for a long one apart (and
 * its text's buffers given back). */
static int number_hypothesis_of(Counting *work, const CodePoint *line, Py_ssize_t c) {
    if (c > LONG_TOKENS) {
        if (long_number_hypothesis(&work->long_segment, line, &work->hypothesis_spans) < 0) {
            PyErr_NoMemory();
            return -1;
        }
        reading_release(&work->hypothesis_reading, &work->hypothesis_spans);
        return 0;
    }
    if (reserve_hypothesis(work, c) < 0) {
        return -1;
    }
    work->epoch++;
    number_hypothesis(work, line, &work->hypothesis_spans);
    return 0;
}

/* The segment's references read, cut and numbered after the hypothesis's ``c`` tokens: their
 * ids in ``work->reference_tokens``, reference k's from starts[k]; how many, or -1. */
static Py_ssize_t number_references(Counting *work, const References *references, Py_ssize_t i,
                                    Py_ssize_t c, enum Tokenizer tokenizer, int lowercased) {
    PyObject *held, **texts = NULL;
    Py_ssize_t given;
    if (segment_references(references, i, &held, &texts, &given) < 0 ||
        reserve_starts(work, given) < 0) {
        Py_XDECREF(held);
        return -1;
    }
    Py_ssize_t count = 0;
    work->starts[0] = 0;
    for (Py_ssize_t k = 0; k < given; k++) {
        PyObject *text = references->by_streams
                             ? PySequence_Fast_ITEMS(references->streams[k])[i]
                             : texts[k];
        if (references->by_streams && text == Py_None) {
            continue; /* sacreBLEU's streams leave a segment's missing reference out */
        }
        if (check_text(text, "reference", k) < 0) {
            Py_XDECREF(held);
            return -1;
        }
        const CodePoint *reference = read_and_cut(text, tokenizer, lowercased,
                                                  &work->reference_reading,
                                                  &work->reference_spans);
        Py_ssize_t start = work->starts[count], length = work->reference_spans.count;
        if (reference == NULL || start + length + c >= INT32_MAX ||
            reserve_references(work, start + length) < 0) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_OverflowError, "a segment of 2^31 tokens or more");
            }
            Py_XDECREF(held);
            return -1;
        }
        Id *ids = work->reference_tokens + start;
        if (c <= LONG_TOKENS) {
            number_reference(work, reference, &work->reference_spans, ids);
        } else if (long_number(&work->long_segment, reference, &work->reference_spans, ids, 0) <
                   0) {
            PyErr_NoMemory();
            Py_XDECREF(held);
            return -1;
        }
        work->starts[++count] = start + length;
    }
    Py_XDECREF(held);
    if (count == 0) {
        PyErr_Format(PyExc_ValueError, "segment %zd has no reference", i);
        return -1;
    }
    return count;
}

/* The segment's clipped matches added to ``sums``, its tokens numbered: a long hypothesis's one
 * order at a time, its texts' buffers given back first. */
static int add_matches(Counting *work, Py_ssize_t count, Py_ssize_t c, Py_ssize_t max_order,
                       Sums *sums) {
    if (c <= LONG_TOKENS) {
        count_matches(work, count, c, max_order, sums);
        return 0;
    }
    reading_release(&work->reference_reading, &work->reference_spans);
    token_ids_free(&work->long_segment.tokens); /* every token is numbered */
    int counted = long_count_matches(&work->long_segment, c, work->reference_tokens, work->starts,
                                     count, max_order, sums->matches);
    long_segment_free(&work->long_segment);
    if (counted < 0) {
        PyErr_NoMemory();
    }
    return counted;
}

/* One segment's statistics added to ``sums``. */
static int count_segment(Counting *work, PyObject *hypothesis, const References *references,
                         Py_ssize_t i, enum Tokenizer tokenizer, int lowercased,
                         Py_ssize_t max_order, Sums *sums) {
    if (check_text(hypothesis, "hypothesis", i) < 0) {
        return -1;
    }
    const CodePoint *line = read_and_cut(hypothesis, tokenizer, lowercased,
                                         &work->hypothesis_reading, &work->hypothesis_spans);
    if (line == NULL) {
        return -1;
    }
    Py_ssize_t c = work->hypothesis_spans.count;
    if (c >= INT32_MAX) {
        PyErr_SetString(PyExc_OverflowError, "a hypothesis of 2^31 tokens or more");
        return -1;
    }
    Py_ssize_t count = -1;
    if (number_hypothesis_of(work, line, c) == 0) {
        count = number_references(work, references, i, c, tokenizer, lowercased);
    }
    if (count < 0 || add_matches(work, count, c, max_order, sums) < 0) {
        long_segment_free(&work->long_segment);
        return -1;
    }
    for (Py_ssize_t n = 1; n <= max_order && n <= c; n++) {
        sums->totals[n - 1] += c - n + 1;
    }
    sums->c += c;
    sums->r += closest_length(work->starts, count, c);
    return 0;
}

static PyObject *corpus_statistics(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "corpus_statistics(hypotheses, references, streams, tokenizer, lowercase, "
                        "max_order) takes 6 arguments");
        return NULL;
    }
    enum Tokenizer tokenizer;
    int by_streams = PyObject_IsTrue(args[2]);
    int lowercased = PyObject_IsTrue(args[4]);
    if (by_streams < 0 || lowercased < 0 || tokenizer_named(args[3], &tokenizer) < 0) {
        return NULL;
    }
    Py_ssize_t max_order = PyLong_AsSsize_t(args[5]);
    if (max_order == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (max_order < 1 || max_order > MAX_ORDER) {
        PyErr_Format(PyExc_ValueError, "max_order must be 1 to %d, not %zd", MAX_ORDER, max_order);
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
    memset(&sums, 0, sizeof(sums));
    PyObject *result = NULL;
    if (references_open(&references, args[1], by_streams, segments) == 0) {
        PyObject **items = PySequence_Fast_ITEMS(hypotheses);
        Py_ssize_t i = 0;
        for (; i < segments; i++) {
            if (count_segment(&work, items[i], &references, i, tokenizer, lowercased, max_order,
                              &sums) < 0) {
                break;
            }
        }
        if (i == segments) {
            PyObject *matches = long_long_tuple(sums.matches, max_order);
            PyObject *totals = long_long_tuple(sums.totals, max_order);
            if (matches != NULL && totals != NULL) {
                result = Py_BuildValue("(NNLL)", matches, totals, sums.c, sums.r);
            } else {
                Py_XDECREF(matches);
                Py_XDECREF(totals);
            }
        }
    }
    references_free(&references);
    counting_free(&work);
    Py_DECREF(hypotheses);
    return result;
}
