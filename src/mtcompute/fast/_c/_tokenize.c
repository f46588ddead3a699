/* sacreBLEU's BLEU tokenizers (13a, intl, zh, char, none), compiled: each text's tokens in one
 * call, exactly those of the oracle in mtcompute/metrics/tokenizers.
 *
 * A text is read as code points, lowercased where asked (Python 3.11's str.lower(), sigma and
 * all), stripped at its end, cleaned of 13a's markup, then cut into tokens in one left-to-right
 * pass. The oracle applies its rules as regular-expression substitutions one after another; here
 * each character gets a class, and a character that a rule spaces out becomes a token of its own:
 *
 *   - whitespace ends a token;
 *   - an "isolated" character is always a token of its own: 13a's and zh's ASCII punctuation
 *     (not ' , - .), zh's Chinese characters, intl's symbols;
 *   - a separator (13a and zh: . and ,; intl: punctuation) is spaced out by rule B where the
 *     character before it is not a digit (13a and zh: 0-9; intl: a number) and is not itself a
 *     separator that rule B spaced out (its matches do not overlap); else by rule C where the
 *     character after it is not a digit and it is not the character after a separator that rule
 *     C matched without rule B. Before the first and after the last character, 13a has its padding
 *     space (not a digit), intl and zh nothing;
 *   - 13a's and zh's hyphen is a token where a digit precedes it.
 *
 * Inserted spaces are never digits nor separators, so they only ever stand where another
 * character that is neither stood (or beside a separator that rule B already spaced out): the
 * classes of the original characters decide every rule. The tests hold this against the oracle
 * and sacreBLEU on every code point and on every short string of the classes.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_tokenize_tables.h"

typedef uint32_t CodePoint;

enum Tokenizer { THIRTEEN_A, INTL, ZH, CHAR, NONE };

/* The classes of the cutting pass. */
enum Class { OTHER, WHITESPACE, ISOLATED, DIGIT, SEPARATOR, HYPHEN };

static inline uint8_t flags_of(CodePoint c) {
    return c < 0x110000 ? FLAG_BLOCKS[FLAG_INDEX[c >> 8]][c & 255] : 0;
}

static inline int is_whitespace(CodePoint c) { return (flags_of(c) & FLAG_WHITESPACE) != 0; }

/* A growable array of code points; one per role, reused for every text of a call. */
typedef struct {
    CodePoint *data;
    Py_ssize_t capacity;
} Buffer;

static int reserve(Buffer *buffer, Py_ssize_t size) {
    if (size <= buffer->capacity) {
        return 0;
    }
    Py_ssize_t capacity = size < 256 ? 256 : size + size / 2;
    CodePoint *data = PyMem_Realloc(buffer->data, (size_t)capacity * sizeof(CodePoint));
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    buffer->data = data;
    buffer->capacity = capacity;
    return 0;
}

