/* BLEU's counting rules, for the kernels that count a segment (``_segment.c`` and
 * ``_tokenize_ngrams.h``): the clipped matches of one order (each of the hypothesis's n-grams
 * counts at most as often as it occurs in the one reference that has it most: metrics.ngrams'
 * rule) and the closest reference length (metrics.brevity's). The n-grams are ids numbered from
 * 1, id 0 gathering the references' n-grams the hypothesis does not have.
 */

#ifndef MTCOMPUTE_BLEU_COUNTS_H
#define MTCOMPUTE_BLEU_COUNTS_H

#include <Python.h>
#include <stdint.h>

/* The per-id counts a count works in, all zero before and after it; each holds one slot for
 * every id the hypothesis's n-grams have. */
typedef struct {
    uint32_t *hypothesis; /* per id: the hypothesis's n-grams of it */
    uint32_t *reference;  /* per id: one reference's, while it is counted */
    uint32_t *most;       /* per id: the most any reference has */
} ClippedCounts;

/* ``hypothesis`` holds the ids of the hypothesis's ``grams`` n-grams of order n; reference k's
 * token positions run from starts[k] to starts[k + 1] in ``references``, its n-grams' ids at
 * the first positions. */
static inline long long clipped_matches(ClippedCounts counts, const uint32_t *hypothesis,
                                        Py_ssize_t grams, const uint32_t *references,
                                        const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t n) {
    uint32_t distinct = 0;
    long long found = 0;
    for (Py_ssize_t i = 0; i < grams; i++) {
        uint32_t id = hypothesis[i];
        counts.hypothesis[id]++;
        distinct = id > distinct ? id : distinct;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        const uint32_t *at = references + starts[k];
        Py_ssize_t reference_grams = starts[k + 1] - starts[k] - n + 1;
        for (Py_ssize_t j = 0; j < reference_grams; j++) {
            counts.reference[at[j]]++; /* id 0 gathers the unmatched: never read */
        }
        for (Py_ssize_t j = 0; j < reference_grams; j++) {
            uint32_t id = at[j];
            if (counts.reference[id] > counts.most[id]) {
                counts.most[id] = counts.reference[id];
            }
            counts.reference[id] = 0;
        }
    }
    for (uint32_t id = 1; id <= distinct; id++) {
        uint32_t have = counts.hypothesis[id], most = counts.most[id];
        found += have < most ? have : most;
        counts.hypothesis[id] = 0;
        counts.most[id] = 0;
    }
    return found;
}

/* The length of the reference closest to the hypothesis's ``c`` tokens, the shorter on a tie;
 * reference k has starts[k + 1] - starts[k] tokens. */
static inline Py_ssize_t closest_length(const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t c) {
    Py_ssize_t best = starts[1] - starts[0];
    for (Py_ssize_t k = 1; k < count; k++) {
        Py_ssize_t length = starts[k + 1] - starts[k];
        Py_ssize_t gap = length > c ? length - c : c - length;
        Py_ssize_t best_gap = best > c ? best - c : c - best;
        if (gap < best_gap || (gap == best_gap && length < best)) {
            best = length;
        }
    }
    return best;
}

#endif
