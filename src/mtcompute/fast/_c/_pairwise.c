/* Pairwise score matrices for minimum Bayes risk decoding, and one segment's chrF, compiled:
 * the oracles' formulas (``metrics/pairwise.py``, ``metrics/chrf.py``, ``metrics/sentence.py``)
 * in their order of operations, so every cell is the oracle's double bit for bit.
 *
 * How a matrix is computed:
 * - Each distinct text (or token list) of a job is read once: its n-grams of every order get
 *   exact ids from one table keyed by (order, id of the (n-1)-gram prefix, last unit), where a
 *   unit is a code point or a word token's id. Keys are compared whole, so two n-grams share an
 *   id only when they are equal; the table's hash only decides where a key is looked for.
 * - Each text keeps, per order, its distinct ids with their counts and its total.
 * - The references' ids are inverted per order: for each id, the columns that have it and their
 *   counts; an id that most references have gets a dense row of counts instead.
 * - A hypothesis row adds min(hypothesis count, reference count) of each of its ids into every
 *   column at once: all its pairs' matches of every order, without any pair being merged.
 * - Scores follow per row, one IEEE-754 operation at a time in the oracle's order.
 *
 * That holds only for IEEE-754 binary64 arithmetic evaluated as written: no wider intermediate
 * (FLT_EVAL_METHOD 0, refused below) and no fused multiply-add (setup.py passes
 * -ffp-contract=off). ln and exp are fdlibm's, ported as in ``_sentence_score.c``. Rows are
 * shared among threads that run without the GIL; a row's doubles do not depend on which.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if !defined(_WIN32)
#include <pthread.h>
#define HAVE_THREADS 1
#endif

#include "_exact.h"

/* Orders live in a key's top 4 bits; 15 of them is the empty slot's. */
#define MAX_ORDERS 14
#define EMPTY_KEY UINT64_MAX
/* Occurrences up to which a table is made large enough never to grow. */
#define SMALL_TABLE ((size_t)1 << 16)
/* An id is a prefix in a key's 28 bits between the order and the unit. */
#define ID_LIMIT ((uint32_t)1 << 28)
#define MAX_THREADS 64
/* Pairs (cells) per row task: enough work to outweigh taking a task. */
#define CELLS_PER_TASK 32768
/* Below this many cells in all, one thread does everything (starting threads costs more). */
#define CELLS_FOR_THREADS 65536

/* The row loops are VECTORISED (_exact.h): the same doubles on more lanes where AVX2 is. */
enum { NONE = 0, FLOOR = 1, EXP = 2, ADD_K = 3 };

#include "_chrf.h"
#include "_u32s.h"
#include "_fdlibm.h"
#include "_module.h"

/* ------------------------------------------------------------------------------------------ */
/* The n-gram table: (order, prefix id, unit) -> an id, numbered per order from 0.             */

typedef struct {
    uint64_t *keys;
    uint32_t *ids;
    size_t mask, used;
} Table;

static int table_init(Table *table, size_t capacity) {
    table->keys = malloc(capacity * sizeof *table->keys);
    table->ids = malloc(capacity * sizeof *table->ids);
    if (table->keys == NULL || table->ids == NULL) {
        return -1;
    }
    memset(table->keys, 0xff, capacity * sizeof *table->keys);
    table->mask = capacity - 1;
    table->used = 0;
    return 0;
}

static void table_free(Table *table) {
    free(table->keys);
    free(table->ids);
    table->keys = NULL;
    table->ids = NULL;
}

static void table_put(Table *table, uint64_t key, uint32_t id) {
    size_t slot = mixed(key) & table->mask;
    while (table->keys[slot] != EMPTY_KEY) {
        slot = (slot + 1) & table->mask;
    }
    table->keys[slot] = key;
    table->ids[slot] = id;
}

static int table_grow(Table *table) {
    Table old = *table;
    if (table_init(table, (old.mask + 1) * 2) < 0) {
        table_free(table);
        *table = old;
        return -1;
    }
    table->used = old.used;
    for (size_t slot = 0; slot <= old.mask; slot++) {
        if (old.keys[slot] != EMPTY_KEY) {
            table_put(table, old.keys[slot], old.ids[slot]);
        }
    }
    table_free(&old);
    return 0;
}

/* The key's id, a new one (next, then next + 1) if it is new; -1 when out of memory or ids. */
static int64_t table_id(Table *table, uint64_t key, uint32_t *next) {
    if ((table->used + 1) * 2 > table->mask + 1 && table_grow(table) < 0) {
        return -1;
    }
    size_t slot = mixed(key) & table->mask;
    while (table->keys[slot] != EMPTY_KEY) {
        if (table->keys[slot] == key) {
            return table->ids[slot];
        }
        slot = (slot + 1) & table->mask;
    }
    if (*next >= ID_LIMIT) {
        return -1;
    }
    table->keys[slot] = key;
    table->ids[slot] = *next;
    table->used++;
    return (*next)++;
}

static uint64_t ngram_key(int order, uint32_t prefix, uint32_t unit) {
    return ((uint64_t)order << 60) | ((uint64_t)prefix << 32) | unit;
}

/* ------------------------------------------------------------------------------------------ */
/* chrF++'s word tokens, by content: a token's code points -> an id, numbered from 0.          */

typedef struct {
    uint64_t *hashes; /* 0: empty */
    uint32_t *ids;
    size_t mask, used;
    U32s code_points, starts, lengths; /* each id's code points */
} Words;

static int words_init(Words *words, size_t capacity) {
    memset(words, 0, sizeof *words);
    words->hashes = calloc(capacity, sizeof *words->hashes);
    words->ids = malloc(capacity * sizeof *words->ids);
    words->mask = capacity - 1;
    return words->hashes == NULL || words->ids == NULL ? -1 : 0;
}

static void words_free(Words *words) {
    free(words->hashes);
    free(words->ids);
    u32s_free(&words->code_points);
    u32s_free(&words->starts);
    u32s_free(&words->lengths);
}

static uint64_t run_hash(const uint32_t *units, size_t length) {
    uint64_t hash = 0x9e3779b97f4a7c15u ^ length;
    for (size_t i = 0; i < length; i++) {
        hash = mixed(hash + units[i]);
    }
    return hash | 1; /* never 0, the empty slot's */
}