/* The text's code points into ``out``; its length, or -1. */
static Py_ssize_t read_text(PyObject *text, Buffer *out) {
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (reserve(out, length + 1) < 0) {
        return -1;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    if (kind == PyUnicode_4BYTE_KIND) {
        memcpy(out->data, data, (size_t)length * sizeof(CodePoint));
    } else if (kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *from = data;
        for (Py_ssize_t i = 0; i < length; i++) {
            out->data[i] = from[i];
        }
    } else {
        const Py_UCS1 *from = data;
        for (Py_ssize_t i = 0; i < length; i++) {
            out->data[i] = from[i];
        }
    }
    return length;
}

/* ---- lowercasing: Python 3.11's str.lower() ---- */

static inline Py_ssize_t lowercase_count(void) {
    return (Py_ssize_t)(sizeof(LOWERCASE_FROM) / sizeof(LOWERCASE_FROM[0]));
}

static CodePoint lowercase_of(CodePoint c) {
    Py_ssize_t low = 0, high = lowercase_count();
    while (low < high) {
        Py_ssize_t middle = (low + high) / 2;
        if (LOWERCASE_FROM[middle] < c) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low < lowercase_count() && LOWERCASE_FROM[low] == c ? LOWERCASE_TO[low] : c;
}

/* Whether the capital sigma at text[at] is final: a cased letter before it, none after it,
 * case-ignorable code points passed over (CPython's handle_capital_sigma). */
static int is_final_sigma(const CodePoint *text, Py_ssize_t length, Py_ssize_t at) {
    Py_ssize_t before = at - 1;
    while (before >= 0 && (flags_of(text[before]) & FLAG_CASE_IGNORABLE)) {
        before--;
    }
    if (before < 0 || !(flags_of(text[before]) & FLAG_CASED)) {
        return 0;
    }
    Py_ssize_t after = at + 1;
    while (after < length && (flags_of(text[after]) & FLAG_CASE_IGNORABLE)) {
        after++;
    }
    return after == length || !(flags_of(text[after]) & FLAG_CASED);
}

/* ``text`` lowercased into ``out`` (U+0130 takes two code points); its length, or -1. */
static Py_ssize_t lowercase(const CodePoint *text, Py_ssize_t length, Buffer *out) {
    if (reserve(out, 2 * length + 1) < 0) {
        return -1;
    }
    CodePoint *to = out->data;
    Py_ssize_t written = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        CodePoint c = text[i];
        if (c < 128) {
            to[written++] = (c >= 'A' && c <= 'Z') ? c + 32 : c;
        } else if (!(flags_of(c) & FLAG_LOWERCASE)) {
            to[written++] = c;
        } else if (c == 0x3A3) {
            to[written++] = is_final_sigma(text, length, i) ? 0x3C2 : 0x3C3;
        } else if (c == 0x130) {
            to[written++] = 'i';
            to[written++] = 0x307;
        } else {
            to[written++] = lowercase_of(c);
        }
    }
    return written;
}

/* ---- 13a's markup ---- */

static int starts_with(const CodePoint *text, Py_ssize_t length, const char *ascii) {
    Py_ssize_t i = 0;
    for (; ascii[i] != '\0'; i++) {
        if (i >= length || text[i] != (CodePoint)(unsigned char)ascii[i]) {
            return 0;
        }
    }
    return 1;
}

/* str.replace(pattern, replacement) in place, where the replacement (NUL: none) is shorter than
 * the ASCII pattern; the new length. */
static Py_ssize_t replace(CodePoint *text, Py_ssize_t length, const char *pattern,
                          CodePoint replacement) {
    Py_ssize_t size = (Py_ssize_t)strlen(pattern), written = 0, i = 0;
    CodePoint first = (CodePoint)(unsigned char)pattern[0];
    while (i < length) {
        if (text[i] == first && starts_with(text + i, length - i, pattern)) {
            if (replacement != 0) {
                text[written++] = replacement;
            }
            i += size;
        } else {
            text[written++] = text[i++];
        }
    }
    return written;
}

static Py_ssize_t clean_markup(CodePoint *text, Py_ssize_t length) {
    int angle = 0, newline = 0, ampersand = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        CodePoint c = text[i];
        angle |= c == '<';
        newline |= c == '\n';
        ampersand |= c == '&';
    }
    if (angle) { /* removing never makes a character: the others' flags stay right */
        length = replace(text, length, "<skipped>", 0);
    }
    if (newline) {
        length = replace(text, length, "-\n", 0);
        for (Py_ssize_t i = 0; i < length; i++) {
            if (text[i] == '\n') {
                text[i] = ' ';
            }
        }
    }
    if (ampersand) {
        length = replace(text, length, "&quot;", '"');
        length = replace(text, length, "&amp;", '&');
        length = replace(text, length, "&lt;", '<');
        length = replace(text, length, "&gt;", '>');
    }
    return length;
}

/* ---- classes ---- */

/* ASCII punctuation but ' , - . : spaced out by 13a's and zh's first rule. */
static int is_isolated_ascii(CodePoint c) {
    return (c >= '!' && c <= '&') || (c >= '(' && c <= '+') || c == '/' || (c >= ':' && c <= '@') ||
           (c >= '[' && c <= '`') || (c >= '{' && c <= '~');
}

static enum Class western_class(CodePoint c, int chinese) {
    if (c < 128) {
        if (c >= '0' && c <= '9') {
            return DIGIT;
        }
        if (c == '.' || c == ',') {
            return SEPARATOR;
        }
        if (c == '-') {
            return HYPHEN;
        }
        if (is_isolated_ascii(c)) {
            return ISOLATED;
        }
        return is_whitespace(c) ? WHITESPACE : OTHER;
    }
    uint8_t flags = flags_of(c);
    if (flags & FLAG_WHITESPACE) {
        return WHITESPACE;
    }
    return (chinese && (flags & FLAG_CHINESE)) ? ISOLATED : OTHER;
}

