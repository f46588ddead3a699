/* One order's n-gram matches of two unit sequences (code points, or tokens' ids), counted by
 * content: the oracle's sum over n-grams of min(hypothesis count, reference count).
 *
 * Made for long texts, where a table of every order's n-grams at once (``_chrf_sentences.c``'s
 * short path, ``_tokenize_ngrams.h``'s shared tables) would take tens of bytes per unit. Here one
 * order is counted at a time, and in parts: the n-grams whose hash falls in one of ORDER_PARTS
 * parts, each part in a table of 8-byte slots sized to its hypothesis n-grams at two thirds full,
 * so that the table takes about 4 bytes per hypothesis unit whatever the orders. Each part reads
 * the texts again: hashing is cheap beside the table's cache misses.
 *
 * A slot names its n-gram by where it first starts in the hypothesis and holds the occurrences
 * the reference may still match; a reference's occurrence that finds its n-gram with some left
 * takes one. Keys are compared unit by unit, never by hash alone.
 *
 * Several references (BLEU's clipping): each n-gram counts as often as the one reference that
 * matches it most, taken reference by reference (``order_fill`` with ``several``, then
 * ``order_next_reference`` and the reference's n-grams for each).
 *
 * An allocation that fails answers -1 and sets no Python exception.
 */

#ifndef MTCOMPUTE_ORDER_MATCHES_H
#define MTCOMPUTE_ORDER_MATCHES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ORDER_PARTS 3

typedef struct {
    uint32_t start; /* 1 + where the n-gram first starts in the hypothesis; 0: an empty slot */
    uint32_t left;  /* its occurrences the reference has not yet matched */
} OrderSlot;

typedef struct {
    OrderSlot *slots;
    size_t size, allocated;
    uint32_t part; /* the part counted: the n-grams whose hash falls in it */
    size_t entries[ORDER_PARTS]; /* the hypothesis's n-grams in each part */
    /* Against several references, per slot: the hypothesis's occurrences, and the most any
     * reference so far has matched; how many references were counted. */
    uint32_t *counts, *most;
    size_t several_allocated;
    size_t references;
} OrderTable;

static void order_table_free(OrderTable *table) {
    free(table->slots);
    free(table->counts);
    free(table->most);
    memset(table, 0, sizeof *table);
}

static inline uint64_t order_hash(const uint32_t *units, int n) {
    uint64_t hash = 0xcbf29ce484222325u; /* FNV-1a over the units, then spread */
    for (int i = 0; i < n; i++) {
        hash = (hash ^ units[i]) * 0x100000001b3u;
    }
    return hash * 0x9e3779b97f4a7c15u;
}

/* The part of a hash (from its low half) and its slot among ``size`` (from its high half). */
static inline uint32_t order_part(uint64_t hash) {
    return (uint32_t)(((hash & 0xffffffffu) * ORDER_PARTS) >> 32);
}

static inline size_t order_start(uint64_t hash, size_t size) {
    return (size_t)(((hash >> 32) * (uint64_t)size) >> 32);
}

/* Whether two n-grams are equal: unit by unit, where a call of memcmp would cost more than the
 * few units it compares (most slots a probe meets differ in their first unit). */
static inline int order_same(const uint32_t *a, const uint32_t *b, int n) {
    for (int i = 0; i < n; i++) {
        if (a[i] != b[i]) {
            return 0;
        }
    }
    return 1;
}

/* The slot of the n-gram at ``units`` (of ``hash``) among the hypothesis's: its own, or the
 * empty one where it would go. */
static inline OrderSlot *order_slot(const OrderTable *table, const uint32_t *hypothesis,
                                    const uint32_t *units, int n, uint64_t hash) {
    size_t slot = order_start(hash, table->size);
    for (;;) {
        OrderSlot *s = &table->slots[slot];
        if (s->start == 0 || order_same(hypothesis + s->start - 1, units, n)) {
            return s;
        }
        slot = slot + 1 == table->size ? 0 : slot + 1;
    }
}

/* Empty slots for ``entries`` n-grams, half as many again; -1 when memory fails. */
static int order_table_begin(OrderTable *table, size_t entries) {
    size_t size = entries + entries / 2 + 1;
    if (size > UINT32_MAX) { /* beyond the slots' range (and any machine's memory) */
        return -1;
    }
    if (size > table->allocated) {
        free(table->slots);
        table->slots = malloc(size * sizeof *table->slots);
        table->allocated = table->slots == NULL ? 0 : size;
        if (table->slots == NULL) {
            return -1;
        }
    }
    memset(table->slots, 0, size * sizeof *table->slots);
    table->size = size;
    table->references = 0;
    return 0;
}

