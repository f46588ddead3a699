/* A long segment's BLEU counts, part of _tokenize.c (``_tokenize_ngrams.h`` calls them for a
 * hypothesis of more than LONG_TOKENS tokens).
 *
 * The counts of short segments share tables sized by the largest hypothesis of the call: tens of
 * bytes per hypothesis token, which one segment of a million tokens turns into hundreds of
 * megabytes. Here memory stays a few bytes per code point:
 *   - tokens are numbered from 1 in a table of the hypothesis's distinct tokens, whose code
 *     points are copied apart, so that a text's buffers are given back once it is numbered (a
 *     reference token the hypothesis lacks gets 0);
 *   - the clipped matches are counted one order at a time from the token ids
 *     (``_order_matches.h``, each reference in turn), in one table reused by every order; an
 *     order with no match ends the count, as no longer n-gram can then match.
 * The counts are the same integers as the short path's: both follow metrics.ngrams' rule.
 */

#include "_order_matches.h"

/* More hypothesis tokens than this take the long path: the shared tables would pass 8 MiB. */
#define LONG_TOKENS ((Py_ssize_t)1 << 15)

typedef struct {
    uint64_t hash;
    size_t key; /* where its code points start in ``keys`` */
    uint32_t length;
    uint32_t id; /* 0: an empty slot */
} LongToken;

typedef struct {
    LongToken *slots;
    size_t mask, used;
    int shift;
    CodePoint *keys; /* the distinct tokens' code points, one after another */
    size_t keys_size, keys_capacity;
    uint32_t *hypothesis; /* the hypothesis's token ids */
    OrderTable orders;
} LongSegment;

static void long_segment_free(LongSegment *segment) {
    PyMem_Free(segment->slots);
    PyMem_Free(segment->keys);
    PyMem_Free(segment->hypothesis);
    order_table_free(&segment->orders);
    memset(segment, 0, sizeof *segment);
}

static inline size_t long_slot_of(const LongSegment *segment, uint64_t hash) {
    return (size_t)((hash * 0x9e3779b97f4a7c15u) >> segment->shift);
}

/* The slot of the token ``text`` (of ``length`` code points and ``hash``): its own, or the
 * empty one where it would go. */
static LongToken *long_find(const LongSegment *segment, const CodePoint *text, Py_ssize_t length,
                            uint64_t hash) {
    size_t at = long_slot_of(segment, hash);
    for (;;) {
        LongToken *slot = &segment->slots[at];
        if (slot->id == 0 ||
            (slot->hash == hash && slot->length == (uint32_t)length &&
             memcmp(segment->keys + slot->key, text, (size_t)length * sizeof(CodePoint)) == 0)) {
            return slot;
        }
        at = (at + 1) & segment->mask;
    }
}

/* Twice the slots (at first 1024), the tokens in them moved over; -1 when memory fails. */
static int long_grow(LongSegment *segment) {
    size_t size = segment->slots == NULL ? 1024 : 2 * (segment->mask + 1);
    LongToken *slots = PyMem_Calloc(size, sizeof(LongToken));
    if (slots == NULL) {
        return -1;
    }
    LongToken *old = segment->slots;
    size_t old_size = old == NULL ? 0 : segment->mask + 1;
    segment->slots = slots;
    segment->mask = size - 1;
    segment->shift = 64;
    for (size_t bits = size; bits > 1; bits >>= 1) {
        segment->shift--;
    }
    for (size_t s = 0; s < old_size; s++) {
        if (old[s].id != 0) {
            size_t at = long_slot_of(segment, old[s].hash);
            while (slots[at].id != 0) {
                at = (at + 1) & segment->mask;
            }
            slots[at] = old[s];
        }
    }
    PyMem_Free(old);
    return 0;
}

/* A new token's code points kept apart; -1 when memory fails. */
static int long_keep(LongSegment *segment, const CodePoint *text, Py_ssize_t length) {
    size_t needed = segment->keys_size + (size_t)length;
    if (needed > segment->keys_capacity) {
        size_t capacity = needed < 1024 ? 1024 : needed + needed / 2;
        CodePoint *keys = PyMem_Realloc(segment->keys, capacity * sizeof(CodePoint));
        if (keys == NULL) {
            return -1;
        }
        segment->keys = keys;
        segment->keys_capacity = capacity;
    }
    memcpy(segment->keys + segment->keys_size, text, (size_t)length * sizeof(CodePoint));
    segment->keys_size = needed;
    return 0;
}

/* The hypothesis's token ids, numbered from 1 as its distinct tokens are met; -1 when memory
 * fails. */
static int long_number_hypothesis(LongSegment *segment, const CodePoint *line, const Spans *spans) {
    segment->hypothesis = PyMem_Malloc(((size_t)spans->count + 1) * sizeof(uint32_t));
    if (segment->hypothesis == NULL || long_grow(segment) < 0) {
        return -1;
    }
    for (Py_ssize_t i = 0; i < spans->count; i++) {
        const CodePoint *text = line + spans->data[i].start;
        Py_ssize_t length = spans->data[i].length;
        uint64_t hash = span_hash(text, length);
        LongToken *slot = long_find(segment, text, length, hash);
        if (slot->id == 0) {
            if (2 * (segment->used + 1) > segment->mask + 1) { /* at most half full */
                if (long_grow(segment) < 0) {
                    return -1;
                }
                slot = long_find(segment, text, length, hash);
            }
            slot->hash = hash;
            slot->key = segment->keys_size;
            slot->length = (uint32_t)length;
            slot->id = (uint32_t)++segment->used;
            if (long_keep(segment, text, length) < 0) {
                return -1;
            }
        }
        segment->hypothesis[i] = slot->id;
    }
    return 0;
}

/* A reference's token ids into ``ids``: the hypothesis's id, or 0. */
static void long_number_reference(const LongSegment *segment, const CodePoint *line,
                                  const Spans *spans, uint32_t *ids) {
    for (Py_ssize_t j = 0; j < spans->count; j++) {
        const CodePoint *text = line + spans->data[j].start;
        Py_ssize_t length = spans->data[j].length;
        ids[j] = long_find(segment, text, length, span_hash(text, length))->id;
    }
}

/* The segment's clipped matches of orders 1..max_order added to ``sums``: the hypothesis has
 * ``c`` tokens, reference k's ids run from starts[k] to starts[k + 1]. -1 when memory fails. */
static int long_count_matches(LongSegment *segment, Py_ssize_t c, const uint32_t *references,
                              const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t max_order,
                              long long *matches) {
    int several = count > 1;
    for (int n = 1; n <= max_order && n <= c; n++) {
        if (order_fill(&segment->orders, segment->hypothesis, (size_t)c, n, several) < 0) {
            return -1;
        }
        int64_t found = 0;
        for (Py_ssize_t k = 0; k < count; k++) {
            found += order_reference_matches(&segment->orders, segment->hypothesis,
                                             references + starts[k],
                                             (size_t)(starts[k + 1] - starts[k]), n, several);
        }
        if (found == 0) {
            return 0; /* no n-gram matched: no longer one can */
        }
        matches[n - 1] += found;
    }
    return 0;
}
