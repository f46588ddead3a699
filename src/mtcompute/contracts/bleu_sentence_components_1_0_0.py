"""The contract of ``bleu-sentence-components@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from mtcompute.contracts import fields
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import sentence as sentence_input
from mtcompute.contracts.inputs.sentence import LIMITS, MAX_ORDER, SentenceRequest
from mtcompute.contracts.mistakes import token_sentence_input_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.fast.bleu.sentence import segment_statistics_fast
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.sentence import SentenceComponents

ComponentsRequest = SentenceRequest[None]  # no options of its own


def parser(limits: sentence_input.Limits) -> RequestParser[ComponentsRequest]:
    """The request parser under ``limits``."""
    return sentence_input.parser(limits, {}, _no_options)


def _no_options(_: Checked) -> None:
    return None


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        "candidate_length": fields.length(None, "c, the number of hypothesis tokens."),
        "reference_length": fields.length(None, "r, the reference length closest to c."),
        "reference_lengths": {
            "type": "array",
            "minItems": 1,
            "maxItems": LIMITS.max_references,
            "items": {"type": "integer", "minimum": 0},
            "description": "Each reference's token count, in input order.",
        },
        "max_order": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER},
        "matches": fields.counts("Clipped n-gram matches m_n, n = 1..N.", MAX_ORDER),
        "totals": fields.counts("Hypothesis n-gram totals l_n, n = 1..N.", MAX_ORDER),
    }
)

EXAMPLES = (
    Example(
        title=(
            "The references are 7 and 5 tokens long, both 1 from 6: reference_length is 5. "
            "`the` matches twice through the first reference."
        ),
        input={
            "hypothesis": ["the", "cat", "sat", "on", "the", "mat"],
            "references": [
                ["the", "cat", "is", "sitting", "on", "the", "mat"],
                ["cat", "sat", "on", "the", "mat"],
            ],
        },
        result={
            "candidate_length": 6,
            "reference_length": 5,
            "reference_lengths": [7, 5],
            "max_order": DEFAULT_MAX_ORDER,
            "matches": [6, 5, 3, 2],
            "totals": [6, 5, 4, 3],
        },
    ),
)

CONTRACT = Contract(
    id="bleu-sentence-components",
    version="1.0.0",
    title="Bleu sentence components",
    summary=(
        "Extract sentence BLEU statistics: clipped matches, n-gram totals, candidate and closest "
        "reference length."
    ),
    use_when=(
        "BLEU statistics of one segment: clipped matches, totals and lengths",
        "the closest reference length, ties going to the shorter reference",
        "the per-segment numbers that corpus BLEU sums",
    ),
    supported=(
        "BLEU statistics of one segment: clipped matches, totals and lengths",
        "the closest reference length, ties going to the shorter reference",
        "the per-segment numbers that corpus BLEU sums",
        "every reference's length",
        "multiple references, clipping to the largest count in any single reference",
        "orders 1 to 8",
        "estrarre le statistiche BLEU di una frase",
    ),
    not_supported=(
        "tokenizing raw text; tokens must be supplied",
        (
            "several segments in one call (use bleu-ngrams-count) or the score itself (use "
            "bleu-sentence-compute)"
        ),
        "smoothed counts: matches and totals are always the raw ones",
        "NLTK's `max(1, total)` denominators, case-insensitive matching",
    ),
    behavior=(
        (
            "Input is pre-tokenized: hypothesis is the token list of one segment and references "
            "lists its 1 to 8 reference token lists. Tokens are compared by exact string equality: "
            "no case folding, no Unicode normalization, no trimming."
        ),
        (
            "candidate_length c is the number of hypothesis tokens; reference_lengths lists each "
            "reference's token count, in input order; reference_length r is the one closest to c, "
            "ties going to the shorter reference. An empty reference has length 0 and takes part "
            "in the choice."
        ),
        (
            "For n = 1..max_order (max_order omitted means 4): totals_n = max(0, c - n + 1), and "
            "matches_n = the sum over distinct hypothesis n-grams g of min(count of g in the "
            "hypothesis, largest count of g in any single reference)."
        ),
        (
            "These are the statistics that bleu-corpus-compute@1.0.0 adds up for this segment and "
            "that bleu-sentence-compute@1.0.0 scores; bleu-brevity-penalty takes them as `[c]` and "
            "`[reference_lengths]`."
        ),
        (
            "[c, r] + matches + totals equals sacreBLEU 2.x's per-segment statistics for "
            "`BLEU(tokenize='none', max_ngram_order=N)` on the space-joined tokens, whenever no "
            "token contains one of the 29 whitespace code points listed in chrf-compute (sacreBLEU "
            "splits on them again)."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def components_of(request: ComponentsRequest) -> SentenceComponents:
    """The components of a validated request, from the token bytes its validation encoded."""
    stats = segment_statistics_fast(
        request.hypothesis, request.references, request.max_order, request.encoded
    )
    return SentenceComponents.of(stats, request.references)


def run(request: ComponentsRequest) -> JsonObject:
    return components_of(request).to_dict()


TOOL = Tool(CONTRACT, PARSER, run, token_sentence_input_hints)
