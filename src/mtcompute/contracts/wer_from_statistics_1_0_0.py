"""The contract of ``wer-from-statistics@1.0.0`` and the function that fulfils it: the WER of a
test set from the counts of its parts, which add up exactly (integers).

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts import wer_compute_1_0_0 as wer_tool
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import edits
from mtcompute.contracts.inputs import parts as parts_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.metrics.wer.result import WerResult
from mtcompute.metrics.wer.statistics import EditStatistics, summed

LIMITS = Limits(max_parts=10_000)
_RATES = ("wer", "mer", "wil", "wip")


@dataclass(frozen=True)
class WerPartsRequest:
    parts: Sequence[EditStatistics]
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return fields.closed_object(
        {
            "parts": parts_input.parts_schema(
                edits.part_schema("wer-compute", _RATES), limits.max_parts
            ),
            "decimals": fields.decimals("every rate"),
        },
        ["parts"],
    )


def statistics_of(part: Mapping[str, Any]) -> EditStatistics:
    """A part's counts (4.0 is 4)."""
    return EditStatistics(*(int(part[name]) for name in edits.COUNTS))


def parser(limits: Limits) -> RequestParser[WerPartsRequest]:
    """The request parser under ``limits``."""

    def build(checked: Checked) -> WerPartsRequest:
        parts = [statistics_of(part) for part in checked.raw["parts"]]
        return WerPartsRequest(parts, decimals_of(checked))

    return RequestParser(input_schema(limits), [edits.CountSums()], build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {name: wer_tool.OUTPUT_SCHEMA["properties"][name] for name in (*_RATES, *edits.COUNTS)}
)

EXAMPLES = (
    Example(
        title=(
            "wer-compute's example in two parts, a segment each: the counts of each part's "
            "answer add up to the whole's, and so do its rates: wer = (1 + 1 + 0) / (6 + 1 + 1)."
        ),
        input={
            "parts": [
                {"hits": 4, "substitutions": 1, "deletions": 1, "insertions": 0},
                {"hits": 2, "substitutions": 0, "deletions": 0, "insertions": 0},
            ]
        },
        result={
            "wer": 0.25,
            "mer": 0.25,
            "wil": 0.3571428571428572,
            "wip": 0.6428571428571428,
            "hits": 6,
            "substitutions": 1,
            "deletions": 1,
            "insertions": 0,
        },
    ),
)


def run(request: WerPartsRequest) -> JsonObject:
    result = WerResult(summed(request.parts), decimals=request.decimals)
    return {name: value for name, value in result.to_dict().items() if name != "segments"}


def input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    return edits.part_hints(raw, "wer-compute")


CONTRACT = Contract(
    id="wer-from-statistics",
    version="1.0.0",
    title="WER from statistics",
    summary=(
        "Combine the WER counts of the parts of a test set (hits, substitutions, deletions, "
        "insertions) into its WER, MER, WIL and WIP, equal to scoring the whole at once."
    ),
    use_when=(
        "score a test set in parts: corpus WER from the counts of its parts",
        "WER of a test set larger than one request's limits",
        "combine WER counts of shards into one word error rate",
    ),
    supported=(
        "score a test set in parts: corpus WER from the counts of its parts",
        "WER of a test set larger than one request's limits",
        "combine WER counts of shards into one word error rate",
        "wer-compute's answers bound whole in one execute_batch request",
    ),
    not_supported=(
        "computing counts from texts: use wer-compute for each part",
        "averaging the WER of the parts (a different number)",
        "character error rate: use cer-from-statistics",
    ),
    behavior=(
        (
            "parts lists the parts of a test set, each an object with its hits, substitutions, "
            "deletions and insertions (integers): a wer-compute@1.0.0 answer will do whole, "
            "its wer, mer, wil, wip and segments beside the counts not read."
        ),
        (
            "The counts add over the parts (exact integers, so any order and any split give "
            "the same sums), and the rates are wer-compute@1.0.0's formulas on the sums: wer = "
            "(S + D + I) / (H + S + D), mer = (S + D + I) / (H + S + D + I), wip = (H / N) * "
            "(H / M) (0 where M is 0), wil = 1 - wip; where N = H + S + D is 0, wer is the "
            "number of insertions, mer 1 and wip 0 (mer 0 and wip 1 where M = H + S + I is 0 "
            "too). The result is bit for bit wer-compute's on all the parts' segments at once, "
            "and jiwer 4.0.0's."
        ),
        (
            "Each count is from 0 to 2^53 - 1 and each count summed over the parts at most "
            "2^53 - 1 (too_many_counts at /parts); anything else is an input error pointing at "
            "the value."
        ),
        (
            "decimals (0-15) rounds every rate with Number.prototype.toFixed (nearest, on the "
            "exact binary value); the counts are never rounded."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)

TOOL = Tool(CONTRACT, PARSER, run, input_hints, remedy=remedies.FROM_STATISTICS)
