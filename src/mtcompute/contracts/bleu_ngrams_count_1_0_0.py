"""The contract of ``bleu-ngrams-count@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from typing import Any, cast

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.allowance import BATCH_ANSWER_BYTES
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import corpus as corpus_input
from mtcompute.contracts.inputs.corpus import CorpusRequest
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import token_corpus_input_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.fast.bleu.ngrams import ngram_counts_fast
from mtcompute.metrics.ngrams import CLIPPING_TABLES, ClippingTable, NgramCountsResult

LIMITS = corpus_input.LIMITS
MAX_ORDER = corpus_input.MAX_ORDER
OPTIONS = {
    "clipping_table": {
        "type": "string",
        "enum": list(CLIPPING_TABLES),
        "default": "none",
        "description": "all: a row per distinct hypothesis n-gram; clipped: only the rows cut by "
        "clipping; none: no table.",
    }
}

NgramsRequest = CorpusRequest[ClippingTable]  # the option: clipping_table


def _clipping_table(checked: Checked) -> ClippingTable:
    # The schema allowed only the names of CLIPPING_TABLES.
    return cast(ClippingTable, checked.get("clipping_table", "none"))


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return corpus_input.input_schema(limits, OPTIONS)


def parser(limits: Limits) -> RequestParser[NgramsRequest]:
    """The request parser under ``limits``."""
    return corpus_input.parser(limits, OPTIONS, _clipping_table)


PARSER = parser(LIMITS)

_ROW = {
    "type": "array",
    "minItems": 3,
    "maxItems": 3,
    "items": {"type": "integer", "minimum": 0},
    "description": "[start, hypothesis_count, max_reference_count] of one distinct n-gram.",
}
_SEGMENT = {
    "type": "object",
    "properties": {
        "matches": fields.counts("Clipped matches of the segment, per order.", MAX_ORDER),
        "totals": fields.counts("Hypothesis n-grams of the segment, per order.", MAX_ORDER),
        "clipping": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_ORDER,
            "items": {"type": "array", "items": _ROW},
            "description": "Per order, the rows of the table (absent when clipping_table is none).",
        },
    },
    "required": ["matches", "totals"],
    "additionalProperties": False,
}
OUTPUT_SCHEMA = fields.output_object(
    {
        "max_order": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER},
        "matches": fields.counts("Clipped n-gram matches m_n summed over segments.", MAX_ORDER),
        "totals": fields.counts("Hypothesis n-gram totals l_n summed over segments.", MAX_ORDER),
        "segments": {"type": "array", "items": _SEGMENT, "description": "One per segment."},
    }
)

EXAMPLES = (
    Example(
        title=(
            "`the` occurs 3 times in segment 0's hypothesis and at most twice in one reference: "
            "it is clipped to 2."
        ),
        input={
            "hypotheses": [["the", "the", "the", "cat"], ["a", "b"]],
            "references": [[["the", "cat"], ["the", "the", "dog"]], [["b", "a"]]],
            "max_order": 2,
            "clipping_table": "all",
        },
        result={
            "max_order": 2,
            "matches": [5, 2],
            "totals": [6, 4],
            "segments": [
                {
                    "matches": [3, 2],
                    "totals": [4, 3],
                    "clipping": [[[0, 3, 2], [3, 1, 1]], [[0, 2, 1], [2, 1, 1]]],
                },
                {
                    "matches": [2, 0],
                    "totals": [2, 1],
                    "clipping": [[[0, 1, 1], [1, 1, 1]], [[0, 1, 0]]],
                },
            ],
        },
    ),
)

CONTRACT = Contract(
    id="bleu-ngrams-count",
    version="1.0.0",
    title="Bleu ngrams count",
    summary=(
        "Count BLEU clipped n-gram matches and totals per order for tokenized segments, with "
        "optional clipping tables."
    ),
    use_when=(
        "clipped n-gram matches and totals per order for a corpus",
        "per-segment BLEU n-gram statistics to add up across shards",
        "which hypothesis n-grams were unmatched or cut by clipping",
    ),
    supported=(
        "clipped n-gram matches and totals per order for a corpus",
        "per-segment BLEU n-gram statistics to add up across shards",
        "which hypothesis n-grams were unmatched or cut by clipping",
        "multiple references per segment, clipping to the largest count in any single reference",
        "orders 1 to 8",
        "BLEU の n-gram 一致数を数える",
    ),
    not_supported=(
        "tokenizing raw text; tokens must be supplied",
        (
            "brevity penalty, lengths or the BLEU score (see bleu-corpus-compute, "
            "bleu-brevity-penalty)"
        ),
        (
            "NLTK's `max(1, total)` denominators, case-insensitive matching, spelled-out n-grams "
            "in the tables"
        ),
    ),
    behavior=(
        (
            "Input is pre-tokenized: hypotheses[i] is the token list of segment i and "
            "references[i] lists 1 to 8 reference token lists for it. Tokens are compared by exact "
            "string equality: no case folding, no Unicode normalization, no trimming."
        ),
        (
            "For segment i and order n = 1..max_order (max_order omitted means 4): totals_n = "
            "max(0, len(hypotheses[i]) - n + 1), and matches_n = the sum over distinct hypothesis "
            "n-grams g of min(count of g in the hypothesis, largest count of g in any single "
            "reference)."
        ),
        (
            "matches and totals are the integer sums over segments: the values "
            "bleu-corpus-compute@1.0.0 reports for the same input and max_order."
        ),
        (
            'clipping_table "all" adds segments[i].clipping: for each order n, one row [start, '
            "hypothesis_count, max_reference_count] per distinct hypothesis n-gram, in order of "
            "first occurrence. The n-gram is hypotheses[i][start .. start + n - 1], its first "
            "occurrence (0-based); max_reference_count is its largest count in any single "
            "reference (0 if none). min(hypothesis_count, max_reference_count) is its clipped "
            'match count, and these sum to matches_n. "clipped" keeps only the rows with '
            'hypothesis_count > max_reference_count (unmatched or cut by clipping); "none" (the '
            "default) leaves clipping out."
        ),
        (
            "The table of order n of a segment has at most totals_n rows: under the limits at most "
            "199,994 rows in all at max_order 4, 399,972 at max_order 8."
        ),
        (
            "The statistics equal sacreBLEU 2.x `BLEU(tokenize='none', max_ngram_order=N)` "
            "statistics for the space-joined tokens whenever no token contains one of the 29 "
            "whitespace code points listed in chrf-compute (sacreBLEU splits on them again)."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def count_request(request: NgramsRequest) -> NgramCountsResult:
    """The counts of a validated request, from the token bytes its validation encoded."""
    return ngram_counts_fast(
        request.hypotheses,
        request.references,
        request.max_order,
        request.options,
        request.encoded,
    )


def run(request: NgramsRequest) -> JsonObject:
    return count_request(request).to_dict()


def table_bytes(raw: object) -> int:
    """An upper bound of the clipping tables' JSON bytes for a raw input: a row per hypothesis
    n-gram of every order, each of three numbers no longer than the corpus's token count."""
    if not isinstance(raw, dict) or raw.get("clipping_table", "none") == "none":
        return 0
    hypotheses, max_order = raw.get("hypotheses"), raw.get("max_order", 4)
    if not isinstance(hypotheses, list):
        return 0
    orders = int(max_order) if isinstance(max_order, int | float) and max_order >= 1 else 4
    tokens = sum(len(tokens) for tokens in hypotheses if isinstance(tokens, list))
    row_bytes = len("[,,],") + 3 * len(str(tokens))
    return tokens * min(orders, MAX_ORDER) * row_bytes


ANSWER_NOTE = (
    "The clipping tables hold at most a row per hypothesis n-gram of each order, about 20 bytes "
    "a row: up to about 4.5 MiB from a 0.3 MiB input at this contract's limits. A server "
    "charges a request for that bound before it computes, and the operations of a batch may "
    f"answer {BATCH_ANSWER_BYTES // 2**20} MiB in all."
)

TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    token_corpus_input_hints,
    answer_bytes=table_bytes,
    answer_note=ANSWER_NOTE,
    remedy=remedies.TOKEN_CORPUS,
)