static enum Class intl_class(CodePoint c) {
    uint8_t flags = flags_of(c);
    if (flags & FLAG_WHITESPACE) {
        return WHITESPACE;
    }
    if (flags & FLAG_NUMBER) {
        return DIGIT;
    }
    if (flags & FLAG_PUNCTUATION) {
        return SEPARATOR;
    }
    return (flags & FLAG_SYMBOL) ? ISOLATED : OTHER;
}

static enum Class class_of_any(enum Tokenizer tokenizer, CodePoint c) {
    switch (tokenizer) {
    case THIRTEEN_A:
        return western_class(c, 0);
    case ZH:
        return western_class(c, 1);
    case INTL:
        return intl_class(c);
    case CHAR:
        return is_whitespace(c) ? WHITESPACE : ISOLATED;
    default:
        return is_whitespace(c) ? WHITESPACE : OTHER;
    }
}

/* The classes of the ASCII characters, per tokenizer: filled when the module loads. */
static uint8_t ASCII_CLASSES[5][128];

static void fill_ascii_classes(void) {
    for (int tokenizer = 0; tokenizer < 5; tokenizer++) {
        for (CodePoint c = 0; c < 128; c++) {
            ASCII_CLASSES[tokenizer][c] = (uint8_t)class_of_any((enum Tokenizer)tokenizer, c);
        }
    }
}

static inline enum Class class_of(enum Tokenizer tokenizer, CodePoint c) {
    return c < 128 ? (enum Class)ASCII_CLASSES[tokenizer][c] : class_of_any(tokenizer, c);
}

/* ---- cutting: a text into the spans of its tokens ---- */

typedef struct {
    Py_ssize_t start;
    Py_ssize_t length;
} Span;

/* A growable array of spans, reused for every text of a call. */
typedef struct {
    Span *data;
    uint8_t *classes; /* the cutting pass's work: a class per code point, and a sentinel */
    Py_ssize_t ascii_length; /* an ASCII line's length, its trailing whitespace included */
    Py_ssize_t capacity;
    Py_ssize_t count;
} Spans;