/* Room for counting against several references: the occurrences kept apart. */
static int order_keep_counts(OrderTable *table) {
    if (table->size > table->several_allocated) {
        free(table->counts);
        free(table->most);
        table->counts = malloc(table->size * sizeof *table->counts);
        table->most = malloc(table->size * sizeof *table->most);
        table->several_allocated = table->counts && table->most ? table->size : 0;
        if (table->several_allocated == 0) {
            return -1;
        }
    }
    for (size_t s = 0; s < table->size; s++) {
        table->counts[s] = table->slots[s].left;
    }
    memset(table->most, 0, table->size * sizeof *table->most);
    return 0;
}

/* The hypothesis's n-grams of order ``n`` in ``part`` into the table (it has at least n units),
 * each slot with its occurrences; with ``several``, kept apart for references counted in turn.
 * Parts are filled in turn from 0, which counts every part's n-grams. -1 when memory fails. */
static int order_fill(OrderTable *table, const uint32_t *hypothesis, size_t hypothesis_length,
                      int n, uint32_t part, int several) {
    size_t positions = hypothesis_length - (size_t)n + 1;
    if (part == 0) {
        memset(table->entries, 0, sizeof table->entries);
        for (size_t p = 0; p < positions; p++) {
            table->entries[order_part(order_hash(hypothesis + p, n))]++;
        }
    }
    if (order_table_begin(table, table->entries[part]) < 0) {
        return -1;
    }
    table->part = part;
    for (size_t p = 0; p < positions; p++) {
        uint64_t hash = order_hash(hypothesis + p, n);
        if (order_part(hash) != part) {
            continue;
        }
        OrderSlot *s = order_slot(table, hypothesis, hypothesis + p, n, hash);
        if (s->start == 0) {
            s->start = (uint32_t)(p + 1);
        }
        s->left++;
    }
    return several ? order_keep_counts(table) : 0;
}

/* Before a reference's n-grams: with several, each reference matches the whole counts. */
static void order_next_reference(OrderTable *table, int several) {
    if (several && table->references++ > 0) {
        for (size_t s = 0; s < table->size; s++) {
            table->slots[s].left = table->counts[s];
        }
    }
}

/* One n-gram of the reference (``units``): 1 where it adds a match. Without ``several``, a
 * match is an occurrence the hypothesis has left (one reference only); with it, one that raises
 * the most this n-gram has matched in one reference. */
static inline int order_take(OrderTable *table, const uint32_t *hypothesis, const uint32_t *units,
                             int n, int several) {
    uint64_t hash = order_hash(units, n);
    if (order_part(hash) != table->part) {
        return 0;
    }
    OrderSlot *s = order_slot(table, hypothesis, units, n, hash);
    if (s->left == 0) { /* an empty slot has none left */
        return 0;
    }
    s->left--;
    if (!several) {
        return 1;
    }
    size_t at = (size_t)(s - table->slots);
    uint32_t taken = table->counts[at] - s->left;
    if (taken <= table->most[at]) {
        return 0;
    }
    table->most[at] = taken;
    return 1;
}

/* What one more reference adds to the filled part of order ``n`` (``order_take`` of each of
 * its n-grams). */
static int64_t order_reference_matches(OrderTable *table, const uint32_t *hypothesis,
                                       const uint32_t *reference, size_t reference_length, int n,
                                       int several) {
    order_next_reference(table, several);
    int64_t matches = 0;
    for (size_t p = 0; p + (size_t)n <= reference_length; p++) {
        matches += order_take(table, hypothesis, reference + p, n, several);
    }
    return matches;
}

/* The matches of order ``n`` between ``hypothesis`` and ``reference``; -1 when memory fails. */
static inline int64_t order_matches(OrderTable *table, const uint32_t *hypothesis,
                                    size_t hypothesis_length, const uint32_t *reference,
                                    size_t reference_length, int n) {
    int64_t matches = 0;
    if (hypothesis_length < (size_t)n || reference_length < (size_t)n) {
        return 0;
    }
    for (uint32_t part = 0; part < ORDER_PARTS; part++) {
        if (order_fill(table, hypothesis, hypothesis_length, n, part, 0) < 0) {
            return -1;
        }
        matches += order_reference_matches(table, hypothesis, reference, reference_length, n, 0);
    }
    return matches;
}

#endif
