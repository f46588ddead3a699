/* ROUGE-L and ROUGE-Lsum's longest common subsequences, part of _rouge.c (its Work, Counts and
 * Text): the bit-parallel LCS of Crochemore et al. (2001), 64 pattern tokens a machine word.
 *
 * A step by a text token needs the bit mask of where that token stands in the pattern. The masks
 * of every distinct pattern token take distinct x words machine words: where that passes
 * w->dense_mask_words (a long pattern of a large vocabulary: gigabytes for a line of megabytes),
 * each distinct token keeps its positions instead, and a step sets them in one mask, steps, and
 * clears them again: memory linear in the pattern, at the cost of touching its positions twice.
 *
 * ROUGE-L needs the LCS's length alone: one row. ROUGE-Lsum needs which reference tokens the LCS
 * of each sentence pair takes, as rouge-score's walk back through the table takes them; the
 * table's rows are kept, and its cells read back from them (a cell is the count of zero bits
 * below its column). Where the rows would pass w->trace_bytes, only some are kept, within that
 * or w->trace_rows rows (the larger): the walk goes back through blocks of rows recomputed from
 * the nearest kept row, in a few times the forward pass's time (see ``trace_levels``).
 */

/* The limits are the caller's (``fast/rouge/scores.py``), so that tests reach every way on short
 * texts. */

/* A pattern's masks, by slot (1 to distinct, through w->slot). */
typedef struct {
    const uint64_t *dense;    /* words a slot; NULL where the positions stand in */
    const Index *offsets;     /* slot s's positions from offsets[s] to offsets[s + 1] */
    const int32_t *positions;
    uint64_t *scratch;        /* the mask one step sets and clears: zero between steps */
    Index words;
} Masks;

/* The masks of ``pattern``'s tokens, ``words`` machine words each, into ``masks``; -1 on memory.
 * Its distinct tokens get slots 1 to distinct in w->slot. */
static int build_masks(Work *w, const Id *pattern, Index length, Index words, Masks *masks) {
    counts_clear(&w->slot);
    Index distinct = 0;
    for (Index i = 0; i < length; i++)
        if (counts_get(&w->slot, pattern[i]) == 0) counts_add(&w->slot, pattern[i], ++distinct);
    masks->words = words;
    if (distinct * words <= w->dense_mask_words) {
        if (grow_words(&w->masks, &w->masks_capacity, distinct * words) < 0) return -1;
        memset(w->masks, 0, (size_t)(distinct * words) * sizeof(uint64_t));
        for (Index i = 0; i < length; i++) {
            Index slot = (Index)counts_get(&w->slot, pattern[i]) - 1;
            w->masks[slot * words + i / 64] |= (uint64_t)1 << (i % 64);
        }
        masks->dense = w->masks;
        return 0;
    }
    /* Each slot's positions, in order: counted, then placed from the end (a counting sort). */
    Index *offsets = realloc(w->offsets, (size_t)(distinct + 2) * sizeof(Index));
    if (offsets == NULL) return -1;
    w->offsets = offsets;
    int32_t *positions = realloc(w->positions, (size_t)(length ? length : 1) * sizeof(int32_t));
    if (positions == NULL) return -1;
    w->positions = positions;
    if (grow_words(&w->scratch, &w->scratch_capacity, words) < 0) return -1;
    memset(w->scratch, 0, (size_t)words * sizeof(uint64_t));
    memset(offsets, 0, (size_t)(distinct + 2) * sizeof(Index));
    for (Index i = 0; i < length; i++) offsets[counts_get(&w->slot, pattern[i])]++;
    for (Index s = 1; s <= distinct; s++) offsets[s] += offsets[s - 1]; /* where slot s ends */
    for (Index i = length - 1; i >= 0; i--) /* back to where it starts */
        positions[--offsets[counts_get(&w->slot, pattern[i])]] = (int32_t)i;
    offsets[distinct + 1] = length;
    masks->dense = NULL;
    masks->offsets = offsets;
    masks->positions = positions;
    masks->scratch = w->scratch;
    return 0;
}