/* Room for the spans of a text of ``length`` code points: at most one token per code point. */
static int reserve_spans(Spans *spans, Py_ssize_t length) {
    spans->count = 0;
    if (length + 1 <= spans->capacity) {
        return 0;
    }
    Py_ssize_t capacity = length + 1 < 256 ? 256 : length + 1 + length / 2;
    Span *data = PyMem_Realloc(spans->data, (size_t)capacity * sizeof(Span));
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    spans->data = data;
    uint8_t *classes = PyMem_Realloc(spans->classes, (size_t)capacity);
    if (classes == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    spans->classes = classes;
    spans->capacity = capacity;
    return 0;
}

static inline void push_span(Spans *spans, Py_ssize_t start, Py_ssize_t length) {
    spans->data[spans->count].start = start;
    spans->data[spans->count].length = length;
    spans->count++;
}

/* Whether the separator at text[at] gets spaces by rule B, by rule C, or neither; ``state``
 * carries the rules' verdicts on the previous separator. */
typedef struct {
    int b;       /* rule B spaced out the separator */
    int c_alone; /* rule C matched it, rule B did not */
} SeparatorState;

/* Cuts a text of ``length`` code points, whose classes ``spans`` holds, into the spans of its
 * tokens. */
static void cut_classes(Py_ssize_t length, int padded, Spans *spans) {
    const uint8_t *classes = spans->classes;
    spans->classes[length] = WHITESPACE; /* a sentinel: runs stop there */
    Py_ssize_t start = -1, i = 0;
    enum Class previous = WHITESPACE;
    SeparatorState last = {0, 0};
    while (i < length) {
        enum Class current = (enum Class)classes[i];
        if (current == OTHER || current == DIGIT) { /* a run of them is inside a token */
            if (start < 0) {
                start = i;
            }
            do {
                i++;
            } while (classes[i] == OTHER || classes[i] == DIGIT);
            previous = (enum Class)classes[i - 1];
            continue;
        }
        int alone = current == ISOLATED;
        if (current == SEPARATOR) {
            int b = i > 0 ? previous != DIGIT && !(previous == SEPARATOR && last.b) : padded;
            int taken = i > 0 && previous == SEPARATOR && last.c_alone;
            int c = !b && !taken && (i + 1 < length ? classes[i + 1] != DIGIT : padded);
            last.b = b;
            last.c_alone = c;
            alone = b || c;
        } else if (current == HYPHEN) {
            alone = i > 0 && previous == DIGIT;
        }
        if (current == WHITESPACE || alone) {
            if (start >= 0) {
                push_span(spans, start, i - start);
            }
            start = -1;
            if (alone) {
                push_span(spans, i, 1);
            }
        } else if (start < 0) {
            start = i;
        }
        previous = current;
        i++;
    }
    if (start >= 0) {
        push_span(spans, start, length - start);
    }
}

/* Cuts text[0:length) into the spans of its tokens (``spans`` has room for them, and for the
 * classes of the text's code points); ``padded``: 13a's space before and after the line. */
static void cut(enum Tokenizer tokenizer, const CodePoint *text, Py_ssize_t length, int padded,
                Spans *spans) {
    uint8_t *classes = spans->classes;
    for (Py_ssize_t i = 0; i < length; i++) {
        classes[i] = (uint8_t)class_of(tokenizer, text[i]);
    }
    cut_classes(length, padded, spans);
}

/* ``cut`` of ASCII text. */
static void cut_ascii(enum Tokenizer tokenizer, const Py_UCS1 *text, Py_ssize_t length,
                      int padded, Spans *spans) {
    uint8_t *classes = spans->classes;
    const uint8_t *table = ASCII_CLASSES[tokenizer];
    for (Py_ssize_t i = 0; i < length; i++) {
        classes[i] = table[text[i]];
    }
    cut_classes(length, padded, spans);
}
/* The buffers of one text's reading: its code points and their lowercase. */
typedef struct {
    Buffer read;
    Buffer lowered;
} Reading;

static void reading_free(Reading *reading) {
    PyMem_Free(reading->read.data);
    PyMem_Free(reading->lowered.data);
}

/* Reads, lowercases, strips and cleans ``text`` as the tokenizer has it, then cuts it into
 * ``spans``; the line the spans index into (inside ``reading``), or NULL with an error set. */
static const CodePoint *read_and_cut(PyObject *text, enum Tokenizer tokenizer, int lowercased,
                                     Reading *reading, Spans *spans) {
    Py_ssize_t length = read_text(text, &reading->read);
    if (length < 0) {
        return NULL;
    }
    CodePoint *line = reading->read.data;
    if (lowercased) {
        length = lowercase(line, length, &reading->lowered);
        if (length < 0) {
            return NULL;
        }
        line = reading->lowered.data;
    }
    while (length > 0 && is_whitespace(line[length - 1])) {
        length--;
    }
    if (tokenizer == THIRTEEN_A) {
        length = clean_markup(line, length);
    } else if (tokenizer == ZH) {
        while (length > 0 && is_whitespace(line[0])) {
            line++;
            length--;
        }
    }
    if (reserve_spans(spans, length) < 0) {
        return NULL;
    }
    cut(tokenizer, line, length, tokenizer == THIRTEEN_A, spans);
    return line;
}

/* FNV-1a over the code points of a token. */
static inline uint64_t span_hash(const CodePoint *text, Py_ssize_t length) {
    uint64_t hash = 0xCBF29CE484222325ULL;
    for (Py_ssize_t i = 0; i < length; i++) {
        hash = (hash ^ text[i]) * 0x100000001B3ULL;
    }
    return hash;
}

/* ---- tokens as str: one str per distinct token of a call ---- */

static PyObject *new_token(const CodePoint *text, Py_ssize_t length) {
    CodePoint bits = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        bits |= text[i];
    }
    if (bits < 256) {
        PyObject *made = PyUnicode_New(length, bits < 128 ? 127 : 255);
        if (made != NULL) {
            Py_UCS1 *to = PyUnicode_1BYTE_DATA(made);
            for (Py_ssize_t i = 0; i < length; i++) {
                to[i] = (Py_UCS1)text[i];
            }
        }
        return made;
    }
    /* The widest code point sets the kind: the OR of all bounds it from above by a power of two
     * minus one, which is what the kind needs. */
    if (bits < 65536) {
        Py_UCS4 widest = 0;
        for (Py_ssize_t i = 0; i < length; i++) {
            widest = text[i] > widest ? text[i] : widest;
        }
        PyObject *made = PyUnicode_New(length, widest);
        if (made != NULL) {
            Py_UCS2 *to = PyUnicode_2BYTE_DATA(made);
            for (Py_ssize_t i = 0; i < length; i++) {
                to[i] = (Py_UCS2)text[i];
            }
        }
        return made;
    }
    return PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, text, length);
}

