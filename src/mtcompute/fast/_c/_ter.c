/* TER's edits, compiled: for a hypothesis and its references given as word ids, the fewest
 * edits (shifts plus the beam edit distance of the shifted words) to any reference, exactly as
 * the pure-Python oracle ``metrics/ter`` (and sacreBLEU 2.6) counts them.
 *
 * The matrix of the current hypothesis is kept band by band: row i holds only the cells
 * low[i]..high[i]-1 around the pseudo-diagonal (the last row whole); every other cell is
 * infinite. A candidate shift changes the words from some position p on, so its rows up to p
 * are the current hypothesis's: only rows p+1.. are computed, in two rolling rows, as the
 * oracle's trie of rows would give them. Once a shift is taken, the kept matrix is recomputed
 * from the first row it changed.
 *
 * The search, its order, its ranking, its candidate budget and its ties are the oracle's; see
 * ``metrics/ter/shifts.py`` for the rules and why they are as they are. Only a shift that lowers
 * the distance is ever taken, so a candidate matters only if it could outrank the best one found
 * with a positive gain. Each candidate's distance is first bounded from below by the plain
 * Levenshtein distance (every cell allowed, so never above the band's), computed bit-parallel
 * (Myers, Hyyro) from the current hypothesis's kept vectors (64 reference words a machine word,
 * up to 1,024 words); the band is computed only for a candidate that bound leaves in the
 * running, and whose plain distance is too large to be sure no path leaves the band (below
 * ``exact_below``, the two are the same).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define BEAM_WIDTH 25
#define MAX_SHIFT_SIZE 10
#define MAX_SHIFT_DISTANCE 50
#define MAX_SHIFT_CANDIDATES 1000
/* A cell outside the band. Finite costs stay below the words of both sides, and an infinite
 * cost plus a few edits stays infinite (never below INFINITE) as it does in the oracle. */
#define INFINITE (INT32_MAX / 4)
/* Ids and lengths fit in 32 bits with room for INFINITE's arithmetic. */
#define MAX_WORDS (INT32_MAX / 8)
/* References up to this many words get bit vectors (64 words a machine word): past it the band's
 * 50 cells a row cost less than the plain distance's whole row. */
#define MOST_BIT_WORDS 1024

typedef int32_t Word;
typedef int32_t Cost;
typedef Py_ssize_t Index;

enum { MATCH, SUBSTITUTE, EXTRA_HYPOTHESIS_WORD, MISSING_REFERENCE_WORD, UNDEFINED };

/* One hypothesis against one reference: the band's shape, the kept matrix, the alignment. */
typedef struct {
    const Word *reference;
    Index n_ref, n_hyp;
    Index *low, *high, *offset; /* per row 0..n_hyp: its band and where its cells start */
    Cost *cost;                 /* the kept matrix's cells, band after band */
    uint8_t *operation;         /* the last operation of each cell */
    Cost *rolling[2];           /* two rows, each wide enough for any band */
    Cost *above;                /* the row above a candidate's row, shifted to its band */
    Word *words;                /* the current hypothesis */
    Word *candidate;            /* a shifted copy of it */
    Index *position;            /* per reference word: the hypothesis position it aligns with */
    uint8_t *reference_errors, *hypothesis_errors;
    /* With ``blocks`` (the machine words of a bit vector; 0 without them): per hypothesis
     * position, the reference positions of its word (current and candidate), and per row
     * 0..n_hyp the plain distance's vertical differences, +1 in vp and -1 in vn, bit j for
     * reference word j. */
    Index blocks;
    Cost exact_below; /* a plain distance below this never leaves the band: it is the band's */
    Cost slack;       /* the current words' band distance less their plain distance */
    uint64_t *masks, *candidate_masks, *vp, *vn, *work_bits;
    void *block; /* everything above, in one allocation */
} Pair;

/* A candidate shift and its rank: gain, then longer, then earlier start, then earlier target. */
typedef struct {
    Cost gain;
    Index length, start, target;
} Candidate;

static int outranks(const Candidate *a, const Candidate *b) {
    if (a->gain != b->gain) {
        return a->gain > b->gain;
    }
    if (a->length != b->length) {
        return a->length > b->length;
    }
    if (a->start != b->start) {
        return a->start < b->start;
    }
    return a->target < b->target;
}

/* The bands: as the oracle's ``band_width`` and ``_compute_rows``, one double operation at a
 * time, so that floor(i * ratio) is the same integer. */
