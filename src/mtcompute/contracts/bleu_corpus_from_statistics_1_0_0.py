"""The contract of ``bleu-corpus-from-statistics@1.0.0`` and the function that fulfils it:
corpus BLEU of a test set from the statistics of its parts.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import parts as parts_input
from mtcompute.contracts.inputs.corpus import MAX_ORDER, decimals_of
from mtcompute.contracts.inputs.parts import PerOrderCounts, integral_counts, is_count
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations, number_text, where
from mtcompute.metrics.bleu import BleuResult, BleuStatistics, score

LIMITS = Limits(max_parts=1000)

PART_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One part's statistics, as bleu-corpus-statistics answers them.",
    "properties": {
        "matches": parts_input.per_order("Clipped n-gram matches, order 1 first.", MAX_ORDER),
        "totals": parts_input.per_order("Hypothesis n-gram totals, order 1 first.", MAX_ORDER),
        "candidate_length": parts_input.count("c: the part's hypothesis tokens."),
        "reference_length": parts_input.count("r: its closest reference lengths, summed."),
        "max_order": fields.integer(1, MAX_ORDER, "The number of orders, if given."),
    },
    "required": ["matches", "totals", "candidate_length", "reference_length"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class PartsRequest:
    parts: Sequence[BleuStatistics]
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return fields.closed_object(
        {
            "parts": parts_input.parts_schema(PART_SCHEMA, limits.max_parts),
            "decimals": fields.decimals("bleu and brevity_penalty"),
        },
        ["parts"],
    )


def _orders(raw: dict[str, Any]) -> int | None:
    parts = raw.get("parts")
    first = parts[0] if isinstance(parts, list | tuple) and parts else None
    matches = first.get("matches") if isinstance(first, dict) else None
    return len(matches) if isinstance(matches, list | tuple) else None


ORDERS = PerOrderCounts(
    arrays=("matches", "totals"),
    bounds=("totals",),
    orders=_orders,
    orders_from="as many as /parts/0/matches has",
)


@dataclass(frozen=True)
class PartLengths:
    """In each part, ``totals[0]`` is ``candidate_length`` (every hypothesis token is one
    unigram), and ``max_order``, if given, is the number of orders."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        for part in raw["parts"]:
            orders = len(part["matches"])
            if part["totals"][0] != part["candidate_length"]:
                return FAILED
            if part.get("max_order", orders) != orders:
                return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        parts = raw.get("parts")
        for index, part in enumerate(parts if isinstance(parts, list | tuple) else ()):
            if isinstance(part, dict):
                _walk_part(part, f"/parts/{index}", found)


def _walk_part(part: dict[str, Any], pointer: str, found: Violations) -> None:
    matches, totals = integral_counts(part.get("matches")), integral_counts(part.get("totals"))
    length, max_order = part.get("candidate_length"), part.get("max_order")
    if totals and is_count(length) and totals[0] != length:
        place = f"{pointer}/totals/0"
        message = (
            f"expected {number_text(cast(float, length))}, the part's candidate_length (each "
            f"hypothesis token is one unigram), got {totals[0]} {where(place)}"
        )
        found.add("inconsistent_statistics", place, message)
    if matches is not None and is_count(max_order) and max_order != len(matches):
        place = f"{pointer}/max_order"
        message = (
            f"expected {len(matches)}, the number of orders of its matches, "
            f"got {number_text(cast(float, max_order))} {where(place)}"
        )
        found.add("order_count_mismatch", place, message)


def _build(checked: Checked) -> PartsRequest:
    parts = [
        BleuStatistics(
            tuple(map(int, part["matches"])),
            tuple(map(int, part["totals"])),
            int(part["candidate_length"]),
            int(part["reference_length"]),
        )
        for part in checked.raw["parts"]
    ]
    return PartsRequest(parts, decimals_of(checked))


def parser(limits: Limits) -> RequestParser[PartsRequest]:
    """The request parser under ``limits``."""
    return RequestParser(input_schema(limits), [ORDERS, PartLengths()], _build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = bleu_corpus.OUTPUT_SCHEMA  # bleu-corpus-compute@1.0.0's result, exactly

EXAMPLES = (
    Example(
        title=(
            "bleu-corpus-compute's second example in two parts, a segment each (BLEU-2, 4 "
            "decimals): the sum of the parts' statistics scores as the whole does."
        ),
        input={
            "parts": [
                {"matches": [5, 5], "totals": [6, 5], "candidate_length": 6, "reference_length": 6},
                {"matches": [1, 0], "totals": [1, 0], "candidate_length": 1, "reference_length": 2},
            ],
            "decimals": 4,
        },
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
    id="bleu-corpus-from-statistics",
    version="1.0.0",
    title="Bleu corpus from statistics",
    summary=(
        "Combine the BLEU statistics of the parts of a test set into its corpus BLEU, bit for "
        "bit equal to scoring the whole at once."
    ),
    use_when=(
        "score a test set in parts: corpus BLEU from the statistics of its parts",
        "corpus BLEU of a test set larger than one request's limits",
        "combine BLEU statistics of shards into one system-level score",
    ),
    supported=(
        "score a test set in parts: corpus BLEU from the statistics of its parts",
        "corpus BLEU of a test set larger than one request's limits",
        "combine BLEU statistics of shards into one system-level score",
        "the parts bound in one execute_batch request, a list of bindings to their results",
        "statistics from bleu-corpus-statistics, or matches, totals and lengths counted "
        "elsewhere (sacreBLEU's counts, totals, sys_len, ref_len)",
        "combinar estadísticas BLEU de varias partes de un corpus",
    ),
    not_supported=(
        "counting statistics from tokens: use bleu-corpus-statistics for each part",
        "averaging the BLEU scores of the parts (a different number)",
        "parts of different max_order, smoothing or effective order",
    ),
    behavior=(
        "parts lists the statistics of each part of a test set: matches and totals (one count "
        "per order n = 1..N, order 1 first), candidate_length and reference_length, as "
        "bleu-corpus-statistics@1.0.0 answers them (its whole result is a part; max_order may "
        "be given and must then be N).",
        "Every part has the same N orders (as many as parts[0].matches), and in each part "
        "matches[n] <= totals[n] and totals[0] = candidate_length; anything else is an input "
        "error pointing at the count.",
        "The statistics are summed over the parts as exact integers, and the sum is scored "
        "exactly as bleu-corpus-compute@1.0.0 scores the statistics of its segments: the "
        "result is that tool's result object, bit for bit what it gives on all the parts' "
        "segments at once.",
        "brevity_penalty is 1 when c > r, 0 when c = 0 (even if r = 0), otherwise exp(1 - r/c); "
        "bleu = brevity_penalty * exp((1/N) * sum of ln(m_n / l_n)), summed in order n = 1..N, "
        "exactly 0 when brevity_penalty is 0 or any order has m_n = 0. No smoothing.",
        "decimals (0-15) rounds bleu and brevity_penalty with Number.prototype.toFixed "
        "(nearest, computed on the exact binary value); omitted means full IEEE-754 double "
        "precision. Counts are exact integers of at most 2^53 - 1 each.",
        "Scores are on the 0-1 scale; multiply by 100 for the sacreBLEU percentage scale.",
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def score_request(request: PartsRequest) -> BleuResult:
    """The corpus BLEU of the summed statistics of the request's parts."""
    total = request.parts[0]
    for part in request.parts[1:]:
        total += part
    return score(total, request.decimals)


def run(request: PartsRequest) -> JsonObject:
    return score_request(request).to_dict()


TOOL = Tool(CONTRACT, PARSER, run, remedy=remedies.FROM_STATISTICS)
