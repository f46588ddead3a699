/* Where rapidfuzz 3 splits a long pair before aligning its halves, part of _edits.c (its Index
 * and grow): the oracle ``metrics/wer/hirschberg.py`` compiled, rule for rule. The hypothesis is
 * cut at its middle; the reference where the two halves' distances add up least, as two rows of
 * rapidfuzz's banded bit-parallel matrix give them (Hyyrö in 64-item blocks, Ukkonen's band that
 * follows a bound on the distance): one row forwards, one on both sequences reversed. The band
 * decides which positions are compared and what they sum to, so it is reproduced block by block.
 *
 * Also here, since both the band and the whole rows need them: a reference's patterns, where each
 * id stands in each 64-item block, in memory linear in the reference however many ids the pair
 * has (a pair of a million distinct words must not take ids x blocks machine words).
 */

#define WORD_BITS 64
#define ONES (~UINT64_C(0))
/* A block's patterns: an open table of SLOTS ids (at most 64 of them in a block), or a dense row
 * per id, faster to read, where the pair has few enough ids that the rows take no more memory
 * than the tables, or take at most DENSE_WORDS machine words (4 MiB) whatever the ids. */
#define SLOTS 128
#define DENSE_IDS (SLOTS * (sizeof(uint32_t) + sizeof(uint64_t)) / sizeof(uint64_t))
#define DENSE_WORDS (1 << 19)

typedef struct {
    Index words;
    int dense;
    uint64_t *masks; /* dense: id x words; else block x SLOTS, beside keys */
    Index masks_capacity;
    uint32_t *keys; /* an id + 1, 0 where the slot is empty */
    Index keys_capacity;
} Patterns;

static void patterns_free(Patterns *p) {
    free(p->masks);
    free(p->keys);
}

static inline Index slot_of(uint32_t id) { return (Index)((id * UINT32_C(0x9E3779B1)) >> 25); }

/* The mask of ``id`` in ``block``: bit i where the block's item i is ``id``. */
static inline uint64_t pattern_at(const Patterns *p, uint32_t id, Index block) {
    if (p->dense) {
        return p->masks[(Index)id * p->words + block];
    }
    const uint32_t *keys = p->keys + block * SLOTS;
    for (Index slot = slot_of(id);; slot = (slot + 1) & (SLOTS - 1)) {
        if (keys[slot] == id + 1) {
            return p->masks[block * SLOTS + slot];
        }
        if (keys[slot] == 0) {
            return 0;
        }
    }
}

/* The patterns of reference ``s`` (n items, ids below ``distinct``), read from its end where
``reversed``. Answers 0, or -1. */
static int patterns_build(Patterns *p, const uint32_t *s, Index n, Index distinct, int reversed) {
    Index words = (n + WORD_BITS - 1) / WORD_BITS;
    p->words = words;
    p->dense = distinct <= (Index)DENSE_IDS || distinct * words <= DENSE_WORDS;
    Index cells = p->dense ? distinct * words : words * SLOTS;
    if (grow((void **)&p->masks, &p->masks_capacity, cells, sizeof(uint64_t)) < 0 ||
        (!p->dense && grow((void **)&p->keys, &p->keys_capacity, cells, sizeof(uint32_t)) < 0)) {
        return -1;
    }
    memset(p->masks, 0, (size_t)cells * sizeof(uint64_t));
    if (!p->dense) {
        memset(p->keys, 0, (size_t)cells * sizeof(uint32_t));
    }
    for (Index i = 0; i < n; i++) {
        Index block = i / WORD_BITS;
        uint64_t bit = UINT64_C(1) << (i % WORD_BITS);
        uint32_t id = reversed ? s[n - 1 - i] : s[i];
        if (p->dense) {
            p->masks[(Index)id * words + block] |= bit;
            continue;
        }
        uint32_t *keys = p->keys + block * SLOTS;
        Index slot = slot_of(id);
        while (keys[slot] != 0 && keys[slot] != id + 1) {
            slot = (slot + 1) & (SLOTS - 1);
        }
        keys[slot] = id + 1;
        p->masks[block * SLOTS + slot] |= bit;
    }
    return 0;
}

/* The state of rapidfuzz's banded rows (the oracle's ``_Band``): each block's vertical
 * differences and score, the band's blocks, the bound, and the carries of the row in hand. */
typedef struct {
    const Patterns *patterns;
    Index n, m, words;
    uint64_t *vp, *vn;
    Index *scores;
    uint64_t last_bit;
    Index bound, first, last;
} Band;

static void band_free(Band *b) {
    free(b->vp);
    free(b->vn);
    free(b->scores);
}

static inline Index ceil_div(Index a, Index b) { return (a + b - 1) / b; }