static Index set_bands(Pair *pair) {
    double ratio = (double)pair->n_ref / (double)pair->n_hyp;
    Index width = BEAM_WIDTH;
    if (ratio / 2 > BEAM_WIDTH) {
        width = (Index)ceil(ratio / 2 + BEAM_WIDTH);
    }
    Index cells = pair->n_ref + 1;
    pair->low[0] = 0;
    pair->high[0] = pair->n_ref + 1;
    pair->offset[0] = 0;
    for (Index i = 1; i <= pair->n_hyp; i++) {
        Index diagonal = (Index)floor((double)i * ratio);
        Index low = diagonal - width > 0 ? diagonal - width : 0;
        Index high = diagonal + width < pair->n_ref + 1 ? diagonal + width : pair->n_ref + 1;
        if (i == pair->n_hyp) {
            high = pair->n_ref + 1;
        }
        pair->low[i] = low;
        pair->high[i] = high > low ? high : low;
        pair->offset[i] = cells;
        cells += pair->high[i] - low;
    }
    return cells;
}

/* The fewest edits of any path through a cell outside the band: one through (i, j) spends at
 * least |j - i| edits to reach it and |(n_ref - n_hyp) - (j - i)| after it. A plain distance
 * below this has a path in the band, so the band's distance is the same. Per row, that sum is
 * convex in j - i: the nearest cell outside each side of the band is its least. */
static Cost exact_below(const Pair *pair) {
    Index difference = pair->n_ref - pair->n_hyp;
    Index least = INFINITE;
#define THROUGH(k) (((k) < 0 ? -(k) : (k)) + (difference - (k) < 0 ? (k) - difference : difference - (k)))
    for (Index i = 1; i <= pair->n_hyp; i++) {
        Index low = difference < 0 ? difference : 0, high = difference < 0 ? 0 : difference;
        if (pair->high[i] <= pair->n_ref) { /* cells from high[i] on, k from high[i] - i */
            Index k = pair->high[i] - i;
            Index through = k <= high ? THROUGH(k < low ? low : k) : THROUGH(k);
            least = through < least ? through : least;
        }
        if (pair->low[i] > 0) { /* cells up to low[i] - 1, k up to low[i] - 1 - i */
            Index k = pair->low[i] - 1 - i;
            Index through = k >= low ? THROUGH(k > high ? high : k) : THROUGH(k);
            least = through < least ? through : least;
        }
    }
#undef THROUGH
    return (Cost)least;
}

static size_t aligned(size_t bytes) { return (bytes + 15) & ~(size_t)15; }