typedef struct {
    PyObject *token; /* borrowed: the result's lists hold it; NULL in an empty slot */
    uint64_t hash;
} StrSlot;

/* The tokens a call made lately, by hash, so that a repeated token is one str: a small
 * direct-mapped table, which stays in the processor's caches, as do the strs of the frequent
 * tokens that it keeps (a rare token is made anew and takes the slot). */
#define RECENT_TOKENS 2048
/* A call of fewer texts than this keeps fewer: its table is made and zeroed in no time. */
#define FEW_TEXTS 64
#define FEW_RECENT_TOKENS 256

typedef struct {
    StrSlot *slots;
    size_t mask;
} StrTable;

static int same_token(PyObject *token, const CodePoint *text, Py_ssize_t length) {
    if (PyUnicode_GET_LENGTH(token) != length) {
        return 0;
    }
    int kind = PyUnicode_KIND(token);
    const void *data = PyUnicode_DATA(token);
    if (kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *from = data;
        for (Py_ssize_t i = 0; i < length; i++) {
            if (from[i] != text[i]) {
                return 0;
            }
        }
        return 1;
    }
    for (Py_ssize_t i = 0; i < length; i++) {
        if (PyUnicode_READ(kind, data, i) != text[i]) {
            return 0;
        }
    }
    return 1;
}

/* A new reference to the str of text[0:length): a recent one where there is one. */
static PyObject *token_of(StrTable *table, const CodePoint *text, Py_ssize_t length) {
    uint64_t hash = span_hash(text, length);
    StrSlot *slot = &table->slots[(hash ^ (hash >> 32)) & table->mask];
    if (slot->token != NULL && slot->hash == hash && same_token(slot->token, text, length)) {
        return Py_NewRef(slot->token);
    }
    PyObject *made = new_token(text, length);
    if (made != NULL) {
        slot->token = made;
        slot->hash = hash;
    }
    return made;
}

/* ---- ASCII texts: read in place, their tokens keyed by their bytes ---- */

typedef struct {
    PyObject *token; /* borrowed, as in StrSlot */
    uint64_t key;
} AsciiSlot;

/* The recent ASCII tokens of a call. A token of up to 8 bytes is keyed by those bytes, with its
 * length in the top bits of the first four (ASCII leaves them 0): equal keys, equal tokens. A
 * longer one by a hash with the top bit set, which no short token's key has. */
typedef struct {
    AsciiSlot *slots;
    size_t mask;
} AsciiTable;

/* splitmix64's finalizer: every bit moves every other. */
static inline uint64_t mix64(uint64_t bits) {
    bits = (bits ^ (bits >> 30)) * 0xBF58476D1CE4E5B9ULL;
    bits = (bits ^ (bits >> 27)) * 0x94D049BB133111EBULL;
    return bits ^ (bits >> 31);
}

#define LONG_ASCII_TOKEN ((uint64_t)1 << 63)

/* The key of text[0:length), which lies before ``end``. */
static inline uint64_t ascii_key(const Py_UCS1 *text, Py_ssize_t length, const Py_UCS1 *end) {
    uint64_t key = 0;
    if (length <= 8) {
        if (end - text >= 8) { /* one load, no byte stores to wait for */
            memcpy(&key, text, 8);
            key &= length == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * length)) - 1);
        } else {
            for (Py_ssize_t i = 0; i < length; i++) {
                key |= (uint64_t)text[i] << (8 * i);
            }
        }
        uint64_t size = (uint64_t)length;
        return key | ((size & 1) << 7) | ((size & 2) << 14) | ((size & 4) << 21) |
               ((size & 8) << 28);
    }
    memcpy(&key, text, 8);
    uint64_t hash = mix64(key ^ (uint64_t)length);
    for (Py_ssize_t i = 8; i < length; i++) {
        hash = (hash ^ text[i]) * 0x100000001B3ULL;
    }
    return hash | LONG_ASCII_TOKEN;
}

