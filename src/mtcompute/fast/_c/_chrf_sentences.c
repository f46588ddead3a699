/* Sentence-level chrF and chrF++ of many segments in one call, compiled: each segment's kept
 * reference, its statistics and F exactly as ``metrics.chrf.segment_statistics`` gives them. Made
 * for short segments, where per-segment objects and set-up cost more than the n-grams do.
 *
 * How a segment is computed:
 * - The hypothesis's n-grams of every order go into one open-addressing table keyed by (the
 *   slot of the n-gram's (n-1)-gram prefix, its last unit), a unit being a code point or the
 *   slot of a word token in a table of tokens. Keys are compared whole, so a slot holds one
 *   n-gram and its hypothesis count: the slot's index is the n-gram's id.
 * - Slots carry the segment's stamp: a new segment empties the tables by taking a new stamp,
 *   and uses only as many slots as its own n-grams need, so a short segment stays in the cache
 *   whatever came before it.
 * - A reference's n-grams are only looked up. One that the hypothesis lacks cannot match, nor
 *   can any longer n-gram that starts with it, which is never looked up. A found n-gram matches
 *   while the reference has matched fewer of it than the hypothesis has: one occurrence at a
 *   time, that is the oracle's sum over n-grams of min(hypothesis count, reference count).
 * - F and the key of each reference follow in the oracle's order of operations (``_chrf.h``);
 *   the first reference with the largest key is kept.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_exact.h"

#include "_chrf.h"
#include "_order_matches.h"
#include "_token_ids.h"
#include "_u32s.h"
#include "_module.h"

/* Orders a call may ask for: character orders, then word orders. */
#define MAX_ORDERS 32
/* A unit or a prefix that the hypothesis does not have. */
#define ABSENT UINT32_MAX
/* Slots an id field of a key can name, with room for the two unigram prefixes below. */
#define MAX_SLOTS ((size_t)1 << 31)
#define CHAR_UNIGRAM 0
#define WORD_UNIGRAM 1
#define MIN_SLOTS 64
#define GOLDEN 0x9e3779b97f4a7c15u /* Fibonacci hashing: its top bits pick the slot */
/* A hypothesis with more n-grams than this in all (its tables would pass ten megabytes) is
 * counted one order at a time, in a few bytes per code point (``_order_matches.h``), its
 * references read from their str as they come. */
#define LONG_ENTRIES ((size_t)1 << 18)

/* Slots for ``entries`` keys at most, at least twice as many, a power of two; 0 if too many. */
static size_t slots_for(size_t entries, int *bits) {
    size_t slots = MIN_SLOTS;
    for (*bits = 6; slots < 2 * entries; (*bits)++) {
        slots *= 2;
    }
    return slots > MAX_SLOTS ? 0 : slots;
}

/* ------------------------------------------------------------------------------------------ */
/* The n-gram table: (prefix, unit) -> a slot with the hypothesis's count of it.               */

typedef struct {
    uint64_t key;
    uint32_t stamp; /* the segment's when the slot is in use */
    uint32_t count; /* the hypothesis's occurrences */
} Slot;

/* Per slot, apart from the slots (only a found n-gram touches it): 16-byte slots, four to a
 * cache line, measured faster than 24-byte ones holding this too. */
typedef struct {
    uint32_t used;       /* the current reference's matched occurrences, under used_stamp */
    uint32_t used_stamp; /* the reference that ``used`` counts for */
} Use;

typedef struct {
    Slot *slots;
    Use *uses;
    size_t allocated, mask;
    int shift;
    uint32_t stamp;
} Table;

/* Empties the table for a segment of at most ``entries`` n-grams; 1 when they are too many. */
static int table_begin(Table *table, size_t entries) {
    int bits;
    size_t slots = slots_for(entries, &bits);
    if (slots == 0) {
        return 1;
    }
    if (slots > table->allocated) {
        free(table->slots);
        free(table->uses);
        table->slots = calloc(slots, sizeof *table->slots);
        table->uses = calloc(slots, sizeof *table->uses);
        table->allocated = table->slots == NULL || table->uses == NULL ? 0 : slots;
        table->stamp = 0;
        if (table->allocated == 0) {
            return -1;
        }
    }
    if (++table->stamp == 0) { /* after 2^32 segments: every stamp is stale again */
        memset(table->slots, 0, table->allocated * sizeof *table->slots);
        table->stamp = 1;
    }
    table->mask = slots - 1;
    table->shift = 64 - bits;
    return 0;
}