static int pair_alloc(Pair *pair, const Word *hypothesis, Index n_hyp, const Word *reference,
                      Index n_ref) {
    size_t rows = (size_t)n_hyp + 1;
    /* The band of a row is at most 2 * width cells, width < n_ref / (2 n_hyp) + 26. */
    size_t most_cells = (size_t)(n_ref + 1) * 3 + rows * (2 * BEAM_WIDTH + 4);
    size_t bytes = 3 * aligned(rows * sizeof(Index)) + aligned(most_cells * sizeof(Cost)) +
                   aligned(most_cells) + 3 * aligned((size_t)(n_ref + 2) * sizeof(Cost)) +
                   2 * aligned((size_t)n_hyp * sizeof(Word)) +
                   aligned((size_t)n_ref * sizeof(Index)) + aligned((size_t)n_ref) +
                   aligned((size_t)n_hyp);
    Index blocks = n_ref <= MOST_BIT_WORDS ? (n_ref + 63) / 64 : 0;
    if (blocks) {
        bytes += 2 * aligned((size_t)(n_hyp * blocks) * sizeof(uint64_t)) +
                 2 * aligned(rows * (size_t)blocks * sizeof(uint64_t)) +
                 aligned((size_t)(2 * blocks) * sizeof(uint64_t));
    }
    char *block = PyMem_Malloc(bytes);
    if (block == NULL) {
        return -1;
    }
    pair->block = block;
    pair->reference = reference;
    pair->n_ref = n_ref;
    pair->n_hyp = n_hyp;
#define CARVE(field, type, count)                                                              \
    pair->field = (type *)block;                                                               \
    block += aligned((size_t)(count) * sizeof(type))
    CARVE(low, Index, rows);
    CARVE(high, Index, rows);
    CARVE(offset, Index, rows);
    CARVE(cost, Cost, most_cells);
    CARVE(operation, uint8_t, most_cells);
    CARVE(rolling[0], Cost, n_ref + 1);
    CARVE(rolling[1], Cost, n_ref + 1);
    CARVE(above, Cost, n_ref + 2);
    CARVE(words, Word, n_hyp);
    CARVE(candidate, Word, n_hyp);
    CARVE(position, Index, n_ref);
    CARVE(reference_errors, uint8_t, n_ref);
    CARVE(hypothesis_errors, uint8_t, n_hyp);
    pair->blocks = blocks;
    pair->masks = pair->candidate_masks = pair->vp = pair->vn = pair->work_bits = NULL;
    if (blocks) {
        CARVE(masks, uint64_t, n_hyp * blocks);
        CARVE(candidate_masks, uint64_t, n_hyp * blocks);
        CARVE(vp, uint64_t, (Index)rows * blocks);
        CARVE(vn, uint64_t, (Index)rows * blocks);
        CARVE(work_bits, uint64_t, 2 * blocks);
        memset(pair->masks, 0, (size_t)(n_hyp * blocks) * sizeof(uint64_t));
        for (Index i = 0; i < n_hyp; i++) {
            for (Index j = 0; j < n_ref; j++) {
                pair->masks[i * blocks + j / 64] |= (uint64_t)(hypothesis[i] == reference[j])
                                                    << (j % 64);
            }
        }
        for (Index b = 0; b < blocks; b++) {
            pair->vp[b] = ~UINT64_C(0); /* row 0: D[0][j] = j */
            pair->vn[b] = 0;
        }
    }
#undef CARVE
    memcpy(pair->words, hypothesis, (size_t)n_hyp * sizeof(Word));
    set_bands(pair);
    pair->exact_below = exact_below(pair);
    for (Index j = 0; j <= n_ref; j++) {
        pair->cost[j] = (Cost)j;
        pair->operation[j] = MISSING_REFERENCE_WORD;
    }
    return 0;
}

/* Row i for hypothesis word ``word`` from row i-1 (its cells ``previous`` from ``previous_low``
 * to ``previous_high``), into ``out`` (and ``operations`` unless NULL), from low[i]. Ties go to a
 * match or substitution, then an extra hypothesis word, then a missing reference word. */
static void band_row(const Pair *pair, Index i, Word word, const Cost *previous,
                     Index previous_low, Index previous_high, Cost *out, uint8_t *operations) {
    Index low = pair->low[i], high = pair->high[i];
    Cost left = INFINITE;
    for (Index j = low; j < high; j++) {
        Cost up = j >= previous_low && j < previous_high ? previous[j - previous_low] : INFINITE;
        Cost best = up + 1;
        uint8_t operation = EXTRA_HYPOTHESIS_WORD;
        if (j > 0) {
            Index k = j - 1;
            Cost diagonal = k >= previous_low && k < previous_high ? previous[k - previous_low]
                                                                    : INFINITE;
            int same = word == pair->reference[k];
            best = INFINITE;
            operation = UNDEFINED;
            if (diagonal + !same < best) {
                best = diagonal + !same;
                operation = same ? MATCH : SUBSTITUTE;
            }
            if (up + 1 < best) {
                best = up + 1;
                operation = EXTRA_HYPOTHESIS_WORD;
            }
            if (left + 1 < best) {
                best = left + 1;
                operation = MISSING_REFERENCE_WORD;
            }
        }
        out[j - low] = best;
        if (operations != NULL) {
            operations[j - low] = operation;
        }
        left = best;
    }
}

/* ``band_row`` without the operations, for a candidate's distance, where only the minimum
 * matters. A cell is min(up + 1, diagonal + mismatch, left + 1); writing t[j] for the first two,
 * cell[j] = min over k <= j of (t[k] + j - k) = j + (running min of t[k] - k). The chain from
 * cell to cell is then one min, instead of an add, a compare and a select. Infinite cells are
 * clamped to exactly INFINITE: finite cells never come from them. */