static int words_grow(Words *words) {
    size_t capacity = (words->mask + 1) * 2;
    uint64_t *hashes = calloc(capacity, sizeof *hashes);
    uint32_t *ids = malloc(capacity * sizeof *ids);
    if (hashes == NULL || ids == NULL) {
        free(hashes);
        free(ids);
        return -1;
    }
    for (size_t slot = 0; slot <= words->mask; slot++) {
        if (words->hashes[slot] != 0) {
            size_t target = words->hashes[slot] & (capacity - 1);
            while (hashes[target] != 0) {
                target = (target + 1) & (capacity - 1);
            }
            hashes[target] = words->hashes[slot];
            ids[target] = words->ids[slot];
        }
    }
    free(words->hashes);
    free(words->ids);
    words->hashes = hashes;
    words->ids = ids;
    words->mask = capacity - 1;
    return 0;
}

static int64_t word_id(Words *words, const uint32_t *units, size_t length) {
    if ((words->used + 1) * 2 > words->mask + 1 && words_grow(words) < 0) {
        return -1;
    }
    uint64_t hash = run_hash(units, length);
    size_t slot = hash & words->mask;
    while (words->hashes[slot] != 0) {
        if (words->hashes[slot] == hash) {
            uint32_t id = words->ids[slot];
            if (words->lengths.items[id] == length &&
                memcmp(words->code_points.items + words->starts.items[id], units,
                       length * sizeof *units) == 0) {
                return id; /* equal code points, not only an equal hash */
            }
        }
        slot = (slot + 1) & words->mask;
    }
    uint32_t id = (uint32_t)words->starts.size;
    if (u32s_push(&words->starts, (uint32_t)words->code_points.size) < 0 ||
        u32s_push(&words->lengths, (uint32_t)length) < 0 ||
        u32s_reserve(&words->code_points, words->code_points.size + length) < 0) {
        return -1;
    }
    memcpy(words->code_points.items + words->code_points.size, units, length * sizeof *units);
    words->code_points.size += length;
    words->hashes[slot] = hash;
    words->ids[slot] = id;
    words->used++;
    return id;
}

