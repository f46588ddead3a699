"""The contract of ``chrf-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import chrf as chrf_input
from mtcompute.contracts.inputs.chrf import LIMITS, ChrfRequest, score_request
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import text_corpus_input_hints
from mtcompute.contracts.validation.parser import RequestParser

OPTIONS = chrf_input.options(None)


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return chrf_input.input_schema(limits, OPTIONS)


def parser(limits: Limits) -> RequestParser[ChrfRequest]:
    """The request parser under ``limits``."""
    return chrf_input.parser(limits, OPTIONS)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        "chrf": fields.score("F of the summed statistics: a micro average."),
        "char_order": {"type": "integer", "minimum": 1, "maximum": 10},
        "beta": {"type": "integer", "minimum": 1, "maximum": 10},
        "eps_smoothing": {"type": "boolean"},
        "include_whitespace": {"type": "boolean"},
        "statistics": chrf_input.STATISTICS_SCHEMA,
        "segments": {"type": "array", "items": chrf_input.SEGMENT_SCHEMA},
    }
)

EXAMPLES = (
    Example(
        title=(
            "Segment 0 keeps its second reference; segment 1's reference `Hi!` has 3 "
            "characters, so its hypothesis counts are 0 at orders 4-6. 100 * chrf = "
            "67.07265448122703 is sacreBLEU's `CHRF().corpus_score` for this input."
        ),
        input={
            "hypotheses": ["The cat sat on the mat.", "Hello!"],
            "references": [["A cat was on a mat.", "The cat sat on a mat."], ["Hi!"]],
        },
        result={
            "chrf": 0.6707265448122703,
            "char_order": 6,
            "beta": 2,
            "eps_smoothing": False,
            "include_whitespace": False,
            "statistics": {
                "hypothesis": [24, 22, 20, 15, 14, 13],
                "reference": [19, 17, 15, 13, 12, 11],
                "matches": [17, 13, 11, 9, 7, 6],
            },
            "segments": [
                {
                    "chrf": 0.7142247563033849,
                    "reference_index": 1,
                    "hypothesis": [18, 17, 16, 15, 14, 13],
                    "reference": [16, 15, 14, 13, 12, 11],
                    "matches": [15, 13, 11, 9, 7, 6],
                },
                {
                    "chrf": 0.18518518518518517,
                    "reference_index": 0,
                    "hypothesis": [6, 5, 4, 0, 0, 0],
                    "reference": [3, 2, 1, 0, 0, 0],
                    "matches": [2, 0, 0, 0, 0, 0],
                },
            ],
        },
    ),
)

CONTRACT = Contract(
    id="chrf-compute",
    version="1.0.0",
    title="Chrf compute",
    summary=(
        "Compute exact chrF (character 6-gram F-beta, Popovic 2015) for hypothesis/reference "
        "segments, corpus and per segment."
    ),
    use_when=(
        "chrF score of a machine translation test set",
        "sentence-level chrF for every segment",
        "chrF equal to sacreBLEU's, from raw strings",
    ),
    supported=(
        "chrF score of a machine translation test set",
        "sentence-level chrF for every segment",
        "chrF equal to sacreBLEU's, from raw strings",
        "multiple references per segment, the best one kept per segment",
        "chrF++.py / NLTK-style averaging of per-order F-scores (eps_smoothing)",
        "other character orders and betas (chrF1, chrF3)",
        "chrF-Wert einer maschinellen Übersetzung berechnen",
    ),
    not_supported=(
        "word n-grams (chrF++): use chrf-plus-plus-compute",
        "lowercasing, case-insensitive matching or Unicode normalization (NFC, NFD)",
        "the whitespace rule of chrF++.py and torchmetrics (only U+0020 removed)",
        "a corpus score as the mean of sentence scores (NLTK `corpus_chrf`)",
        "non-integer beta, confidence intervals, significance tests",
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
            "U+FEFF are not whitespace. Unless include_whitespace is true, every whitespace code "
            "point is removed, wherever it is; with it, the text is used as given."
        ),
        (
            "The character n-grams of order n are the L - n + 1 runs of n consecutive code points "
            "of the remaining text of length L, with multiplicity; there are none when L < n. K = "
            "char_order."
        ),
        (
            "Statistics of the hypothesis against one reference, for n = 1..K: hypothesis_n is the "
            "number of hypothesis n-grams, **or 0 when the reference has no n-gram of order n**; "
            "reference_n is the number of reference n-grams; matches_n is the sum over distinct "
            "hypothesis n-grams g of min(count of g in the hypothesis, count of g in the "
            "reference)."
        ),
        (
            "F of statistics by default, in IEEE-754 doubles, orders taken n = 1..K, b = beta * "
            "beta: P = 0, R = 0, k = 0; for each n with hypothesis_n > 0 and reference_n > 0: P = "
            "P + matches_n / hypothesis_n, R = R + matches_n / reference_n, k = k + 1. If k = 0, F "
            "= 0. Else P = P / k, R = R / k; if P + R = 0, F = 0; else F = (((1 + b) * P) * R) / "
            "((b * P) + R). The key is 100 * F."
        ),
        (
            "F of statistics with eps_smoothing, same order and b, e = 1e-16: s = 0; for each n: p "
            "= matches_n / hypothesis_n if hypothesis_n > 0 else e; r = matches_n / reference_n if "
            "reference_n > 0 else e; d = b * p + r; s = s + ((((1 + b) * p) * r) / d if d > 0 else "
            "e). F = s / K; the key is (100 * s) / K."
        ),
        (
            "Each segment keeps its first reference with the largest key: the first reference wins "
            "ties, and a segment whose references all score 0 keeps reference 0. segments[i].chrf "
            "is that reference's F. Keys are compared on the 0-100 scale, not as F, so the choice "
            "is sacreBLEU's."
        ),
        (
            "statistics are the integer sums over segments of the kept statistics, and chrf is "
            "F(statistics): a micro average, not the mean of the segment scores."
        ),
        (
            "Empty and whitespace-only texts are valid: they score 0 by default and tiny values "
            '(5e-17 for `""` against `"abc"`) with eps_smoothing.'
        ),
        (
            "decimals (0-15) rounds chrf and every segments[i].chrf with Number.prototype.toFixed "
            "(nearest, computed on the exact binary value); omitted means full IEEE-754 double "
            "precision. Counts are exact integers."
        ),
        (
            "Scores are on the 0-1 scale. By default, 100 * chrf (unrounded) is bit for bit "
            "sacreBLEU 2.x `CHRF(char_order=K, word_order=0, beta=beta, "
            "whitespace=include_whitespace).corpus_score(...).score`, and 100 * segments[i].chrf "
            "its `sentence_score`. With eps_smoothing the statistics and kept references are the "
            "same and 100 * chrf is within 2 units in the last place of sacreBLEU's score "
            "(measured on 1,852 random corpora and millions of synthetic sums)."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def run(request: ChrfRequest) -> JsonObject:
    return score_request(request).to_dict()


TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    text_corpus_input_hints,
    remedy=remedies.of_texts("chrf-compute", "chrf-from-statistics"),
)
