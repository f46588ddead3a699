"""The contract of ``chrf-from-statistics@1.0.0`` and the function that fulfils it: the corpus
chrF (or chrF++) of a test set from the statistics of its parts.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import chrf as chrf_input
from mtcompute.contracts.inputs import parts as parts_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.inputs.parts import PerOrderCounts, is_count
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.metrics.chrf import (
    DEFAULT_BETA,
    DEFAULT_CHAR_ORDER,
    ChrfOptions,
    ChrfResult,
    ChrfStatistics,
    chrf_result,
)

LIMITS = Limits(max_parts=1000)
MAX_CHAR_ORDER = 10
MAX_WORD_ORDER = 2
MAX_ORDERS = MAX_CHAR_ORDER + MAX_WORD_ORDER

_PER_ORDER = "one count per order: character orders 1..char_order, then word orders"
PART_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One part's statistics: the `statistics` a chrF or chrF++ tool answers.",
    "properties": {
        "hypothesis": parts_input.per_order(f"Hypothesis n-grams, {_PER_ORDER}.", MAX_ORDERS),
        "reference": parts_input.per_order(f"Reference n-grams, {_PER_ORDER}.", MAX_ORDERS),
        "matches": parts_input.per_order(f"Matches, {_PER_ORDER}.", MAX_ORDERS),
    },
    "required": ["hypothesis", "reference", "matches"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class ChrfPartsRequest:
    parts: Sequence[ChrfStatistics]
    options: ChrfOptions
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return fields.closed_object(
        {
            "parts": parts_input.parts_schema(PART_SCHEMA, limits.max_parts),
            "char_order": fields.integer(
                1, MAX_CHAR_ORDER, "The parts' largest character n-gram order.", 6
            ),
            "word_order": fields.integer(
                0, MAX_WORD_ORDER, "The parts' largest word n-gram order: 0 for chrF.", 0
            ),
            "beta": fields.integer(1, 10, "Recall weighs beta times as much as precision.", 2),
            "eps_smoothing": fields.boolean(
                False, "Average per-order F-scores, as chrF++.py does."
            ),
            "decimals": fields.decimals("chrf"),
        },
        ["parts"],
    )


def _orders(raw: dict[str, Any]) -> int | None:
    char_order, word_order = raw.get("char_order", 6), raw.get("word_order", 0)
    if not (is_count(char_order) and is_count(word_order)):
        return None  # the schema reports them
    if not (1 <= char_order <= MAX_CHAR_ORDER and 0 <= word_order <= MAX_WORD_ORDER):
        return None  # the schema reports them
    return int(char_order) + int(word_order)


ORDERS = PerOrderCounts(
    arrays=("hypothesis", "reference", "matches"),
    bounds=("hypothesis", "reference"),
    orders=_orders,
    orders_from="char_order + word_order",
)


def _build(checked: Checked) -> ChrfPartsRequest:
    parts = [
        ChrfStatistics(
            tuple(map(int, part["hypothesis"])),
            tuple(map(int, part["reference"])),
            tuple(map(int, part["matches"])),
        )
        for part in checked.raw["parts"]
    ]
    options = ChrfOptions(
        char_order=int(checked.get("char_order", DEFAULT_CHAR_ORDER)),
        word_order=int(checked.get("word_order", 0)),
        beta=int(checked.get("beta", DEFAULT_BETA)),
        eps_smoothing=checked.get("eps_smoothing", False),
    )
    return ChrfPartsRequest(parts, options, decimals_of(checked))


def parser(limits: Limits) -> RequestParser[ChrfPartsRequest]:
    """The request parser under ``limits``."""
    return RequestParser(input_schema(limits), [ORDERS], _build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        "chrf": fields.score("F of the summed statistics: a micro average."),
        "char_order": {"type": "integer", "minimum": 1, "maximum": MAX_CHAR_ORDER},
        "word_order": {"type": "integer", "minimum": 0, "maximum": MAX_WORD_ORDER},
        "beta": {"type": "integer", "minimum": 1, "maximum": 10},
        "eps_smoothing": {"type": "boolean"},
        "statistics": chrf_input.STATISTICS_SCHEMA,
    }
)

EXAMPLES = (
    Example(
        title=(
            "chrf-compute's example in two parts, a segment each: the statistics of segment 0 "
            "and of segment 1 give the whole's chrf, 0.6707265448122703."
        ),
        input={
            "parts": [
                {
                    "hypothesis": [18, 17, 16, 15, 14, 13],
                    "reference": [16, 15, 14, 13, 12, 11],
                    "matches": [15, 13, 11, 9, 7, 6],
                },
                {
                    "hypothesis": [6, 5, 4, 0, 0, 0],
                    "reference": [3, 2, 1, 0, 0, 0],
                    "matches": [2, 0, 0, 0, 0, 0],
                },
            ]
        },
        result={
            "chrf": 0.6707265448122703,
            "char_order": 6,
            "word_order": 0,
            "beta": 2,
            "eps_smoothing": False,
            "statistics": {
                "hypothesis": [24, 22, 20, 15, 14, 13],
                "reference": [19, 17, 15, 13, 12, 11],
                "matches": [17, 13, 11, 9, 7, 6],
            },
        },
    ),
)

CONTRACT = Contract(
    id="chrf-from-statistics",
    version="1.0.0",
    title="Chrf from statistics",
    summary=(
        "Combine the chrF or chrF++ statistics of the parts of a test set into its corpus "
        "score, bit for bit equal to scoring the whole at once."
    ),
    use_when=(
        "score a test set in parts: corpus chrF from the statistics of its parts",
        "chrF or chrF++ of a test set larger than one request's limits",
        "combine chrF statistics of shards into one system-level score",
    ),
    supported=(
        "score a test set in parts: corpus chrF from the statistics of its parts",
        "chrF or chrF++ of a test set larger than one request's limits",
        "combine chrF statistics of shards into one system-level score",
        "the statistics of chrf-compute and chrf-plus-plus-compute, bound in one execute_batch "
        "request with a list of bindings",
        "other character orders, word orders 1 and 2, betas and eps_smoothing",
        "chrF-Statistiken mehrerer Teile eines Korpus zusammenführen",
    ),
    not_supported=(
        "counting statistics from texts: use chrf-compute or chrf-plus-plus-compute for each part",
        "per-segment scores (each part's tool reports its segments)",
        "averaging the chrF scores of the parts (a different number)",
    ),
    behavior=(
        "parts lists the statistics of each part of a test set, each the `statistics` object "
        "that chrf-compute@1.0.0 or chrf-plus-plus-compute@1.0.0 answers for that part: "
        "hypothesis, reference and matches, one count per order, the character orders "
        "1..char_order first, then the word orders 1..word_order.",
        "char_order (default 6), word_order (default 0: chrF; 1 or 2: chrF++), beta (default "
        "2) and eps_smoothing (default false) must be those the parts were computed with: each "
        "array of each part has char_order + word_order counts, and in each part matches[n] is "
        "at most hypothesis[n] and reference[n]; anything else is an input error pointing at "
        "the array or count. include_whitespace changes the statistics, not how they are scored.",
        "statistics are the exact integer sums over the parts, and chrf is F(statistics), "
        "computed as the chrF tools compute the corpus score (their behaviour gives F in both "
        "forms, default and eps_smoothing): the result is bit for bit the chrf that "
        "chrf-compute or chrf-plus-plus-compute gives on all the parts' segments at once, with "
        "the same statistics.",
        "decimals (0-15) rounds chrf with Number.prototype.toFixed (nearest, computed on the "
        "exact binary value); omitted means full IEEE-754 double precision. Counts are exact "
        "integers of at most 2^53 - 1 each.",
        "Scores are on the 0-1 scale; 100 * chrf is sacreBLEU's corpus score.",
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def combined(request: ChrfPartsRequest) -> ChrfResult:
    """The corpus result of the request's parts: F of their summed statistics, with the options
    it was given (a sum has no segments)."""
    total = request.parts[0]
    for part in request.parts[1:]:
        total += part
    return chrf_result((), total, request.options, request.decimals)


def score_request(request: ChrfPartsRequest) -> JsonObject:
    """F of the summed statistics of the request's parts, with the options it was given."""
    result = combined(request)
    return {
        "chrf": result.chrf,
        "char_order": result.char_order,
        "word_order": result.word_order,
        "beta": result.beta,
        "eps_smoothing": result.eps_smoothing,
        "statistics": result.statistics.to_dict(),
    }


def run(request: ChrfPartsRequest) -> JsonObject:
    return score_request(request)


TOOL = Tool(CONTRACT, PARSER, run, remedy=remedies.FROM_STATISTICS)
