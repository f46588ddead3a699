/* ROUGE, compiled: every segment's precision, recall and F-measure for each ROUGE type, exactly
 * as the pure-Python oracle ``metrics/rouge`` (and rouge-score 0.1.2) gives them.
 *
 * Texts are tokenized here with rouge-score's tokenizer (ASCII letters and digits of the
 * lowercased text, Python's own ``str.lower`` for a text that is not ASCII), or come as token
 * lists (``token_scores``, for the other tokenizers). Every token becomes an integer id through
 * one table of the call; with the stemmer, a token longer than 3 characters is stemmed once per
 * call (``_rouge_porter.h``) and its stem's id cached beside it. Then:
 *   - ROUGE-N counts the hypothesis's n-grams in an open-addressing table (a vocabulary-indexed
 *     array for unigrams) and clips the reference's against them;
 *   - ROUGE-L is the bit-parallel LCS of Crochemore et al. (2001), 64 reference tokens a word,
 *     one row in memory;
 *   - ROUGE-Lsum keeps the bit vector of rows of each sentence pair (every row, or for a long
 *     pair some, the others recomputed), reads the table's cells back from them (a cell is the
 *     count of zero bits below its column) and walks back as rouge-score does, for the union of
 *     each reference sentence's LCS positions (``_rouge_lcs.h``);
 *   - the doubles are rouge-score's: one division of two counts, 2 * p * r / (p + r).
 * Several references: for each type the first reference with the highest F-measure.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_exact.h"
#include "_module.h"
#include "_rouge_porter.h"

typedef int32_t Id;
typedef Py_ssize_t Index;

/* ---- growable arrays ---- */

typedef struct {
    Id *data;
    Index size, capacity;
} Ids;

static int ids_reserve(Ids *a, Index need) {
    if (need <= a->capacity) return 0;
    Index capacity = a->capacity ? a->capacity : 64;
    while (capacity < need) capacity *= 2;
    Id *data = realloc(a->data, (size_t)capacity * sizeof(Id));
    if (data == NULL) return -1;
    a->data = data;
    a->capacity = capacity;
    return 0;
}

static int ids_push(Ids *a, Id value) {
    if (ids_reserve(a, a->size + 1) < 0) return -1;
    a->data[a->size++] = value;
    return 0;
}

/* ---- the call's vocabulary: token strings to ids ---- */

/* A token of at most 8 bytes is its own key (its bytes, packed), so that finding it reads the
 * slot alone; a longer one is keyed by its hash and its bytes compared. */
typedef struct {
    uint64_t key;
    Id id; /* -1: empty */
    int32_t length;
    Id final; /* raw tokens: the id of the token they become (their stem, or themselves) */
} Slot;

typedef struct {
    size_t offset;
    Index length;
} Entry;

typedef struct {
    char *bytes; /* every distinct string, end to end */
    size_t bytes_size, bytes_capacity;
    Entry *entries;
    Index count, capacity;
    Slot *slots; /* open addressing, the hash beside the id so that a probe reads one place */
    size_t mask;
} Vocabulary;

static uint64_t mix64(uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
}

/* Eight bytes a step, then a final mix. */
static uint64_t hash_bytes(const char *s, Index n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    Index i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t chunk;
        memcpy(&chunk, s + i, 8);
        h = (h ^ chunk) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    uint64_t tail = 0;
    for (Index k = 0; i + k < n; k++) tail |= (uint64_t)(uint8_t)s[i + k] << (8 * k);
    h = (h ^ tail) * 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 29);
}

