/* WER's and CER's counts, compiled: each pair of texts made into jiwer 4.0's default items (words
 * of ``wer_default`` or characters of ``cer_default``), aligned as rapidfuzz 3 aligns them, and
 * its hits, substitutions, deletions and insertions counted, exactly as the pure-Python oracle
 * ``metrics/wer`` counts them.
 *
 * Items become small ids, equal ids for equal items, per pair: a hash table of the pair's
 * words, or of its code points (stamped per pair, so never cleared). The common prefix and
 * suffix are hits. The reference's ids fill Hyyrö's patterns, 64 reference items a machine word;
 * each hypothesis item advances the vertical difference vectors VP and VN of every word, and each
 * row is kept where the trace may read it; the trace back from the end reads them as the oracle
 * does (``metrics/wer/alignment.py`` says the rule).
 *
 * A pair whose matrix is large enough that rapidfuzz first splits it (Hirschberg) is split here
 * as the oracle splits it (``_hirschberg.h``), and each half aligned the same way, so that a pair
 * of a million items takes memory linear in it: the halves' rows are kept only within their
 * distance of the diagonal, where an optimal path's trace reads them. Error rates alone need no
 * path: the distance (its substitutions, deletions and insertions on any path) over the
 * reference's items, the vectors' last row only, for every pair.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* rapidfuzz's thresholds (see the oracle). */
#define MATRIX_BYTES (1024 * 1024)
#define SHORT_REFERENCE 65
#define SHORT_HYPOTHESIS 10

typedef Py_ssize_t Index;

/* One text's code points. */
typedef struct {
    int kind;
    const void *data;
    Index length;
} Text;

/* One item: a span of a text. */
typedef struct {
    const Text *text;
    Index start, length;
    uint64_t hash;
} Item;

static int grow(void **buffer, Index *capacity, Index needed, size_t size) {
    if (needed <= *capacity) {
        return 0;
    }
    Index wanted = *capacity ? *capacity : 256;
    while (wanted < needed) {
        wanted *= 2;
    }
    void *grown = realloc(*buffer, (size_t)wanted * size);
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *buffer = grown;
    *capacity = wanted;
    return 0;
}

#include "_hirschberg.h"

/* Buffers reused from pair to pair. */
typedef struct {
    Item *items;
    Index items_capacity;
    uint32_t *ids;
    Index ids_capacity;
    int32_t *slots; /* the hash table: an item's index + 1, 0 where empty */
    Index slots_capacity;
    Patterns patterns;
    uint64_t *vectors; /* the row in hand: VP then VN, W words each */
    Index vectors_capacity;
    uint64_t *rows; /* the rows kept: per hypothesis row, VP then VN, the kept words each */
    Index rows_capacity;
    /* Characters' table: a code point, its id and the pair that set it (a stamp per pair, so
     * that a new pair empties the table without clearing it). */
    uint32_t *cp_keys, *cp_ids, *cp_stamps;
    Index cp_capacity;
    uint32_t stamp;
} Work;

static void work_free(Work *work) {
    free(work->items);
    free(work->ids);
    free(work->slots);
    patterns_free(&work->patterns);
    free(work->vectors);
    free(work->rows);
    free(work->cp_keys);
    free(work->cp_ids);
    free(work->cp_stamps);
}

static inline Py_UCS4 at(const Text *text, Index i) { return PyUnicode_READ(text->kind, text->data, i); }

static inline uint64_t mix(uint64_t h) {
    h ^= h >> 30;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    h ^= h >> 27;
    h *= UINT64_C(0x94d049bb133111eb);
    h ^= h >> 31;
    return h;
}

static int push_item(Work *work, Index *count, const Text *text, Index start, Index length) {
    if (grow((void **)&work->items, &work->items_capacity, *count + 1, sizeof(Item)) < 0) {
        return -1;
    }
    uint64_t h = UINT64_C(0xcbf29ce484222325) ^ (uint64_t)length;
    for (Index i = start; i < start + length; i++) {
        h = (h ^ at(text, i)) * UINT64_C(0x100000001b3);
    }
    Item *item = &work->items[(*count)++];
    item->text = text;
    item->start = start;
    item->length = length;
    item->hash = mix(h);
    return 0;
}

