"""The contract of ``bleu-brevity-penalty@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.metrics.brevity import BrevityPenaltyResult, brevity_penalty_of

LIMITS = Limits(max_segments=1000, max_references_per_segment=8, max_length=50_000)


@dataclass(frozen=True)
class BrevityPenaltyRequest:
    candidate_lengths: Sequence[int]
    reference_lengths: Sequence[Sequence[int]]
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    length = fields.length(limits.max_length, "A token count.")
    references = fields.reference_set(length, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "candidate_lengths": fields.segments(
                length, limits.max_segments, "The hypothesis length of each segment."
            ),
            "reference_lengths": fields.segments(
                references, limits.max_segments, "The reference lengths of each segment."
            ),
            "decimals": fields.decimals("brevity_penalty and ratio"),
        },
        ["candidate_lengths", "reference_lengths"],
    )


SEGMENTS = SameLength(
    "candidate_lengths",
    "reference_lengths",
    "reference length list",
    "reference length lists",
    "candidate length",
)


def _build(checked: Checked) -> BrevityPenaltyRequest:
    decimals = checked.get("decimals", None)
    return BrevityPenaltyRequest(
        candidate_lengths=[int(length) for length in checked.raw["candidate_lengths"]],
        reference_lengths=[
            [int(length) for length in lengths] for lengths in checked.raw["reference_lengths"]
        ],
        decimals=None if decimals is None else int(decimals),
    )


def parser(limits: Limits) -> RequestParser[BrevityPenaltyRequest]:
    """The request parser under ``limits``."""
    return RequestParser(input_schema(limits), [SEGMENTS], _build)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        "brevity_penalty": fields.score("1 when c > r, 0 when c = 0, otherwise exp(1 - r/c)."),
        "candidate_length": fields.length(None, "c, the sum of candidate_lengths."),
        "reference_length": fields.length(None, "r, the sum of closest_reference_lengths."),
        "closest_reference_lengths": {
            "type": "array",
            "items": {"type": "integer", "minimum": 0},
            "description": "Per segment, the reference length closest to its candidate length.",
        },
        "ratio": {"type": "number", "minimum": 0, "description": "c / r, or 0 when r = 0."},
    }
)

EXAMPLES = (
    Example(
        title="Segment 0's references 5 and 3 are both 1 from 4: the shorter is taken.",
        input={"candidate_lengths": [4, 9, 6], "reference_lengths": [[5, 3], [12, 10], [7]]},
        # c = 4 + 9 + 6 = 19, r = 3 + 10 + 7 = 20; bp = exp(1 - 20/19), ratio = 19 / 20
        result={
            "brevity_penalty": 0.9487294800164372,
            "candidate_length": 19,
            "reference_length": 20,
            "closest_reference_lengths": [3, 10, 7],
            "ratio": 0.95,
        },
    ),
)

CONTRACT = Contract(
    id="bleu-brevity-penalty",
    version="1.0.0",
    title="Bleu brevity penalty",
    summary=(
        "Compute the BLEU corpus brevity penalty from candidate and reference lengths using "
        "closest reference lengths."
    ),
    use_when=(
        "BLEU brevity penalty from hypothesis and reference lengths",
        "the closest reference length of every segment",
        "the length ratio of a system's output to its references",
    ),
    supported=(
        "BLEU brevity penalty from hypothesis and reference lengths",
        "the closest reference length of every segment",
        "the length ratio of a system's output to its references",
        "the closest-length rule of sacreBLEU and NLTK, ties going to the shorter reference",
        "the brevity penalty of one sentence (one segment)",
        "lengths already chosen per segment (one reference length each)",
        "calcular la penalización por brevedad de BLEU",
    ),
    not_supported=(
        "counting tokens: lengths must be supplied (bleu-sentence-components reports them)",
        "shortest-reference or average-reference length rules",
        "sacreBLEU's 1 for c = r = 0 (here 0, as in bleu-corpus-compute)",
        "n-gram precisions or the BLEU score itself",
    ),
    behavior=(
        (
            "candidate_lengths[i] is the token count of segment i's hypothesis and "
            "reference_lengths[i] lists the token counts of its 1 to 8 references."
        ),
        (
            "closest_reference_lengths[i] is the reference length L that minimises |L - "
            "candidate_lengths[i]|, ties going to the shorter reference."
        ),
        (
            "candidate_length c is the sum of candidate_lengths and reference_length r the sum of "
            "closest_reference_lengths (exact integers)."
        ),
        (
            "brevity_penalty is 1 when c > r, 0 when c = 0 (even if r = 0), otherwise exp(1 - "
            "r/c): one IEEE-754 division, one subtraction and fdlibm's exp (JavaScript's "
            "Math.exp). At c = r > 0 it is exp(0) = 1."
        ),
        "ratio is c / r (one IEEE-754 division), or 0 when r = 0.",
        (
            "decimals (0-15) rounds brevity_penalty and ratio with Number.prototype.toFixed "
            "(nearest, computed on the exact binary value); omitted means full IEEE-754 double "
            "precision."
        ),
        (
            "This is bleu-corpus-compute@1.0.0's brevity penalty: its segments' lengths give the "
            "same c, r and brevity_penalty. c, r and ratio equal sacreBLEU 2.x's `sys_len`, "
            "`ref_len` and `ratio`; its `bp` differs at c = r = 0 (it gives 1) and, on glibc, by 1 "
            "ulp in about 11 % of cases with 0 < c < r."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def score_request(request: BrevityPenaltyRequest) -> BrevityPenaltyResult:
    return brevity_penalty_of(
        request.candidate_lengths, request.reference_lengths, decimals=request.decimals
    )


def run(request: BrevityPenaltyRequest) -> JsonObject:
    return score_request(request).to_dict()


TOOL = Tool(CONTRACT, PARSER, run)