static int band_init(Band *b, const Patterns *patterns, Index n, Index m, Index bound) {
    Index words = ceil_div(n, WORD_BITS);
    *b = (Band){.patterns = patterns, .n = n, .m = m, .words = words};
    b->vp = malloc((size_t)words * sizeof(uint64_t));
    b->vn = calloc((size_t)words, sizeof(uint64_t));
    b->scores = malloc((size_t)words * sizeof(Index));
    if (b->vp == NULL || b->vn == NULL || b->scores == NULL) {
        band_free(b);
        PyErr_NoMemory();
        return -1;
    }
    for (Index i = 0; i < words; i++) {
        b->vp[i] = ONES;
        b->scores[i] = (i + 1) * WORD_BITS;
    }
    b->scores[words - 1] = n;
    b->last_bit = UINT64_C(1) << ((n - 1) % WORD_BITS);
    b->bound = bound < (n > m ? n : m) ? bound : (n > m ? n : m);
    Index limit = b->bound + 1;
    if ((b->bound + n - m) / 2 + 1 < limit) {
        limit = (b->bound + n - m) / 2 + 1;
    }
    b->last = (words < ceil_div(limit, WORD_BITS) ? words : ceil_div(limit, WORD_BITS)) - 1;
    return 0;
}

/* The last reference position of ``block``. */
static inline Index row_of(const Band *b, Index block) {
    return block + 1 == b->words ? b->n - 1 : (block + 1) * WORD_BITS - 1;
}

/* A row's carries from block to block: the horizontal differences at a block's last item. */
typedef struct {
    uint64_t positive, negative;
} Carries;

/* One block of a row, carries in and out; answers the change of the block's score. */
static inline Index band_advance(const Band *b, Index block, uint64_t pattern, Carries *c) {
    uint64_t x = pattern | c->negative;
    uint64_t vp = b->vp[block], vn = b->vn[block];
    uint64_t d0 = (((x & vp) + vp) ^ vp) | x | vn;
    uint64_t hp = vn | ~(d0 | vp);
    uint64_t hn = d0 & vp;
    uint64_t hp_in = c->positive, hn_in = c->negative;
    if (block < b->words - 1) {
        c->positive = hp >> 63;
        c->negative = hn >> 63;
    } else { /* the last block ends at the reference's last item, not at its 64th bit */
        c->positive = (hp & b->last_bit) != 0;
        c->negative = (hn & b->last_bit) != 0;
    }
    hp = (hp << 1) | hp_in;
    hn = (hn << 1) | hn_in;
    b->vp[block] = hn | ~(d0 | hp);
    b->vn[block] = hp & d0;
    return (Index)c->positive - (Index)c->negative;
}

/* The mask of ``id`` in ``block``, the id's dense row (or NULL) looked up once a row. */
static inline uint64_t mask_of(const Patterns *p, const uint64_t *dense, uint32_t id, Index block) {
    return dense ? dense[block] : pattern_at(p, id, block);
}

/* Row ``row`` (hypothesis item ``id``) over the band's blocks, the bound tightened, the band
 * widened by a block below where it may reach it. */
static void band_row(Band *b, Index row, uint32_t id) {
    const Patterns *p = b->patterns;
    const uint64_t *dense = p->dense ? p->masks + (Index)id * p->words : NULL;
    Carries c = {1, 0};
    Index *scores = b->scores, first = b->first, last = b->last;
    for (Index block = first; block <= last; block++) {
        scores[block] += band_advance(b, block, mask_of(p, dense, id, block), &c);
    }
    Index n = b->n, m = b->m;
    Index tail = m - row - 1;
    if (n - ((1 + last) * WORD_BITS - 2) > tail) {
        tail = n - ((1 + last) * WORD_BITS - 2);
    }
    if (scores[last] + tail < b->bound) {
        b->bound = scores[last] + tail;
    }
    if (last + 1 < b->words &&
        row_of(b, last) < (b->bound + 2 * WORD_BITS + row + n) - (scores[last] + 2 + m)) {
        b->last = last = last + 1;
        b->vp[last] = ONES;
        b->vn[last] = 0;
        Index in_block = last + 1 == b->words ? (n - 1) % WORD_BITS + 1 : WORD_BITS;
        Index entering = scores[last - 1] + in_block;
        scores[last] = entering - (Index)c.positive + (Index)c.negative;
        scores[last] += band_advance(b, last, mask_of(p, dense, id, last), &c);
    }
}

/* The band's blocks after ``row`` (Ukkonen's conditions); 0 where none is left. */
static int band_narrow(Band *b, Index row) {
    Index n = b->n, m = b->m;
    while (b->last >= b->first) {
        Index score = b->scores[b->last];
        Index condition = (b->bound + 2 * WORD_BITS + row + n + 1) - (score + 2 + m);
        if (score < b->bound + WORD_BITS && row_of(b, b->last) <= condition) {
            break;
        }
        b->last--;
    }
    while (b->first <= b->last) {
        Index score = b->scores[b->first];
        Index condition = (score + n + row) - (b->bound + m);
        if (score < b->bound + WORD_BITS && row_of(b, b->first) >= condition) {
            break;
        }
        b->first++;
    }
    return b->first <= b->last;
}

