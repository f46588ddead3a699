"""The contract of ``bleu-sentence-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

import functools
from dataclasses import dataclass

from mtcompute.contracts import fields
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import sentence as sentence_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.inputs.sentence import LIMITS, MAX_ORDER, SentenceRequest
from mtcompute.contracts.mistakes import token_sentence_input_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.rules import RangeByChoice
from mtcompute.fast.bleu.sentence import segment_statistics_fast
from mtcompute.fast.bleu.sentence_score import sentence_score_fast
from mtcompute.metrics.sentence import SentenceBleuResult
from mtcompute.metrics.smoothing import (
    ADD_K,
    DEFAULT_SMOOTHING,
    FLOOR,
    SMOOTHING_METHODS,
    Smoothing,
)

# The bounds of smoothing_value by method: the schema states the widest, a rule the rest.
VALUE_RANGES: dict[str, tuple[float, float]] = {FLOOR: (1e-10, 1), ADD_K: (1e-10, 100)}
OPTIONS = {
    "smoothing": {
        "type": "string",
        "enum": list(SMOOTHING_METHODS),
        "default": DEFAULT_SMOOTHING,
        "description": "none, floor (Chen & Cherry method 1), add-k (method 2 for k = 1) or "
        "exp (method 3).",
    },
    "smoothing_value": {
        "type": "number",
        "minimum": 1e-10,
        "maximum": 100,
        "description": (
            "With floor, ε: min 1e-10; max 1; default 0.1. With add-k, k: min 1e-10; max 100; "
            "default 1 (the minimum keeps every smoothed precision a normal, non-zero double). "
            "An input error with none or exp."
        ),
    },
    "effective_order": fields.boolean(
        True, "Score only the orders with n-grams (N_eff), as sacreBLEU's sentence_bleu does."
    ),
    "decimals": fields.decimals("bleu, brevity_penalty and every precision"),
}
SMOOTHING_VALUE = RangeByChoice("smoothing_value", "smoothing", DEFAULT_SMOOTHING, VALUE_RANGES)


@dataclass(frozen=True, slots=True)
class SentenceBleuOptions:
    smoothing: Smoothing  # with its value, the method's default when left out
    effective_order: bool
    decimals: int | None


def _options(checked: Checked) -> SentenceBleuOptions:
    return _options_of(
        checked.get("smoothing", DEFAULT_SMOOTHING),
        checked.get("smoothing_value", None),
        checked.get("effective_order", True),
        decimals_of(checked),
    )


# A caller scoring segment after segment passes the same options every time: remembered, they
# cost a lookup. The schema has checked their types, so equal keys are equal options.
@functools.lru_cache(maxsize=256)
def _options_of(
    smoothing: str, value: float | None, effective_order: bool, decimals: int | None
) -> SentenceBleuOptions:
    return SentenceBleuOptions(
        smoothing=Smoothing.of(smoothing, None if value is None else float(value)),
        effective_order=effective_order,
        decimals=decimals,
    )


SentenceBleuRequest = SentenceRequest[SentenceBleuOptions]


def parser(limits: sentence_input.Limits) -> RequestParser[SentenceBleuRequest]:
    """The request parser under ``limits``."""
    return sentence_input.parser(limits, OPTIONS, _options, [SMOOTHING_VALUE])


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        "bleu": fields.score("The sentence BLEU score."),
        "brevity_penalty": fields.score("1 when c > r, 0 when c = 0, otherwise exp(1 - r/c)."),
        "candidate_length": fields.length(None, "c, the number of hypothesis tokens."),
        "reference_length": fields.length(None, "r, the reference length closest to c."),
        "max_order": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER},
        "matches": fields.counts("Clipped n-gram matches m_n, unsmoothed.", MAX_ORDER),
        "totals": fields.counts("Hypothesis n-gram totals l_n, unsmoothed.", MAX_ORDER),
        "precisions": {
            "type": "array",
            "minItems": 1,
            "maxItems": MAX_ORDER,
            "items": {"type": ["number", "null"], "minimum": 0, "maximum": 1},
            "description": "The smoothed precision of each order; null where l'_n = 0.",
        },
        "effective_order_used": {"type": "integer", "minimum": 0, "maximum": MAX_ORDER},
        "smoothing": {"type": "string", "enum": list(SMOOTHING_METHODS)},
        "smoothing_value": {"type": ["number", "null"], "description": "The epsilon or k used."},
    }
)

EXAMPLES = (
    Example(
        title=(
            "A 3-token hypothesis: order 3 has no match and exp smoothing gives it 1 / (2 * 1); "
            "order 4 has no n-gram, so effective order uses 3 orders. sacreBLEU's `sentence_bleu` "
            "gives 55.03212081491043 (0-100 scale) here."
        ),
        input={"hypothesis": ["the", "cat", "on"], "references": [["the", "cat", "sat"]]},
        # precisions 2/3, 1/2, 1/(2 * 1), null; bleu = exp((ln 2/3 + ln 1/2 + ln 1/2) / 3)
        result={
            "bleu": 0.5503212081491045,
            "brevity_penalty": 1,
            "candidate_length": 3,
            "reference_length": 3,
            "max_order": 4,
            "matches": [2, 1, 0, 0],
            "totals": [3, 2, 1, 0],
            "precisions": [0.6666666666666666, 0.5, 0.5, None],
            "effective_order_used": 3,
            "smoothing": "exp",
            "smoothing_value": None,
        },
    ),
)

CONTRACT = Contract(
    id="bleu-sentence-compute",
    version="1.0.0",
    title="Bleu sentence compute",
    summary=(
        "Compute sentence-level BLEU for one tokenized hypothesis with a chosen smoothing method "
        "(none or Chen-Cherry 1-3)."
    ),
    use_when=(
        "sentence-level BLEU of one tokenized hypothesis",
        "smoothed BLEU for a short segment (Chen & Cherry methods 1-3)",
        "BLEU with effective order for a hypothesis shorter than max_order",
    ),
    supported=(
        "sentence-level BLEU of one tokenized hypothesis",
        "smoothed BLEU for a short segment (Chen & Cherry methods 1-3)",
        "BLEU with effective order for a hypothesis shorter than max_order",
        "smoothing none, floor (method 1), add-k (method 2 for k = 1) or exp (method 3)",
        "the smoothed precisions, the orders used and the raw counts behind the score",
        "unsmoothed BLEU-N identical to bleu-corpus-compute on one segment",
        "计算单个句子的 BLEU 分数（带平滑）",  # noqa: RUF001 - Chinese punctuation
    ),
    not_supported=(
        "tokenizing raw text; tokens must be supplied",
        (
            "Chen & Cherry methods 4-7; NLTK's `max(1, total)` variants of methods 1-3 (other "
            "values where a total is 0); NLTK method 0's tiny non-zero values in place of 0"
        ),
        "several segments, averaging sentence scores, custom n-gram weights",
    ),
    behavior=(
        (
            "Input is pre-tokenized: hypothesis is the token list of one segment and references "
            "lists its 1 to 8 reference token lists. Tokens are compared by exact string equality: "
            "no case folding, no Unicode normalization, no trimming."
        ),
        (
            "Counts as in bleu-sentence-components: candidate_length c, reference_length r "
            "(closest to c, ties going to the shorter reference), and for n = 1..N (N = max_order, "
            "4 if omitted) clipped matches m_n and totals l_n = max(0, c - n + 1), reported "
            "unsmoothed."
        ),
        (
            "brevity_penalty is 1 when c > r, 0 when c = 0, otherwise exp(1 - r/c), as in "
            "bleu-brevity-penalty."
        ),
        (
            "Adjusted counts: with add-k, m'_n = m_n + k and l'_n = l_n + k for n ≥ 2 (one double "
            "addition each); otherwise m'_n = m_n and l'_n = l_n."
        ),
        (
            "precisions[n - 1] is null when l'_n = 0; otherwise m'_n / l'_n when m'_n > 0; "
            "otherwise 0 with none or add-k, ε / l'_n with floor, and 1 / (t * l'_n) with exp, "
            "where t starts at 1 and doubles at each order with l'_n > 0 and m'_n = 0, before that "
            "order's precision (t = 2^j at the j-th such order). Filled in even when bleu is 0."
        ),
        (
            "floor is Chen & Cherry (2014) method 1; add-k with k = 1 is their method 2 (Lin & Och "
            "2004: add one to matches and totals of orders n ≥ 2, matched or not; at l_n = 0 this "
            "gives 1); exp is their method 3 (the NIST geometric sequence of mteval-v13a)."
        ),
        (
            "effective_order_used N_eff is 0 when m_1 = 0. Otherwise, with effective_order, it is "
            "the largest n ≤ N with l'_1 .. l'_n all > 0 (min(N, c), or N with add-k); without, N."
        ),
        (
            "bleu is exactly 0 when m_1 = 0 (whatever the smoothing), when effective_order is "
            "false and some l'_n = 0, or when smoothing is none and some m_n = 0 with n ≤ N_eff. "
            "Otherwise acc = 0, then acc = acc + ln(precisions[n - 1]) for n = 1..N_eff in order, "
            "and bleu = brevity_penalty * exp((1 / N_eff) * acc), with 1 / N_eff one IEEE-754 "
            "division. ln and exp are fdlibm's (JavaScript's Math.log, Math.exp). No sentinel "
            "stands in for ln 0 and nothing is divided by zero: every denominator above is "
            "positive."
        ),
        (
            'With smoothing "none" and effective_order false the result equals '
            "bleu-corpus-compute@1.0.0 on the one-segment corpus (bleu, brevity_penalty, lengths, "
            "matches, totals), bit for bit."
        ),
        (
            "decimals (0-15) rounds bleu, brevity_penalty and every non-null precision with "
            "Number.prototype.toFixed (nearest, computed on the exact binary value); omitted means "
            "full IEEE-754 double precision. smoothing_value is echoed unrounded; counts are exact "
            "integers."
        ),
        (
            "Scores are on the 0-1 scale. 100 * bleu is sacreBLEU 2.x `BLEU(tokenize='none', "
            "smooth_method, smooth_value, effective_order, max_ngram_order).sentence_score` on the "
            "space-joined tokens to within 16 * (1 + |ln bleu|) * 2^-52 relative (about 4e-15 for "
            "scores near 1; a measured figure, the largest seen in 150,000 random cases being 8.3 "
            "* (1 + |ln bleu|) * 2^-52, not a proof), not bit for bit: sacreBLEU computes on the "
            "0-100 scale with the platform's libm, and its value moves between Python 3.11 and "
            "3.12. Its statistics before smoothing, and its zero or non-zero result, are the same "
            "(its `counts` and `totals` show add-k's adjusted values when m_1 > 0). "
            "`sacrebleu.sentence_bleu` uses exp with effective order, the defaults here; `BLEU()` "
            "defaults to effective_order false."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def score_request(request: SentenceBleuRequest) -> SentenceBleuResult:
    """The score of a validated request, from the token bytes its validation encoded, if any."""
    stats = segment_statistics_fast(
        request.hypothesis, request.references, request.max_order, request.encoded
    )
    options = request.options
    return sentence_score_fast(stats, options.smoothing, options.effective_order, options.decimals)


def run(request: SentenceBleuRequest) -> JsonObject:
    return score_request(request).to_dict()


TOOL = Tool(CONTRACT, PARSER, run, token_sentence_input_hints)