static inline uint64_t ngram_key(uint32_t prefix, uint32_t unit) {
    return ((uint64_t)prefix << 32) | unit;
}

/* One more occurrence of the key in the hypothesis: its slot. */
static inline uint32_t table_add(Table *table, uint64_t key) {
    size_t slot = (size_t)((key * GOLDEN) >> table->shift);
    for (;;) {
        Slot *s = &table->slots[slot];
        if (s->stamp != table->stamp) {
            s->key = key;
            s->stamp = table->stamp;
            s->count = 1;
            table->uses[slot].used_stamp = 0; /* never a reference's stamp */
            return (uint32_t)slot;
        }
        if (s->key == key) {
            s->count++;
            return (uint32_t)slot;
        }
        slot = (slot + 1) & table->mask;
    }
}

/* The key's slot, or ABSENT where the hypothesis does not have it. */
static inline uint32_t table_find(const Table *table, uint64_t key) {
    size_t slot = (size_t)((key * GOLDEN) >> table->shift);
    for (;;) {
        const Slot *s = &table->slots[slot];
        if (s->stamp != table->stamp) {
            return ABSENT;
        }
        if (s->key == key) {
            return (uint32_t)slot;
        }
        slot = (slot + 1) & table->mask;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* chrF++'s word tokens, by content: a token's code points -> a slot.                          */

typedef struct {
    uint64_t hash;
    uint32_t stamp;
    uint32_t start, length; /* the token's code points in ``text`` */
} WordSlot;

typedef struct {
    WordSlot *slots;
    size_t allocated, mask;
    int shift;
    uint32_t stamp;
    const uint32_t *text; /* the hypothesis's code points, which every token points into */
} Words;

/* Empties the table for the tokens of ``text`` (its ``length`` code points at most). */
static int words_begin(Words *words, const uint32_t *text, size_t length) {
    int bits;
    size_t slots = slots_for(length, &bits);
    if (slots == 0) {
        return 1;
    }
    if (slots > words->allocated) {
        free(words->slots);
        words->slots = calloc(slots, sizeof *words->slots);
        words->allocated = words->slots == NULL ? 0 : slots;
        words->stamp = 0;
        if (words->slots == NULL) {
            return -1;
        }
    }
    if (++words->stamp == 0) {
        memset(words->slots, 0, words->allocated * sizeof *words->slots);
        words->stamp = 1;
    }
    words->mask = slots - 1;
    words->shift = 64 - bits;
    words->text = text;
    return 0;
}

static inline uint64_t run_hash(const uint32_t *units, size_t length) {
    uint64_t hash = 0xcbf29ce484222325u ^ length; /* FNV-1a over code points */
    for (size_t i = 0; i < length; i++) {
        hash = (hash ^ units[i]) * 0x100000001b3u;
    }
    return hash;
}

/* The token's slot: a new one when ``add`` and the token is new, else ABSENT if it is new. */
static uint32_t word_slot(Words *words, const uint32_t *token, size_t length, int add) {
    uint64_t hash = run_hash(token, length);
    size_t slot = (size_t)((hash * GOLDEN) >> words->shift);
    for (;;) {
        WordSlot *s = &words->slots[slot];
        if (s->stamp != words->stamp) {
            if (!add) {
                return ABSENT;
            }
            s->hash = hash;
            s->stamp = words->stamp;
            s->start = (uint32_t)(token - words->text);
            s->length = (uint32_t)length;
            return (uint32_t)slot;
        }
        if (s->hash == hash && s->length == length &&
            memcmp(words->text + s->start, token, length * sizeof *token) == 0) {
            return (uint32_t)slot; /* equal code points, not only an equal hash */
        }
        slot = (slot + 1) & words->mask;
    }
}

/* chrF++'s tokens of a text (its code points as given), as slots, into ``tokens``: words are
 * maximal runs without whitespace; a word of two or more code points loses its last one if it
 * is ASCII punctuation, else its first if that is. Returns the number of tokens. */
static size_t word_tokens(Words *words, const uint32_t *text, size_t length, int add,
                          uint32_t *tokens) {
    size_t count = 0;
    ChrfWords split = chrf_words(text, length);
    const uint32_t *token;
    size_t size;
    while (chrf_next_word(&split, &token, &size)) {
        tokens[count++] = word_slot(words, token, size, add);
    }
    return count;
}

/* ------------------------------------------------------------------------------------------ */
/* A text's n-grams: the hypothesis's added, a reference's matched.                            */

/* Orders 1..count of ``units`` (n-grams' first prefix ``unigram``) into the table; ``ids`` gets
 * each position's slot as it goes. */
static void add_orders(Table *table, const uint32_t *units, size_t length, int count,
                       uint32_t unigram, uint32_t *ids) {
    for (size_t p = 0; p < length; p++) {
        ids[p] = table_add(table, ngram_key(unigram, units[p]));
    }
    for (int n = 2; n <= count && (size_t)n <= length; n++) {
        size_t positions = length - (size_t)n + 1;
        for (size_t p = 0; p < positions; p++) {
            ids[p] = table_add(table, ngram_key(ids[p] + 2, units[p + (size_t)n - 1]));
        }
    }
}

/* One occurrence of a found n-gram in the reference ``stamp``: 1 if it matches. */
static inline uint32_t matched(const Table *table, uint32_t slot, uint32_t stamp) {
    Use *s = &table->uses[slot];
    if (s->used_stamp != stamp) {
        s->used_stamp = stamp;
        s->used = 0;
    }
    if (s->used < table->slots[slot].count) {
        s->used++;
        return 1;
    }
    return 0;
}

/* The matches of orders 1..count of a reference's ``units`` (ABSENT: a token the hypothesis
 * lacks), into ``matches``. Past an order where no n-gram is found, none can be. */
static void match_orders(Table *table, const uint32_t *units, size_t length, int count,
                         uint32_t unigram, uint32_t stamp, uint32_t *ids, uint32_t *matches) {
    int found = 0;
    memset(matches, 0, (size_t)count * sizeof *matches);
    for (size_t p = 0; p < length; p++) {
        uint32_t slot = units[p] == ABSENT ? ABSENT
                                           : table_find(table, ngram_key(unigram, units[p]));
        ids[p] = slot;
        if (slot != ABSENT) {
            found = 1;
            matches[0] += matched(table, slot, stamp);
        }
    }
    for (int n = 2; n <= count && (size_t)n <= length && found; n++) {
        size_t positions = length - (size_t)n + 1;
        uint32_t m = 0;
        found = 0;
        for (size_t p = 0; p < positions; p++) {
            if (ids[p] == ABSENT) {
                continue;
            }
            uint32_t slot = table_find(table, ngram_key(ids[p] + 2, units[p + (size_t)n - 1]));
            ids[p] = slot;
            if (slot != ABSENT) {
                found = 1;
                m += matched(table, slot, stamp);
            }
        }
        matches[n - 1] = m;
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Segments.                                                                                    */

typedef struct {
    int char_order, word_order, orders, eps_smoothing, include_whitespace;
    double b; /* beta * beta */
} Options;

typedef struct {
    uint32_t hypothesis[MAX_ORDERS], reference[MAX_ORDERS], matches[MAX_ORDERS];
} Statistics;

/* A segment's kept reference, its statistics and its F. */
typedef struct {
    Py_ssize_t index;
    double f;
    Statistics statistics;
} Kept;

typedef struct {
    Table table;
    Words words;
    U32s hypothesis, reference; /* their code points as given */
    U32s units;                 /* the current text's characters */
    U32s ids;                   /* per position, the current order's slot */
    U32s tokens;                /* the current text's word tokens */
    OrderTable orders;          /* a long segment's: one order's n-grams */
    U32s long_units, long_tokens; /* a long hypothesis's characters and word tokens' ids */
    TokenIds long_words;          /* a long hypothesis's distinct word tokens */
    uint32_t hypothesis_orders[MAX_ORDERS]; /* the hypothesis's n-grams per order */
    uint32_t reference_stamp;
} Work;

static void work_free(Work *work) {
    free(work->table.slots);
    free(work->table.uses);
    free(work->words.slots);
    free(work->hypothesis.items);
    free(work->reference.items);
    free(work->units.items);
    free(work->ids.items);
    free(work->tokens.items);
    order_table_free(&work->orders);
    free(work->long_units.items);
    free(work->long_tokens.items);
    token_ids_free(&work->long_words);
}

/* A long segment's buffers given back: the segments after it are short. */
static void long_segment_done(Work *work) {
    order_table_free(&work->orders);
    u32s_free(&work->long_units);
    u32s_free(&work->long_tokens);
    token_ids_free(&work->long_words);
}

/* Room for a text of ``length`` code points in ``raw`` and in every per-position buffer. */
static int reserve(Work *work, U32s *raw, size_t length) {
    if (u32s_reserve(raw, length + 1) < 0 || u32s_reserve(&work->units, length + 1) < 0 ||
        u32s_reserve(&work->ids, length + 1) < 0 ||
        u32s_reserve(&work->tokens, length + 1) < 0) {
        return -1;
    }
    return 0;
}

/* The text's code points into ``raw``. */
static void read_code_points(PyObject *text, uint32_t *raw) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    const void *data = PyUnicode_DATA(text);
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        for (Py_ssize_t i = 0; i < length; i++) {
            raw[i] = ((const Py_UCS1 *)data)[i];
        }
        break;
    case PyUnicode_2BYTE_KIND:
        for (Py_ssize_t i = 0; i < length; i++) {
            raw[i] = ((const Py_UCS2 *)data)[i];
        }
        break;
    default:
        memcpy(raw, data, (size_t)length * sizeof *raw);
    }
}

/* The text's code points into ``raw``, and its characters (whitespace removed unless kept)
 * into ``units``: how many of them there are. */
static size_t read_text(PyObject *text, uint32_t *raw, uint32_t *units, int keep_whitespace) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    read_code_points(text, raw);
    if (keep_whitespace) {
        memcpy(units, raw, (size_t)length * sizeof *raw);
        return (size_t)length;
    }
    size_t kept = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        units[kept] = raw[i];
        kept += !is_whitespace(raw[i]);
    }
    return kept;
}