static PyObject *ascii_token_of(AsciiTable *table, const Py_UCS1 *text, Py_ssize_t length,
                                const Py_UCS1 *end) {
    uint64_t key = ascii_key(text, length, end);
    uint64_t hash = mix64(key);
    AsciiSlot *slot = &table->slots[hash & table->mask];
    if (slot->token != NULL && slot->key == key &&
        (!(key & LONG_ASCII_TOKEN) ||
         (PyUnicode_GET_LENGTH(slot->token) == length &&
          memcmp(PyUnicode_1BYTE_DATA(slot->token), text, (size_t)length) == 0))) {
        return Py_NewRef(slot->token);
    }
    PyObject *made = PyUnicode_New(length, 127);
    if (made != NULL) {
        memcpy(PyUnicode_1BYTE_DATA(made), text, (size_t)length);
        slot->token = made;
        slot->key = key;
    }
    return made;
}

/* A growable array of bytes: an ASCII text lowercased. */
typedef struct {
    Py_UCS1 *data;
    Py_ssize_t capacity;
} Bytes;

/* Where ``text`` is ASCII and free of what 13a's markup cleaning would change, reads it in
 * place (or lowercased into ``lowered``), strips and cuts it into ``spans``; the line the spans
 * index into. NULL with no error set where the text takes the general way, with one on failure.
 */
static const Py_UCS1 *read_and_cut_ascii(PyObject *text, enum Tokenizer tokenizer,
                                         int lowercased, Bytes *lowered, Spans *spans) {
    if (!PyUnicode_IS_ASCII(text)) {
        return NULL;
    }
    const Py_UCS1 *line = PyUnicode_1BYTE_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Py_ssize_t full_length = length;
    if (tokenizer == THIRTEEN_A && (memchr(line, '<', (size_t)length) != NULL ||
                                    memchr(line, '\n', (size_t)length) != NULL ||
                                    memchr(line, '&', (size_t)length) != NULL)) {
        return NULL;
    }
    const Py_UCS1 *start = line;
    if (lowercased) {
        if (length + 1 > lowered->capacity) {
            Py_ssize_t capacity = length + 1 < 256 ? 256 : length + 1 + length / 2;
            Py_UCS1 *data = PyMem_Realloc(lowered->data, (size_t)capacity);
            if (data == NULL) {
                PyErr_NoMemory();
                return NULL;
            }
            lowered->data = data;
            lowered->capacity = capacity;
        }
        for (Py_ssize_t i = 0; i < length; i++) {
            Py_UCS1 c = line[i];
            lowered->data[i] = (c >= 'A' && c <= 'Z') ? (Py_UCS1)(c + 32) : c;
        }
        line = start = lowered->data;
    }
    while (length > 0 && is_whitespace(line[length - 1])) {
        length--;
    }
    if (tokenizer == ZH) {
        while (length > 0 && is_whitespace(line[0])) {
            line++;
            length--;
        }
    }
    if (reserve_spans(spans, length) < 0) {
        return NULL;
    }
    cut_ascii(tokenizer, line, length, tokenizer == THIRTEEN_A, spans);
    spans->ascii_length = full_length - (line - start);
    return line;
}

/* The tables and buffers of one tokenize_many call. */
typedef struct {
    Reading reading;
    Bytes lowered;
    Spans spans;
    StrTable strs;
    AsciiTable asciis;
} Tokenizing;

static void tokenizing_free(Tokenizing *work) {
    PyMem_Free(work->strs.slots);
    PyMem_Free(work->asciis.slots);
    reading_free(&work->reading);
    PyMem_Free(work->lowered.data);
    PyMem_Free(work->spans.data);
    PyMem_Free(work->spans.classes);
    PyMem_Free(work);
}

