/* What the n-gram tables of the compiled kernels share: growable arrays of 32-bit integers, and
 * splitmix64's finalizer, which spreads a key over a table's slots.
 *
 * An allocation that fails answers -1 and sets no Python exception: a caller may run without the
 * GIL, and raises MemoryError where it holds it again. */

#ifndef MTCOMPUTE_U32S_H
#define MTCOMPUTE_U32S_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t *items;
    size_t size, capacity;
} U32s;

static inline int u32s_reserve(U32s *array, size_t needed) {
    if (needed <= array->capacity) {
        return 0;
    }
    size_t capacity = array->capacity ? array->capacity : 64;
    while (capacity < needed) {
        capacity *= 2;
    }
    uint32_t *items = realloc(array->items, capacity * sizeof *items);
    if (items == NULL) {
        return -1;
    }
    array->items = items;
    array->capacity = capacity;
    return 0;
}

static inline int u32s_push(U32s *array, uint32_t value) {
    if (array->size == array->capacity && u32s_reserve(array, array->size + 1) < 0) {
        return -1;
    }
    array->items[array->size++] = value;
    return 0;
}

/* Grows to ``needed`` items, the new ones 0. */
static inline int u32s_zero_fill(U32s *array, size_t needed) {
    if (needed <= array->size) {
        return 0;
    }
    if (u32s_reserve(array, needed) < 0) {
        return -1;
    }
    memset(array->items + array->size, 0, (needed - array->size) * sizeof *array->items);
    array->size = needed;
    return 0;
}

static inline void u32s_free(U32s *array) {
    free(array->items);
    array->items = NULL;
    array->size = array->capacity = 0;
}

static inline uint64_t mixed(uint64_t x) { /* splitmix64's finalizer */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9u;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebu;
    x ^= x >> 31;
    return x;
}

#endif
