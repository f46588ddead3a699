"""The contract of ``bleu-corpus-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import corpus as corpus_input
from mtcompute.contracts.inputs.corpus import CorpusRequest, decimals_of
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import token_corpus_input_hints
from mtcompute.contracts.validation.parser import RequestParser
from mtcompute.fast.bleu.corpus import corpus_statistics_fast
from mtcompute.metrics.bleu import BleuResult, score

LIMITS = corpus_input.LIMITS
MAX_ORDER = corpus_input.MAX_ORDER
OPTIONS = {"decimals": fields.decimals("bleu and brevity_penalty")}


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return corpus_input.input_schema(limits, OPTIONS)


BleuRequest = CorpusRequest[int | None]  # the option: decimals


def parser(limits: Limits) -> RequestParser[BleuRequest]:
    """The request parser under ``limits``."""
    return corpus_input.parser(limits, OPTIONS, decimals_of)


PARSER = parser(LIMITS)


def _count_list(minimum: int) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": 1,
        "maxItems": MAX_ORDER,
        "items": {"type": "integer", "minimum": minimum},
    }


OUTPUT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "bleu": {"type": "number", "minimum": 0, "maximum": 1},
        "brevity_penalty": {"type": "number", "minimum": 0, "maximum": 1},
        "candidate_length": {"type": "integer", "minimum": 0},
        "reference_length": {"type": "integer", "minimum": 0},
        "max_order": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER},
        "matches": {**_count_list(0), "description": "Clipped n-gram matches m_n, n = 1..N."},
        "totals": {**_count_list(0), "description": "Hypothesis n-gram totals l_n, n = 1..N."},
    },
    "required": [
        "bleu",
        "brevity_penalty",
        "candidate_length",
        "reference_length",
        "max_order",
        "matches",
        "totals",
    ],
    "additionalProperties": False,
}

EXAMPLES = (
    Example(
        title="A hypothesis equal to its reference",
        input={
            "hypotheses": [["this", "is", "a", "test"]],
            "references": [[["this", "is", "a", "test"]]],
        },
        result={
            "bleu": 1.0,
            "brevity_penalty": 1.0,
            "candidate_length": 4,
            "reference_length": 4,
            "max_order": 4,
            "matches": [4, 3, 2, 1],
            "totals": [4, 3, 2, 1],
        },
    ),
    Example(
        title="Two segments, two references each, BLEU-2 rounded to 4 decimals",
        input={
            "hypotheses": [["the", "cat", "sat", "on", "the", "mat"], ["dog"]],
            "references": [
                [["the", "cat", "sat", "on", "a", "mat"], ["a", "cat", "was", "on", "the", "mat"]],
                [["a", "dog", "barked"], ["the", "dog"]],
            ],
            "max_order": 2,
            "decimals": 4,
        },
        # m = (5 + 1, 5 + 0), l = (6 + 1, 5 + 0); c = 7, r = 6 + 2 (closest to "dog" is 2);
        # bp = exp(1 - 8/7) = 0.86688, bleu = bp * exp((ln(6/7) + ln(5/5)) / 2) = 0.80257
        result={
            "bleu": 0.8026,
            "brevity_penalty": 0.8669,
            "candidate_length": 7,
            "reference_length": 8,
            "max_order": 2,
            "matches": [6, 5],
            "totals": [7, 5],
        },
    ),
)

CONTRACT = Contract(
    id="bleu-corpus-compute",
    version="1.0.0",
    title="Bleu corpus compute",
    summary=(
        "Compute canonical corpus BLEU from pre-tokenized segments: score, brevity penalty, "
        "lengths, clipped n-gram counts."
    ),
    use_when=(
        "corpus BLEU score from tokenized segments",
        "system-level BLEU for a machine translation test set",
        "compute BLEU-4 over a whole corpus without smoothing",
    ),
    supported=(
        "corpus BLEU score from tokenized segments",
        "system-level BLEU for a machine translation test set",
        "compute BLEU-4 over a whole corpus without smoothing",
        "Papineni corpus BLEU with multiple references per segment",
        "micro-averaged BLEU across many hypothesis segments",
        "document-level BLEU with brevity penalty and n-gram precisions",
        "חישוב ציון איכות תרגום לקורפוס שלם",
    ),
    not_supported=(
        "tokenizing raw text (13a, intl, char or any other tokenizer); tokens must be supplied",
        "sentence-level smoothing (Chen and Cherry methods) or effective-order rescaling",
        "averaging per-sentence BLEU scores (macro average)",
        "custom non-uniform n-gram weights, chrF, TER, METEOR or case-insensitive matching",
    ),
    behavior=(
        "Input is pre-tokenized: hypotheses[i] is the token list of segment i and references[i] "
        "lists 1 to 8 reference token lists for it. Tokens are compared by exact string equality: "
        "no case folding, no Unicode normalization, no trimming.",
        "For each order n = 1..max_order (max_order omitted means 4) the clipped matches m_n and "
        "totals l_n are summed over all segments before dividing (Papineni 2002 section 2.1.1); "
        "clipping uses the largest count of the n-gram in any single reference.",
        "candidate_length c is the total hypothesis token count; reference_length r sums, per "
        "segment, the reference length closest to the hypothesis length, ties going to the "
        "shorter reference.",
        "brevity_penalty is 1 when c > r, 0 when c = 0 (even if r = 0), otherwise exp(1 - r/c).",
        "bleu = brevity_penalty * exp((1/N) * sum of ln(m_n / l_n)) with N = max_order, summed in "
        "order n = 1..N; it is exactly 0 when brevity_penalty is 0 or any order has m_n = 0 "
        "(including l_n = 0). No smoothing is applied.",
        "decimals (0-15) rounds bleu and brevity_penalty with Number.prototype.toFixed (nearest, "
        "computed on the exact binary value); omitted means full IEEE-754 double precision. "
        "Counts are exact integers.",
        "Scores are on the 0-1 scale; multiply by 100 for the sacreBLEU percentage scale.",
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def score_request(request: BleuRequest) -> BleuResult:
    """The score of a validated request, from the token bytes its validation encoded."""
    stats = corpus_statistics_fast(
        request.hypotheses, request.references, request.max_order, request.encoded
    )
    return score(stats, request.options)


def run(request: BleuRequest) -> JsonObject:
    return score_request(request).to_dict()


TOOL = Tool(CONTRACT, PARSER, run, token_corpus_input_hints, remedy=remedies.TOKEN_CORPUS)
