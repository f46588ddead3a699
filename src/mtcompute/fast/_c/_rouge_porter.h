/* The Porter stemmer as rouge-score 0.1.2 calls NLTK's (``PorterStemmer()``, mode
 * NLTK_EXTENSIONS), compiled: the rules of the pure-Python oracle ``metrics/rouge/porter.py``,
 * read there with their reasons, on a word of lowercase ASCII letters and digits held in a
 * buffer with room for two more bytes. Every step works in place on the word's length; none
 * makes a word longer than it came in, save ``ies`` and ``ied`` of a four-letter word (the same
 * length) and a stem given back its ``e`` (shorter than the ``ed`` or ``ing`` it lost).
 */

#ifndef MTCOMPUTE_ROUGE_PORTER_H
#define MTCOMPUTE_ROUGE_PORTER_H

#include <stddef.h>
#include <string.h>

typedef ptrdiff_t Length;

static int porter_vowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

/* Whether w[i] is a consonant: y is one at the start or after a vowel, walking back over a run
 * of y (called a bounded number of times a step, so linear overall). */
static int porter_consonant(const char *w, Length i) {
    if (porter_vowel(w[i])) return 0;
    if (w[i] != 'y') return 1;
    int negate = 0;
    while (i > 0 && w[i] == 'y') {
        negate = !negate;
        i--;
    }
    return (!porter_vowel(w[i])) != negate;
}

/* m of the first n letters: how many times a vowel is followed by a consonant, in one pass. */
static Length porter_measure(const char *w, Length n) {
    Length m = 0;
    int previous = 1;
    for (Length i = 0; i < n; i++) {
        int consonant;
        if (porter_vowel(w[i]))
            consonant = 0;
        else if (w[i] == 'y')
            consonant = i == 0 ? 1 : !previous;
        else
            consonant = 1;
        if (i > 0 && consonant && !previous) m++;
        previous = consonant;
    }
    return m;
}

static int porter_has_vowel(const char *w, Length n) {
    int previous = 1;
    for (Length i = 0; i < n; i++) {
        int consonant;
        if (porter_vowel(w[i]))
            consonant = 0;
        else if (w[i] == 'y')
            consonant = i == 0 ? 1 : !previous;
        else
            consonant = 1;
        if (!consonant) return 1;
        previous = consonant;
    }
    return 0;
}

static int porter_ends(const char *w, Length n, const char *suffix) {
    Length k = (Length)strlen(suffix);
    return n >= k && memcmp(w + n - k, suffix, (size_t)k) == 0;
}

static int porter_double_consonant(const char *w, Length n) {
    return n >= 2 && w[n - 1] == w[n - 2] && porter_consonant(w, n - 1);
}

static int porter_cvc(const char *w, Length n) {
    if (n >= 3 && porter_consonant(w, n - 3) && !porter_consonant(w, n - 2) &&
        porter_consonant(w, n - 1) && w[n - 1] != 'w' && w[n - 1] != 'x' && w[n - 1] != 'y')
        return 1;
    return n == 2 && !porter_consonant(w, 0) && porter_consonant(w, 1);
}

static Length porter_put(char *w, Length n, const char *text) {
    Length k = (Length)strlen(text);
    memcpy(w + n, text, (size_t)k);
    return n + k;
}

static Length porter_step1a(char *w, Length n) {
    if (n == 4 && porter_ends(w, n, "ies")) return porter_put(w, n - 3, "ie");
    if (porter_ends(w, n, "sses")) return n - 2;
    if (porter_ends(w, n, "ies")) return n - 2;
    if (porter_ends(w, n, "ss")) return n;
    if (porter_ends(w, n, "s")) return n - 1;
    return n;
}

static Length porter_step1b(char *w, Length n) {
    if (porter_ends(w, n, "ied")) return porter_put(w, n - 3, n == 4 ? "ie" : "i");
    if (porter_ends(w, n, "eed")) return porter_measure(w, n - 3) > 0 ? n - 1 : n;
    if (porter_ends(w, n, "ed") && porter_has_vowel(w, n - 2))
        n -= 2;
    else if (porter_ends(w, n, "ing") && porter_has_vowel(w, n - 3))
        n -= 3;
    else
        return n;
    if (porter_ends(w, n, "at") || porter_ends(w, n, "bl") || porter_ends(w, n, "iz"))
        return porter_put(w, n, "e");
    if (porter_double_consonant(w, n)) {
        char last = w[n - 1];
        return (last == 'l' || last == 's' || last == 'z') ? n : n - 1;
    }
    if (porter_measure(w, n) == 1 && porter_cvc(w, n)) return porter_put(w, n, "e");
    return n;
}