/* V := (V + (V & M)) | (V & ~M) over ``words`` words. */
static void lcs_add(uint64_t *v, const uint64_t *m, Index words) {
    uint64_t carry = 0;
    for (Index k = 0; k < words; k++) {
        uint64_t u = v[k] & m[k];
        uint64_t sum = v[k] + u;
        uint64_t c1 = sum < v[k];
        uint64_t total = sum + carry;
        uint64_t c2 = total < sum;
        v[k] = total | (v[k] & ~m[k]);
        carry = c1 | c2;
    }
}

/* One step of the LCS's row ``v`` by a text token. */
static void lcs_step(Work *w, const Masks *masks, uint64_t *v, Id token) {
    int64_t slot = counts_get(&w->slot, token);
    if (slot == 0) return; /* a token the pattern lacks leaves the row as it is */
    Index words = masks->words;
    if (masks->dense != NULL) {
        lcs_add(v, masks->dense + (slot - 1) * words, words);
        return;
    }
    Index from = masks->offsets[slot], to = masks->offsets[slot + 1];
    const int32_t *at = masks->positions;
    uint64_t *m = masks->scratch;
    for (Index k = from; k < to; k++) m[at[k] / 64] |= (uint64_t)1 << (at[k] % 64);
    lcs_add(v, m, words);
    for (Index k = from; k < to; k++) m[at[k] / 64] = 0;
}

/* The number of zero bits among the first j bits of v. */
static Index zeros_below(const uint64_t *v, Index j) {
    Index ones = 0, k = 0;
    for (; (k + 1) * 64 <= j; k++) ones += popcount64(v[k]);
    if (j % 64) ones += popcount64(v[k] & (((uint64_t)1 << (j % 64)) - 1));
    return j - ones;
}

static int rouge_l(Work *w, const Text *reference, const Text *hypothesis, double *out) {
    Index m = reference->tokens.size, n = hypothesis->tokens.size;
    if (m == 0 || n == 0) {
        zero(out);
        return 0;
    }
    Index words = (m + 63) / 64;
    Masks masks;
    if (build_masks(w, reference->tokens.data, m, words, &masks) < 0) return -1;
    if (grow_words(&w->vector, &w->vector_capacity, words) < 0) return -1;
    uint64_t *v = w->vector;
    for (Index k = 0; k < words; k++) v[k] = ~(uint64_t)0;
    for (Index j = 0; j < n; j++) lcs_step(w, &masks, v, hypothesis->tokens.data[j]);
    finish(zeros_below(v, m), n, m, out);
    return 0;
}

/* ---- ROUGE-Lsum: the LCS's reference positions, as rouge-score's walk back takes them ---- */

/* One sentence pair's walk: ref (a tokens) against hyp (b tokens, the pattern of ``masks``);
 * at row i and column j of the table, whose cell there is ``cell`` (-1 before the walk reads
 * the row it starts at). */
typedef struct {
    const Id *ref, *hyp;
    const Masks *masks;
    Index i, j, cell;
    uint8_t *marked;
} Walk;

/* Rows from..to of the table into ``rows`` (row from, given, at rows[0]). */
static void lcs_rows(Work *w, const Walk *walk, Index from, Index to, uint64_t *rows) {
    Index words = walk->masks->words;
    for (Index i = from + 1; i <= to; i++) {
        uint64_t *row = rows + (i - from) * words;
        memcpy(row, row - words, (size_t)words * sizeof(uint64_t));
        lcs_step(w, walk->masks, row, walk->ref[i - 1]);
    }
}

/* The walk back from its row down to row ``from`` (or to the first row or column), rows from
 * ``from`` to its row in ``rows``. After a match the cell up and left is one less; else the
 * cell to the left differs by one where bit j - 1 of the row is 0, and the cell above is
 * counted; rouge-score goes left only where that cell is the larger. */
