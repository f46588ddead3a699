"""The contract of ``ter-from-statistics@1.0.0`` and the function that fulfils it: the corpus TER
of a test set from the segment statistics of its parts.

A part is its segments' statistics, not their sums: a segment's ref_length is a double, and the
whole's is those doubles added left to right, which a sum of the parts' sums need not equal.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from mtcompute.contracts import fields, remedies
from mtcompute.contracts import ter_compute_1_0_0 as ter_tool
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import parts as parts_input
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.inputs.parts import MAX_COUNT, is_count
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.totals import TotalItems
from mtcompute.contracts.validation.violations import Violations, number_text, where
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import TerResult, ter_result
from mtcompute.metrics.ter.statistics import TerStatistics

# Every part's segments are in the request and add up one by one; 50,000 of the largest
# segment statistics are about 5 MB of JSON, within the default body limit.
LIMITS = Limits(max_parts=1000, max_segments=50_000)

SEGMENT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "One segment's statistics: an item of the `segments` ter-compute answers.",
    "properties": {
        "num_edits": parts_input.count("The segment's fewest edits over its references."),
        "ref_length": {
            "type": "number",
            "minimum": 0,
            "maximum": MAX_COUNT,
            "description": "Its references' word counts summed, over their number (a double).",
        },
        "ter": {
            "type": "number",
            "minimum": 0,
            "description": "The segment's ter, as ter-compute answers it beside them: not read.",
        },
    },
    "required": ["num_edits", "ref_length"],
    "additionalProperties": False,
}
PART_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": SEGMENT_SCHEMA,
    "description": "One part's segment statistics in segment order: ter-compute's `segments`.",
}


# A positive ref_length is words over references: below one word over 2^20 references it is no
# segment's, and an edit count over it could overflow to infinity, which JSON cannot carry.
MIN_REF_LENGTH = 2.0**-20
_MIN_REF_LENGTH_TEXT = "2^-20 (one word over 1,048,576 references)"


@dataclass(frozen=True)
class SegmentValues:
    """Each positive ref_length is at least ``MIN_REF_LENGTH``, and the num_edits of all the
    parts' segments add up to at most 2^53 - 1, so that the sum and ter are the doubles a
    JavaScript engine adds up and divides."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        edits = 0
        for part in raw["parts"]:
            for segment in part:
                if 0 < segment["ref_length"] < MIN_REF_LENGTH:
                    return FAILED
                edits += int(segment["num_edits"])
        return None if edits <= MAX_COUNT else FAILED

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        parts, edits = raw.get("parts"), 0
        for p, part in enumerate(parts if isinstance(parts, list | tuple) else ()):
            for s, segment in enumerate(part if isinstance(part, list | tuple) else ()):
                if isinstance(segment, dict):
                    _walk_ref_length(segment.get("ref_length"), f"/parts/{p}/{s}", found)
                    edits += _count(segment.get("num_edits"))
        if edits > MAX_COUNT:
            message = f"expected at most {MAX_COUNT} edits in all its parts, got {edits} at /parts"
            found.add("too_many_edits", "/parts", message)


def _walk_ref_length(length: object, pointer: str, found: Violations) -> None:
    number = isinstance(length, int | float) and not isinstance(length, bool)
    if not (number and 0 < cast(float, length) < MIN_REF_LENGTH):
        return  # within bounds, or not a number: the schema reports that
    place = f"{pointer}/ref_length"
    message = (
        f"expected 0 or a number of at least {_MIN_REF_LENGTH_TEXT}, "
        f"got {number_text(cast(float, length))} {where(place)}"
    )
    found.add("below_minimum", place, message)


def _count(value: object) -> int:
    """A num_edits the schema accepts, else 0 (the schema reports it)."""
    if not is_count(value):
        return 0
    count = int(cast(float, value))
    return count if 0 <= count <= MAX_COUNT else 0


@dataclass(frozen=True)
class TerPartsRequest:
    parts: Sequence[Sequence[TerStatistics]]
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return fields.closed_object(
        {
            "parts": parts_input.parts_schema(PART_SCHEMA, limits.max_parts),
            "decimals": fields.decimals("ter"),
        },
        ["parts"],
    )


def _build(checked: Checked) -> TerPartsRequest:
    # float(): a ref_length written without a fraction (6) arrives as an int.
    parts = [
        [TerStatistics(int(segment["num_edits"]), float(segment["ref_length"])) for segment in part]
        for part in checked.raw["parts"]
    ]
    return TerPartsRequest(parts, decimals_of(checked))


def parser(limits: Limits) -> RequestParser[TerPartsRequest]:
    """The request parser under ``limits``."""
    segments = TotalItems("parts", "segments", limits.max_segments, "too_many_segments")
    return RequestParser(input_schema(limits), [segments, SegmentValues()], _build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        name: ter_tool.OUTPUT_SCHEMA["properties"][name]
        for name in ("ter", "num_edits", "ref_length")
    }
)


