/* chrF's rules as ``metrics/chrf.py`` states them, for every compiled path that scores chrF
 * (``_pairwise.c``, ``_chrf_sentences.c``, ``_shared_references.c``): the whitespace and
 * punctuation sets, and F and the selection key of one pair's statistics, in the oracle's order
 * of operations. The doubles are the oracle's where they are evaluated as written (each includer
 * includes ``_exact.h`` and is compiled with -ffp-contract=off).
 */

#ifndef MTCOMPUTE_CHRF_H
#define MTCOMPUTE_CHRF_H

#include <stddef.h>
#include <stdint.h>

/* What eps_smoothing puts in place of a precision, recall or F with nothing to come from. */
#define CHRF_EPSILON 1e-16

/* Python's str.isspace(): the 29 code points metrics/chrf.py spells out. */
static inline int is_whitespace(uint32_t c) {
    if (c <= 0x20) {
        return (c >= 0x09 && c <= 0x0d) || c >= 0x1c;
    }
    if (c < 0x85) {
        return 0;
    }
    return c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
           c == 0x2028 || c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

/* The 32 ASCII punctuation characters a word can lose at its end, or else at its start. */
static inline int is_punctuation(uint32_t c) {
    return (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) ||
           (c >= 0x7b && c <= 0x7e);
}

/* chrF++'s words of a text (its code points as given), one token at a time: words are maximal
 * runs without whitespace; a word of two or more code points loses its last one if it is ASCII
 * punctuation, else its first if that is, and the lost one is the next token. */
typedef struct {
    const uint32_t *text;
    size_t length, at;
    const uint32_t *held; /* the second token of a word split at its punctuation, or NULL */
    size_t held_length;
} ChrfWords;

static inline ChrfWords chrf_words(const uint32_t *text, size_t length) {
    return (ChrfWords){text, length, 0, NULL, 0};
}

/* 1 with the next token in ``token`` and ``length``; 0 when there is none left. */
static inline int chrf_next_word(ChrfWords *words, const uint32_t **token, size_t *length) {
    if (words->held != NULL) {
        *token = words->held;
        *length = words->held_length;
        words->held = NULL;
        return 1;
    }
    const uint32_t *text = words->text;
    size_t i = words->at;
    while (i < words->length && is_whitespace(text[i])) {
        i++;
    }
    size_t start = i;
    while (i < words->length && !is_whitespace(text[i])) {
        i++;
    }
    words->at = i;
    size_t size = i - start;
    const uint32_t *word = text + start;
    *token = word;
    *length = size;
    if (size >= 2 && is_punctuation(word[size - 1])) {
        *length = size - 1;
        words->held = word + size - 1;
        words->held_length = 1;
    } else if (size >= 2 && is_punctuation(word[0])) {
        *length = 1;
        words->held = word + 1;
        words->held_length = size - 1;
    }
    return size > 0;
}

/* metrics.chrf's f_score (0-1 scale) and selection_key (0-100 scale) of one pair's statistics:
 * per order, hypothesis n-grams, reference n-grams and matches. b is beta * beta. */
static inline void chrf_f_and_key(const uint32_t *hypothesis, const uint32_t *reference,
                                  const uint32_t *matches, int orders, double b,
                                  int eps_smoothing, double *f, double *key) {
    if (eps_smoothing) {
        double total = 0.0;
        for (int n = 0; n < orders; n++) {
            double h = (double)hypothesis[n], r = (double)reference[n];
            double m = (double)matches[n];
            double p = h > 0.0 ? m / h : CHRF_EPSILON, q = r > 0.0 ? m / r : CHRF_EPSILON;
            double d = b * p + q;
            total += d > 0.0 ? (((1.0 + b) * p) * q) / d : CHRF_EPSILON;
        }
        *f = total / (double)orders;
        *key = (100.0 * total) / (double)orders;
        return;
    }
    double p = 0.0, r = 0.0;
    int counted = 0;
    for (int n = 0; n < orders; n++) {
        if (hypothesis[n] > 0 && reference[n] > 0) {
            p += (double)matches[n] / (double)hypothesis[n];
            r += (double)matches[n] / (double)reference[n];
            counted++;
        }
    }
    *f = 0.0;
    if (counted > 0) {
        p /= (double)counted;
        r /= (double)counted;
        if (p + r != 0.0) {
            *f = (((1.0 + b) * p) * r) / ((b * p) + r);
        }
    }
    *key = 100.0 * *f;
}

#endif