/* The stripped bounds of a text (``str.strip``). */
static void stripped(const Text *text, Index *begin, Index *end) {
    *begin = 0;
    *end = text->length;
    while (*begin < *end && Py_UNICODE_ISSPACE(at(text, *begin))) {
        (*begin)++;
    }
    while (*end > *begin && Py_UNICODE_ISSPACE(at(text, *end - 1))) {
        (*end)--;
    }
}

/* The words of a text under ``wer_default``. Whitespace is Python's (``str.isspace``), which
 * ``re``'s ``\s`` and ``str.strip`` share. */
static int words_of(Work *work, Index *count, const Text *text) {
    Index begin, end;
    stripped(text, &begin, &end);
    /* A word ends at a single space or at a run of two or more whitespace characters; a single
     * other whitespace character belongs to the word. */
    Index word = begin, i = begin;
    while (i < end) {
        Py_UCS4 c = at(text, i);
        if (!Py_UNICODE_ISSPACE(c)) {
            i++;
            continue;
        }
        Index run = i + 1;
        while (run < end && Py_UNICODE_ISSPACE(at(text, run))) {
            run++;
        }
        if (run - i >= 2 || c == ' ') {
            if (push_item(work, count, text, word, i - word) < 0) {
                return -1;
            }
            word = run;
        }
        i = run;
    }
    if (end > word) {
        return push_item(work, count, text, word, end - word);
    }
    return 0;
}

static int same_item(const Item *a, const Item *b) {
    if (a->hash != b->hash || a->length != b->length) {
        return 0;
    }
    if (a->text->kind == b->text->kind) {
        int kind = a->text->kind;
        return memcmp((const char *)a->text->data + a->start * kind,
                      (const char *)b->text->data + b->start * kind, (size_t)(a->length * kind)) == 0;
    }
    for (Index i = 0; i < a->length; i++) {
        if (at(a->text, a->start + i) != at(b->text, b->start + i)) {
            return 0;
        }
    }
    return 1;
}

/* Ids for the pair's items, equal for equal items, 0.. in order of first appearance; answers the
 * number of distinct ids, or -1. */
static Index number_items(Work *work, Index count) {
    if (grow((void **)&work->ids, &work->ids_capacity, count + 1, sizeof(uint32_t)) < 0) {
        return -1;
    }
    Index size = 16;
    while (size < 2 * count) {
        size *= 2;
    }
    if (grow((void **)&work->slots, &work->slots_capacity, size, sizeof(int32_t)) < 0) {
        return -1;
    }
    memset(work->slots, 0, (size_t)size * sizeof(int32_t));
    Index distinct = 0;
    for (Index i = 0; i < count; i++) {
        const Item *item = &work->items[i];
        Index slot = (Index)(item->hash & (uint64_t)(size - 1));
        for (;;) {
            int32_t held = work->slots[slot];
            if (held == 0) {
                work->slots[slot] = (int32_t)(i + 1);
                work->ids[i] = (uint32_t)distinct++;
                break;
            }
            if (same_item(&work->items[held - 1], item)) {
                work->ids[i] = work->ids[held - 1];
                break;
            }
            slot = (slot + 1) & (size - 1);
        }
    }
    return distinct;
}

/* CER's items straight to ids: each code point of both stripped texts, in order, numbered as
 * ``number_items`` numbers them; answers the distinct ids, or -1. ``n`` gets the reference's. */
