"""What the pairwise tools share: flat arrays of hypotheses and references (one matrix row per
hypothesis, one column per reference), the bound on the matrix's cells, and the result: the
score matrix, each hypothesis's expected utility and the MBR choice.

The library's batch form takes several sources' lists at once; its input is declared here from
the same item schemas, options and rules, at other paths.
"""

from collections.abc import Mapping
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.cells import CellCount
from mtcompute.contracts.validation.paths import EVERY, Path
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.fast.pairwise import mbr_select_matrix
from mtcompute.fast.pairwise.jobs import Floats
from mtcompute.numerics.tofixed import to_fixed_many

# A score matrix's size in a request: its JSON, about 20 bytes a cell, is what a request costs.
MAX_SIDE = 1024
MAX_CELLS = 262_144

# Where the texts (or token lists) are, in a request and in the library's batch form.
ITEMS: tuple[Path, ...] = (("hypotheses", EVERY), ("references", EVERY))
SET_ITEMS: tuple[Path, ...] = (("hypothesis_sets", EVERY, EVERY), ("reference_sets", EVERY, EVERY))


def input_schema(item: Mapping[str, Any], limits: Limits, options: Mapping[str, Any]) -> JsonObject:
    """The input JSON Schema (draft 2020-12): ``item`` is a text or a token list."""
    return fields.closed_object(
        {
            "hypotheses": _side(
                item, limits.max_hypotheses, "The hypotheses: hypothesis i is row i of scores."
            ),
            "references": _side(
                item, limits.max_references, "The references: reference j is column j of scores."
            ),
            **options,
        },
        ["hypotheses", "references"],
    )


def _side(item: Mapping[str, Any], most: int | None, description: str) -> JsonObject:
    schema = {"type": "array", "minItems": 1, "items": item, "description": description}
    return fields.bounded(schema, "maxItems", most)


def cells(limits: Limits) -> CellCount:
    """The bound on hypotheses times references."""
    return CellCount("hypotheses", "references", limits.max_cells)


def sets_schema(item: Mapping[str, Any], options: Mapping[str, Any]) -> JsonObject:
    """The batch form's input: one list of hypotheses and one of references per source."""
    hypotheses = _side(item, None, "One source's hypotheses.")
    references = _side(item, None, "One source's references.")
    return fields.closed_object(
        {
            "hypothesis_sets": {"type": "array", "items": hypotheses},
            "reference_sets": {"type": "array", "items": references},
            **options,
        },
        ["hypothesis_sets", "reference_sets"],
    )


SETS = SameLength(
    "hypothesis_sets", "reference_sets", "reference list", "reference lists", "hypothesis list"
)

OUTPUT_PROPERTIES: JsonObject = {
    "scores": {
        "type": "array",
        "minItems": 1,
        "items": {
            "type": "array",
            "minItems": 1,
            "items": {"type": "number", "minimum": 0, "maximum": 1},
        },
        "description": "scores[i][j]: hypothesis i against reference j alone, 0-1 scale.",
    },
    "expected_utility": {
        "type": "array",
        "minItems": 1,
        "items": {"type": "number", "minimum": 0, "maximum": 1},
        "description": "The mean of each row: its scores added left to right, divided by m.",
    },
    "best_index": {
        "type": "integer",
        "minimum": 0,
        "description": "The first hypothesis with the largest expected utility: the MBR choice.",
    },
}


def matrix_result(scores: Floats, decimals: int | None) -> JsonObject:
    """The matrix, its rows' expected utilities and the first best row, as the tools report
    them; ``decimals`` rounds the numbers shown after the choice was made on the full ones."""
    selection = mbr_select_matrix(scores)
    rows: list[list[float]] = scores.tolist()
    utilities = list(selection.expected_utility)
    if decimals is not None:
        rows = [to_fixed_many(row, decimals) for row in rows]
        utilities = to_fixed_many(utilities, decimals)
    return {"scores": rows, "expected_utility": utilities, "best_index": selection.best_index}


# The JSON of one double at most ("-1.2345678901234567e-123," is 25 bytes).
_CELL_BYTES = 25


def matrix_bytes(raw: object) -> int:
    """An upper bound of a pairwise answer's JSON bytes for a raw input: a double per cell, and
    one per hypothesis for its expected utility."""
    if not isinstance(raw, dict):
        return 0
    hypotheses, references = raw.get("hypotheses"), raw.get("references")
    if not isinstance(hypotheses, list) or not isinstance(references, list):
        return 0
    return _CELL_BYTES * len(hypotheses) * (len(references) + 1)


MATRIX_NOTE = (
    "The answer holds a double per cell: about 25 bytes each, up to about 6.3 MiB at the "
    "largest matrix this contract allows (twice that over MCP, as structured content and as "
    "text). A server charges a request for that bound before it computes."
)