static uint32_t ngrams_of(size_t length, int n) {
    return length >= (size_t)n ? (uint32_t)(length - (size_t)n + 1) : 0;
}

/* The hypothesis's n-grams into the tables; 1 when it is too long for them. */
static int add_hypothesis(Work *work, const Options *options, PyObject *text) {
    size_t length = (size_t)PyUnicode_GET_LENGTH(text);
    if (length >= UINT32_MAX / MAX_ORDERS) {
        return 1;
    }
    if (reserve(work, &work->hypothesis, length) < 0) {
        return -1;
    }
    uint32_t *raw = work->hypothesis.items, *ids = work->ids.items;
    size_t characters = read_text(text, raw, work->units.items, options->include_whitespace);
    size_t entries = (size_t)options->char_order * characters + (size_t)options->word_order * length;
    int begun = table_begin(&work->table, entries);
    if (begun != 0) {
        return begun;
    }
    add_orders(&work->table, work->units.items, characters, options->char_order, CHAR_UNIGRAM,
               ids);
    for (int n = 1; n <= options->char_order; n++) {
        work->hypothesis_orders[n - 1] = ngrams_of(characters, n);
    }
    if (options->word_order == 0) {
        return 0;
    }
    begun = words_begin(&work->words, raw, length);
    if (begun != 0) {
        return begun;
    }
    size_t tokens = word_tokens(&work->words, raw, length, 1, work->tokens.items);
    add_orders(&work->table, work->tokens.items, tokens, options->word_order, WORD_UNIGRAM, ids);
    for (int n = 1; n <= options->word_order; n++) {
        work->hypothesis_orders[options->char_order + n - 1] = ngrams_of(tokens, n);
    }
    return 0;
}

