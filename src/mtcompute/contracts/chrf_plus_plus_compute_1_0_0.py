"""The contract of ``chrf-plus-plus-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import chrf as chrf_input
from mtcompute.contracts.inputs.chrf import LIMITS, ChrfRequest, score_request
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import text_corpus_input_hints
from mtcompute.contracts.validation.parser import RequestParser

OPTIONS = chrf_input.options(
    {
        "type": "integer",
        "minimum": 1,
        "maximum": 2,
        "default": 2,
        "description": "Largest word n-gram order.",
    }
)


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return chrf_input.input_schema(limits, OPTIONS)


def parser(limits: Limits) -> RequestParser[ChrfRequest]:
    """The request parser under ``limits``."""
    return chrf_input.parser(limits, OPTIONS)


PARSER = parser(LIMITS)

_WORDS = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {
            "hypothesis": {"type": "array", "items": {"type": "string"}},
            "references": {
                "type": "array",
                "items": {"type": "array", "items": {"type": "string"}},
            },
        },
        "required": ["hypothesis", "references"],
        "additionalProperties": False,
    },
    "description": "Per segment, the word tokens scored (when return_words).",
}

OUTPUT_SCHEMA = fields.output_object(
    {
        "chrf": fields.score("F of the summed statistics: a micro average."),
        "char_order": {"type": "integer", "minimum": 1, "maximum": 10},
        "word_order": {"type": "integer", "minimum": 1, "maximum": 2},
        "beta": {"type": "integer", "minimum": 1, "maximum": 10},
        "eps_smoothing": {"type": "boolean"},
        "include_whitespace": {"type": "boolean"},
        "statistics": chrf_input.STATISTICS_SCHEMA,
        "segments": {"type": "array", "items": chrf_input.SEGMENT_SCHEMA},
        "words": _WORDS,
    },
    optional=("words",),
)

EXAMPLES = (
    Example(
        title=(
            "`(yet)!` loses only its last character, and the second reference is kept. 100 * "
            "chrf = 64.39480775110738 is sacreBLEU's `CHRF(word_order=2).corpus_score` for "
            "this input."
        ),
        input={
            "hypotheses": ["Don't stop (yet)!"],
            "references": [["Do not stop yet!", "Don't stop yet!"]],
        },
        result={
            "chrf": 0.6439480775110737,
            "char_order": 6,
            "word_order": 2,
            "beta": 2,
            "eps_smoothing": False,
            "include_whitespace": False,
            "statistics": {
                "hypothesis": [15, 14, 13, 12, 11, 10, 4, 3],
                "reference": [13, 12, 11, 10, 9, 8, 4, 3],
                "matches": [13, 10, 8, 6, 5, 4, 3, 1],
            },
            "segments": [
                {
                    "chrf": 0.6439480775110737,
                    "reference_index": 1,
                    "hypothesis": [15, 14, 13, 12, 11, 10, 4, 3],
                    "reference": [13, 12, 11, 10, 9, 8, 4, 3],
                    "matches": [13, 10, 8, 6, 5, 4, 3, 1],
                }
            ],
            "words": [
                {
                    "hypothesis": ["Don't", "stop", "(yet)", "!"],
                    "references": [
                        ["Do", "not", "stop", "yet", "!"],
                        ["Don't", "stop", "yet", "!"],
                    ],
                }
            ],
        },
    ),
)

CONTRACT = Contract(
    id="chrf-plus-plus-compute",
    version="1.0.0",
    title="Chrf plus plus compute",
    summary=(
        "Compute exact chrF++ (character 6-grams plus word 1-2-grams, Popovic 2017) with the word "
        "tokens it scored."
    ),
    use_when=(
        "chrF++ score of a machine translation test set",
        "sentence-level chrF++ with the word tokens it scored",
        "chrF++ equal to sacreBLEU's CHRF(word_order=2)",
    ),
    supported=(
        "chrF++ score of a machine translation test set",
        "sentence-level chrF++ with the word tokens it scored",
        "chrF++ equal to sacreBLEU's CHRF(word_order=2)",
        "chrF+ (word unigrams only) with word_order 1",
        "chrF++.py / NLTK-style averaging of per-order F-scores (eps_smoothing)",
        "multiple references per segment, the best one kept per segment",
        "calculer le score chrF++ d'une traduction automatique",
    ),
    not_supported=(
        "chrF without word n-grams: use chrf-compute",
        "word orders above 2, other word tokenizers, splitting non-ASCII punctuation",
        "lowercasing, case-insensitive matching or Unicode normalization (NFC, NFD)",
        "the whitespace rule of chrF++.py and torchmetrics (only U+0020 removed)",
        "a corpus score as the mean of sentence scores, non-integer beta, significance tests",
    ),
    behavior=(
        (
            "hypotheses[i] is the text of segment i and references[i] lists its 1 to 8 reference "
            "texts. A text is a sequence of Unicode code points, not UTF-16 units; code points are "
            "compared as given."
        ),
        (
            "Whitespace is exactly these 29 code points (Python's `str.isspace()`): U+0009, "
            "U+000A, U+000B, U+000C, U+000D, U+001C, U+001D, U+001E, U+001F, U+0020, U+0085, "
            "U+00A0, U+1680, U+2000, U+2001, U+2002, U+2003, U+2004, U+2005, U+2006, U+2007, "
            "U+2008, U+2009, U+200A, U+2028, U+2029, U+202F, U+205F, U+3000. U+180E, U+200B and "
            "U+FEFF are not whitespace."
        ),
        (
            "Character n-grams: unless include_whitespace is true, every whitespace code point is "
            "removed, wherever it is. The n-grams of order n are the L - n + 1 runs of n "
            "consecutive code points of the remaining text of length L, with multiplicity; none "
            "when L < n."
        ),
        (
            "Words, from the text as given (include_whitespace does not apply): split on maximal "
            "runs of whitespace, dropping empty pieces. For each word w, counted in code points: "
            "if w has one code point, the token is w; else if its last code point is in P, the "
            "tokens are w without it, then it; else if its first code point is in P, the tokens "
            "are it, then the rest; else the token is w. P is the 32 ASCII characters `` "
            "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ `` (U+0021-U+002F, U+003A-U+0040, U+005B-U+0060, "
            "U+007B-U+007E). At most one code point is split off: `(hi)` gives `(hi`, `)`; `U.S.` "
            "gives `U.S`, `.`; `don't` and `«a»` stay whole."
        ),
        (
            "Word n-grams of order n are the runs of n consecutive tokens, compared as token "
            "sequences. K = char_order + word_order: orders 1..char_order are character orders, "
            "then word orders 1..word_order."
        ),
        (
            "Statistics of the hypothesis against one reference, for each of the K orders: "
            "hypothesis_n is the number of hypothesis n-grams, **or 0 when the reference has no "
            "n-gram of that order**; reference_n is the number of reference n-grams; matches_n is "
            "the sum over distinct hypothesis n-grams g of min(count of g in the hypothesis, count "
            "of g in the reference)."
        ),
        (
            "F of statistics by default, in IEEE-754 doubles, the K orders in array order, b = "
            "beta * beta: P = 0, R = 0, k = 0; for each order with hypothesis_n > 0 and "
            "reference_n > 0: P = P + matches_n / hypothesis_n, R = R + matches_n / reference_n, k "
            "= k + 1. If k = 0, F = 0. Else P = P / k, R = R / k; if P + R = 0, F = 0; else F = "
            "(((1 + b) * P) * R) / ((b * P) + R). The key is 100 * F."
        ),
        (
            "F of statistics with eps_smoothing, same order and b, e = 1e-16: s = 0; for each "
            "order: p = matches_n / hypothesis_n if hypothesis_n > 0 else e; r = matches_n / "
            "reference_n if reference_n > 0 else e; d = b * p + r; s = s + ((((1 + b) * p) * r) / "
            "d if d > 0 else e). F = s / K; the key is (100 * s) / K."
        ),
        (
            "Each segment keeps its first reference with the largest key: the first reference wins "
            "ties, and a segment whose references all score 0 keeps reference 0. segments[i].chrf "
            "is that reference's F. Keys are compared on the 0-100 scale, not as F, so the choice "
            "is sacreBLEU's."
        ),
        (
            "statistics are the integer sums over segments of the kept statistics, and chrf is "
            "F(statistics): a micro average, not the mean of the segment scores. Empty and "
            "whitespace-only texts are valid."
        ),
        (
            "decimals (0-15) rounds chrf and every segments[i].chrf with Number.prototype.toFixed "
            "(nearest, computed on the exact binary value); omitted means full IEEE-754 double "
            "precision. Counts are exact integers."
        ),
        (
            "Scores are on the 0-1 scale. By default, 100 * chrf (unrounded) is bit for bit "
            "sacreBLEU 2.x `CHRF(char_order, word_order, beta, "
            "whitespace=include_whitespace).corpus_score(...).score`, and 100 * segments[i].chrf "
            "its `sentence_score`; the words are what its `CHRF._remove_punctuation` returns. With "
            "eps_smoothing the statistics and kept references are the same and 100 * chrf is "
            "within 2 units in the last place of sacreBLEU's score (measured on 1,852 random "
            "corpora and millions of synthetic sums)."
        ),
        (
            "Peers: with eps_smoothing, chrF++.py gives the same values except for whitespace "
            "other than U+0020 (it removes only spaces) and for segments whose references all "
            "score 0 (it crashes or reuses the previous segment's statistics). sacrebleu-mojo also "
            "splits non-ASCII punctuation (`«Bonjour»`). torchmetrics removes only U+0020, "
            "computes in float32, skips the zeroing rule and drops the reference n-grams of "
            "zero-scoring segments (torchmetrics#3480)."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def run(request: ChrfRequest) -> JsonObject:
    return score_request(request).to_dict()


def words_bytes(raw: object) -> int:
    """An upper bound of the returned words' JSON bytes for a raw input: a word of one byte
    between spaces (2 bytes of text) is written as 4 bytes (``"a",``), and each text's list and
    key add fewer than 40 more."""
    if not isinstance(raw, dict) or raw.get("return_words") is not True:
        return 0
    texts = [text for text in _strings(raw.get("hypotheses")) if isinstance(text, str)]
    for references in raw.get("references") or ():
        texts += [text for text in _strings(references) if isinstance(text, str)]
    return sum(2 * len(text.encode("utf-8", "surrogatepass")) + 40 for text in texts)


def _strings(value: object) -> list[object]:
    return value if isinstance(value, list) else []


ANSWER_NOTE = (
    "The words returned take at most about twice the texts' bytes: up to about 2 MiB at this "
    "contract's limits. A server charges a request for that bound before it computes, and the "
    f"operations of a batch may answer {BATCH_ANSWER_BYTES // 2**20} MiB in all."
)

TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    text_corpus_input_hints,
    answer_bytes=words_bytes,
    answer_note=ANSWER_NOTE,
    remedy=remedies.of_texts("chrf-plus-plus-compute", "chrf-from-statistics"),
)