static Index number_characters(Work *work, const Text *reference, const Text *hypothesis, Index *n) {
    Index r0, r1, h0, h1;
    stripped(reference, &r0, &r1);
    stripped(hypothesis, &h0, &h1);
    Index count = (r1 - r0) + (h1 - h0);
    *n = r1 - r0;
    if (grow((void **)&work->ids, &work->ids_capacity, count + 1, sizeof(uint32_t)) < 0) {
        return -1;
    }
    Index size = 64;
    while (size < 2 * count) {
        size *= 2;
    }
    if (size > work->cp_capacity) {
        Index capacity = 0;
        void *keys = NULL, *ids = NULL, *stamps = NULL;
        if (grow(&keys, &capacity, size, sizeof(uint32_t)) < 0) {
            return -1;
        }
        capacity = 0;
        if (grow(&ids, &capacity, size, sizeof(uint32_t)) < 0) {
            free(keys);
            return -1;
        }
        /* Zeroed by calloc, so that pages no code point hashes to are never touched: a long
         * pair of few distinct code points keeps a few pages of the table, not 4 bytes an item. */
        stamps = calloc((size_t)capacity, sizeof(uint32_t));
        if (stamps == NULL) {
            free(keys);
            free(ids);
            PyErr_NoMemory();
            return -1;
        }
        free(work->cp_keys);
        free(work->cp_ids);
        free(work->cp_stamps);
        work->cp_keys = keys;
        work->cp_ids = ids;
        work->cp_stamps = stamps;
        work->cp_capacity = capacity;
        work->stamp = 0;
    }
    if (++work->stamp == 0) { /* wrapped: every slot is stale again */
        memset(work->cp_stamps, 0, (size_t)work->cp_capacity * sizeof(uint32_t));
        work->stamp = 1;
    }
    uint32_t stamp = work->stamp;
    uint32_t mask = (uint32_t)(work->cp_capacity - 1);
    Index distinct = 0, out = 0;
    const Text *texts[2] = {reference, hypothesis};
    Index begins[2] = {r0, h0}, ends[2] = {r1, h1};
    for (int side = 0; side < 2; side++) {
        const Text *text = texts[side];
        for (Index i = begins[side]; i < ends[side]; i++) {
            uint32_t cp = (uint32_t)at(text, i);
            uint32_t slot = (cp * UINT32_C(0x9E3779B1)) & mask;
            for (;;) {
                if (work->cp_stamps[slot] != stamp) {
                    work->cp_stamps[slot] = stamp;
                    work->cp_keys[slot] = cp;
                    work->cp_ids[slot] = (uint32_t)distinct;
                    work->ids[out++] = (uint32_t)distinct++;
                    break;
                }
                if (work->cp_keys[slot] == cp) {
                    work->ids[out++] = work->cp_ids[slot];
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }
    return distinct;
}

/* One machine word of a row of Hyyrö's vectors: ``x`` the pattern word, carries in and out. */
static inline void hyyro_word(uint64_t pattern, uint64_t *vp, uint64_t *vn, uint64_t *hp_carry,
                              uint64_t *hn_carry) {
    uint64_t old_vp = *vp, old_vn = *vn;
    uint64_t x = pattern | *hn_carry;
    uint64_t d0 = (((x & old_vp) + old_vp) ^ old_vp) | x | old_vn;
    uint64_t hp = old_vn | ~(d0 | old_vp);
    uint64_t hn = d0 & old_vp;
    uint64_t hp_out = hp >> 63, hn_out = hn >> 63;
    hp = (hp << 1) | *hp_carry;
    hn = (hn << 1) | *hn_carry;
    *hp_carry = hp_out;
    *hn_carry = hn_out;
    *vp = hn | ~(d0 | hp);
    *vn = hp & d0;
}

/* One row of Hyyrö's vectors over the whole reference: ``vp`` and ``vn`` (W words each) advanced
 * by hypothesis item ``id`` into ``out_vp`` and ``out_vn`` (which may be them). */
static inline void hyyro_step(const Patterns *patterns, uint32_t id, const uint64_t *vp,
                              const uint64_t *vn, uint64_t *out_vp, uint64_t *out_vn) {
    Index words = patterns->words;
    uint64_t hp_carry = 1, hn_carry = 0;
    if (patterns->dense) { /* the common case, a loop of its own */
        const uint64_t *dense = patterns->masks + (Index)id * words;
        for (Index w = 0; w < words; w++) {
            uint64_t p = vp[w], q = vn[w];
            hyyro_word(dense[w], &p, &q, &hp_carry, &hn_carry);
            out_vp[w] = p;
            out_vn[w] = q;
        }
        return;
    }
    for (Index w = 0; w < words; w++) {
        uint64_t p = vp[w], q = vn[w];
        hyyro_word(pattern_at(patterns, id, w), &p, &q, &hp_carry, &hn_carry);
        out_vp[w] = p;
        out_vn[w] = q;
    }
}

/* The vectors before the first row, for reference ``s1``; answers them (VP then VN), or NULL. */
static uint64_t *first_vectors(Work *work, const uint32_t *s1, Index n, Index distinct) {
    if (patterns_build(&work->patterns, s1, n, distinct, 0) < 0) {
        return NULL;
    }
    Index words = work->patterns.words;
    if (grow((void **)&work->vectors, &work->vectors_capacity, 2 * words, sizeof(uint64_t)) < 0) {
        return NULL;
    }
    for (Index w = 0; w < words; w++) {
        work->vectors[w] = ONES;
        work->vectors[words + w] = 0;
    }
    return work->vectors;
}

/* D[n][m]: ``m`` plus the last row's vertical differences over the reference's ``n`` items. */
static Index last_row_distance(const uint64_t *vp, const uint64_t *vn, Index n, Index m) {
    Index words = (n + 63) / 64, total = m;
    for (Index w = 0; w < words; w++) {
        uint64_t mask = w == words - 1 && n % 64 ? (UINT64_C(1) << (n % 64)) - 1 : ONES;
        total += __builtin_popcountll(vp[w] & mask) - __builtin_popcountll(vn[w] & mask);
    }
    return total;
}

/* Which words of each row are kept: row r (hypothesis item r) keeps ``kept`` words from the one
 * holding reference position r - reach, as far as the reference goes, so every position within
 * ``reach`` of r. */
typedef struct {
    Index words, kept, reach;
} Kept;

static inline Index kept_from(const Kept *k, Index r) {
    if (k->kept == k->words) {
        return 0;
    }
    Index from = r > k->reach ? (r - k->reach) / 64 : 0;
    return from + k->kept > k->words ? k->words - k->kept : from;
}

/* Hyyrö's rows of reference ``s1`` against hypothesis ``s2``, each kept as ``k`` says in
 * ``work->rows``: whole rows straight from the row before, others through the row in hand.
 * Answers the distance, or -1. */
static Index kept_rows(Work *work, const uint32_t *s1, Index n, const uint32_t *s2, Index m,
                       Index distinct, Kept *k) {
    uint64_t *vp = first_vectors(work, s1, n, distinct);
    if (vp == NULL) {
        return -1;
    }
    Index words = work->patterns.words;
    k->words = words;
    k->kept = (2 * k->reach + 1 + 63) / 64 + 1 < words ? (2 * k->reach + 1 + 63) / 64 + 1 : words;
    Index kept = k->kept;
    if (grow((void **)&work->rows, &work->rows_capacity, 2 * kept * m, sizeof(uint64_t)) < 0) {
        return -1;
    }
    const uint64_t *in = vp;
    for (Index r = 0; r < m; r++) {
        uint64_t *row = work->rows + 2 * kept * r;
        if (kept == words) {
            hyyro_step(&work->patterns, s2[r], in, in + words, row, row + words);
            in = row;
            continue;
        }
        hyyro_step(&work->patterns, s2[r], vp, vp + words, vp, vp + words);
        Index from = kept_from(k, r);
        for (Index w = 0; w < kept; w++) {
            row[w] = vp[from + w];
            row[kept + w] = vp[words + from + w];
        }
        in = vp;
    }
    return last_row_distance(in, in + words, n, m);
}

/* Bit ``col`` of kept row ``r``'s VP (``negative`` 0) or VN (1); ``*outside`` set where the row
 * does not keep it. */
static inline int kept_bit(const uint64_t *rows, const Kept *k, Index r, Index col, int negative,
                           int *outside) {
    Index word = (Index)((size_t)col / 64) - kept_from(k, r);
    if (word < 0 || word >= k->kept) {
        *outside = 1;
        return 0;
    }
    return (int)(rows[2 * k->kept * r + negative * k->kept + word] >> ((size_t)col % 64) & 1);
}

/* One pair's items as ids in ``work->ids``, the reference's ``n`` then the hypothesis's ``m``;
 * answers the distinct ids, or -1. */
static Index pair_items(Work *work, const Text *reference, const Text *hypothesis, int characters,
                        Index *n, Index *m) {
    if (characters) {
        Index distinct = number_characters(work, reference, hypothesis, n);
        Index h0, h1;
        stripped(hypothesis, &h0, &h1);
        *m = h1 - h0;
        return distinct;
    }
    Index count = 0;
    if (words_of(work, &count, reference) < 0) {
        return -1;
    }
    *n = count;
    if (words_of(work, &count, hypothesis) < 0) {
        return -1;
    }
    *m = count - *n;
    return number_items(work, count);
}

/* How many items two sequences share at their start: an edit never touches them. */
static Index common_prefix(const uint32_t *s1, Index n, const uint32_t *s2, Index m) {
    Index prefix = 0;
    while (prefix < n && prefix < m && s1[prefix] == s2[prefix]) {
        prefix++;
    }
    return prefix;
}

/* One pair's edit distance and reference items, the path aside: Hyyro's vectors of the whole
 * matrix, only the last row kept, never split. Answers 0, or -1. */
static int pair_distance(Work *work, const Text *reference, const Text *hypothesis, int characters,
                         Index *distance, Index *reference_items) {
    Index n, m;
    Index distinct = pair_items(work, reference, hypothesis, characters, &n, &m);
    if (distinct < 0) {
        return -1;
    }
    *reference_items = n;
    const uint32_t *s1 = work->ids, *s2 = work->ids + n;
    Index prefix = common_prefix(s1, n, s2, m);
    s1 += prefix;
    s2 += prefix;
    n -= prefix;
    m -= prefix;
    while (n && m && s1[n - 1] == s2[m - 1]) {
        n--;
        m--;
    }
    if (n == 0 || m == 0) {
        *distance = n + m;
        return 0;
    }
    uint64_t *vp = first_vectors(work, s1, n, distinct);
    if (vp == NULL) {
        return -1;
    }
    Index words = work->patterns.words;
    for (Index r = 0; r < m; r++) {
        hyyro_step(&work->patterns, s2[r], vp, vp + words, vp, vp + words);
    }
    *distance = last_row_distance(vp, vp + words, n, m);
    return 0;
}

/* The oracle's trace of one matrix whose common affixes are gone (``_trace``), its counts added
 * to ``counts``. The path it takes spends the distance d, so each of its cells is within d of
 * the diagonal and each bit it reads within d + 1: rows are kept within ``reach`` (the bound,
 * plus one) of it, and kept again, wider, where the distance passes the bound. Answers 0, 1
 * where the trace would read a bit not kept (never, as just said: the pair is left to the
 * oracle), or -1. */
static int trace_counts(Work *work, const uint32_t *s1, Index n, const uint32_t *s2, Index m,
                        Index distinct, Index reach, long long counts[4]) {
    Kept k = {.reach = reach};
    Index distance = kept_rows(work, s1, n, s2, m, distinct, &k);
    if (distance >= 0 && distance + 1 > k.reach) {
        k.reach = distance + 1;
        distance = kept_rows(work, s1, n, s2, m, distinct, &k);
    }
    if (distance < 0) {
        return -1;
    }
    const uint64_t *rows = work->rows;
    Index col = n, row = m, hits = 0, substitutions = 0, deletions = 0, insertions = 0;
    int outside = 0;
    while (row && col) {
        if (kept_bit(rows, &k, row - 1, col - 1, 0, &outside)) {
            deletions++;
            col--;
            continue;
        }
        row--;
        if (row && kept_bit(rows, &k, row - 1, col - 1, 1, &outside)) {
            insertions++;
        } else {
            col--;
            hits += s1[col] == s2[row];
            substitutions += s1[col] != s2[row];
        }
    }
    counts[0] += hits;
    counts[1] += substitutions;
    counts[2] += deletions + col;
    counts[3] += insertions + row;
    return outside;
}

/* The oracle's ``_align``: the common affixes are hits; a matrix rapidfuzz keeps whole is traced,
 * a larger one split (``_hirschberg.h``) and each half aligned with its distance as the split
 * found it for ``bound``. Answers 0, 1 (see ``trace_counts``), or -1. */
static int align_counts(Work *work, const uint32_t *s1, Index n, const uint32_t *s2, Index m,
                        Index distinct, Index bound, long long counts[4]) {
    Index prefix = common_prefix(s1, n, s2, m);
    s1 += prefix;
    s2 += prefix;
    n -= prefix;
    m -= prefix;
    Index suffix = 0;
    while (suffix < n && suffix < m && s1[n - 1 - suffix] == s2[m - 1 - suffix]) {
        suffix++;
    }
    n -= suffix;
    m -= suffix;
    counts[0] += prefix + suffix;
    if (n == 0 || m == 0) {
        counts[2] += n;
        counts[3] += m;
        return 0;
    }
    bound = bound < (n > m ? n : m) ? bound : (n > m ? n : m);
    Index band = 2 * bound + 1 < n ? 2 * bound + 1 : n;
    if (2 * band * m / 8 < MATRIX_BYTES || n < SHORT_REFERENCE || m < SHORT_HYPOTHESIS) {
        return trace_counts(work, s1, n, s2, m, distinct, bound + 1, counts);
    }
    Split cut = {0, 0, 0, 0};
    if (hirschberg_split(&work->patterns, s1, n, s2, m, distinct, bound, &cut) < 0) {
        return -1;
    }
    int status = align_counts(work, s1, cut.reference_cut, s2, cut.hypothesis_cut, distinct,
                              cut.left_score, counts);
    if (status != 0) {
        return status;
    }
    return align_counts(work, s1 + cut.reference_cut, n - cut.reference_cut,
                        s2 + cut.hypothesis_cut, m - cut.hypothesis_cut, distinct,
                        cut.right_score, counts);
}

/* One pair's counts into ``counts`` (hits, substitutions, deletions, insertions), aligned from
 * the whole pair's bound: jiwer gives rapidfuzz no score hint, so it is the longer length.
 * Answers 0, 1 where the pair is left to the oracle (see ``trace_counts``), or -1. */
static int pair_counts(Work *work, const Text *reference, const Text *hypothesis, int characters,
                       long long counts[4]) {
    Index n, m;
    Index distinct = pair_items(work, reference, hypothesis, characters, &n, &m);
    if (distinct < 0) {
        return -1;
    }
    counts[0] = counts[1] = counts[2] = counts[3] = 0;
    return align_counts(work, work->ids, n, work->ids + n, m, distinct, n > m ? n : m, counts);
}

static int text_of(PyObject *object, Text *text, const char *side, Index i) {
    if (!PyUnicode_Check(object)) {
        PyErr_Format(PyExc_TypeError, "%s %zd is %s, not a str", side, i, Py_TYPE(object)->tp_name);
        return -1;
    }
    text->kind = PyUnicode_KIND(object);
    text->data = PyUnicode_DATA(object);
    text->length = PyUnicode_GET_LENGTH(object);
    return 0;
}

static PyObject *counts_tuple(const long long counts[4]) {
    return Py_BuildValue("(LLLL)", counts[0], counts[1], counts[2], counts[3]);
}

/* What ``statistics`` answers for the pairs. */
enum { EACH = 0, SUMMED = 1, PERCENT = 2, PACKED = 3 };

/* statistics(hypotheses, references, characters, mode, /) -> (counts, left)
 *
 * ``counts`` is each pair's (hits, substitutions, deletions, insertions) (mode 0), their sum
 * (mode 1), each pair's error rate times 100 (mode 2: ``100 * ((S + D + I) / (H + S + D))``,
 * ``100 * I`` where the reference has no item, as doubles, the oracle's operations; S + D + I is
 * the distance and H + S + D the reference's items, so mode 2 leaves no pair), or each pair's
 * four counts packed as native int64 in one bytes object (mode 3: no object a pair); ``left``
 * lists the pairs the oracle must count (their entries are None, zeros, or not in the sum). */
static PyObject *statistics(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "statistics takes 4 arguments");
        return NULL;
    }
    int characters = PyObject_IsTrue(args[2]);
    long mode = PyLong_AsLong(args[3]);
    if (characters < 0 || (mode == -1 && PyErr_Occurred())) {
        return NULL;
    }
    if (mode != EACH && mode != SUMMED && mode != PERCENT && mode != PACKED) {
        PyErr_SetString(PyExc_ValueError,
                        "mode is 0 (each), 1 (summed), 2 (percent) or 3 (packed)");
        return NULL;
    }
    int summed = mode == SUMMED;
    PyObject *hypotheses = PySequence_Fast(args[0], "hypotheses must be a sequence");
    if (hypotheses == NULL) {
        return NULL;
    }
    PyObject *references = PySequence_Fast(args[1], "references must be a sequence");
    if (references == NULL) {
        Py_DECREF(hypotheses);
        return NULL;
    }
    PyObject *result = NULL, *each = NULL, *left = NULL;
    Work work = {0};
    Index size = PySequence_Fast_GET_SIZE(hypotheses);
    if (PySequence_Fast_GET_SIZE(references) != size) {
        PyErr_Format(PyExc_ValueError, "%zd hypotheses but %zd references: one reference a segment",
                     size, PySequence_Fast_GET_SIZE(references));
        goto done;
    }
    left = PyList_New(0);
    if (left == NULL) {
        goto done;
    }
    int64_t *packed = NULL;
    if (mode == PACKED) {
        each = PyBytes_FromStringAndSize(NULL, size * 4 * (Py_ssize_t)sizeof(int64_t));
        if (each == NULL) {
            goto done;
        }
        packed = (int64_t *)PyBytes_AS_STRING(each);
        memset(packed, 0, (size_t)size * 4 * sizeof(int64_t));
    } else if (!summed && (each = PyList_New(size)) == NULL) {
        goto done;
    }
    long long total[4] = {0, 0, 0, 0};
    for (Index i = 0; i < size; i++) {
        Text hypothesis, reference;
        if (text_of(PySequence_Fast_GET_ITEM(hypotheses, i), &hypothesis, "hypothesis", i) < 0 ||
            text_of(PySequence_Fast_GET_ITEM(references, i), &reference, "reference", i) < 0) {
            goto done;
        }
        if (mode == PERCENT) { /* the rate needs the distance alone: never left to the oracle */
            Index distance, reference_items;
            if (pair_distance(&work, &reference, &hypothesis, characters, &distance,
                              &reference_items) < 0) {
                goto done;
            }
            double rate = reference_items == 0 ? (double)distance
                                               : (double)distance / (double)reference_items;
            PyObject *value = PyFloat_FromDouble(100.0 * rate);
            if (value == NULL) {
                goto done;
            }
            PyList_SET_ITEM(each, i, value);
            continue;
        }
        long long counts[4];
        int status = pair_counts(&work, &reference, &hypothesis, characters, counts);
        if (status < 0) {
            goto done;
        }
        if (status == 1) {
            PyObject *index = PyLong_FromSsize_t(i);
            if (index == NULL || PyList_Append(left, index) < 0) {
                Py_XDECREF(index);
                goto done;
            }
            Py_DECREF(index);
            if (!summed && mode != PACKED) {
                PyList_SET_ITEM(each, i, Py_NewRef(Py_None));
            }
            continue;
        }
        if (mode == PACKED) {
            for (int k = 0; k < 4; k++) {
                packed[4 * i + k] = counts[k];
            }
        } else if (summed) {
            for (int k = 0; k < 4; k++) {
                total[k] += counts[k];
            }
        } else {
            PyObject *tuple = counts_tuple(counts);
            if (tuple == NULL) {
                goto done;
            }
            PyList_SET_ITEM(each, i, tuple);
        }
    }
    if (summed) {
        each = counts_tuple(total);
        if (each == NULL) {
            goto done;
        }
    }
    result = PyTuple_Pack(2, each, left);
done:
    work_free(&work);
    Py_XDECREF(each);
    Py_XDECREF(left);
    Py_DECREF(hypotheses);
    Py_DECREF(references);
    return result;
}

static PyMethodDef methods[] = {
    {"statistics", (PyCFunction)(void (*)(void))statistics, METH_FASTCALL,
     "statistics(hypotheses, references, characters, mode, /)\n--\n\n"
     "Each pair's (hits, substitutions, deletions, insertions) as jiwer 4.0 counts them (mode 0), "
     "their sum (1), each pair's error rate times 100 (2) or the counts packed as int64 (3), and "
     "the pairs left to the oracle."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_edits", "WER's and CER's edit counts, compiled.", 0, methods,
    NULL,                  NULL,     NULL,                                     NULL,
};

PyMODINIT_FUNC PyInit__edits(void) { return PyModule_Create(&module_definition); }