static void band_costs(const Pair *pair, Index i, Word word, const Cost *previous,
                       Index previous_low, Index previous_high, Cost *out, Cost *above) {
    Index low = pair->low[i], high = pair->high[i];
    Index width = high - low;
    /* above[m] = previous row's cell low - 1 + m, infinite outside its band. */
    Index from = low - 1 > previous_low ? low - 1 : previous_low; /* the overlap, in j */
    Index to = high < previous_high ? high : previous_high;
    Index filled = 0;
    for (; filled < from - (low - 1) && filled <= width; filled++) {
        above[filled] = INFINITE;
    }
    if (to > from) {
        memcpy(above + filled, previous + (from - previous_low),
               (size_t)(to - from) * sizeof(Cost));
        filled += to - from;
    }
    for (; filled <= width; filled++) {
        above[filled] = INFINITE;
    }
    Index first = 0;
    Cost running = INFINITE;
    if (low == 0) {
        out[0] = above[1] + 1; /* the first column: only from above */
        running = out[0];
        first = 1;
    }
    const Word *reference = pair->reference + low - 1;
    running -= (Cost)first - 1; /* as t - m for m = first - 1 */
    for (Index m = first; m < width; m++) {
        Cost diagonal = above[m] + (word != reference[m]);
        Cost up = above[m + 1] + 1;
        Cost t = (diagonal < up ? diagonal : up) - (Cost)m;
        running = t < running ? t : running; /* the only dependence from cell to cell */
        Cost cell = running + (Cost)m;
        out[m] = cell < INFINITE ? cell : INFINITE;
    }
}

/* The kept matrix's rows from ``from`` + 1 on, for the current words. */
static void keep_rows(Pair *pair, Index from) {
    for (Index i = from + 1; i <= pair->n_hyp; i++) {
        band_row(pair, i, pair->words[i - 1], pair->cost + pair->offset[i - 1], pair->low[i - 1],
                 pair->high[i - 1], pair->cost + pair->offset[i], pair->operation + pair->offset[i]);
    }
}

static Cost kept_distance(const Pair *pair) {
    Index last = pair->n_hyp;
    return pair->cost[pair->offset[last] + pair->n_ref - pair->low[last]];
}

/* The distance of ``words``, equal to the current words before position ``from``. */
static Cost distance_from(const Pair *pair, const Word *words, Index from) {
    if (from == pair->n_hyp) {
        return kept_distance(pair);
    }
    const Cost *previous = pair->cost + pair->offset[from];
    Index previous_low = pair->low[from], previous_high = pair->high[from];
    for (Index i = from + 1; i <= pair->n_hyp; i++) {
        Cost *out = pair->rolling[i & 1];
        band_costs(pair, i, words[i - 1], previous, previous_low, previous_high, out,
                   pair->above);
        previous = out;
        previous_low = pair->low[i];
        previous_high = pair->high[i];
    }
    return previous[pair->n_ref - previous_low];
}

/* The alignment, from the operations on the way back from the last cell; -1 if the way leaves
 * the band (the oracle raises there too, and no input reaches it). */
static int align(Pair *pair) {
    Index i = pair->n_hyp, j = pair->n_ref;
    while (i > 0 || j > 0) {
        uint8_t operation = UNDEFINED;
        if (j >= pair->low[i] && j < pair->high[i]) {
            operation = pair->operation[pair->offset[i] + j - pair->low[i]];
        }
        if (operation == MATCH || operation == SUBSTITUTE) {
            uint8_t error = operation == SUBSTITUTE;
            pair->position[j - 1] = i - 1;
            pair->reference_errors[j - 1] = error;
            pair->hypothesis_errors[i - 1] = error;
            i--;
            j--;
        } else if (operation == EXTRA_HYPOTHESIS_WORD) {
            pair->hypothesis_errors[i - 1] = 1;
            i--;
        } else if (operation == MISSING_REFERENCE_WORD) {
            pair->position[j - 1] = i - 1;
            pair->reference_errors[j - 1] = 1;
            j--;
        } else {
            return -1;
        }
    }
    return 0;
}

/* ``items`` (``n`` of ``size`` bytes) with the run at ``start`` of ``length`` moved to
 * ``target``, into ``out``: as the oracle's ``shifted``, a target inside the run (or just after
 * it) included. */
static void shift_items(const void *items, size_t size, Index n, Index start, Index length,
                        Index target, void *out) {
    const char *from = items;
    char *at = out;
    Index end = start + length;
#define TAKE(first, last)                                                                      \
    if ((last) > (first)) {                                                                    \
        memcpy(at, from + (size_t)(first) * size, (size_t)((last) - (first)) * size);          \
        at += (size_t)((last) - (first)) * size;                                               \
    }
    if (target < start) {
        TAKE(0, target);
        TAKE(start, end);
        TAKE(target, start);
        TAKE(end, n);
    } else if (target > end) {
        TAKE(0, start);
        TAKE(end, target);
        TAKE(start, end);
        TAKE(target, n);
    } else {
        Index after = length + target < n ? length + target : n;
        TAKE(0, start);
        TAKE(end, after);
        TAKE(start, end);
        TAKE(after, n);
    }
#undef TAKE
}