/* The statistics of the hypothesis against one reference. */
static int match_reference(Work *work, const Options *options, PyObject *text,
                           Statistics *into) {
    size_t length = (size_t)PyUnicode_GET_LENGTH(text);
    if (length >= UINT32_MAX) { /* its counts would not fit */
        return 1;
    }
    if (reserve(work, &work->reference, length) < 0) {
        return -1;
    }
    if (++work->reference_stamp == 0) { /* 0 is a new slot's: never a reference's */
        work->reference_stamp = 1;
    }
    uint32_t *raw = work->reference.items, *ids = work->ids.items;
    size_t characters = read_text(text, raw, work->units.items, options->include_whitespace);
    match_orders(&work->table, work->units.items, characters, options->char_order, CHAR_UNIGRAM,
                 work->reference_stamp, ids, into->matches);
    for (int n = 1; n <= options->char_order; n++) {
        into->reference[n - 1] = ngrams_of(characters, n);
    }
    if (options->word_order > 0) {
        size_t tokens = word_tokens(&work->words, raw, length, 0, work->tokens.items);
        match_orders(&work->table, work->tokens.items, tokens, options->word_order,
                     WORD_UNIGRAM, work->reference_stamp, ids,
                     into->matches + options->char_order);
        for (int n = 1; n <= options->word_order; n++) {
            into->reference[options->char_order + n - 1] = ngrams_of(tokens, n);
        }
    }
    for (int order = 0; order < options->orders; order++) {
        /* The oracle's rule: no hypothesis n-grams where the reference has none. */
        into->hypothesis[order] = into->reference[order] > 0 ? work->hypothesis_orders[order] : 0;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Long segments: one order at a time.                                                         */

static int is_long(const Options *options, PyObject *hypothesis) {
    return (size_t)options->orders * (size_t)PyUnicode_GET_LENGTH(hypothesis) > LONG_ENTRIES;
}

/* A text's characters (whitespace left out unless kept), read from its str, into ``units`` (or
 * only counted where it is NULL): how many there are. */
static size_t read_units(PyObject *text, uint32_t *units, int keep_whitespace) {
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    size_t kept = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        uint32_t c = PyUnicode_READ(kind, data, i);
        if (keep_whitespace || !is_whitespace(c)) {
            if (units != NULL) {
                units[kept] = c;
            }
            kept++;
        }
    }
    return kept;
}

/* A text's chrF++ word tokens as ids into ``ids`` (new ones with ``add``, the hypothesis's; else
 * 0 for a word the hypothesis lacks), through a copy of its code points given back after. */
static int long_word_ids(Work *work, PyObject *text, U32s *ids, int add) {
    size_t length = (size_t)PyUnicode_GET_LENGTH(text);
    U32s raw = {NULL, 0, 0};
    if (u32s_reserve(&raw, length + 1) < 0) {
        return -1;
    }
    read_code_points(text, raw.items);
    ids->size = 0;
    ChrfWords split = chrf_words(raw.items, length);
    const uint32_t *token;
    size_t size;
    int outcome = 0;
    while (outcome == 0 && chrf_next_word(&split, &token, &size)) {
        int64_t id = token_id(&work->long_words, token, size, add);
        outcome = id < 0 ? -1 : u32s_push(ids, (uint32_t)id);
    }
    u32s_free(&raw);
    return outcome;
}

/* A long hypothesis's characters and word tokens' ids, kept for every reference; 1 when it is
 * too long for 32-bit counts. */
static int long_hypothesis(Work *work, const Options *options, PyObject *text) {
    size_t length = (size_t)PyUnicode_GET_LENGTH(text);
    if (length >= UINT32_MAX) {
        return 1;
    }
    if (u32s_reserve(&work->long_units, length + 1) < 0) {
        return -1;
    }
    work->long_units.size = read_units(text, work->long_units.items, options->include_whitespace);
    work->long_tokens.size = 0;
    return options->word_order == 0 ? 0 : long_word_ids(work, text, &work->long_tokens, 1);
}

/* Order ``n``'s statistics of a reference of ``length`` units against the hypothesis's
 * ``kept``, its ``matches`` counted, into ``into`` at ``order``. */
static void long_order(const U32s *kept, size_t length, int n, int64_t matches, int order,
                       Statistics *into) {
    into->matches[order] = (uint32_t)matches;
    into->reference[order] = ngrams_of(length, n);
    /* The oracle's rule: no hypothesis n-grams where the reference has none. */
    into->hypothesis[order] = length >= (size_t)n ? ngrams_of(kept->size, n) : 0;
}

/* The matches of character order ``n`` between the long hypothesis and the reference ``text``,
 * whose characters are read from its str as they come, the last n in a window; -1 when memory
 * fails. */
static int64_t streamed_matches(Work *work, PyObject *text, size_t characters, int n,
                                int keep_whitespace) {
    const U32s *hypothesis = &work->long_units;
    if (hypothesis->size < (size_t)n || characters < (size_t)n) {
        return 0;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    int64_t matches = 0;
    for (uint32_t part = 0; part < ORDER_PARTS; part++) {
        if (order_fill(&work->orders, hypothesis->items, hypothesis->size, n, part, 0) < 0) {
            return -1;
        }
        /* Each character is written twice, n apart: the last n start at ``at``, in order. */
        uint32_t window[2 * MAX_ORDERS];
        size_t seen = 0, at = 0;
        for (Py_ssize_t i = 0; i < length; i++) {
            uint32_t c = PyUnicode_READ(kind, data, i);
            if (!keep_whitespace && is_whitespace(c)) {
                continue;
            }
            window[at] = window[at + (size_t)n] = c;
            at = at + 1 == (size_t)n ? 0 : at + 1;
            if (++seen >= (size_t)n) {
                matches += order_take(&work->orders, hypothesis->items, window + at, n, 0);
            }
        }
    }
    return matches;
}

/* The statistics of the long hypothesis against one reference: its words made ids first (a
 * copy of its text, given back), then every order counted (the order table, given back). */
static int long_reference(Work *work, const Options *options, PyObject *text,
                          Statistics *into) {
    if ((size_t)PyUnicode_GET_LENGTH(text) >= UINT32_MAX) {
        return 1;
    }
    if (options->word_order > 0 && long_word_ids(work, text, &work->tokens, 0) < 0) {
        return -1;
    }
    size_t characters = read_units(text, NULL, options->include_whitespace);
    for (int n = 1; n <= options->char_order; n++) {
        int64_t matches =
            streamed_matches(work, text, characters, n, options->include_whitespace);
        if (matches < 0) {
            return -1;
        }
        long_order(&work->long_units, characters, n, matches, n - 1, into);
    }
    for (int n = 1; n <= options->word_order; n++) {
        const U32s *kept = &work->long_tokens, *tokens = &work->tokens;
        int64_t matches =
            order_matches(&work->orders, kept->items, kept->size, tokens->items, tokens->size, n);
        if (matches < 0) {
            return -1;
        }
        long_order(kept, tokens->size, n, matches, options->char_order + n - 1, into);
    }
    order_table_free(&work->orders);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Reading the arguments, with a message that names the item at fault.                        */

static PyObject *sequence_of(PyObject *object, const char *name) {
    if (PyUnicode_Check(object) || PyBytes_Check(object)) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence, not %.100s", name,
                     Py_TYPE(object)->tp_name);
        return NULL;
    }
    PyObject *items = PySequence_Fast(object, "");
    if (items == NULL && PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Format(PyExc_TypeError, "%s must be a sequence, not %.100s", name,
                     Py_TYPE(object)->tp_name);
    }
    return items;
}

/* Segment i's references as a list or tuple of one or more texts (a new reference). */
static PyObject *segment_references(PyObject *object, Py_ssize_t i) {
    if (PyUnicode_Check(object) || PyBytes_Check(object)) {
        PyErr_Format(PyExc_TypeError, "references[%zd] must be a sequence of str, not %.100s",
                     i, Py_TYPE(object)->tp_name);
        return NULL;
    }
    PyObject *items = PySequence_Fast(object, "");
    if (items == NULL) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Format(PyExc_TypeError,
                         "references[%zd] must be a sequence of str, not %.100s", i,
                         Py_TYPE(object)->tp_name);
        }
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(items) == 0) {
        Py_DECREF(items);
        PyErr_Format(PyExc_ValueError, "references[%zd] is empty: a segment needs a reference",
                     i);
        return NULL;
    }
    for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(items); j++) {
        PyObject *text = PySequence_Fast_GET_ITEM(items, j);
        if (!PyUnicode_Check(text)) {
            PyErr_Format(PyExc_TypeError, "references[%zd][%zd] must be str, not %.100s", i, j,
                         Py_TYPE(text)->tp_name);
            Py_DECREF(items);
            return NULL;
        }
    }
    return items;
}