static void walk_back(Walk *walk, const uint64_t *rows, Index from) {
    Index words = walk->masks->words, i = walk->i, j = walk->j, cell = walk->cell;
    if (cell < 0) cell = zeros_below(rows + (i - from) * words, j);
    while (i > from && j > 0) {
        if (walk->ref[i - 1] == walk->hyp[j - 1]) {
            walk->marked[i - 1] = 1;
            i--;
            j--;
            cell--;
            continue;
        }
        const uint64_t *row = rows + (i - from) * words;
        Index left = cell - !((row[(j - 1) / 64] >> ((j - 1) % 64)) & 1);
        Index up = zeros_below(rows + (i - 1 - from) * words, j);
        if (left > up) {
            j--;
            cell = left;
        } else {
            i--;
            cell = up;
        }
    }
    walk->i = i;
    walk->j = j;
    walk->cell = cell;
}

/* The walk from its row down to row ``from`` (its row at rows[0]) when ``levels`` levels of
 * ``keep`` kept rows remain: each level keeps every span-th row of its range, and walks back
 * through the spans from the last, each from its kept row; the last level's span is one row,
 * so its range is a block of ``keep`` + 1 rows. */
static void walk_levels(Work *w, Walk *walk, Index from, uint64_t *rows, Index keep, int levels) {
    Index words = walk->masks->words, span = 1;
    for (int l = 1; l < levels; l++) span *= keep;
    if (levels == 1) {
        lcs_rows(w, walk, from, walk->i, rows);
        walk_back(walk, rows, from);
        return;
    }
    /* Row from + t * span at rows[t]; the next level's rows (after these) are free meanwhile. */
    uint64_t *moving = rows + keep * words;
    memcpy(moving, rows, (size_t)words * sizeof(uint64_t));
    Index last = (walk->i - from - 1) / span; /* the span the walk is in */
    for (Index i = from + 1; i <= from + last * span; i++) {
        lcs_step(w, walk->masks, moving, walk->ref[i - 1]);
        if ((i - from) % span == 0)
            memcpy(rows + ((i - from) / span) * words, moving, (size_t)words * sizeof(uint64_t));
    }
    for (Index t = last; t >= 0 && walk->j > 0 && walk->i > from; t--) {
        memcpy(moving, rows + t * words, (size_t)words * sizeof(uint64_t));
        walk_levels(w, walk, from + t * span, moving, keep, levels - 1);
    }
}

/* The least k >= 2 with k^levels >= a. */
static Index level_root(Index a, int levels) {
    Index low = 2, high = a > 2 ? a : 2;
    while (low < high) {
        Index k = low + (high - low) / 2, power = 1;
        for (int l = 0; l < levels && power < a; l++) power *= k;
        if (power >= a) high = k;
        else low = k + 1;
    }
    return low;
}

/* The levels and the rows a level keeps for a table of a + 1 rows within ``room`` rows: the
 * fewest levels L whose keep = level_root(a, L) takes L * keep + 1 rows (one level: every row;
 * the time is L forward passes). */
static int trace_levels(Index a, Index room, Index *keep) {
    for (int levels = 1;; levels++) {
        *keep = levels == 1 ? a : level_root(a, levels);
        if ((Index)levels * *keep + 1 <= room || *keep <= 2) return levels;
    }
}

/* Marks the reference positions of rouge-score's LCS of ref (a tokens) and hyp (b tokens), whose
 * masks are given. */
static int mark_lcs(Work *w, const Id *ref, Index a, const Id *hyp, Index b, const Masks *masks,
                    uint8_t *marked) {
    if (a == 0 || b == 0) return 0;
    Index words = masks->words, room = w->trace_bytes / (words * (Index)sizeof(uint64_t)), keep;
    room = room > w->trace_rows ? room : w->trace_rows;
    int levels = trace_levels(a, room < 16 ? 16 : room, &keep);
    if (grow_words(&w->rows, &w->rows_capacity, ((Index)levels * keep + 1) * words) < 0) return -1;
    for (Index k = 0; k < words; k++) w->rows[k] = ~(uint64_t)0;
    Walk walk = {ref, hyp, masks, a, b, -1, marked};
    walk_levels(w, &walk, 0, w->rows, keep, levels);
    return 0;
}

/* The masks of every hypothesis sentence at once, under one slot map of the hypothesis's
 * tokens: sentence t's are ``distinct`` x its words, from ``offsets[t]``. 1 where built, 0 where
 * they would take more than ``MAX_SHARED_MASK_WORDS`` (then each pair builds its own), -1 on
 * memory. */