/* The work of a call of ``count`` texts, or NULL with an error set. */
static Tokenizing *tokenizing_new(Py_ssize_t count) {
    Tokenizing *work = PyMem_Calloc(1, sizeof(Tokenizing));
    if (work == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t size = count < FEW_TEXTS ? FEW_RECENT_TOKENS : RECENT_TOKENS;
    work->strs.slots = PyMem_Calloc(size, sizeof(StrSlot));
    work->asciis.slots = PyMem_Calloc(size, sizeof(AsciiSlot));
    work->strs.mask = work->asciis.mask = size - 1;
    if (work->strs.slots == NULL || work->asciis.slots == NULL) {
        tokenizing_free(work);
        PyErr_NoMemory();
        return NULL;
    }
    return work;
}

/* The list of ``count`` tokens, each from ``make``. A list that holds only str cannot be part of
 * a reference cycle, so the garbage collector is told not to track it: 100,000 tracked lists would
 * make each collection that the build itself triggers walk every list made so far (3x the time of
 * the build, with the collector on as callers have it). */
#define TOKEN_LIST(make)                                                                          \
    do {                                                                                          \
        tokens = PyList_New(spans->count);                                                        \
        for (Py_ssize_t i = 0; tokens != NULL && i < spans->count; i++) {                         \
            PyObject *token = make;                                                               \
            if (token == NULL) {                                                                  \
                Py_CLEAR(tokens);                                                                 \
                break;                                                                            \
            }                                                                                     \
            PyList_SET_ITEM(tokens, i, token);                                                    \
        }                                                                                         \
        if (tokens != NULL) {                                                                     \
            PyObject_GC_UnTrack(tokens);                                                          \
        }                                                                                         \
    } while (0)

/* The tokens of one text, as a list. */
static PyObject *tokenize_text(PyObject *text, enum Tokenizer tokenizer, int lowercased,
                               Tokenizing *work) {
    Spans *spans = &work->spans;
    PyObject *tokens;
    const Py_UCS1 *ascii = read_and_cut_ascii(text, tokenizer, lowercased, &work->lowered, spans);
    if (ascii != NULL) {
        const Py_UCS1 *end = ascii + spans->ascii_length;
        TOKEN_LIST(ascii_token_of(&work->asciis, ascii + spans->data[i].start,
                                  spans->data[i].length, end));
        return tokens;
    }
    if (PyErr_Occurred()) {
        return NULL;
    }
    const CodePoint *line = read_and_cut(text, tokenizer, lowercased, &work->reading, spans);
    if (line == NULL) {
        return NULL;
    }
    TOKEN_LIST(token_of(&work->strs, line + spans->data[i].start, spans->data[i].length));
    return tokens;
}

static int tokenizer_named(PyObject *name, enum Tokenizer *tokenizer) {
    static const char *const names[] = {"13a", "intl", "zh", "char", "none"};
    const char *given = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    for (int i = 0; given != NULL && i < 5; i++) {
        if (strcmp(given, names[i]) == 0) {
            *tokenizer = (enum Tokenizer)i;
            return 0;
        }
    }
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError, "unknown tokenizer %R: expected one of 13a, intl, zh, char, none",
                 name);
    return -1;
}

/* Whether a str holds a lone surrogate (U+D800-U+DFFF), which no UTF-8 text can: one pass over
 * the code points of a text that is not Latin-1. */
