"""The contract of ``cer-from-statistics@1.0.0`` and the function that fulfils it: the CER of a
test set from the counts of its parts, which add up exactly (integers).

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import cer_compute_1_0_0 as cer_tool
from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import edits
from mtcompute.contracts.inputs import parts as parts_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.wer_from_statistics_1_0_0 import statistics_of
from mtcompute.metrics.wer.result import CerResult
from mtcompute.metrics.wer.statistics import EditStatistics, summed

LIMITS = Limits(max_parts=10_000)


@dataclass(frozen=True)
class CerPartsRequest:
    parts: Sequence[EditStatistics]
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return fields.closed_object(
        {
            "parts": parts_input.parts_schema(
                edits.part_schema("cer-compute", ("cer",)), limits.max_parts
            ),
            "decimals": fields.decimals("cer"),
        },
        ["parts"],
    )


def parser(limits: Limits) -> RequestParser[CerPartsRequest]:
    """The request parser under ``limits``."""

    def build(checked: Checked) -> CerPartsRequest:
        parts = [statistics_of(part) for part in checked.raw["parts"]]
        return CerPartsRequest(parts, decimals_of(checked))

    return RequestParser(input_schema(limits), [edits.CountSums()], build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {name: cer_tool.OUTPUT_SCHEMA["properties"][name] for name in ("cer", *edits.COUNTS)}
)

EXAMPLES = (
    Example(
        title=(
            "cer-compute's example in two parts, a segment each: the counts add up to the "
            "whole's, and cer = (2 + 0 + 1) / (10 + 2 + 0)."
        ),
        input={
            "parts": [
                {
                    "cer": 0.14285714285714285,
                    "hits": 6,
                    "substitutions": 1,
                    "deletions": 0,
                    "insertions": 0,
                },
                {"cer": 0.4, "hits": 4, "substitutions": 1, "deletions": 0, "insertions": 1},
            ]
        },
        result={"cer": 0.25, "hits": 10, "substitutions": 2, "deletions": 0, "insertions": 1},
    ),
)


def run(request: CerPartsRequest) -> JsonObject:
    result = CerResult(summed(request.parts), decimals=request.decimals)
    return {name: value for name, value in result.to_dict().items() if name != "segments"}


def input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    return edits.part_hints(raw, "cer-compute")


CONTRACT = Contract(
    id="cer-from-statistics",
    version="1.0.0",
    title="CER from statistics",
    summary=(
        "Combine the CER counts of the parts of a test set (character hits, substitutions, "
        "deletions, insertions) into its character error rate, equal to scoring the whole."
    ),
    use_when=(
        "score a test set in parts: corpus CER from the counts of its parts",
        "CER of a test set larger than one request's limits",
        "combine character error counts of shards into one CER",
    ),
    supported=(
        "score a test set in parts: corpus CER from the counts of its parts",
        "CER of a test set larger than one request's limits",
        "combine character error counts of shards into one CER",
        "cer-compute's answers bound whole in one execute_batch request",
    ),
    not_supported=(
        "computing counts from texts: use cer-compute for each part",
        "averaging the CER of the parts (a different number)",
        "word error rate: use wer-from-statistics",
    ),
    behavior=(
        (
            "parts lists the parts of a test set, each an object with its hits, substitutions, "
            "deletions and insertions (integers): a cer-compute@1.0.0 answer will do whole, "
            "its cer and segments beside the counts not read."
        ),
        (
            "The counts add over the parts (exact integers, so any order and any split give "
            "the same sums), and cer = (S + D + I) / (H + S + D) on the sums, the number of "
            "insertions where H + S + D is 0. The result is bit for bit cer-compute@1.0.0's on "
            "all the parts' segments at once, and jiwer 4.0.0's."
        ),
        (
            "Each count is from 0 to 2^53 - 1 and each count summed over the parts at most "
            "2^53 - 1 (too_many_counts at /parts); anything else is an input error pointing at "
            "the value."
        ),
        (
            "decimals (0-15) rounds cer with Number.prototype.toFixed (nearest, on the exact "
            "binary value); the counts are never rounded."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)

TOOL = Tool(CONTRACT, PARSER, run, input_hints, remedy=remedies.FROM_STATISTICS)