static void shift_words(const Word *words, Index n, Index start, Index length, Index target,
                        Word *out) {
    shift_items(words, sizeof(Word), n, start, length, target, out);
}

/* One row of the plain distance: the vertical differences ``vp`` and ``vn`` (``blocks``
 * machine words each) after the hypothesis word whose reference positions are ``mask``, from
 * those of the row before, in place (D[i][0] = i). */
static inline void bit_row(const uint64_t *mask, Index blocks, uint64_t *vp, uint64_t *vn) {
    uint64_t hp_carry = 1, hn_carry = 0;
    for (Index b = 0; b < blocks; b++) {
        uint64_t x = mask[b] | hn_carry;
        uint64_t d0 = (((x & vp[b]) + vp[b]) ^ vp[b]) | x | vn[b];
        uint64_t hp = vn[b] | ~(d0 | vp[b]);
        uint64_t hn = d0 & vp[b];
        uint64_t hp_out = hp >> 63, hn_out = hn >> 63;
        hp = (hp << 1) | hp_carry;
        hn = (hn << 1) | hn_carry;
        hp_carry = hp_out;
        hn_carry = hn_out;
        vp[b] = hn | ~(d0 | hp);
        vn[b] = hp & d0;
    }
}

/* The kept vectors' rows from ``from`` + 1 on, for the current words. */
static void keep_bits(Pair *pair, Index from) {
    Index blocks = pair->blocks;
    for (Index i = from + 1; i <= pair->n_hyp; i++) {
        uint64_t *vp = pair->vp + i * blocks, *vn = pair->vn + i * blocks;
        memcpy(vp, vp - blocks, (size_t)blocks * sizeof(uint64_t));
        memcpy(vn, vn - blocks, (size_t)blocks * sizeof(uint64_t));
        bit_row(pair->masks + (i - 1) * blocks, blocks, vp, vn);
    }
}

/* The plain distance of the current words, from the kept vectors' last row. */
static Cost plain_distance(const Pair *pair) {
    const uint64_t *vp = pair->vp + pair->n_hyp * pair->blocks;
    const uint64_t *vn = pair->vn + pair->n_hyp * pair->blocks;
    Cost total = (Cost)pair->n_hyp;
    for (Index b = 0; b < pair->blocks; b++) {
        Index used = pair->n_ref - 64 * b;
        uint64_t mask = used >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << used) - 1;
        total += __builtin_popcountll(vp[b] & mask) - __builtin_popcountll(vn[b] & mask);
    }
    return total;
}

/* The first position where ``words`` differ from the current words, from ``from`` on. */
static Index first_change(const Pair *pair, const Word *words, Index from) {
    while (from < pair->n_hyp && words[from] == pair->words[from]) {
        from++;
    }
    return from;
}

/* Whether a candidate of gain at most ``most`` can still be taken: a positive gain that
 * outranks the best found (a tie in gain is won by a longer run, then at the same start by an
 * earlier target; candidates come by start, so never an earlier one). */
static int may_outrank(Cost most, Index length, Index start, Index target, const Candidate *best,
                       int found) {
    if (most <= 0) {
        return 0;
    }
    if (!found || most > best->gain) {
        return 1;
    }
    if (most < best->gain) {
        return 0;
    }
    Candidate tie = {most, length, start, target};
    return outranks(&tie, best);
}

/* The plain distance of the current words with the run at ``start`` of ``length`` moved to
 * ``target``, read in place: the rows before the first moved position are the kept ones, and
 * the rest take the current words' masks in the shifted order (the pieces ``shift_items``
 * copies). ``work`` holds two vectors. */