static int same_bytes(const char *a, const char *b, Index n) {
    for (Index i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static int same_ids(const Id *a, const Id *b, Index n) {
    for (Index i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Bits set in x, without relying on the target having a popcount instruction. */
static inline Index popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (Index)((x * 0x0101010101010101ULL) >> 56);
}

static void vocabulary_free(Vocabulary *v) {
    free(v->bytes);
    free(v->entries);
    free(v->slots);
    memset(v, 0, sizeof(*v));
}

static size_t slot_start(uint64_t key) { return (size_t)mix64(key); }

static int vocabulary_grow_slots(Vocabulary *v) {
    size_t size = v->mask ? (v->mask + 1) * 2 : 1024;
    Slot *slots = malloc(size * sizeof(Slot));
    if (slots == NULL) return -1;
    for (size_t k = 0; k < size; k++) slots[k].id = -1;
    for (size_t k = 0; v->slots != NULL && k <= v->mask; k++) {
        if (v->slots[k].id < 0) continue;
        size_t at = slot_start(v->slots[k].key ^ (uint64_t)v->slots[k].length) & (size - 1);
        while (slots[at].id >= 0) at = (at + 1) & (size - 1);
        slots[at] = v->slots[k];
    }
    free(v->slots);
    v->slots = slots;
    v->mask = size - 1;
    return 0;
}

/* The slot of s (added where new, its ``final`` then -1), valid until the next insertion;
 * NULL where memory ran out. */
static Slot *vocabulary_slot(Vocabulary *v, const char *s, Index n) {
    uint64_t key = 0;
    if (n <= 8)
        memcpy(&key, s, (size_t)n);
    else
        key = hash_bytes(s, n);
    if (v->slots == NULL && vocabulary_grow_slots(v) < 0) return NULL;
    size_t at = slot_start(key ^ (uint64_t)n) & v->mask;
    while (v->slots[at].id >= 0) {
        Slot *slot = &v->slots[at];
        if (slot->key == key && slot->length == n &&
            (n <= 8 || same_bytes(v->bytes + v->entries[slot->id].offset, s, n)))
            return slot;
        at = (at + 1) & v->mask;
    }
    if (v->count >= INT32_MAX - 1 || n > INT32_MAX) return NULL;
    if ((size_t)(v->count + 1) * 4 > (v->mask + 1) * 3) {
        if (vocabulary_grow_slots(v) < 0) return NULL;
        at = slot_start(key ^ (uint64_t)n) & v->mask;
        while (v->slots[at].id >= 0) at = (at + 1) & v->mask;
    }
    if (v->count == v->capacity) {
        Index capacity = v->capacity ? v->capacity * 2 : 256;
        Entry *entries = realloc(v->entries, (size_t)capacity * sizeof(Entry));
        if (entries == NULL) return NULL;
        v->entries = entries;
        v->capacity = capacity;
    }
    if (v->bytes_size + (size_t)n > v->bytes_capacity) {
        size_t capacity = v->bytes_capacity ? v->bytes_capacity : 4096;
        while (capacity < v->bytes_size + (size_t)n) capacity *= 2;
        char *bytes = realloc(v->bytes, capacity);
        if (bytes == NULL) return NULL;
        v->bytes = bytes;
        v->bytes_capacity = capacity;
    }
    Id id = (Id)v->count++;
    memcpy(v->bytes + v->bytes_size, s, (size_t)n);
    v->entries[id].offset = v->bytes_size;
    v->entries[id].length = n;
    v->bytes_size += (size_t)n;
    Slot *slot = &v->slots[at];
    slot->key = key;
    slot->id = id;
    slot->length = (int32_t)n;
    slot->final = -1;
    return slot;
}

/* The id of s (added where new); -1 where memory ran out. */
static Id vocabulary_id(Vocabulary *v, const char *s, Index n) {
    Slot *slot = vocabulary_slot(v, s, n);
    return slot == NULL ? -1 : slot->id;
}

/* ---- per-id scratch, reset in O(1) by a generation stamp ---- */

typedef struct {
    int64_t *value;
    uint32_t *stamp;
    uint32_t generation;
    Index capacity;
} Counts;

static int counts_fit(Counts *c, Index ids) {
    if (ids <= c->capacity) return 0;
    Index capacity = c->capacity ? c->capacity : 1024;
    while (capacity < ids) capacity *= 2;
    int64_t *value = realloc(c->value, (size_t)capacity * sizeof(int64_t));
    if (value == NULL) return -1;
    c->value = value;
    uint32_t *stamp = realloc(c->stamp, (size_t)capacity * sizeof(uint32_t));
    if (stamp == NULL) return -1;
    memset(stamp + c->capacity, 0, (size_t)(capacity - c->capacity) * sizeof(uint32_t));
    c->stamp = stamp;
    c->capacity = capacity;
    return 0;
}

static void counts_clear(Counts *c) {
    if (++c->generation == 0) {
        memset(c->stamp, 0, (size_t)c->capacity * sizeof(uint32_t));
        c->generation = 1;
    }
}

static int64_t counts_get(const Counts *c, Id id) {
    return c->stamp[id] == c->generation ? c->value[id] : 0;
}

static void counts_add(Counts *c, Id id, int64_t delta) {
    if (c->stamp[id] != c->generation) {
        c->stamp[id] = c->generation;
        c->value[id] = 0;
    }
    c->value[id] += delta;
}

/* ---- a tokenized text: its ids and where each sentence (line with tokens) ends ---- */

typedef struct {
    Ids tokens;
    Ids ends; /* the token count at the end of each sentence that has tokens */
} Text;

typedef struct {
    Vocabulary raw;     /* tokens as written (rouge-score's tokenizer: before the stemmer) */
    Vocabulary final;   /* tokens as scored */
    int stem;
    char *word;         /* a token being stemmed, with room to spare */
    Index word_capacity;
    char *lower;        /* an ASCII token lowercased */
    Index lower_capacity;
    Counts a, b, slot;  /* counts of the two sides; bit-vector slots */
    uint64_t *masks, *rows, *vector, *scratch;
    Index masks_capacity, rows_capacity, vector_capacity, scratch_capacity;
    Index *offsets;     /* a long pattern's masks: each slot's positions */
    int32_t *positions;
    Index dense_mask_words, trace_bytes, trace_rows; /* the LCS's limits (``_rouge_lcs.h``) */
    uint8_t *marked;
    Index marked_capacity;
    int32_t *table; /* the n-gram table: hypothesis start positions, then counts (a text's
                       tokens are fewer than 2^31: their ids are 32-bit) */
    Index table_capacity;
} Work;

static void work_free(Work *w) {
    vocabulary_free(&w->raw);
    vocabulary_free(&w->final);
    free(w->word);
    free(w->lower);
    free(w->a.value), free(w->a.stamp), free(w->b.value), free(w->b.stamp);
    free(w->slot.value), free(w->slot.stamp);
    free(w->masks), free(w->rows), free(w->vector), free(w->marked), free(w->table);
    free(w->scratch), free(w->offsets), free(w->positions);
}

static int grow_words(uint64_t **array, Index *capacity, Index need) {
    if (need <= *capacity) return 0;
    Index size = *capacity ? *capacity : 64;
    while (size < need) size *= 2;
    uint64_t *data = realloc(*array, (size_t)size * sizeof(uint64_t));
    if (data == NULL) return -1;
    *array = data;
    *capacity = size;
    return 0;
}

/* The scored id of a raw token of n bytes: its stem's where stemming, cached in its slot. */
static Id token_id(Work *w, const char *s, Index n) {
    Slot *raw = vocabulary_slot(&w->raw, s, n);
    if (raw == NULL) return -1;
    if (raw->final >= 0) return raw->final;
    Id final;
    if (w->stem && n > 3) {
        if (n + 4 > w->word_capacity) {
            char *word = realloc(w->word, (size_t)(n + 4));
            if (word == NULL) return -1;
            w->word = word;
            w->word_capacity = n + 4;
        }
        memcpy(w->word, s, (size_t)n);
        Length stemmed = porter_stem(w->word, n);
        final = vocabulary_id(&w->final, w->word, stemmed);
    } else {
        final = vocabulary_id(&w->final, s, n);
    }
    if (final < 0) return -1;
    raw->final = final; /* the raw table took no insertion since */
    return final;
}

static int close_sentence(Text *t) {
    if (t->tokens.size > (t->ends.size ? t->ends.data[t->ends.size - 1] : 0))
        return ids_push(&t->ends, (Id)t->tokens.size);
    return 0;
}

static const uint8_t ASCII_CLASS[256] = {
    /* 1: a digit or lowercase letter, 2: an uppercase letter, 3: a newline, 0: a separator */
    ['\n'] = 3,
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1,
    ['8'] = 1, ['9'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1,
    ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1,
    ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
    ['y'] = 1, ['z'] = 1,
    ['A'] = 2, ['B'] = 2, ['C'] = 2, ['D'] = 2, ['E'] = 2, ['F'] = 2, ['G'] = 2, ['H'] = 2,
    ['I'] = 2, ['J'] = 2, ['K'] = 2, ['L'] = 2, ['M'] = 2, ['N'] = 2, ['O'] = 2, ['P'] = 2,
    ['Q'] = 2, ['R'] = 2, ['S'] = 2, ['T'] = 2, ['U'] = 2, ['V'] = 2, ['W'] = 2, ['X'] = 2,
    ['Y'] = 2, ['Z'] = 2,
};

/* An ASCII text's tokens: runs of letters and digits, lowercased, newlines ending sentences. */
static int tokenize_ascii(Work *w, const char *text, Index length, Text *t) {
    Index i = 0;
    while (i < length) {
        uint8_t class = ASCII_CLASS[(uint8_t)text[i]];
        if (class == 0) {
            i++;
            continue;
        }
        if (class == 3) {
            if (close_sentence(t) < 0) goto memory;
            i++;
            continue;
        }
        Index start = i, upper = 0;
        while (i < length && (class = ASCII_CLASS[(uint8_t)text[i]]) != 0 && class != 3) {
            upper |= class == 2;
            i++;
        }
        const char *token = text + start;
        if (upper) {
            if (i - start > w->lower_capacity) {
                char *lower = realloc(w->lower, (size_t)(i - start));
                if (lower == NULL) goto memory;
                w->lower = lower;
                w->lower_capacity = i - start;
            }
            for (Index k = start; k < i; k++)
                w->lower[k - start] = (char)(text[k] | (ASCII_CLASS[(uint8_t)text[k]] == 2 ? 0x20 : 0));
            token = w->lower;
        }
        Id id = token_id(w, token, i - start);
        if (id < 0 || ids_push(&t->tokens, id) < 0) goto memory;
    }
    if (close_sentence(t) < 0) goto memory;
    return 0;
memory:
    PyErr_NoMemory();
    return -1;
}

/* rouge-score's tokens of a text, with its sentence ends. 0, or -1 with an exception set. */
static int tokenize_text(Work *w, PyObject *text, Text *t) {
    t->tokens.size = 0;
    t->ends.size = 0;
    if (!PyUnicode_Check(text)) {
        PyErr_Format(PyExc_TypeError, "a text must be a str, not %.100s", Py_TYPE(text)->tp_name);
        return -1;
    }
    PyObject *lowered = NULL;
    if (!PyUnicode_IS_ASCII(text)) {
        lowered = PyObject_CallMethod(text, "lower", NULL);
        if (lowered == NULL) return -1;
        text = lowered;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Index length = PyUnicode_GET_LENGTH(text);
    if (PyUnicode_IS_ASCII(text)) {
        int status = tokenize_ascii(w, (const char *)data, length, t);
        Py_XDECREF(lowered);
        return status;
    }
    char *run = NULL;
    Index run_capacity = 0, run_size = 0;
    int status = 0;
    for (Index i = 0; i <= length && status == 0; i++) {
        Py_UCS4 c = i < length ? PyUnicode_READ(kind, data, i) : '\n';
        if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (run_size == run_capacity) {
                Index capacity = run_capacity ? run_capacity * 2 : 64;
                char *grown = realloc(run, (size_t)capacity);
                if (grown == NULL) {
                    status = -1;
                    break;
                }
                run = grown;
                run_capacity = capacity;
            }
            run[run_size++] = (char)c;
            continue;
        }
        if (run_size > 0) {
            Id id = token_id(w, run, run_size);
            if (id < 0 || ids_push(&t->tokens, id) < 0) status = -1;
            run_size = 0;
        }
        if (c == '\n' && status == 0) status = close_sentence(t);
    }
    free(run);
    Py_XDECREF(lowered);
    if (status < 0) PyErr_NoMemory();
    return status;
}

/* A text given as sentences of tokens (str each). */
static int text_from_tokens(Work *w, PyObject *sentences, Text *t) {
    t->tokens.size = 0;
    t->ends.size = 0;
    PyObject *outer = PySequence_Fast(sentences, "a text must be a list of sentences");
    if (outer == NULL) return -1;
    for (Index s = 0; s < PySequence_Fast_GET_SIZE(outer); s++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(outer, s), "a sentence must be a list of tokens");
        if (inner == NULL) {
            Py_DECREF(outer);
            return -1;
        }
        for (Index k = 0; k < PySequence_Fast_GET_SIZE(inner); k++) {
            PyObject *token = PySequence_Fast_GET_ITEM(inner, k);
            Py_ssize_t n;
            const char *s8 = PyUnicode_Check(token) ? PyUnicode_AsUTF8AndSize(token, &n) : NULL;
            if (s8 == NULL) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a token must be a str");
                Py_DECREF(inner);
                Py_DECREF(outer);
                return -1;
            }
            Id id = vocabulary_id(&w->final, s8, n);
            if (id < 0 || ids_push(&t->tokens, id) < 0) {
                Py_DECREF(inner);
                Py_DECREF(outer);
                PyErr_NoMemory();
                return -1;
            }
        }
        Py_DECREF(inner);
        if (close_sentence(t) < 0) {
            Py_DECREF(outer);
            PyErr_NoMemory();
            return -1;
        }
    }
    Py_DECREF(outer);
    return 0;
}

/* ---- scores ---- */

static void finish(int64_t hits, int64_t hypothesis_total, int64_t reference_total, double *out) {
    double precision = (double)hits / (double)hypothesis_total;
    double recall = (double)hits / (double)reference_total;
    out[0] = precision;
    out[1] = recall;
    out[2] = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

static void zero(double *out) { out[0] = out[1] = out[2] = 0.0; }

static uint64_t hash_ids(const Id *ids, Index n) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (Index i = 0; i < n; i++) {
        h ^= (uint32_t)ids[i];
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    return h;
}

static int rouge_n(Work *w, const Text *reference, const Text *hypothesis, int n, double *out) {
    const Id *ref = reference->tokens.data, *hyp = hypothesis->tokens.data;
    Index ref_total = reference->tokens.size - n + 1, hyp_total = hypothesis->tokens.size - n + 1;
    if (ref_total < 0) ref_total = 0;
    if (hyp_total < 0) hyp_total = 0;
    int64_t hits = 0;
    if (ref_total > 0 && hyp_total > 0) {
        if (n == 1) {
            counts_clear(&w->a);
            for (Index i = 0; i < hyp_total; i++) counts_add(&w->a, hyp[i], 1);
            for (Index i = 0; i < ref_total; i++)
                if (counts_get(&w->a, ref[i]) > 0) {
                    counts_add(&w->a, ref[i], -1);
                    hits++;
                }
        } else {
            Index size = 16;
            while (size < hyp_total * 2) size *= 2;
            if (size * 2 > w->table_capacity) {
                int32_t *table = realloc(w->table, (size_t)size * 2 * sizeof(int32_t));
                if (table == NULL) return -1;
                w->table = table;
                w->table_capacity = size * 2;
            }
            int32_t *start = w->table, *count = w->table + size;
            for (Index i = 0; i < size; i++) start[i] = -1;
            for (Index i = 0; i < hyp_total; i++) {
                size_t at = (size_t)hash_ids(hyp + i, n) & (size_t)(size - 1);
                while (start[at] >= 0 && !same_ids(hyp + start[at], hyp + i, n))
                    at = (at + 1) & (size_t)(size - 1);
                if (start[at] < 0) {
                    start[at] = (int32_t)i;
                    count[at] = 0;
                }
                count[at]++;
            }
            for (Index i = 0; i < ref_total; i++) {
                size_t at = (size_t)hash_ids(ref + i, n) & (size_t)(size - 1);
                while (start[at] >= 0 && !same_ids(hyp + start[at], ref + i, n))
                    at = (at + 1) & (size_t)(size - 1);
                if (start[at] >= 0 && count[at] > 0) {
                    count[at]--;
                    hits++;
                }
            }
        }
    }
    finish(hits, hyp_total > 1 ? hyp_total : 1, ref_total > 1 ? ref_total : 1, out);
    return 0;
}

#include "_rouge_lcs.h"

/* One reference's scores of every kind (n >= 1: ROUGE-N; 0: ROUGE-L; -1: ROUGE-Lsum). */
static int score_pair(Work *w, const Text *reference, const Text *hypothesis, const int *kinds,
                      Index types, double *out) {
    if (counts_fit(&w->a, w->final.count) < 0 || counts_fit(&w->b, w->final.count) < 0 ||
        counts_fit(&w->slot, w->final.count) < 0)
        return -1;
    for (Index k = 0; k < types; k++) {
        int status;
        if (kinds[k] > 0)
            status = rouge_n(w, reference, hypothesis, kinds[k], out + 3 * k);
        else if (kinds[k] == 0)
            status = rouge_l(w, reference, hypothesis, out + 3 * k);
        else
            status = rouge_lsum(w, reference, hypothesis, out + 3 * k);
        if (status < 0) return -1;
    }
    return 0;
}

typedef int (*TextReader)(Work *, PyObject *, Text *);

static PyObject *score_all(PyObject *args, TextReader read, int stem_allowed) {
    PyObject *hypotheses, *references, *kind_list, *buffer_object;
    int stem = 0;
    Index dense_mask_words, trace_bytes, trace_rows;
    if (stem_allowed) {
        if (!PyArg_ParseTuple(args, "OOOp(nnn)O", &hypotheses, &references, &kind_list, &stem,
                              &dense_mask_words, &trace_bytes, &trace_rows, &buffer_object))
            return NULL;
    } else if (!PyArg_ParseTuple(args, "OOO(nnn)O", &hypotheses, &references, &kind_list,
                                 &dense_mask_words, &trace_bytes, &trace_rows, &buffer_object)) {
        return NULL;
    }
    PyObject *hyps = PySequence_Fast(hypotheses, "hypotheses must be a sequence");
    if (hyps == NULL) return NULL;
    PyObject *refs = PySequence_Fast(references, "references must be a sequence");
    PyObject *kinds_fast = refs ? PySequence_Fast(kind_list, "kinds must be a sequence") : NULL;
    Py_buffer view = {0};
    int have_view = 0;
    Work w;
    memset(&w, 0, sizeof(w));
    w.stem = stem;
    w.dense_mask_words = dense_mask_words;
    w.trace_bytes = trace_bytes;
    w.trace_rows = trace_rows;
    Text hyp = {{0}}, ref = {{0}};
    int *kinds = NULL;
    double *best = NULL, *current = NULL;
    PyObject *result = NULL;
    if (kinds_fast == NULL) goto done;
    Index segments = PySequence_Fast_GET_SIZE(hyps);
    Index types = PySequence_Fast_GET_SIZE(kinds_fast);
    if (PySequence_Fast_GET_SIZE(refs) != segments) {
        PyErr_SetString(PyExc_ValueError, "hypotheses and references differ in length");
        goto done;
    }
    kinds = malloc((size_t)(types ? types : 1) * sizeof(int));
    best = malloc((size_t)(types ? types : 1) * 3 * sizeof(double));
    current = malloc((size_t)(types ? types : 1) * 3 * sizeof(double));
    if (kinds == NULL || best == NULL || current == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Index k = 0; k < types; k++) {
        long kind = PyLong_AsLong(PySequence_Fast_GET_ITEM(kinds_fast, k));
        if (kind == -1 && PyErr_Occurred()) goto done;
        if (kind < -1 || kind > 1000) {
            PyErr_SetString(PyExc_ValueError, "a kind is an n-gram order, 0 (L) or -1 (Lsum)");
            goto done;
        }
        kinds[k] = (int)kind;
    }
    if (PyObject_GetBuffer(buffer_object, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) goto done;
    have_view = 1;
    if (view.len != (Py_ssize_t)(segments * types * 3 * (Index)sizeof(double))) {
        PyErr_SetString(PyExc_ValueError, "the buffer must hold segments x types x 3 doubles");
        goto done;
    }
    double *out = (double *)view.buf;
    for (Index s = 0; s < segments; s++) {
        if (read(&w, PySequence_Fast_GET_ITEM(hyps, s), &hyp) < 0) goto done;
        PyObject *texts = PySequence_Fast(PySequence_Fast_GET_ITEM(refs, s), "a segment's references must be a sequence");
        if (texts == NULL) goto done;
        Index count = PySequence_Fast_GET_SIZE(texts);
        if (count == 0) {
            Py_DECREF(texts);
            PyErr_SetString(PyExc_ValueError, "a segment needs at least one reference");
            goto done;
        }
        for (Index r = 0; r < count; r++) {
            if (read(&w, PySequence_Fast_GET_ITEM(texts, r), &ref) < 0 ||
                score_pair(&w, &ref, &hyp, kinds, types, r == 0 ? best : current) < 0) {
                Py_DECREF(texts);
                if (!PyErr_Occurred()) PyErr_NoMemory();
                goto done;
            }
            if (r > 0)
                for (Index k = 0; k < types; k++)
                    if (current[3 * k + 2] > best[3 * k + 2])
                        memcpy(best + 3 * k, current + 3 * k, 3 * sizeof(double));
        }
        Py_DECREF(texts);
        memcpy(out + s * types * 3, best, (size_t)types * 3 * sizeof(double));
    }
    result = Py_NewRef(Py_None);
done:
    if (have_view) PyBuffer_Release(&view);
    free(kinds), free(best), free(current);
    free(hyp.tokens.data), free(hyp.ends.data), free(ref.tokens.data), free(ref.ends.data);
    work_free(&w);
    Py_XDECREF(kinds_fast);
    Py_XDECREF(refs);
    Py_DECREF(hyps);
    return result;
}

static PyObject *scores(PyObject *self, PyObject *args) {
    (void)self;
    return score_all(args, tokenize_text, 1);
}

static PyObject *token_scores(PyObject *self, PyObject *args) {
    (void)self;
    return score_all(args, text_from_tokens, 0);
}

static PyObject *stem(PyObject *self, PyObject *arg) {
    (void)self;
    Py_ssize_t n;
    const char *s = PyUnicode_Check(arg) ? PyUnicode_AsUTF8AndSize(arg, &n) : NULL;
    if (s == NULL) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a word must be a str");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9'))) {
            PyErr_SetString(PyExc_ValueError, "a word must be lowercase ASCII letters and digits");
            return NULL;
        }
    char *word = malloc((size_t)n + 4);
    if (word == NULL) return PyErr_NoMemory();
    memcpy(word, s, (size_t)n);
    Length length = porter_stem(word, n);
    PyObject *result = PyUnicode_FromStringAndSize(word, length);
    free(word);
    return result;
}

/* Each segment's scores as a dict of type name to ``cls`` (a tuple subclass: the named tuple
 * Score) of its precision, recall and F-measure, from a C-contiguous float64 buffer of
 * segments x types x 3: the instances made as a tuple subclass's own allocator makes them. */
static PyObject *score_dicts(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *buffer_object, *names, *cls_object;
    if (!PyArg_ParseTuple(args, "OO!O!", &buffer_object, &PyTuple_Type, &names, &PyType_Type, &cls_object))
        return NULL;
    PyTypeObject *cls = (PyTypeObject *)cls_object;
    if (!PyType_IsSubtype(cls, &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "the score class must be a tuple subclass");
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(buffer_object, &view, PyBUF_C_CONTIGUOUS) < 0) return NULL;
    Index types = PyTuple_GET_SIZE(names);
    Index values = view.len / (Index)sizeof(double);
    if (types == 0 || values % (types * 3) != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "the buffer must hold segments x types x 3 doubles");
        return NULL;
    }
    const double *data = (const double *)view.buf;
    Index segments = values / (types * 3);
    PyObject *list = PyList_New(segments);
    for (Index s = 0; list != NULL && s < segments; s++) {
        PyObject *dict = PyDict_New();
        if (dict == NULL) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, s, dict);
        for (Index t = 0; t < types; t++) {
            PyObject *score = cls->tp_alloc(cls, 3);
            if (score == NULL) {
                Py_CLEAR(list);
                break;
            }
            int failed = 0;
            for (Index k = 0; k < 3; k++) {
                PyObject *value = PyFloat_FromDouble(data[(s * types + t) * 3 + k]);
                if (value == NULL) failed = 1;
                PyTuple_SET_ITEM(score, k, value);
            }
            if (failed || PyDict_SetItem(dict, PyTuple_GET_ITEM(names, t), score) < 0) {
                Py_DECREF(score);
                Py_CLEAR(list);
                break;
            }
            Py_DECREF(score);
        }
    }
    PyBuffer_Release(&view);
    return list;
}

static PyMethodDef methods[] = {
    {"score_dicts", score_dicts, METH_VARARGS,
     "score_dicts(buffer, names, cls): each segment's scores by type, as cls instances."},
    {"scores", scores, METH_VARARGS,
     "scores(hypotheses, references, kinds, use_stemmer, limits, out): rouge-score's tokenizer;\n"
     "limits = (dense mask words, LCS trace bytes, LCS trace rows)."},
    {"token_scores", token_scores, METH_VARARGS,
     "token_scores(hypotheses, references, kinds, limits, out): texts as sentences of tokens."},
    {"stem", stem, METH_O, "stem(word): the Porter stem rouge-score gives a word."},
    {NULL, NULL, 0, NULL},
};

MTCOMPUTE_MODULE(_rouge, "ROUGE's scores, as rouge-score 0.1.2 computes them, compiled.")