#define MAX_SHARED_MASK_WORDS ((Index)1 << 18)

static int build_sentence_masks(Work *w, const Text *hypothesis, Index *offsets) {
    const Id *hyp = hypothesis->tokens.data;
    counts_clear(&w->slot);
    Index distinct = 0;
    for (Index j = 0; j < hypothesis->tokens.size; j++)
        if (counts_get(&w->slot, hyp[j]) == 0) counts_add(&w->slot, hyp[j], ++distinct);
    Index total = 0, start = 0;
    for (Index t = 0; t < hypothesis->ends.size; t++) {
        Index end = hypothesis->ends.data[t];
        offsets[t] = total;
        total += distinct * ((end - start + 63) / 64);
        start = end;
        if (total > MAX_SHARED_MASK_WORDS) return 0;
    }
    if (grow_words(&w->masks, &w->masks_capacity, total) < 0) return -1;
    memset(w->masks, 0, (size_t)total * sizeof(uint64_t));
    start = 0;
    for (Index t = 0; t < hypothesis->ends.size; t++) {
        Index end = hypothesis->ends.data[t], words = (end - start + 63) / 64;
        for (Index j = start; j < end; j++) {
            Index slot = (Index)counts_get(&w->slot, hyp[j]) - 1;
            Index at = j - start;
            w->masks[offsets[t] + slot * words + at / 64] |= (uint64_t)1 << (at % 64);
        }
        start = end;
    }
    return 1;
}

static int rouge_lsum(Work *w, const Text *reference, const Text *hypothesis, double *out) {
    Index m = reference->tokens.size, n = hypothesis->tokens.size;
    if (m == 0 || n == 0) {
        zero(out);
        return 0;
    }
    const Id *ref = reference->tokens.data, *hyp = hypothesis->tokens.data;
    Index sentences = hypothesis->ends.size;
    Index *offsets = malloc((size_t)(sentences ? sentences : 1) * sizeof(Index));
    if (offsets == NULL) return -1;
    int shared = build_sentence_masks(w, hypothesis, offsets);
    if (shared < 0) {
        free(offsets);
        return -1;
    }
    Counts *ref_left = &w->a, *hyp_left = &w->b;
    counts_clear(ref_left);
    counts_clear(hyp_left);
    for (Index i = 0; i < m; i++) counts_add(ref_left, ref[i], 1);
    for (Index j = 0; j < n; j++) counts_add(hyp_left, hyp[j], 1);
    int64_t hits = 0;
    int status = 0;
    Index ref_start = 0;
    for (Index s = 0; s < reference->ends.size && status == 0; s++) {
        Index ref_end = reference->ends.data[s], a = ref_end - ref_start;
        if (a > w->marked_capacity) {
            uint8_t *marked = realloc(w->marked, (size_t)a);
            if (marked == NULL) {
                status = -1;
                break;
            }
            w->marked = marked;
            w->marked_capacity = a;
        }
        memset(w->marked, 0, (size_t)a);
        Index hyp_start = 0;
        for (Index t = 0; t < sentences && status == 0; t++) {
            Index hyp_end = hypothesis->ends.data[t], b = hyp_end - hyp_start;
            Masks masks = {NULL, NULL, NULL, NULL, (b + 63) / 64};
            if (shared) masks.dense = w->masks + offsets[t];
            else status = build_masks(w, hyp + hyp_start, b, masks.words, &masks);
            if (status == 0)
                status = mark_lcs(w, ref + ref_start, a, hyp + hyp_start, b, &masks, w->marked);
            hyp_start = hyp_end;
        }
        for (Index i = 0; i < a && status == 0; i++) {
            Id token = ref[ref_start + i];
            if (w->marked[i] && counts_get(hyp_left, token) > 0 &&
                counts_get(ref_left, token) > 0) {
                hits++;
                counts_add(hyp_left, token, -1);
                counts_add(ref_left, token, -1);
            }
        }
        ref_start = ref_end;
    }
    free(offsets);
    if (status < 0) return -1;
    finish(hits, n, m, out);
    return 0;
}
