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
 * Several references (BLEU's clipping): each n-gram counts as often as the one reference that
 * matches it most, taken reference by reference (``order_fill`` with ``several``, then
 * ``order_reference_matches`` once for each).
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
    size_t allocated, mask;
    int shift;
    /* Against several references (BLEU's rule), per slot: the hypothesis's occurrences, and
     * the most any reference so far has matched; how many references were counted. */
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
    uint64_t hash = 0xcbf29ce484222325u; /* FNV-1a over the units, then spread by the caller */
    for (int i = 0; i < n; i++) {
        hash = (hash ^ units[i]) * 0x100000001b3u;
    }
    return hash * 0x9e3779b97f4a7c15u;
}

/* Empty slots for ``entries`` n-grams, at least twice as many, a power of two. */
static int order_table_begin(OrderTable *table, size_t entries) {
    size_t slots = 64;
    int bits = 6;
    while (slots < 2 * entries) {
        slots *= 2;
        bits++;
    }
    if (slots > table->allocated) {
        free(table->slots);
        table->slots = malloc(slots * sizeof *table->slots);
        table->allocated = table->slots == NULL ? 0 : slots;
        if (table->slots == NULL) {
            return -1;
        }
    }
    memset(table->slots, 0, slots * sizeof *table->slots);
    table->mask = slots - 1;
    table->shift = 64 - bits;
    table->references = 0;
    return 0;
}

/* The slot of the n-gram at ``units`` (of ``hypothesis``): its own, or the empty one where it
 * would go. */
static inline OrderSlot *order_slot(const OrderTable *table, const uint32_t *hypothesis,
                                    const uint32_t *units, int n) {
    size_t slot = (size_t)(order_hash(units, n) >> table->shift);
    for (;;) {
        OrderSlot *s = &table->slots[slot];
        if (s->start == 0 ||
            memcmp(hypothesis + s->start - 1, units, (size_t)n * sizeof *units) == 0) {
            return s;
        }
        slot = (slot + 1) & table->mask;
    }
}

/* The hypothesis's n-grams of order ``n`` into the table (it has at least n units), each slot
 * with its occurrences; with ``several``, kept apart for references counted in turn
 * (``order_reference_matches``). -1 when memory fails. */
static int order_fill(OrderTable *table, const uint32_t *hypothesis, size_t hypothesis_length,
                      int n, int several) {
    size_t positions = hypothesis_length - (size_t)n + 1;
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
    if (!several) {
        return 0;
    }
    size_t slots = table->mask + 1;
    if (slots > table->several_allocated) {
        free(table->counts);
        free(table->most);
        table->counts = malloc(slots * sizeof *table->counts);
        table->most = malloc(slots * sizeof *table->most);
        table->several_allocated = table->counts && table->most ? slots : 0;
        if (table->several_allocated == 0) {
            return -1;
        }
    }
    for (size_t s = 0; s < slots; s++) {
        table->counts[s] = table->slots[s].left;
    }
    memset(table->most, 0, slots * sizeof *table->most);
    return 0;
}

/* How much one more reference adds to the matches of the filled order ``n``: without
 * ``several``, the sum over n-grams of min(hypothesis count, reference count) (one reference
 * only); with it, how far the sum of min(hypothesis count, the most one reference has) rises. */
static int64_t order_reference_matches(OrderTable *table, const uint32_t *hypothesis,
                                       const uint32_t *reference, size_t reference_length, int n,
                                       int several) {
    if (several && table->references++ > 0) { /* each reference matches the whole count */
        for (size_t s = 0; s <= table->mask; s++) {
            table->slots[s].left = table->counts[s];
        }
    }
    if (reference_length < (size_t)n) {
        return 0;
    }
    int64_t matches = 0;
    size_t reference_positions = reference_length - (size_t)n + 1;
    for (size_t p = 0; p < reference_positions; p++) {
        OrderSlot *s = order_slot(table, hypothesis, reference + p, n);
        if (s->left == 0) { /* an empty slot has none left */
            continue;
        }
        s->left--;
        if (!several) {
            matches++;
            continue;
        }
        size_t at = (size_t)(s - table->slots);
        uint32_t taken = table->counts[at] - s->left;
        if (taken > table->most[at]) {
            table->most[at] = taken;
            matches++;
        }
    }
    return matches;
}

/* The matches of order ``n`` between ``hypothesis`` and ``reference``; -1 when memory fails. */
static inline int64_t order_matches(OrderTable *table, const uint32_t *hypothesis,
                                    size_t hypothesis_length, const uint32_t *reference,
                                    size_t reference_length, int n) {
    size_t order = (size_t)n;
    if (hypothesis_length < order || reference_length < order) {
        return 0;
    }
    if (order_fill(table, hypothesis, hypothesis_length, n, 0) < 0) {
        return -1;
    }
    return order_reference_matches(table, hypothesis, reference, reference_length, n, 0);
}

#endif