static Length porter_step1c(char *w, Length n) {
    if (n > 2 && w[n - 1] == 'y' && porter_consonant(w, n - 2)) w[n - 1] = 'i';
    return n;
}

typedef struct {
    const char *suffix, *replacement;
} PorterRule;

static const PorterRule PORTER_STEP2[] = {
    {"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"},  {"anci", "ance"},
    {"izer", "ize"},    {"bli", "ble"},     {"alli", "al"},    {"entli", "ent"},
    {"eli", "e"},       {"ousli", "ous"},   {"ization", "ize"}, {"ation", "ate"},
    {"ator", "ate"},    {"alism", "al"},    {"iveness", "ive"}, {"fulness", "ful"},
    {"ousness", "ous"}, {"aliti", "al"},    {"iviti", "ive"},  {"biliti", "ble"},
    {"fulli", "ful"},   {"logi", "log"},    {NULL, NULL},
};

static const PorterRule PORTER_STEP3[] = {
    {"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"},
    {"ical", "ic"},  {"ful", ""},   {"ness", ""},    {NULL, NULL},
};

static const char *const PORTER_STEP4[] = {
    "al",  "ance", "ence", "er", "ic",  "able", "ible", "ant", "ement", "ment",
    "ent", "ion",  "ou",   "ism", "ate", "iti",  "ous",  "ive", "ize",   NULL,
};

static Length porter_step2(char *w, Length n) {
    while (porter_ends(w, n, "alli") && porter_measure(w, n - 4) > 0) n -= 2;
    for (const PorterRule *rule = PORTER_STEP2; rule->suffix != NULL; rule++) {
        if (!porter_ends(w, n, rule->suffix)) continue;
        Length stem = n - (Length)strlen(rule->suffix);
        /* NLTK measures logi's stem with its l. */
        Length measured = strcmp(rule->suffix, "logi") == 0 ? n - 3 : stem;
        return porter_measure(w, measured) > 0 ? porter_put(w, stem, rule->replacement) : n;
    }
    return n;
}

static Length porter_step3(char *w, Length n) {
    for (const PorterRule *rule = PORTER_STEP3; rule->suffix != NULL; rule++) {
        if (!porter_ends(w, n, rule->suffix)) continue;
        Length stem = n - (Length)strlen(rule->suffix);
        return porter_measure(w, stem) > 0 ? porter_put(w, stem, rule->replacement) : n;
    }
    return n;
}

static Length porter_step4(char *w, Length n) {
    for (const char *const *suffix = PORTER_STEP4; *suffix != NULL; suffix++) {
        if (!porter_ends(w, n, *suffix)) continue;
        Length stem = n - (Length)strlen(*suffix);
        int kept = porter_measure(w, stem) > 1 &&
                   (strcmp(*suffix, "ion") != 0 || w[stem - 1] == 's' || w[stem - 1] == 't');
        return kept ? stem : n;
    }
    return n;
}

static Length porter_step5(char *w, Length n) {
    if (porter_ends(w, n, "e")) {
        Length m = porter_measure(w, n - 1);
        if (m > 1 || (m == 1 && !porter_cvc(w, n - 1))) n -= 1;
    }
    if (porter_ends(w, n, "ll") && porter_measure(w, n - 1) > 1) n -= 1;
    return n;
}

static const char *const PORTER_IRREGULAR[][2] = {
    {"sky", "sky"},          {"skies", "sky"},         {"dying", "die"},
    {"lying", "lie"},        {"tying", "tie"},         {"news", "news"},
    {"innings", "inning"},   {"inning", "inning"},     {"outings", "outing"},
    {"outing", "outing"},    {"cannings", "canning"},  {"canning", "canning"},
    {"howe", "howe"},        {"proceed", "proceed"},   {"exceed", "exceed"},
    {"succeed", "succeed"},  {NULL, NULL},
};

/* Stems the n letters of w (with room for two more) in place; returns the stem's length. */
static Length porter_stem(char *w, Length n) {
    for (Length i = 0; PORTER_IRREGULAR[i][0] != NULL; i++) {
        const char *form = PORTER_IRREGULAR[i][0];
        if ((Length)strlen(form) == n && memcmp(w, form, (size_t)n) == 0)
            return porter_put(w, 0, PORTER_IRREGULAR[i][1]);
    }
    if (n <= 2) return n;
    n = porter_step1a(w, n);
    n = porter_step1b(w, n);
    n = porter_step1c(w, n);
    n = porter_step2(w, n);
    n = porter_step3(w, n);
    n = porter_step4(w, n);
    return porter_step5(w, n);
}

#endif