static Cost shifted_bits_distance(const Pair *pair, Index start, Index length, Index target,
                                  uint64_t *work) {
    Index n = pair->n_hyp, end = start + length, blocks = pair->blocks;
    Index pieces[4][2];
    if (target < start) {
        Index order[4][2] = {{0, target}, {start, end}, {target, start}, {end, n}};
        memcpy(pieces, order, sizeof(pieces));
    } else if (target > end) {
        Index order[4][2] = {{0, start}, {end, target}, {start, end}, {target, n}};
        memcpy(pieces, order, sizeof(pieces));
    } else {
        Index after = length + target < n ? length + target : n;
        Index order[4][2] = {{0, start}, {end, after}, {start, end}, {after, n}};
        memcpy(pieces, order, sizeof(pieces));
    }
    Index from = pieces[0][1]; /* the first piece is the unmoved start */
    if (blocks == 1) { /* a reference of at most 64 words: the vectors stay in registers */
        uint64_t vp = pair->vp[from], vn = pair->vn[from];
        for (int piece = 1; piece < 4; piece++) {
            for (Index i = pieces[piece][0]; i < pieces[piece][1]; i++) {
                bit_row(pair->masks + i, 1, &vp, &vn);
            }
        }
        uint64_t used = pair->n_ref == 64 ? ~UINT64_C(0) : (UINT64_C(1) << pair->n_ref) - 1;
        return (Cost)n + __builtin_popcountll(vp & used) - __builtin_popcountll(vn & used);
    }
    uint64_t *vp = work, *vn = work + blocks;
    memcpy(vp, pair->vp + from * blocks, (size_t)blocks * sizeof(uint64_t));
    memcpy(vn, pair->vn + from * blocks, (size_t)blocks * sizeof(uint64_t));
    for (int piece = 1; piece < 4; piece++) {
        for (Index i = pieces[piece][0]; i < pieces[piece][1]; i++) {
            bit_row(pair->masks + i * blocks, blocks, vp, vn);
        }
    }
    Cost total = (Cost)n;
    for (Index b = 0; b < blocks; b++) {
        Index used = pair->n_ref - 64 * b;
        uint64_t mask = used >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << used) - 1;
        total += __builtin_popcountll(vp[b] & mask) - __builtin_popcountll(vn[b] & mask);
    }
    return total;
}

/* The words a run passes over when it moves to ``target``. */
static Index passed(Index n, Index start, Index length, Index target) {
    if (target < start) {
        return start - target;
    }
    Index end = start + length;
    if (target > end) {
        return target - end;
    }
    return (length + target < n ? length + target : n) - end;
}

/* The distance of the current words with the run moved, or -1 where a bound already shows it
 * cannot be taken: moving ``length`` words over ``k`` others is at most 2 min(length, k) plain
 * edits, so it lowers the plain distance by no more, and the band's distance (never below the
 * plain one) by no more than that plus ``slack``, the current band's excess over the plain; then
 * the candidate's plain distance itself. */
static Cost candidate_distance(Pair *pair, Index start, Index length, Index target, Cost before,
                               const Candidate *best, int found) {
    if (pair->blocks) {
        Index k = passed(pair->n_hyp, start, length, target);
        Cost most = pair->slack + 2 * (Cost)(k < length ? k : length);
        if (!may_outrank(most, length, start, target, best, found)) {
            return -1;
        }
        Cost least = shifted_bits_distance(pair, start, length, target, pair->work_bits);
        if (!may_outrank(before - least, length, start, target, best, found)) {
            return -1;
        }
        if (least < pair->exact_below) {
            return least;
        }
    }
    shift_words(pair->words, pair->n_hyp, start, length, target, pair->candidate);
    Index from = first_change(pair, pair->candidate, start < target ? start : target);
    return distance_from(pair, pair->candidate, from);
}

/* Tries every target of the run (start, reference_start, length), keeping the best that gains.
 */
static void try_targets(Pair *pair, Index start, Index reference_start, Index length,
                        Cost before, Candidate *best, int *found, int *checked) {
    Index previous = -1;
    for (Index r = reference_start - 1; r < reference_start + length; r++) {
        Index target = r < 0 ? 0 : pair->position[r] + 1;
        if (target == previous) {
            continue;
        }
        previous = target;
        *checked += 1;
        Cost distance = candidate_distance(pair, start, length, target, before, best, *found);
        if (distance < 0) {
            continue;
        }
        Candidate candidate = {before - distance, length, start, target};
        if (may_outrank(candidate.gain, length, start, target, best, *found)) {
            *best = candidate;
            *found = 1;
        }
    }
}

/* Runs that start at ``start`` in the hypothesis and ``reference_start`` in the reference; 1
 * once the candidate budget is spent. */
