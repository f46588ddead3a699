"""The input the chrF tools share: each segment's hypothesis text and its 1 to 8 reference
texts, with the options of the F-score; chrF++ adds its word order and return_words."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.chrf import chrf_fast
from mtcompute.metrics.chrf import ChrfOptions, ChrfResult

LIMITS = Limits(
    max_segments=1000,
    max_references_per_segment=8,
    max_string_bytes=8192,
    max_total_string_bytes=1_048_576,
)


# The output fragments both chrF tools publish: the kept statistics and a segment's result.
_COUNTS = {"type": "array", "items": {"type": "integer", "minimum": 0}}
STATISTICS_SCHEMA = {
    "type": "object",
    "properties": {"hypothesis": _COUNTS, "reference": _COUNTS, "matches": _COUNTS},
    "required": ["hypothesis", "reference", "matches"],
    "additionalProperties": False,
}
SEGMENT_SCHEMA = {
    "type": "object",
    "properties": {
        "chrf": fields.score("The segment's chrF against its kept reference."),
        "reference_index": {"type": "integer", "minimum": 0},
        "hypothesis": _COUNTS,
        "reference": _COUNTS,
        "matches": _COUNTS,
    },
    "required": ["chrf", "reference_index", "hypothesis", "reference", "matches"],
    "additionalProperties": False,
}


@dataclass(frozen=True)
class ChrfRequest:
    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]]
    char_order: int
    word_order: int
    beta: int
    eps_smoothing: bool
    include_whitespace: bool
    return_words: bool
    decimals: int | None


def options(word_order: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of chrF, and with ``word_order`` (its schema) those of chrF++."""
    words = {} if word_order is None else {"word_order": word_order}
    returned = (
        {}
        if word_order is None
        else {"return_words": fields.boolean(True, "Return the word tokens scored.")}
    )
    return {
        "char_order": fields.integer(1, 10, "Largest character n-gram order.", 6),
        **words,
        "beta": fields.integer(1, 10, "Recall weighs beta times as much as precision.", 2),
        "eps_smoothing": fields.boolean(False, "Average per-order F-scores, as chrF++.py does."),
        "include_whitespace": fields.boolean(False, "Keep whitespace in character n-grams."),
        **returned,
        "decimals": fields.decimals("chrf and every segment's chrf"),
    }


def input_schema(limits: Limits, tool_options: Mapping[str, Any]) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    references = fields.reference_set(text, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
            "references": fields.segments(
                references, limits.max_segments, "Reference texts of each segment."
            ),
            **tool_options,
        },
        ["hypotheses", "references"],
    )


SEGMENTS = SameLength("hypotheses", "references", "reference set", "reference sets", "hypothesis")


def parser(limits: Limits, tool_options: Mapping[str, Any]) -> RequestParser[ChrfRequest]:
    """The parser of a chrF tool's input under ``limits``; chrF++ when it has a word order."""
    texts = Texts(
        (("hypotheses", EVERY), ("references", EVERY, EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    plus_plus = "word_order" in tool_options

    def build(checked: Checked) -> ChrfRequest:
        return ChrfRequest(
            hypotheses=checked.raw["hypotheses"],
            references=checked.raw["references"],
            char_order=int(checked.get("char_order", 6)),
            word_order=int(checked.get("word_order", 2)) if plus_plus else 0,
            beta=int(checked.get("beta", 2)),
            eps_smoothing=checked.get("eps_smoothing", False),
            include_whitespace=checked.get("include_whitespace", False),
            return_words=plus_plus and checked.get("return_words", True),
            decimals=decimals_of(checked),
        )

    return RequestParser(input_schema(limits, tool_options), [SEGMENTS, texts], build)


def score_request(request: ChrfRequest) -> ChrfResult:
    """The chrF (or chrF++) of a validated request."""
    options = ChrfOptions(
        request.char_order,
        request.word_order,
        request.beta,
        request.eps_smoothing,
        request.include_whitespace,
    )
    return chrf_fast(
        request.hypotheses,
        request.references,
        options,
        decimals=request.decimals,
        return_words=request.return_words,
    )