EXAMPLES = (
    Example(
        title=(
            "ter-compute's example in two parts, a segment each: the `segments` of each part's "
            "answer give the whole's ter, (2 + 1) / (6 + 3)."
        ),
        input={
            "parts": [
                [{"ter": 0.3333333333333333, "num_edits": 2, "ref_length": 6.0}],
                [{"ter": 0.3333333333333333, "num_edits": 1, "ref_length": 3.0}],
            ]
        },
        result={"ter": 0.3333333333333333, "num_edits": 3, "ref_length": 9.0},
    ),
    Example(
        title=(
            "Why a part is its segments: four segments of three references each (13, 13, 13 and "
            "14 words in all: ref_length 13/3 and 14/3), in two parts of two. Added in order, "
            "as the whole adds them, ref_length is 17.666666666666668 and ter "
            "0.22641509433962262; the parts' sums added would give 17.666666666666664 and "
            "0.22641509433962267."
        ),
        input={
            "parts": [
                [
                    {"ter": 0.23076923076923078, "num_edits": 1, "ref_length": 4.333333333333333},
                    {"ter": 0, "num_edits": 0, "ref_length": 4.333333333333333},
                ],
                [
                    {"ter": 0.46153846153846156, "num_edits": 2, "ref_length": 4.333333333333333},
                    {"ter": 0.21428571428571427, "num_edits": 1, "ref_length": 4.666666666666667},
                ],
            ]
        },
        result={"ter": 0.22641509433962262, "num_edits": 4, "ref_length": 17.666666666666668},
    ),
)


def score_request(request: TerPartsRequest, options: TerOptions) -> TerResult:
    """ter-compute's corpus result on every part's segments, in order; ``options`` (which made
    the statistics, and do not change how they add up) are carried into the result."""
    segments = [segment for part in request.parts for segment in part]
    return ter_result(segments, options, request.decimals)


def run(request: TerPartsRequest) -> JsonObject:
    result = score_request(request, TerOptions())  # the options are not in the result object
    return {"ter": result.ter, "num_edits": result.num_edits, "ref_length": result.ref_length}


def part_hints(parts: object, function: str | None = None) -> list[Hint]:
    """A part given as an object (a whole ter-compute result, or summed statistics) where the
    array of its segments' statistics is due, for the tool or the typed ``function``."""
    if not isinstance(parts, list | tuple):
        return []
    for index, part in enumerate(parts):
        if isinstance(part, Mapping | TerResult | TerStatistics):
            fix = (
                f"give {function} each result's `.segments`"
                if function
                else 'bind each step\'s "/segments"'
            )
            message = (
                "a part is the array of its segments' statistics (ter-compute's `segments`), not "
                "a whole result or a sum (sums of ref_length need not add up to the whole's bit "
                f"for bit): {fix}"
            )
            return [Hint(f"/parts/{index}", message)]
    return []


def input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    """``part_hints`` of a tool input."""
    return part_hints(raw.get("parts"))


CONTRACT = Contract(
    id="ter-from-statistics",
    version="1.0.0",
    title="Ter from statistics",
    summary=(
        "Combine the TER statistics of the parts of a test set, each segment's edits and "
        "reference length, into its corpus TER, bit for bit equal to scoring the whole at once."
    ),
    use_when=(
        "score a test set in parts: corpus TER from the segment statistics of its parts",
        "TER of a test set larger than one request's limits",
        "combine TER statistics of shards into one system-level edit rate",
    ),
    supported=(
        "score a test set in parts: corpus TER from the segment statistics of its parts",
        "TER of a test set larger than one request's limits",
        "combine TER statistics of shards into one system-level edit rate",
        "the segments of ter-compute's answers, bound in one execute_batch request with a list "
        "of bindings",
        "any number of references per segment, 3 included: each segment's average reference "
        "length is added in order, as the whole adds it",
        "combinare le statistiche TER di più parti di un corpus",
    ),
    not_supported=(
        "computing edits from texts: use ter-compute for each part",
        "per-segment scores (each part's ter-compute answer has them)",
        "averaging the TER scores of the parts (a different number)",
    ),
    behavior=(
        "parts lists the parts of a test set in its order, each the `segments` array that "
        "ter-compute@1.0.0 answers for that part: one object per segment, in segment order, "
        "with its num_edits (an integer) and ref_length (its references' word counts summed, "
        "over their number: a double); the ter beside them may be present and is not read.",
        "A part is its segments, not their sums: the whole's ref_length adds the segments' "
        "doubles left to right from 0, and when a segment's number of references is not a "
        "power of two (3, 5, 6, 7) adding the parts' sums instead can differ in the last bits.",
        "num_edits and ref_length add over all the parts' segments, left to right in order "
        "from 0 (num_edits as exact integers), and ter is num_edits / ref_length; 1 when "
        "ref_length is 0 and there are edits; 0 when both are 0. The result is bit for bit "
        "ter-compute@1.0.0's ter, num_edits and ref_length on all the parts' segments at once, "
        "and 100 * ter (unrounded) is sacreBLEU 2.6's TER corpus score.",
        "normalized, no_punct, asian_support and case_sensitive change the statistics, not how "
        "they add up: every part must have been computed with the same ones.",
        "num_edits and ref_length are each from 0 to 2^53 - 1, a positive ref_length at least "
        "2^-20 (one word over 1,048,576 references), and the num_edits of all the segments add "
        "up to at most 2^53 - 1 (too_many_edits at /parts); a part may be empty; anything else "
        "is an input error pointing at the value. At most max segments in all the parts "
        "(too_many_segments at /parts).",
        "decimals (0-15) rounds ter with Number.prototype.toFixed (nearest, on the exact "
        "binary value); omitted means full IEEE-754 double precision; num_edits and ref_length "
        "are never rounded.",
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)

TOOL = Tool(CONTRACT, PARSER, run, input_hints, remedy=remedies.FROM_STATISTICS)