static int try_runs_at(Pair *pair, Index start, Index reference_start, Cost before,
                       Candidate *best, int *found, int *checked) {
    int hypothesis_error = 0, reference_error = 0;
    Index aligned_at = pair->position[reference_start];
    for (Index length = 1; length <= MAX_SHIFT_SIZE && start + length <= pair->n_hyp &&
                           reference_start + length <= pair->n_ref;
         length++) {
        Index last = length - 1;
        if (pair->words[start + last] != pair->reference[reference_start + last]) {
            break;
        }
        hypothesis_error |= pair->hypothesis_errors[start + last];
        reference_error |= pair->reference_errors[reference_start + last];
        if (!hypothesis_error || !reference_error) {
            continue;
        }
        if (start <= aligned_at && aligned_at < start + length) {
            continue; /* the reference stretch sits inside the run already */
        }
        try_targets(pair, start, reference_start, length, before, best, found, checked);
        if (*checked >= MAX_SHIFT_CANDIDATES) {
            return 1;
        }
    }
    return 0;
}

/* The best shift that lowers the distance into ``best`` (a gain of 0 when none does). */
static void best_shift(Pair *pair, Candidate *best, int *checked) {
    Cost before = kept_distance(pair);
    int found = 0;
    *best = (Candidate){0, 0, 0, 0};
    if (pair->blocks) {
        pair->slack = before - plain_distance(pair);
    }
    for (Index start = 0; start < pair->n_hyp; start++) {
        Index first = start - MAX_SHIFT_DISTANCE > 0 ? start - MAX_SHIFT_DISTANCE : 0;
        Index last = start + MAX_SHIFT_DISTANCE < pair->n_ref - 1 ? start + MAX_SHIFT_DISTANCE
                                                                  : pair->n_ref - 1;
        for (Index reference_start = first; reference_start <= last; reference_start++) {
            if (try_runs_at(pair, start, reference_start, before, best, &found, checked)) {
                goto done;
            }
        }
    }
done:
    if (!found) {
        best->gain = 0;
    }
}

/* Shifts while the best one lowers the distance and the budget lasts, then the distance. */
static Cost shifted_edits(Pair *pair) {
    Cost shifts = 0;
    int checked = 0;
    keep_rows(pair, 0);
    if (pair->blocks) {
        keep_bits(pair, 0);
    }
    for (;;) {
        if (align(pair) < 0) {
            return -1;
        }
        Candidate best;
        best_shift(pair, &best, &checked);
        if (checked >= MAX_SHIFT_CANDIDATES || best.gain <= 0) {
            break;
        }
        shifts++;
        shift_words(pair->words, pair->n_hyp, best.start, best.length, best.target,
                    pair->candidate);
        Index from = first_change(pair, pair->candidate,
                                  best.start < best.target ? best.start : best.target);
        memcpy(pair->words, pair->candidate, (size_t)pair->n_hyp * sizeof(Word));
        keep_rows(pair, from);
        if (pair->blocks) {
            size_t size = (size_t)pair->blocks * sizeof(uint64_t);
            shift_items(pair->masks, size, pair->n_hyp, best.start, best.length, best.target,
                        pair->candidate_masks);
            memcpy(pair->masks, pair->candidate_masks, (size_t)pair->n_hyp * size);
            keep_bits(pair, from);
        }
    }
    return shifts + kept_distance(pair);
}

/* The edits of one hypothesis against one reference: -1 on an out-of-band trace, -2 when memory
 * runs out. */
static Cost edits(const Word *hypothesis, Index n_hyp, const Word *reference, Index n_ref) {
    if (n_ref == 0) {
        return (Cost)n_hyp; /* every hypothesis word is deleted */
    }
    if (n_hyp == 0) {
        return (Cost)n_ref; /* every reference word is inserted; there is nothing to shift */
    }
    Pair pair;
    if (pair_alloc(&pair, hypothesis, n_hyp, reference, n_ref) < 0) {
        return -2;
    }
    Cost result = shifted_edits(&pair);
    PyMem_Free(pair.block);
    return result;
}