/* Segment i's kept reference: 0, or 1 when a text is too long for the kernel, -1 on error. */
static int score_segment(Work *work, const Options *options, PyObject *hypothesis,
                         PyObject *references, Py_ssize_t i, Kept *kept) {
    if (!PyUnicode_Check(hypothesis)) {
        PyErr_Format(PyExc_TypeError, "hypotheses[%zd] must be str, not %.100s", i,
                     Py_TYPE(hypothesis)->tp_name);
        return -1;
    }
    PyObject *texts = segment_references(references, i);
    if (texts == NULL) {
        return -1;
    }
    int long_segment = is_long(options, hypothesis);
    int outcome = long_segment ? long_hypothesis(work, options, hypothesis)
                               : add_hypothesis(work, options, hypothesis);
    double best_key = 0.0, key, f;
    Statistics candidate;
    for (Py_ssize_t r = 0; outcome == 0 && r < PySequence_Fast_GET_SIZE(texts); r++) {
        PyObject *text = PySequence_Fast_GET_ITEM(texts, r);
        outcome = long_segment ? long_reference(work, options, text, &candidate)
                               : match_reference(work, options, text, &candidate);
        if (outcome == 0) {
            chrf_f_and_key(candidate.hypothesis, candidate.reference, candidate.matches,
                           options->orders, options->b, options->eps_smoothing, &f, &key);
            if (r == 0 || key > best_key) { /* the first reference wins ties */
                kept->index = r;
                kept->f = f;
                kept->statistics = candidate;
                best_key = key;
            }
        }
    }
    Py_DECREF(texts);
    if (long_segment) {
        long_segment_done(work);
    }
    if (outcome < 0) {
        PyErr_NoMemory();
    }
    return outcome;
}