/* chrF++'s tokens of a text (its code points as given) as word ids, appended to ``tokens``. */
static int word_tokens(Words *words, const uint32_t *text, size_t length, U32s *tokens) {
    ChrfWords split = chrf_words(text, length);
    const uint32_t *token;
    size_t size;
    while (chrf_next_word(&split, &token, &size)) {
        int64_t id = word_id(words, token, size);
        if (id < 0 || u32s_push(tokens, (uint32_t)id) < 0) {
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Profiles: per text and order, its distinct n-gram ids with their counts, and its total.     */

typedef struct {
    int orders;
    size_t texts;
    uint32_t *totals;   /* texts × orders */
    uint32_t *lengths;  /* units per text: BLEU's lengths */
    size_t *starts;     /* texts × orders + 1, into ids and counts */
    U32s ids, counts;
    uint32_t next[MAX_ORDERS];     /* ids given per order */
    U32s stamps[MAX_ORDERS];       /* per id: 1 + the last text that had it */
    U32s where[MAX_ORDERS];        /* per id: its place in that text's list */
    Table table;
    U32s previous, current;        /* one order's ids per position */
} Profiles;

static int profiles_init(Profiles *profiles, int orders, size_t texts, size_t units) {
    memset(profiles, 0, sizeof *profiles);
    profiles->orders = orders;
    profiles->texts = texts;
    profiles->totals = calloc(texts * (size_t)orders + 1, sizeof *profiles->totals);
    profiles->lengths = calloc(texts + 1, sizeof *profiles->lengths);
    profiles->starts = calloc(texts * (size_t)orders + 1, sizeof *profiles->starts);
    /* Room for every n-gram without growing, for a few texts; for many, the distinct ones are
     * far fewer than their occurrences and the table grows only if it must. */
    size_t wanted = units <= SMALL_TABLE ? 2 * units : units / 2, capacity = 256;
    while (capacity < wanted) {
        capacity *= 2;
    }
    if (profiles->totals == NULL || profiles->lengths == NULL || profiles->starts == NULL) {
        return -1;
    }
    return table_init(&profiles->table, capacity);
}

static void profiles_free(Profiles *profiles) {
    free(profiles->totals);
    free(profiles->lengths);
    free(profiles->starts);
    u32s_free(&profiles->ids);
    u32s_free(&profiles->counts);
    for (int order = 0; order < MAX_ORDERS; order++) {
        u32s_free(&profiles->stamps[order]);
        u32s_free(&profiles->where[order]);
    }
    table_free(&profiles->table);
    u32s_free(&profiles->previous);
    u32s_free(&profiles->current);
}

/* One occurrence of ``id`` (of ``order``) in ``text``: a new list item or one more count. */
static int count_occurrence(Profiles *profiles, int order, uint32_t id, size_t text) {
    U32s *stamps = &profiles->stamps[order], *where = &profiles->where[order];
    if (id >= stamps->size &&
        (u32s_zero_fill(stamps, profiles->next[order]) < 0 ||
         u32s_zero_fill(where, profiles->next[order]) < 0)) {
        return -1;
    }
    if (stamps->items[id] == (uint32_t)(text + 1)) {
        profiles->counts.items[where->items[id]]++;
        return 0;
    }
    stamps->items[id] = (uint32_t)(text + 1);
    where->items[id] = (uint32_t)profiles->ids.size;
    if (u32s_push(&profiles->ids, id) < 0 || u32s_push(&profiles->counts, 1) < 0) {
        return -1;
    }
    return 0;
}

/* The n-grams of orders first_order .. first_order + count - 1 (n = 1 .. count) of one text's
 * units. Texts must come in order, and each text's orders in order. */
static int add_orders(Profiles *profiles, size_t text, int first_order, int count,
                      const uint32_t *units, size_t length) {
    if (u32s_reserve(&profiles->previous, length + 1) < 0 ||
        u32s_reserve(&profiles->current, length + 1) < 0) {
        return -1;
    }
    for (int n = 1; n <= count; n++) {
        int order = first_order + n - 1;
        size_t index = text * (size_t)profiles->orders + (size_t)order;
        size_t positions = length >= (size_t)n ? length - (size_t)n + 1 : 0;
        uint32_t *previous = profiles->previous.items, *current = profiles->current.items;
        profiles->totals[index] = (uint32_t)positions;
        for (size_t p = 0; p < positions; p++) {
            uint32_t prefix = n == 1 ? 0 : previous[p];
            int64_t id = table_id(&profiles->table, ngram_key(order, prefix, units[p + n - 1]),
                                  &profiles->next[order]);
            if (id < 0 || count_occurrence(profiles, order, (uint32_t)id, text) < 0) {
                return -1;
            }
            current[p] = (uint32_t)id;
        }
        U32s swap = profiles->previous;
        profiles->previous = profiles->current;
        profiles->current = swap;
        profiles->starts[index + 1] = profiles->ids.size;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Texts as read with the GIL: each one's code points, or its token ids.                        */

typedef struct {
    int kind;
    const void *data;
    Py_ssize_t length;
} Text;

typedef struct {
    int char_order, word_order, include_whitespace;
} CharOptions;

static int add_text(Profiles *profiles, Words *words, size_t index, Text text,
                    CharOptions options, U32s *scratch, U32s *tokens) {
    scratch->size = 0;
    if (u32s_reserve(scratch, (size_t)text.length + 1) < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < text.length; i++) {
        scratch->items[i] = PyUnicode_READ(text.kind, text.data, i);
    }
    size_t kept = 0;
    uint32_t *all = scratch->items;
    if (options.word_order > 0) {
        tokens->size = 0;
        if (word_tokens(words, all, (size_t)text.length, tokens) < 0) {
            return -1;
        }
    }
    if (options.include_whitespace) {
        kept = (size_t)text.length;
    } else {
        for (Py_ssize_t i = 0; i < text.length; i++) {
            if (!is_whitespace(all[i])) {
                all[kept++] = all[i];
            }
        }
    }
    if (add_orders(profiles, index, 0, options.char_order, all, kept) < 0) {
        return -1;
    }
    if (options.word_order > 0) {
        return add_orders(profiles, index, options.char_order, options.word_order,
                          tokens->items, tokens->size);
    }
    return 0;
}

static int char_profiles(Profiles *profiles, const Text *texts, size_t count,
                         CharOptions options) {
    size_t units = 0;
    for (size_t i = 0; i < count; i++) {
        units += (size_t)texts[i].length;
    }
    int orders = options.char_order + options.word_order;
    if (profiles_init(profiles, orders, count, units * (size_t)orders) < 0) {
        return -1;
    }
    Words words;
    U32s scratch = {0}, tokens = {0};
    int failed = words_init(&words, 1024) < 0;
    for (size_t i = 0; i < count && !failed; i++) {
        failed = add_text(profiles, &words, i, texts[i], options, &scratch, &tokens) < 0;
    }
    words_free(&words);
    u32s_free(&scratch);
    u32s_free(&tokens);
    return failed ? -1 : 0;
}

static int token_profiles(Profiles *profiles, const uint32_t *units, const size_t *starts,
                          size_t count, int max_order) {
    if (profiles_init(profiles, max_order, count, starts[count] * (size_t)max_order) < 0) {
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        size_t length = starts[i + 1] - starts[i];
        profiles->lengths[i] = (uint32_t)length;
        if (add_orders(profiles, i, 0, max_order, units + starts[i], length) < 0) {
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The references inverted: per order and id, the columns that have it and their counts.      */

typedef struct {
    uint32_t *starts;   /* ids + 1 */
    uint32_t *columns, *counts;
    int32_t *dense_of;  /* per id: its dense row, or -1 */
    uint32_t *dense;    /* dense rows × columns */
} Postings;

static void postings_free(Postings *postings) {
    free(postings->starts);
    free(postings->columns);
    free(postings->counts);
    free(postings->dense_of);
    free(postings->dense);
}

/* An id that at least one column in DENSE_SHARE has gets a dense row: adding a whole row costs
 * less than visiting that many scattered columns one by one. */
#define DENSE_SHARE 8

static int postings_build(Postings *postings, const Profiles *profiles, int order,
                          const int32_t *columns, size_t m) {
    size_t ids = profiles->next[order], entries = 0, dense_rows = 0;
    memset(postings, 0, sizeof *postings);
    postings->starts = calloc(ids + 2, sizeof *postings->starts);
    postings->dense_of = malloc((ids + 1) * sizeof *postings->dense_of);
    if (postings->starts == NULL || postings->dense_of == NULL) {
        return -1;
    }
    for (size_t j = 0; j < m; j++) {
        size_t index = (size_t)columns[j] * (size_t)profiles->orders + (size_t)order;
        for (size_t e = profiles->starts[index]; e < profiles->starts[index + 1]; e++) {
            postings->starts[profiles->ids.items[e] + 1]++;
        }
    }
    for (size_t id = 0; id < ids; id++) {
        uint32_t size = postings->starts[id + 1];
        int dense = m >= 16 && (size_t)size * DENSE_SHARE >= m;
        postings->dense_of[id] = dense ? (int32_t)dense_rows++ : -1;
        postings->starts[id + 1] += postings->starts[id];
    }
    entries = postings->starts[ids];
    postings->columns = malloc((entries + 1) * sizeof *postings->columns);
    postings->counts = malloc((entries + 1) * sizeof *postings->counts);
    postings->dense = calloc(dense_rows * m + 1, sizeof *postings->dense);
    uint32_t *filled = calloc(ids + 1, sizeof *filled);
    if (postings->columns == NULL || postings->counts == NULL || postings->dense == NULL ||
        filled == NULL) {
        free(filled);
        return -1;
    }
    for (size_t j = 0; j < m; j++) {
        size_t index = (size_t)columns[j] * (size_t)profiles->orders + (size_t)order;
        for (size_t e = profiles->starts[index]; e < profiles->starts[index + 1]; e++) {
            uint32_t id = profiles->ids.items[e], count = profiles->counts.items[e];
            if (postings->dense_of[id] >= 0) {
                postings->dense[(size_t)postings->dense_of[id] * m + j] = count;
            } else {
                uint32_t at = postings->starts[id] + filled[id]++;
                postings->columns[at] = (uint32_t)j;
                postings->counts[at] = count;
            }
        }
    }
    free(filled);
    return 0;
}

/* Row i's matches of one order with every column: the sum over its distinct ids of
 * min(its count, the column's count). */
static VECTORISED void row_matches(const Profiles *profiles, const Postings *postings, int order,
                        int32_t text, size_t m, uint32_t *matches) {
    size_t index = (size_t)text * (size_t)profiles->orders + (size_t)order;
    memset(matches, 0, m * sizeof *matches);
    for (size_t e = profiles->starts[index]; e < profiles->starts[index + 1]; e++) {
        uint32_t id = profiles->ids.items[e], count = profiles->counts.items[e];
        int32_t dense = postings->dense_of[id];
        if (dense >= 0) {
            const uint32_t *row = postings->dense + (size_t)dense * m;
            for (size_t j = 0; j < m; j++) {
                matches[j] += row[j] < count ? row[j] : count;
            }
        } else {
            for (uint32_t p = postings->starts[id]; p < postings->starts[id + 1]; p++) {
                uint32_t other = postings->counts[p];
                matches[postings->columns[p]] += other < count ? other : count;
            }
        }
    }
}

/* ------------------------------------------------------------------------------------------ */
/* Jobs: one matrix each.                                                                       */

typedef struct {
    int metric; /* 0 chrF, 1 BLEU */
    /* chrF */
    CharOptions chars;
    int beta, eps_smoothing;
    /* BLEU */
    int max_order, method, use_effective_order;
    double value;
} Options;

typedef struct {
    /* read with the GIL */
    Text *texts;          /* chrF */
    uint32_t *units;      /* BLEU: every token list's token ids, end to end */
    size_t *unit_starts;  /* BLEU: token lists' starts, count + 1 */
    size_t text_count;
    const int32_t *rows, *columns;
    size_t n, m;
    double *out;
    Py_buffer buffers[3];
    int buffers_held;
    /* built without it */
    Profiles profiles;
    Postings postings[MAX_ORDERS];
    double *column_totals; /* orders × m: each column's total as a double */
    int failed;
} Job;

typedef struct {
    Job *jobs;
    size_t job_count;
    const Options *options;
    size_t *task_jobs, *task_first_rows; /* row tasks */
    size_t task_count;
    size_t next_task; /* taken atomically */
} Work;

static int prepare_job(Job *job, const Options *options) {
    int failed;
    if (options->metric == 0) {
        failed = char_profiles(&job->profiles, job->texts, job->text_count, options->chars);
    } else {
        failed = token_profiles(&job->profiles, job->units, job->unit_starts, job->text_count,
                                options->max_order);
    }
    if (failed < 0) {
        return -1;
    }
    int orders = job->profiles.orders;
    job->column_totals = malloc(((size_t)orders * job->m + 1) * sizeof *job->column_totals);
    if (job->column_totals == NULL) {
        return -1;
    }
    for (int order = 0; order < orders; order++) {
        if (postings_build(&job->postings[order], &job->profiles, order, job->columns, job->m) <
            0) {
            return -1;
        }
        for (size_t j = 0; j < job->m; j++) {
            size_t index = (size_t)job->columns[j] * (size_t)orders + (size_t)order;
            job->column_totals[(size_t)order * job->m + j] = (double)job->profiles.totals[index];
        }
    }
    return 0;
}

/* Scratch of one thread for one row: every order's matches, and a score's sums per column. */
typedef struct {
    uint32_t *matches; /* orders × m */
    double *precision, *recall;
    double *counted;
    double *brevity;   /* BLEU: per reference length, its brevity penalty (NAN: not yet) */
    size_t brevity_size;
} Scratch;

/* The row's sums over orders, per column: adding 0.0 where an order does not count leaves a
 * sum (never -0.0) unchanged, so the loops need no branch and are vectorised. */
static VECTORISED void chrf_sums(const uint32_t *matches, const double *references, double h,
                                 double b, int eps_smoothing, size_t m, double *precision,
                                 double *recall, double *counted) {
    if (eps_smoothing) { /* the sum of each order's F, in precision */
        for (size_t j = 0; j < m; j++) {
            double r = references[j], match = (double)matches[j];
            double p = (r > 0.0 && h > 0.0) ? match / (h > 0.0 ? h : 1.0) : CHRF_EPSILON;
            double q = r > 0.0 ? match / (r > 0.0 ? r : 1.0) : CHRF_EPSILON;
            double d = b * p + q;
            double f = (((1.0 + b) * p) * q) / (d > 0.0 ? d : 1.0);
            precision[j] += d > 0.0 ? f : CHRF_EPSILON;
        }
        return;
    }
    if (h == 0.0) {
        return;
    }
    for (size_t j = 0; j < m; j++) {
        double r = references[j], match = (double)matches[j];
        int counts = r > 0.0;
        double p = match / h, q = match / (counts ? r : 1.0);
        precision[j] += counts ? p : 0.0;
        recall[j] += counts ? q : 0.0;
        counted[j] += counts ? 1.0 : 0.0;
    }
}

static VECTORISED void chrf_scores(const double *precision, const double *recall,
                                   const double *counted, double b, int eps_smoothing,
                                   int orders, size_t m, double *out) {
    if (eps_smoothing) {
        for (size_t j = 0; j < m; j++) {
            out[j] = precision[j] / (double)orders;
        }
        return;
    }
    for (size_t j = 0; j < m; j++) {
        double k = counted[j] > 0.0 ? counted[j] : 1.0;
        double p = precision[j] / k, r = recall[j] / k;
        double d = (b * p) + r;
        double f = (((1.0 + b) * p) * r) / (d > 0.0 ? d : 1.0);
        out[j] = (counted[j] == 0.0 || p + r == 0.0) ? 0.0 : f;
    }
}

static void chrf_row(const Job *job, const Options *options, size_t i, Scratch *s) {
    const Profiles *profiles = &job->profiles;
    int orders = profiles->orders;
    size_t m = job->m, text = (size_t)job->rows[i];
    double b = (double)(options->beta * options->beta);
    for (size_t j = 0; j < m; j++) {
        s->precision[j] = 0.0;
        s->recall[j] = 0.0;
        s->counted[j] = 0.0;
    }
    for (int order = 0; order < orders; order++) {
        double h = (double)profiles->totals[text * (size_t)orders + (size_t)order];
        chrf_sums(s->matches + (size_t)order * m, job->column_totals + (size_t)order * m, h, b,
                  options->eps_smoothing, m, s->precision, s->recall, s->counted);
    }
    chrf_scores(s->precision, s->recall, s->counted, b, options->eps_smoothing, orders, m,
                job->out + i * m);
}

/* The brevity penalty of lengths c and r, as metrics/bleu.py's. */
static double brevity_penalty(uint32_t c, uint32_t r) {
    if (c == 0) {
        return 0.0;
    }
    if (c > r) {
        return 1.0;
    }
    return fdlibm_exp(1.0 - (double)r / (double)c);
}

/* One pair's sentence BLEU, given the row's (hypothesis's) precomputed logarithms. */
typedef struct {
    int orders;                     /* N_eff when m_1 > 0; 0: every cell is 0 */
    uint32_t totals[MAX_ORDERS];    /* l_n */
    const double *logs[MAX_ORDERS]; /* ln(m'/l') per m = 0..l_n */
    double zero_logs[MAX_ORDERS][MAX_ORDERS + 1]; /* exp: ln(1/(2^t l')); floor: [0] ln(e/l') */
} BleuRow;

static int bleu_row_logs(BleuRow *row, double *logs, uint32_t c, const Options *options) {
    int add_k = options->method == ADD_K;
    double k = options->value;
    size_t at = 0;
    row->orders = options->max_order;
    for (int n = 0; n < options->max_order; n++) {
        uint32_t total = c >= (uint32_t)n + 1 ? c - (uint32_t)n : 0;
        double adjusted_total = add_k && n > 0 ? (double)total + k : (double)total;
        row->totals[n] = total;
        if (adjusted_total == 0.0) {
            if (!options->use_effective_order) {
                row->orders = 0; /* an order without n-grams among those scored */
                return 0;
            }
            row->orders = n < row->orders ? n : row->orders;
            continue;
        }
        row->logs[n] = logs + at;
        for (uint32_t m = 0; m <= total; m++) {
            double adjusted = add_k && n > 0 ? (double)m + k : (double)m;
            logs[at++] = adjusted > 0.0 ? fdlibm_log(adjusted / adjusted_total) : 0.0;
        }
        double t = 1.0;
        for (int zeros = 1; zeros <= options->max_order; zeros++) {
            t *= 2.0;
            row->zero_logs[n][zeros] = fdlibm_log(1.0 / (t * adjusted_total));
        }
        row->zero_logs[n][0] = options->method == FLOOR
                                   ? fdlibm_log(options->value / adjusted_total)
                                   : 0.0;
    }
    if (row->orders > options->max_order) {
        row->orders = options->max_order;
    }
    return 0;
}

static double bleu_cell(const BleuRow *row, const uint32_t *matches, size_t m, size_t j,
                        int method, double brevity) {
    if (matches[j] == 0 || row->orders == 0) {
        return 0.0;
    }
    double acc = 0.0;
    int zeros = 0;
    for (int n = 0; n < row->orders; n++) {
        uint32_t match = matches[(size_t)n * m + j];
        if (match > 0 || (method == ADD_K && n > 0)) {
            acc += row->logs[n][match];
        } else if (method == EXP) {
            acc += row->zero_logs[n][++zeros];
        } else if (method == FLOOR) {
            acc += row->zero_logs[n][0];
        } else {
            return 0.0; /* none: an order without a match */
        }
    }
    return brevity * fdlibm_exp((1.0 / (double)row->orders) * acc);
}

static void bleu_row(const Job *job, const Options *options, size_t i, Scratch *s,
                     double *logs) {
    const Profiles *profiles = &job->profiles;
    size_t m = job->m, text = (size_t)job->rows[i];
    uint32_t c = profiles->lengths[text];
    BleuRow row;
    bleu_row_logs(&row, logs, c, options);
    for (size_t b = 0; b < s->brevity_size; b++) {
        s->brevity[b] = -1.0;
    }
    for (size_t j = 0; j < m; j++) {
        uint32_t r = profiles->lengths[job->columns[j]];
        if (s->brevity[r] < 0.0) {
            s->brevity[r] = brevity_penalty(c, r);
        }
        job->out[i * m + j] = bleu_cell(&row, s->matches, m, j, options->method, s->brevity[r]);
    }
}

static int run_rows(Job *job, const Options *options, size_t first, size_t last) {
    int orders = job->profiles.orders;
    size_t m = job->m;
    Scratch s = {0};
    double *logs = NULL;
    s.matches = malloc(((size_t)orders * m + 1) * sizeof *s.matches);
    s.precision = malloc((m + 1) * sizeof *s.precision);
    s.recall = malloc((m + 1) * sizeof *s.recall);
    s.counted = malloc((m + 1) * sizeof *s.counted);
    int failed = s.matches == NULL || s.precision == NULL || s.recall == NULL ||
                 s.counted == NULL;
    if (options->metric == 1 && !failed) {
        uint32_t longest = 0;
        for (size_t t = 0; t < job->text_count; t++) {
            longest = job->profiles.lengths[t] > longest ? job->profiles.lengths[t] : longest;
        }
        s.brevity_size = (size_t)longest + 1;
        s.brevity = malloc(s.brevity_size * sizeof *s.brevity);
        logs = malloc(((size_t)longest + 2) * (size_t)orders * sizeof *logs);
        failed = s.brevity == NULL || logs == NULL;
    }
    for (size_t i = first; i < last && !failed; i++) {
        for (int order = 0; order < orders; order++) {
            row_matches(&job->profiles, &job->postings[order], order, job->rows[i], m,
                        s.matches + (size_t)order * m);
        }
        if (options->metric == 0) {
            chrf_row(job, options, i, &s);
        } else {
            bleu_row(job, options, i, &s, logs);
        }
    }
    free(s.matches);
    free(s.precision);
    free(s.recall);
    free(s.counted);
    free(s.brevity);
    free(logs);
    return failed ? -1 : 0;
}

/* ------------------------------------------------------------------------------------------ */
/* Threads: jobs are prepared, then row tasks computed, each taken by whichever thread is free. */

static size_t take(size_t *next) {
#if defined(__GNUC__) || defined(__clang__)
    return __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
#else
    return (*next)++; /* one thread only: see thread_count */
#endif
}

static void *prepare_jobs(void *argument) {
    Work *work = argument;
    for (size_t t = take(&work->next_task); t < work->job_count; t = take(&work->next_task)) {
        if (prepare_job(&work->jobs[t], work->options) < 0) {
            work->jobs[t].failed = 1;
        }
    }
    return NULL;
}

static void *compute_rows(void *argument) {
    Work *work = argument;
    for (size_t t = take(&work->next_task); t < work->task_count; t = take(&work->next_task)) {
        Job *job = &work->jobs[work->task_jobs[t]];
        size_t first = work->task_first_rows[t];
        size_t rows = CELLS_PER_TASK / (job->m ? job->m : 1);
        size_t last = first + (rows ? rows : 1);
        if (!job->failed && run_rows(job, work->options, first, last < job->n ? last : job->n)) {
            job->failed = 1;
        }
    }
    return NULL;
}

static void in_threads(void *(*function)(void *), Work *work, int threads) {
    work->next_task = 0;
#if defined(HAVE_THREADS) && (defined(__GNUC__) || defined(__clang__))
    pthread_t started[MAX_THREADS];
    int count = 0;
    for (; count < threads - 1; count++) {
        if (pthread_create(&started[count], NULL, function, work) != 0) {
            break; /* fewer threads: the work is the same */
        }
    }
    function(work);
    for (int t = 0; t < count; t++) {
        pthread_join(started[t], NULL);
    }
#else
    (void)threads;
    function(work);
#endif
}

static int row_tasks(Work *work) {
    size_t count = 0;
    for (size_t t = 0; t < work->job_count; t++) {
        size_t m = work->jobs[t].m ? work->jobs[t].m : 1;
        size_t rows = CELLS_PER_TASK / m ? CELLS_PER_TASK / m : 1;
        count += (work->jobs[t].n + rows - 1) / rows;
    }
    work->task_jobs = malloc((count + 1) * sizeof *work->task_jobs);
    work->task_first_rows = malloc((count + 1) * sizeof *work->task_first_rows);
    if (work->task_jobs == NULL || work->task_first_rows == NULL) {
        return -1;
    }
    work->task_count = 0;
    for (size_t t = 0; t < work->job_count; t++) {
        size_t m = work->jobs[t].m ? work->jobs[t].m : 1;
        size_t rows = CELLS_PER_TASK / m ? CELLS_PER_TASK / m : 1;
        for (size_t first = 0; first < work->jobs[t].n; first += rows) {
            work->task_jobs[work->task_count] = t;
            work->task_first_rows[work->task_count++] = first;
        }
    }
    return 0;
}

static void job_free(Job *job) {
    for (int b = 0; b < job->buffers_held; b++) {
        PyBuffer_Release(&job->buffers[b]);
    }
    free(job->texts);
    free(job->units);
    free(job->unit_starts);
    for (int order = 0; order < job->profiles.orders; order++) {
        postings_free(&job->postings[order]);
    }
    profiles_free(&job->profiles);
    free(job->column_totals);
}

/* ------------------------------------------------------------------------------------------ */
/* Reading a job's arguments, with the GIL.                                                     */

static int read_indices(Job *job, PyObject *object, const int32_t **into, size_t *size) {
    Py_buffer *view = &job->buffers[job->buffers_held];
    if (PyObject_GetBuffer(object, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return -1;
    }
    job->buffers_held++;
    if (view->itemsize != 4 || view->format == NULL || strcmp(view->format, "i") != 0) {
        PyErr_SetString(PyExc_TypeError, "row and column indices must be int32 buffers");
        return -1;
    }
    *into = view->buf;
    *size = (size_t)(view->len / 4);
    for (size_t k = 0; k < *size; k++) {
        if ((*into)[k] < 0 || (size_t)(*into)[k] >= job->text_count) {
            PyErr_SetString(PyExc_IndexError, "a row or column index is not a text's");
            return -1;
        }
    }
    return 0;
}

static int read_out(Job *job, PyObject *object) {
    Py_buffer *view = &job->buffers[job->buffers_held];
    if (PyObject_GetBuffer(object, view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) <
        0) {
        return -1;
    }
    job->buffers_held++;
    if (view->itemsize != 8 || view->format == NULL || strcmp(view->format, "d") != 0 ||
        (size_t)view->len != job->n * job->m * 8) {
        PyErr_SetString(PyExc_ValueError, "out must be a writable float64 buffer of n * m");
        return -1;
    }
    job->out = view->buf;
    return 0;
}

static int read_texts(Job *job, PyObject *texts) {
    job->texts = malloc(((size_t)PyList_GET_SIZE(texts) + 1) * sizeof *job->texts);
    if (job->texts == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t t = 0; t < PyList_GET_SIZE(texts); t++) {
        PyObject *text = PyList_GET_ITEM(texts, t);
        if (!PyUnicode_Check(text)) {
            PyErr_SetString(PyExc_TypeError, "texts must be str");
            return -1;
        }
        job->texts[t].kind = PyUnicode_KIND(text);
        job->texts[t].data = PyUnicode_DATA(text);
        job->texts[t].length = PyUnicode_GET_LENGTH(text);
    }
    return 0;
}

/* Every token list's tokens as ids, equal strings getting equal ids. */
static int read_token_lists(Job *job, PyObject *lists) {
    U32s units = {0};
    PyObject *ids = PyDict_New();
    size_t count = (size_t)PyList_GET_SIZE(lists);
    job->unit_starts = malloc((count + 1) * sizeof *job->unit_starts);
    int failed = ids == NULL || job->unit_starts == NULL;
    for (size_t t = 0; t < count && !failed; t++) {
        PyObject *tokens = PySequence_Fast(PyList_GET_ITEM(lists, t), "token lists must be lists");
        job->unit_starts[t] = units.size;
        failed = tokens == NULL;
        for (Py_ssize_t k = 0; !failed && k < PySequence_Fast_GET_SIZE(tokens); k++) {
            PyObject *token = PySequence_Fast_GET_ITEM(tokens, k);
            PyObject *id = PyDict_GetItemWithError(ids, token);
            if (id == NULL && !PyErr_Occurred()) {
                id = PyLong_FromSsize_t(PyDict_GET_SIZE(ids));
                failed = id == NULL || PyDict_SetItem(ids, token, id) < 0;
                Py_XDECREF(id); /* the dictionary holds it */
            }
            failed = failed || id == NULL ||
                     u32s_push(&units, (uint32_t)PyLong_AsSize_t(id)) < 0;
        }
        Py_XDECREF(tokens);
    }
    Py_XDECREF(ids);
    if (!failed) {
        job->unit_starts[count] = units.size;
        job->units = units.items;
        return 0;
    }
    u32s_free(&units);
    if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    return -1;
}

static int read_job(Job *job, PyObject *item, const Options *options) {
    memset(job, 0, sizeof *job);
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 4 ||
        !PyList_Check(PyTuple_GET_ITEM(item, 0))) {
        PyErr_SetString(PyExc_TypeError, "a job is (texts: list, rows, columns, out)");
        return -1;
    }
    PyObject *texts = PyTuple_GET_ITEM(item, 0);
    job->text_count = (size_t)PyList_GET_SIZE(texts);
    if (job->text_count >= UINT32_MAX - 1) {
        PyErr_SetString(PyExc_ValueError, "too many texts");
        return -1;
    }
    int read = options->metric == 0 ? read_texts(job, texts) : read_token_lists(job, texts);
    if (read < 0 || read_indices(job, PyTuple_GET_ITEM(item, 1), &job->rows, &job->n) < 0 ||
        read_indices(job, PyTuple_GET_ITEM(item, 2), &job->columns, &job->m) < 0) {
        return -1;
    }
    return read_out(job, PyTuple_GET_ITEM(item, 3));
}

static PyObject *run_jobs(PyObject *list, const Options *options, int threads) {
    if (!PyList_Check(list)) {
        PyErr_SetString(PyExc_TypeError, "jobs must be a list");
        return NULL;
    }
    Work work = {0};
    work.options = options;
    work.job_count = (size_t)PyList_GET_SIZE(list);
    work.jobs = calloc(work.job_count + 1, sizeof *work.jobs);
    if (work.jobs == NULL) {
        return PyErr_NoMemory();
    }
    int failed = 0;
    size_t read = 0, cells = 0;
    for (; read < work.job_count && !failed; read++) {
        failed = read_job(&work.jobs[read], PyList_GET_ITEM(list, (Py_ssize_t)read), options) < 0;
        cells += work.jobs[read].n * work.jobs[read].m;
    }
    if (cells < CELLS_FOR_THREADS) {
        threads = 1;
    }
    if (!failed) {
        Py_BEGIN_ALLOW_THREADS;
        in_threads(prepare_jobs, &work, threads < (int)work.job_count ? threads
                                                                      : (int)work.job_count);
        failed = row_tasks(&work) < 0;
        for (size_t t = 0; t < work.job_count; t++) {
            failed = failed || work.jobs[t].failed;
        }
        if (!failed) {
            in_threads(compute_rows, &work, threads);
        }
        for (size_t t = 0; t < work.job_count; t++) {
            failed = failed || work.jobs[t].failed;
        }
        Py_END_ALLOW_THREADS;
        if (failed) {
            PyErr_SetString(PyExc_MemoryError, "out of memory, or more than 2^28 distinct "
                                               "n-grams of one order");
        }
    }
    for (size_t t = 0; t < read; t++) {
        job_free(&work.jobs[t]);
    }
    free(work.jobs);
    free(work.task_jobs);
    free(work.task_first_rows);
    if (failed) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static int read_threads(PyObject *object) {
    long threads = PyLong_AsLong(object);
    if (threads == -1 && PyErr_Occurred()) {
        return -1;
    }
    return threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : (int)threads;
}

static int read_char_options(PyObject *const *args, Options *options) {
    options->metric = 0;
    options->chars.char_order = (int)PyLong_AsLong(args[0]);
    options->chars.word_order = (int)PyLong_AsLong(args[1]);
    options->beta = (int)PyLong_AsLong(args[2]);
    options->eps_smoothing = PyObject_IsTrue(args[3]);
    options->chars.include_whitespace = PyObject_IsTrue(args[4]);
    if (PyErr_Occurred()) {
        return -1;
    }
    if (options->chars.char_order < 1 || options->chars.word_order < 0 ||
        options->chars.word_order > 2 ||
        options->chars.char_order + options->chars.word_order > MAX_ORDERS ||
        options->beta < 0 || options->beta > 1000) {
        PyErr_SetString(PyExc_ValueError, "char_order 1 to 12, word_order 0 to 2, beta 0 to 1000");
        return -1;
    }
    return 0;
}

static PyObject *chrf_matrices(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Options options = {0};
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "chrf_matrices(jobs, char_order, word_order, beta, "
                                         "eps_smoothing, include_whitespace, threads)");
        return NULL;
    }
    int threads = read_threads(args[6]);
    if (threads < 0 || read_char_options(args + 1, &options) < 0) {
        return NULL;
    }
    return run_jobs(args[0], &options, threads);
}

static PyObject *bleu_matrices(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Options options = {0};
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "bleu_matrices(jobs, max_order, method, value, "
                                         "use_effective_order, threads)");
        return NULL;
    }
    options.metric = 1;
    options.max_order = (int)PyLong_AsLong(args[1]);
    options.method = (int)PyLong_AsLong(args[2]);
    options.value = PyFloat_AsDouble(args[3]);
    options.use_effective_order = PyObject_IsTrue(args[4]);
    int threads = read_threads(args[5]);
    if (PyErr_Occurred() || threads < 0) {
        return NULL;
    }
    if (options.max_order < 1 || options.max_order > MAX_ORDERS || options.method < NONE ||
        options.method > ADD_K) {
        PyErr_SetString(PyExc_ValueError, "max_order 1 to 14, method 0 to 3");
        return NULL;
    }
    return run_jobs(args[0], &options, threads);
}

/* ------------------------------------------------------------------------------------------ */
/* One segment's chrF: its statistics against each reference, the kept one and its F.          */

typedef struct {
    uint32_t hypothesis[MAX_ORDERS], reference[MAX_ORDERS], matches[MAX_ORDERS];
} Statistics;

static void pair_statistics(const Profiles *profiles, U32s *counts, size_t h, size_t r,
                            Statistics *into) {
    int orders = profiles->orders;
    for (int order = 0; order < orders; order++) {
        size_t hi = h * (size_t)orders + (size_t)order, ri = r * (size_t)orders + (size_t)order;
        uint32_t matches = 0;
        for (size_t e = profiles->starts[ri]; e < profiles->starts[ri + 1]; e++) {
            counts[order].items[profiles->ids.items[e]] = profiles->counts.items[e];
        }
        for (size_t e = profiles->starts[hi]; e < profiles->starts[hi + 1]; e++) {
            uint32_t mine = profiles->counts.items[e];
            uint32_t theirs = counts[order].items[profiles->ids.items[e]];
            matches += mine < theirs ? mine : theirs;
        }
        for (size_t e = profiles->starts[ri]; e < profiles->starts[ri + 1]; e++) {
            counts[order].items[profiles->ids.items[e]] = 0;
        }
        into->reference[order] = profiles->totals[ri];
        into->hypothesis[order] = profiles->totals[ri] > 0 ? profiles->totals[hi] : 0;
        into->matches[order] = matches;
    }
}

static PyObject *kept_segment(const Profiles *profiles, size_t references, int beta,
                              int eps_smoothing) {
    int orders = profiles->orders;
    U32s counts[MAX_ORDERS] = {{0}};
    int failed = 0;
    for (int order = 0; order < orders && !failed; order++) {
        failed = u32s_zero_fill(&counts[order], (size_t)profiles->next[order] + 1) < 0;
    }
    Statistics best = {{0}}, candidate;
    double best_f = 0.0, best_key = 0.0, f, key;
    size_t best_index = 0;
    for (size_t r = 0; r < references && !failed; r++) {
        pair_statistics(profiles, counts, 0, r + 1, &candidate);
        chrf_f_and_key(candidate.hypothesis, candidate.reference, candidate.matches, orders,
                       (double)(beta * beta), eps_smoothing, &f, &key);
        if (r == 0 || key > best_key) { /* the first reference wins ties */
            best = candidate;
            best_f = f;
            best_key = key;
            best_index = r;
        }
    }
    for (int order = 0; order < orders; order++) {
        u32s_free(&counts[order]);
    }
    if (failed) {
        return PyErr_NoMemory();
    }
    return Py_BuildValue("(ndNNN)", (Py_ssize_t)best_index, best_f,
                         counts_tuple(best.hypothesis, orders),
                         counts_tuple(best.reference, orders),
                         counts_tuple(best.matches, orders));
}

static PyObject *chrf_segment(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    Options options = {0};
    if (nargs != 7 || !PyUnicode_Check(args[0]) || !PyList_Check(args[1]) ||
        PyList_GET_SIZE(args[1]) < 1) {
        PyErr_SetString(PyExc_TypeError, "chrf_segment(hypothesis: str, references: list of 1 "
                                         "or more str, char_order, word_order, beta, "
                                         "eps_smoothing, include_whitespace)");
        return NULL;
    }
    if (read_char_options(args + 2, &options) < 0) {
        return NULL;
    }
    size_t references = (size_t)PyList_GET_SIZE(args[1]);
    Text texts[16], *all = references < 16 ? texts : malloc((references + 1) * sizeof *all);
    if (all == NULL) {
        return PyErr_NoMemory();
    }
    all[0] = (Text){PyUnicode_KIND(args[0]), PyUnicode_DATA(args[0]),
                    PyUnicode_GET_LENGTH(args[0])};
    for (size_t r = 0; r < references; r++) {
        PyObject *text = PyList_GET_ITEM(args[1], (Py_ssize_t)r);
        if (!PyUnicode_Check(text)) {
            if (all != texts) {
                free(all);
            }
            PyErr_SetString(PyExc_TypeError, "references must be str");
            return NULL;
        }
        all[r + 1] = (Text){PyUnicode_KIND(text), PyUnicode_DATA(text),
                            PyUnicode_GET_LENGTH(text)};
    }
    Profiles profiles;
    PyObject *result = NULL;
    if (char_profiles(&profiles, all, references + 1, options.chars) < 0) {
        PyErr_NoMemory();
    } else {
        result = kept_segment(&profiles, references, options.beta, options.eps_smoothing);
    }
    profiles_free(&profiles);
    if (all != texts) {
        free(all);
    }
    return result;
}

/* ------------------------------------------------------------------------------------------ */

static PyMethodDef methods[] = {
    {"chrf_matrices", (PyCFunction)(void (*)(void))chrf_matrices, METH_FASTCALL,
     "chrf_matrices(jobs, char_order, word_order, beta, eps_smoothing, include_whitespace, "
     "threads)\n\nFills each job's (texts, rows, columns, out) out[i * m + j] with the chrF of "
     "texts[rows[i]] against texts[columns[j]]; rows and columns are int32 buffers."},
    {"bleu_matrices", (PyCFunction)(void (*)(void))bleu_matrices, METH_FASTCALL,
     "bleu_matrices(jobs, max_order, method, value, use_effective_order, threads)\n\n"
     "As chrf_matrices, with token lists and sentence BLEU; method 0 none, 1 floor, 2 exp, "
     "3 add-k."},
    {"chrf_segment", (PyCFunction)(void (*)(void))chrf_segment, METH_FASTCALL,
     "chrf_segment(hypothesis, references, char_order, word_order, beta, eps_smoothing, "
     "include_whitespace)\n-> (reference_index, chrf, hypothesis, reference, matches)"},
    FDLIBM_METHODS,
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_pairwise, "Pairwise chrF and sentence BLEU matrices, and one segment's chrF, compiled.")
