/* One order's n-gram matches of two unit sequences (code points, or word tokens' ids), counted
 * by content: the oracle's sum over n-grams of min(hypothesis count, reference count).
 *
 * Made for long texts, where a table of every order's n-grams at once (``_chrf_sentences.c``'s
 * short path) would take tens of bytes per code point and order. Here one order is counted at a
 * time in a table of 8-byte slots, a slot per distinct hypothesis n-gram at most, reused from
 * order to order: memory is a few bytes per code point, whatever the orders.
 *
 * A slot names its n-gram by where it first starts in the hypothesis and holds the occurrences
 * the reference may still match; a reference's occurrence that finds its n-gram with some left
 * takes one. Keys are compared unit by unit, never by hash alone.
 *
 * An allocation that fails answers -1 and sets no Python exception.
 */

#ifndef MTCOMPUTE_ORDER_MATCHES_H
#define MTCOMPUTE_ORDER_MATCHES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t start; /* 1 + where the n-gram first starts in the hypothesis; 0: an empty slot */
    uint32_t left;  /* its occurrences the reference has not yet matched */
} OrderSlot;

typedef struct {
    OrderSlot *slots;
    size_t allocated, size;
} OrderTable;

static inline uint64_t order_hash(const uint32_t *units, int n) {
    uint64_t hash = 0xcbf29ce484222325u; /* FNV-1a over the units, then spread by the caller */
    for (int i = 0; i < n; i++) {
        hash = (hash ^ units[i]) * 0x100000001b3u;
    }
    return hash * 0x9e3779b97f4a7c15u;
}

/* Empty slots for ``entries`` n-grams: half as many again, any number (a hash is taken modulo
 * it), so that a long text's table is not rounded up to a power of two. */
static int order_table_begin(OrderTable *table, size_t entries) {
    size_t slots = entries + entries / 2 + 64;
    if (slots > table->allocated) {
        free(table->slots);
        table->slots = malloc(slots * sizeof *table->slots);
        table->allocated = table->slots == NULL ? 0 : slots;
        if (table->slots == NULL) {
            return -1;
        }
    }
    memset(table->slots, 0, slots * sizeof *table->slots);
    table->size = slots;
    return 0;
}

/* The slot of the n-gram at ``units`` (of ``hypothesis``): its own, or the empty one where it
 * would go. */
static inline OrderSlot *order_slot(const OrderTable *table, const uint32_t *hypothesis,
                                    const uint32_t *units, int n) {
    size_t slot = (size_t)(order_hash(units, n) % table->size);
    for (;;) {
        OrderSlot *s = &table->slots[slot];
        if (s->start == 0 ||
            memcmp(hypothesis + s->start - 1, units, (size_t)n * sizeof *units) == 0) {
            return s;
        }
        slot = slot + 1 == table->size ? 0 : slot + 1;
    }
}

/* The matches of order ``n`` between ``hypothesis`` and ``reference``; -1 when memory fails. */
static int64_t order_matches(OrderTable *table, const uint32_t *hypothesis, size_t hypothesis_length,
                             const uint32_t *reference, size_t reference_length, int n) {
    size_t order = (size_t)n;
    if (hypothesis_length < order || reference_length < order) {
        return 0;
    }
    size_t positions = hypothesis_length - order + 1;
    if (order_table_begin(table, positions) < 0) {
        return -1;
    }
    for (size_t p = 0; p < positions; p++) {
        OrderSlot *s = order_slot(table, hypothesis, hypothesis + p, n);
        if (s->start == 0) {
            s->start = (uint32_t)(p + 1);
        }
        s->left++;
    }
    int64_t matches = 0;
    size_t reference_positions = reference_length - order + 1;
    for (size_t p = 0; p < reference_positions; p++) {
        OrderSlot *s = order_slot(table, hypothesis, reference + p, n);
        if (s->left > 0) { /* an empty slot has none left */
            s->left--;
            matches++;
        }
    }
    return matches;
}

#endif