static int read_options(PyObject *const *args, Options *options) {
    long char_order = PyLong_AsLong(args[0]), word_order = PyLong_AsLong(args[1]);
    long long beta = PyLong_AsLongLong(args[2]);
    int eps_smoothing = PyObject_IsTrue(args[3]);
    int include_whitespace = PyObject_IsTrue(args[4]);
    if (PyErr_Occurred()) {
        return -1;
    }
    if (char_order < 0 || word_order < 0 || char_order + word_order < 1 ||
        char_order + word_order > MAX_ORDERS || beta < -0x7fffffffLL || beta > 0x7fffffffLL) {
        PyErr_SetString(PyExc_ValueError, "char_order and word_order 0 or more, 1 to 32 in all; "
                                          "beta below 2^31 in size");
        return -1;
    }
    options->char_order = (int)char_order;
    options->word_order = (int)word_order;
    options->orders = (int)(char_order + word_order);
    options->b = (double)(beta * beta); /* exact, as the oracle's int, then one rounding */
    options->eps_smoothing = eps_smoothing;
    options->include_whitespace = include_whitespace;
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Results.                                                                                     */

/* sacreBLEU's sentence score, 100 * F, or the kept reference, F and statistics. */
static PyObject *result_of(const Kept *kept, int orders, int with_statistics) {
    if (!with_statistics) {
        return PyFloat_FromDouble(100.0 * kept->f);
    }
    const Statistics *s = &kept->statistics;
    return Py_BuildValue("(ndNNN)", kept->index, kept->f, counts_tuple(s->hypothesis, orders),
                         counts_tuple(s->reference, orders), counts_tuple(s->matches, orders));
}

static PyObject *score_all(PyObject *hypotheses, PyObject *references, const Options *options,
                           int with_statistics) {
    Py_ssize_t count = PySequence_Fast_GET_SIZE(hypotheses);
    if (PySequence_Fast_GET_SIZE(references) != count) {
        PyErr_Format(PyExc_ValueError, "hypotheses and references differ in length: %zd and %zd",
                     count, PySequence_Fast_GET_SIZE(references));
        return NULL;
    }
    PyObject *results = PyList_New(count);
    Work work;
    memset(&work, 0, sizeof work);
    int outcome = results == NULL ? -1 : 0;
    for (Py_ssize_t i = 0; i < count && outcome == 0; i++) {
        /* Reading a segment's references may run Python code (an iterator's), which could
         * change the lists: their sizes are checked and the items held while they are read. */
        if (PySequence_Fast_GET_SIZE(hypotheses) != count ||
            PySequence_Fast_GET_SIZE(references) != count) {
            PyErr_SetString(PyExc_RuntimeError, "the lists changed size while being scored");
            outcome = -1;
            break;
        }
        Kept kept;
        PyObject *hypothesis = PySequence_Fast_GET_ITEM(hypotheses, i);
        PyObject *segment = PySequence_Fast_GET_ITEM(references, i);
        Py_INCREF(hypothesis);
        Py_INCREF(segment);
        outcome = score_segment(&work, options, hypothesis, segment, i, &kept);
        Py_DECREF(hypothesis);
        Py_DECREF(segment);
        if (outcome == 0) {
            PyObject *result = result_of(&kept, options->orders, with_statistics);
            outcome = result == NULL ? -1 : 0;
            PyList_SET_ITEM(results, i, result);
        }
    }
    work_free(&work);
    if (outcome != 0) {
        Py_XDECREF(results);
    }
    if (outcome > 0) {
        Py_RETURN_NONE; /* a text too long for the kernel: the Python path serves */
    }
    return outcome < 0 ? NULL : results;
}

static PyObject *run(PyObject *const *args, Py_ssize_t nargs, int with_statistics,
                     const char *usage) {
    Options options;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, usage);
        return NULL;
    }
    if (read_options(args + 2, &options) < 0) {
        return NULL;
    }
    PyObject *hypotheses = sequence_of(args[0], "hypotheses");
    if (hypotheses == NULL) {
        return NULL;
    }
    PyObject *references = sequence_of(args[1], "references");
    PyObject *results = NULL;
    if (references != NULL) {
        results = score_all(hypotheses, references, &options, with_statistics);
    }
    Py_DECREF(hypotheses);
    Py_XDECREF(references);
    return results;
}

#define USAGE(name)                                                                             \
    name "(hypotheses, references, char_order, word_order, beta, eps_smoothing, "              \
         "include_whitespace)"

static PyObject *scores(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return run(args, nargs, 0, USAGE("scores"));
}

static PyObject *statistics(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return run(args, nargs, 1, USAGE("statistics"));
}

static PyMethodDef methods[] = {
    {"scores", (PyCFunction)(void (*)(void))scores, METH_FASTCALL,
     USAGE("scores") "\n\nEach segment's sentence chrF, 100 * F of its kept reference; None when "
                     "a text is too long for the kernel."},
    {"statistics", (PyCFunction)(void (*)(void))statistics, METH_FASTCALL,
     USAGE("statistics") "\n\nEach segment's (reference_index, chrf, hypothesis, reference, "
                         "matches); None when a text is too long for the kernel."},
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_chrf_sentences, "Sentence-level chrF and chrF++ of many segments in one call, compiled.")
