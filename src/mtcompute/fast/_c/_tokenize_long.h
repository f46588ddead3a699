/* A long segment's BLEU counts, part of _tokenize.c (``_tokenize_ngrams.h`` calls them for a
 * hypothesis of more than LONG_TOKENS tokens).
 *
 * The counts of short segments share tables sized by the largest hypothesis of the call: tens of
 * bytes per hypothesis token, which one segment of a million tokens turns into hundreds of
 * megabytes. Here memory stays a few bytes per token:
 *   - tokens are numbered by content (``_token_ids.h``), so that a text's buffers are given back
 *     once it is numbered;
 *   - the clipped matches are counted one order at a time from the token ids
 *     (``_order_matches.h``, each reference in turn); an order with no match ends the count, as
 *     no longer n-gram can then match.
 * The counts are the same integers as the short path's: both follow metrics.ngrams' rule.
 */

#include "_order_matches.h"
#include "_token_ids.h"

/* More hypothesis tokens than this take the long path: the shared tables would pass 8 MiB. */
#define LONG_TOKENS ((Py_ssize_t)1 << 15)

typedef struct {
    TokenIds tokens;
    uint32_t *hypothesis; /* the hypothesis's token ids */
    OrderTable orders;
} LongSegment;

static void long_segment_free(LongSegment *segment) {
    token_ids_free(&segment->tokens);
    PyMem_Free(segment->hypothesis);
    order_table_free(&segment->orders);
    memset(segment, 0, sizeof *segment);
}

/* The ids of a text's tokens (``spans`` into ``line``) into ``ids``: new ones with ``add`` (the
 * hypothesis), else 0 for a token the hypothesis lacks. -1 when memory fails. */
static int long_number(LongSegment *segment, const CodePoint *line, const Spans *spans,
                       uint32_t *ids, int add) {
    for (Py_ssize_t i = 0; i < spans->count; i++) {
        const Span *span = &spans->data[i];
        int64_t id = token_id(&segment->tokens, line + span->start, (size_t)span->length, add);
        if (id < 0) {
            return -1;
        }
        ids[i] = (uint32_t)id;
    }
    return 0;
}

static int long_number_hypothesis(LongSegment *segment, const CodePoint *line, const Spans *spans) {
    segment->hypothesis = PyMem_Malloc(((size_t)spans->count + 1) * sizeof(uint32_t));
    if (segment->hypothesis == NULL) {
        return -1;
    }
    return long_number(segment, line, spans, segment->hypothesis, 1);
}

/* The matches of order ``n`` against every reference (k's ids from starts[k] to starts[k + 1])
 * under BLEU's clipping; -1 when memory fails. */
static int64_t long_order(LongSegment *segment, Py_ssize_t c, const uint32_t *references,
                          const Py_ssize_t *starts, Py_ssize_t count, int n) {
    int several = count > 1;
    int64_t found = 0;
    for (uint32_t part = 0; part < ORDER_PARTS; part++) {
        if (order_fill(&segment->orders, segment->hypothesis, (size_t)c, n, part, several) < 0) {
            return -1;
        }
        for (Py_ssize_t k = 0; k < count; k++) {
            found += order_reference_matches(&segment->orders, segment->hypothesis,
                                             references + starts[k],
                                             (size_t)(starts[k + 1] - starts[k]), n, several);
        }
    }
    return found;
}

/* The segment's clipped matches of orders 1..max_order added to ``matches``: the hypothesis has
 * ``c`` tokens. -1 when memory fails. */
static int long_count_matches(LongSegment *segment, Py_ssize_t c, const uint32_t *references,
                              const Py_ssize_t *starts, Py_ssize_t count, Py_ssize_t max_order,
                              long long *matches) {
    for (int n = 1; n <= max_order && n <= c; n++) {
        int64_t found = long_order(segment, c, references, starts, count, n);
        if (found <= 0) {
            return (int)found; /* -1, or no n-gram matched: no longer one can */
        }
        matches[n - 1] += found;
    }
    return 0;
}