/* The ids of a list or tuple of ints into ``out`` (``n`` of them). */
static int read_ids(PyObject *sequence, Word *out, Index n) {
    PyObject **items = PySequence_Fast_ITEMS(sequence);
    for (Index k = 0; k < n; k++) {
        long id = PyLong_AsLong(items[k]);
        if (id == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (id < INT32_MIN || id > INT32_MAX) {
            PyErr_SetString(PyExc_OverflowError, "a word id must fit in 32 bits");
            return -1;
        }
        out[k] = (Word)id;
    }
    return 0;
}

/* Every sequence of ids as a C array, one block: ``lists[0]`` the hypothesis, then the
 * references. */
typedef struct {
    PyObject **fast; /* owned */
    Index count;
    Word **ids;
    Index *lengths;
    void *block;
} IdLists;

static void id_lists_free(IdLists *lists) {
    for (Index k = 0; k < lists->count; k++) {
        Py_XDECREF(lists->fast[k]);
    }
    PyMem_Free(lists->block);
}

static int id_lists_read(IdLists *lists, PyObject *hypothesis, PyObject *references) {
    memset(lists, 0, sizeof(*lists)); /* freeing is safe from here on */
    PyObject *fast_references = PySequence_Fast(references, "references must be a sequence");
    if (fast_references == NULL) {
        return -1;
    }
    Index count = PySequence_Fast_GET_SIZE(fast_references) + 1;
    lists->block = PyMem_Calloc((size_t)count, sizeof(PyObject *) + sizeof(Word *) + sizeof(Index));
    if (lists->block == NULL) {
        Py_DECREF(fast_references);
        PyErr_NoMemory();
        return -1;
    }
    lists->fast = (PyObject **)lists->block;
    lists->ids = (Word **)(lists->fast + count);
    lists->lengths = (Index *)(lists->ids + count);
    PyObject **items = PySequence_Fast_ITEMS(fast_references);
    for (Index k = 0; k < count; k++) {
        PyObject *fast = PySequence_Fast(k == 0 ? hypothesis : items[k - 1],
                                         "word ids must be a sequence of ints");
        if (fast == NULL) {
            Py_DECREF(fast_references);
            return -1;
        }
        lists->fast[k] = fast;
        lists->count = k + 1;
        lists->lengths[k] = PySequence_Fast_GET_SIZE(fast);
        if (lists->lengths[k] > MAX_WORDS) {
            Py_DECREF(fast_references);
            PyErr_SetString(PyExc_ValueError, "too many words in one text");
            return -1;
        }
    }
    Py_DECREF(fast_references);
    return 0;
}

static PyObject *fewest_edits(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "fewest_edits expected 2 arguments, got %zd", nargs);
        return NULL;
    }
    IdLists lists;
    if (id_lists_read(&lists, args[0], args[1]) < 0) {
        id_lists_free(&lists);
        return NULL;
    }
    if (lists.count < 2) {
        id_lists_free(&lists);
        PyErr_SetString(PyExc_ValueError, "a segment needs at least one reference");
        return NULL;
    }
    Index words = 0;
    for (Index k = 0; k < lists.count; k++) {
        words += lists.lengths[k];
    }
    Word *ids = PyMem_Malloc((size_t)(words + 1) * sizeof(Word));
    if (ids == NULL) {
        id_lists_free(&lists);
        return PyErr_NoMemory();
    }
    Word *at = ids;
    for (Index k = 0; k < lists.count; k++) {
        if (read_ids(lists.fast[k], at, lists.lengths[k]) < 0) {
            PyMem_Free(ids);
            id_lists_free(&lists);
            return NULL;
        }
        lists.ids[k] = at;
        at += lists.lengths[k];
    }
    Cost fewest = INFINITE;
    Py_BEGIN_ALLOW_THREADS;
    for (Index k = 1; k < lists.count && fewest >= 0; k++) {
        Cost found = edits(ids, lists.lengths[0], lists.ids[k], lists.lengths[k]);
        fewest = found < fewest ? found : fewest;
    }
    Py_END_ALLOW_THREADS;
    PyMem_Free(ids);
    id_lists_free(&lists);
    if (fewest == -2) {
        return PyErr_NoMemory();
    }
    if (fewest < 0) {
        PyErr_SetString(PyExc_RuntimeError, "the trace left the band");
        return NULL;
    }
    return PyLong_FromLong((long)fewest);
}

static PyMethodDef methods[] = {
    {"fewest_edits", (PyCFunction)(void (*)(void))fewest_edits, METH_FASTCALL,
     "fewest_edits(hypothesis, references, /)\n--\n\n"
     "The fewest TER edits from the hypothesis to any reference, all given as word ids."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_ter", "TER's edits on word ids, compiled.", 0, methods,
    NULL,                  NULL,   NULL,                                 NULL,
};

PyMODINIT_FUNC PyInit__ter(void) { return PyModule_Create(&module_definition); }
