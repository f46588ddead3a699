/* A long text's tokens numbered by content, for the kernels that count a long segment one order
 * at a time (``_order_matches.h``): each distinct token of the hypothesis gets an id from 1, in a
 * table that grows with the distinct tokens (not with the text), their code points copied apart
 * so that a text's buffers can be given back once its tokens are numbered; a reference's token
 * the hypothesis lacks is 0.
 *
 * An allocation that fails answers -1 and sets no Python exception.
 */

#ifndef MTCOMPUTE_TOKEN_IDS_H
#define MTCOMPUTE_TOKEN_IDS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t hash;
    size_t key; /* where its code points start in ``keys`` */
    uint32_t length;
    uint32_t id; /* 0: an empty slot */
} TokenIdSlot;

typedef struct {
    TokenIdSlot *slots;
    size_t mask, used;
    int shift;
    uint32_t *keys; /* the distinct tokens' code points, one after another */
    size_t keys_size, keys_capacity;
} TokenIds;

static void token_ids_free(TokenIds *ids) {
    free(ids->slots);
    free(ids->keys);
    memset(ids, 0, sizeof *ids);
}

static inline uint64_t token_ids_hash(const uint32_t *text, size_t length) {
    uint64_t hash = 0xcbf29ce484222325u; /* FNV-1a over the code points */
    for (size_t i = 0; i < length; i++) {
        hash = (hash ^ text[i]) * 0x100000001b3u;
    }
    return hash;
}

/* The slot of the token ``text`` (of ``hash``): its own, or the empty one where it would go. */
static TokenIdSlot *token_ids_find(const TokenIds *ids, const uint32_t *text, size_t length,
                                   uint64_t hash) {
    size_t at = (size_t)((hash * 0x9e3779b97f4a7c15u) >> ids->shift);
    for (;;) {
        TokenIdSlot *slot = &ids->slots[at];
        if (slot->id == 0 ||
            (slot->hash == hash && slot->length == length &&
             memcmp(ids->keys + slot->key, text, length * sizeof *text) == 0)) {
            return slot;
        }
        at = (at + 1) & ids->mask;
    }
}

/* Twice the slots (at first 1024), the tokens in them moved over. */
static int token_ids_grow(TokenIds *ids) {
    size_t size = ids->slots == NULL ? 1024 : 2 * (ids->mask + 1);
    TokenIdSlot *old = ids->slots;
    size_t old_size = old == NULL ? 0 : ids->mask + 1;
    TokenIdSlot *slots = calloc(size, sizeof *slots);
    if (slots == NULL) {
        return -1;
    }
    ids->slots = slots;
    ids->mask = size - 1;
    ids->shift = 64;
    for (size_t bits = size; bits > 1; bits >>= 1) {
        ids->shift--;
    }
    for (size_t s = 0; s < old_size; s++) {
        if (old[s].id != 0) {
            size_t at = (size_t)((old[s].hash * 0x9e3779b97f4a7c15u) >> ids->shift);
            while (slots[at].id != 0) {
                at = (at + 1) & ids->mask;
            }
            slots[at] = old[s];
        }
    }
    free(old);
    return 0;
}

/* A new token's code points kept apart. */
static int token_ids_keep(TokenIds *ids, const uint32_t *text, size_t length) {
    size_t needed = ids->keys_size + length;
    if (needed > ids->keys_capacity) {
        size_t capacity = needed < 1024 ? 1024 : needed + needed / 2;
        uint32_t *keys = realloc(ids->keys, capacity * sizeof *keys);
        if (keys == NULL) {
            return -1;
        }
        ids->keys = keys;
        ids->keys_capacity = capacity;
    }
    memcpy(ids->keys + ids->keys_size, text, length * sizeof *text);
    ids->keys_size = needed;
    return 0;
}

/* The id of the token ``text``: with ``add`` (the hypothesis's), a new one for a new token; else
 * 0 for a token not numbered. -1 when memory fails. */
static int64_t token_id(TokenIds *ids, const uint32_t *text, size_t length, int add) {
    if (ids->slots == NULL && token_ids_grow(ids) < 0) {
        return -1;
    }
    uint64_t hash = token_ids_hash(text, length);
    TokenIdSlot *slot = token_ids_find(ids, text, length, hash);
    if (slot->id != 0 || !add) {
        return slot->id;
    }
    if (2 * (ids->used + 1) > ids->mask + 1) { /* at most half full */
        if (token_ids_grow(ids) < 0) {
            return -1;
        }
        slot = token_ids_find(ids, text, length, hash);
    }
    if (token_ids_keep(ids, text, length) < 0) {
        return -1;
    }
    slot->hash = hash;
    slot->key = ids->keys_size - length;
    slot->length = (uint32_t)length;
    slot->id = (uint32_t)++ids->used;
    return slot->id;
}

#endif