static int has_surrogate(PyObject *text) {
    int kind = PyUnicode_KIND(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (kind == PyUnicode_2BYTE_KIND) {
        const Py_UCS2 *data = PyUnicode_2BYTE_DATA(text);
        unsigned found = 0;
        for (Py_ssize_t i = 0; i < length; i++) {
            found |= (data[i] & 0xF800u) == 0xD800u;
        }
        return found != 0;
    }
    if (kind == PyUnicode_4BYTE_KIND) {
        const Py_UCS4 *data = PyUnicode_4BYTE_DATA(text);
        unsigned found = 0;
        for (Py_ssize_t i = 0; i < length; i++) {
            found |= (data[i] & 0xFFFFF800u) == 0xD800u;
        }
        return found != 0;
    }
    return 0;
}

static int check_text(PyObject *text, const char *what, Py_ssize_t index) {
    if (PyUnicode_Check(text)) {
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "%s %zd is %.100s, not str", what, index,
                 Py_TYPE(text)->tp_name);
    return -1;
}

/* ``check_text``, and a ValueError for a lone surrogate: ``tokenize_unicode`` makes tokens only
 * of texts that UTF-8 can hold, so that its callers need no pass of their own to refuse them. */
static int check_unicode_text(PyObject *text, Py_ssize_t index) {
    if (check_text(text, "text", index) < 0) {
        return -1;
    }
    if (has_surrogate(text)) {
        PyErr_Format(PyExc_ValueError, "text %zd holds a lone surrogate", index);
        return -1;
    }
    return 0;
}

static PyObject *tokenize_texts(PyObject *const *args, Py_ssize_t nargs, int unicode_only) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "tokenize_many takes texts, a tokenizer and lowercase");
        return NULL;
    }
    enum Tokenizer tokenizer;
    int lowercased = PyObject_IsTrue(args[2]);
    if (lowercased < 0 || tokenizer_named(args[1], &tokenizer) < 0) {
        return NULL;
    }
    PyObject *texts = PySequence_Fast(args[0], "the texts must be a sequence of str");
    if (texts == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(texts);
    PyObject **items = PySequence_Fast_ITEMS(texts);
    Tokenizing *work = tokenizing_new(count);
    PyObject *result = work == NULL ? NULL : PyList_New(count);
    for (Py_ssize_t i = 0; result != NULL && i < count; i++) {
        int refused =
            unicode_only ? check_unicode_text(items[i], i) : check_text(items[i], "text", i);
        PyObject *tokens = refused < 0
                               ? NULL
                               : tokenize_text(items[i], tokenizer, lowercased, work);
        if (tokens == NULL) {
            Py_CLEAR(result);
            break;
        }
        PyList_SET_ITEM(result, i, tokens);
    }
    if (work != NULL) {
        tokenizing_free(work);
    }
    Py_DECREF(texts);
    return result;
}

static PyObject *tokenize_many(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return tokenize_texts(args, nargs, 0);
}

static PyObject *tokenize_unicode(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    return tokenize_texts(args, nargs, 1);
}

#include "_tokenize_ngrams.h"

/* Sentence-level lines compute doubles: only where they are evaluated as written. */
#include <float.h>
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define SENTENCE_LINES
#include "_exact.h"
#include "_fdlibm.h"
#include "_sentence_bleu.h"
#include "_tokenize_sentences.h"
#endif

static PyMethodDef methods[] = {
    {"tokenize_many", (PyCFunction)(void (*)(void))tokenize_many, METH_FASTCALL,
     "tokenize_many(texts, tokenizer, lowercase, /): each text's tokens as sacreBLEU's BLEU "
     "scores them."},
    {"tokenize_unicode", (PyCFunction)(void (*)(void))tokenize_unicode, METH_FASTCALL,
     "tokenize_unicode(texts, tokenizer, lowercase, /): tokenize_many, with a ValueError for a "
     "text that holds a lone surrogate."},
    {"corpus_statistics", (PyCFunction)(void (*)(void))corpus_statistics, METH_FASTCALL,
     "corpus_statistics(hypotheses, references, streams, tokenizer, lowercase, max_order, /)\n"
     "-> (matches, totals, hypothesis length, closest reference length)\n\n"
     "Corpus BLEU statistics of raw texts, each tokenized as sacreBLEU's BLEU does: the texts'\n"
     "tokens are counted as they are cut, never made into str. ``references`` holds each\n"
     "segment's reference texts, or with ``streams`` true the reference streams (one text per\n"
     "segment each, None for none)."},
#ifdef SENTENCE_LINES
    {"sentence_lines", (PyCFunction)(void (*)(void))sentence_lines, METH_FASTCALL,
     "sentence_lines(hypotheses, streams, tokenizer, lowercase, max_order, method, value, head,\n"
     "decimals, verbose, /) -> each segment's line\n\n"
     "Each segment's sentence BLEU (effective order; method 0 none, 1 floor with epsilon\n"
     "``value``, 2 exp) as sacreBLEU's -sl line: ``head``, the score to ``decimals``, and with\n"
     "``verbose`` the precisions, BP, ratio and lengths."},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "_tokenize", "sacreBLEU's BLEU tokenizers, compiled.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__tokenize(void) {
    fill_ascii_classes();
    PyObject *module = PyModule_Create(&module_definition);
    if (module != NULL && PyModule_AddStringConstant(module, "UNICODE_TABLES", UNICODE_TABLES) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