/* The score before the band's first block, at row ``stop_row``. */
static Index band_previous(const Band *b, Index stop_row) {
    if (b->first == 0) {
        return stop_row + 1;
    }
    Index end = (b->first + 1) * WORD_BITS < b->n ? (b->first + 1) * WORD_BITS : b->n;
    Index relevant = end % WORD_BITS;
    uint64_t mask = relevant ? ONES >> (WORD_BITS - relevant) : ONES;
    return b->scores[b->first] + __builtin_popcountll(b->vn[b->first] & mask) -
           __builtin_popcountll(b->vp[b->first] & mask);
}

/* rapidfuzz's banded rows of ``s1`` against ``s2`` up to row ``stop_row`` into ``b`` (the
 * oracle's ``band_row``), both sequences read from their end where ``reversed``. Answers 1, 0
 * where the band vanishes first (the distance is over ``bound``), or -1. */
static int band_rows(Band *b, Patterns *patterns, const uint32_t *s1, Index n, const uint32_t *s2,
                     Index m, Index distinct, Index bound, Index stop_row, int reversed) {
    if (bound < (n > m ? n - m : m - n)) {
        return 0;
    }
    if (patterns_build(patterns, s1, n, distinct, reversed) < 0 ||
        band_init(b, patterns, n, m, bound) < 0) {
        return -1;
    }
    for (Index row = 0; row <= stop_row; row++) {
        band_row(b, row, reversed ? s2[m - 1 - row] : s2[row]);
        if (!band_narrow(b, row)) {
            band_free(b);
            return 0;
        }
    }
    return 1;
}

static inline Index band_bit(const uint64_t *vectors, Index position) {
    return (Index)(vectors[position / WORD_BITS] >> (position % WORD_BITS) & 1);
}

/* Where the pair is cut, and the two halves' distances as the band found them. */
typedef struct {
    Index reference_cut, hypothesis_cut, left_score, right_score;
} Split;

/* The band's last position read (its last block's end, or the reference's). */
static inline Index band_end(const Band *b) {
    return b->last * WORD_BITS + WORD_BITS < b->n ? b->last * WORD_BITS + WORD_BITS : b->n;
}

/* The cut from the two rows (``left`` forwards at the middle row, ``right`` on both sequences
 * reversed): the first reference position where the left score there and the right score of
 * the rest add up least. The right scores are walked from the right band's end down, so that
 * none is stored. */
static void choose_cut(const Band *left, const Band *right, Index left_size, Index right_stop,
                       Split *out) {
    Index n = left->n;
    Index right_first = right->first * WORD_BITS, right_count = band_end(right) - right_first + 1;
    Index j = right_count - 1, right_score = band_previous(right, right_stop);
    for (Index t = right_first; t < right_first + j; t++) {
        right_score += band_bit(right->vp, t) - band_bit(right->vn, t);
    }
    Index left_score = band_previous(left, left_size - 1), best = 0;
    int any = 0;
    *out = (Split){0, left_size, 0, 0};
    for (Index i = left->first * WORD_BITS; i < band_end(left); i++) {
        left_score += band_bit(left->vp, i) - band_bit(left->vn, i);
        Index right_index = n - i - 1 - right_first;
        if (right_index < 0 || right_index >= right_count) {
            continue;
        }
        for (; j > right_index; j--) { /* the right index falls by one as i rises */
            right_score -= band_bit(right->vp, right_first + j - 1) -
                           band_bit(right->vn, right_first + j - 1);
        }
        if (!any || right_score + left_score < best) {
            any = 1;
            best = right_score + left_score;
            *out = (Split){i + 1, left_size, left_score, right_score};
        }
    }
}

/* The oracle's ``_split_within``: answers 1 with ``*out`` set, 0 where the bound is too small
 * for the band, or -1. The two bands' vectors are kept; the patterns, once a band's rows are
 * done, serve the other. */
static int split_within(Patterns *patterns, const uint32_t *s1, Index n, const uint32_t *s2,
                        Index m, Index distinct, Index bound, Split *out) {
    Index left_size = m / 2, right_stop = m - left_size - 1;
    Band right, left;
    int found = band_rows(&right, patterns, s1, n, s2, m, distinct, bound, right_stop, 1);
    if (found <= 0) {
        return found;
    }
    found = band_rows(&left, patterns, s1, n, s2, m, distinct, bound, left_size - 1, 0);
    if (found > 0) {
        choose_cut(&left, &right, left_size, right_stop, out);
        band_free(&left);
        found = out->left_score + out->right_score <= bound;
    }
    band_free(&right);
    return found;
}

/* rapidfuzz's ``find_hirschberg_pos``: where the band loses the end of the matrix, the bound is
 * doubled and the split searched again (from 1 where it was 0, where the oracle would search
 * forever: never on a pair whose common affixes are gone, whose distance is at least 1). Answers
 * 0, or -1. */
static int hirschberg_split(Patterns *patterns, const uint32_t *s1, Index n, const uint32_t *s2,
                            Index m, Index distinct, Index bound, Split *out) {
    for (;; bound = bound ? 2 * bound : 1) {
        int found = split_within(patterns, s1, n, s2, m, distinct, bound, out);
        if (found != 0) {
            return found < 0 ? -1 : 0;
        }
    }
}
