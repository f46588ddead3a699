"""The input the corpus-level BLEU tools share: each segment's hypothesis tokens, its 1 to 8
references' tokens and max_order, plus each tool's own options.

Every token is checked on its UTF-8 bytes by the token rule, whose buffer the statistics then
use too.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from mtcompute.contracts import fields
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.tokens import TokenLists
from mtcompute.fast.bleu.token_bytes import TokenBytes
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER

MAX_ORDER = 8
Options = TypeVar("Options")

LIMITS = Limits(
    max_segments=1000,
    max_references_per_segment=8,
    max_total_tokens=50_000,
    max_token_bytes=128,
    max_total_token_bytes=1_048_576,
)


@dataclass(frozen=True)
class CorpusRequest(Generic[Options]):
    hypotheses: Sequence[Sequence[str]]
    references: Sequence[Sequence[Sequence[str]]]
    max_order: int
    # The tool's own options, typed by the tool's ``read_options``.
    options: Options
    # The tokens' bytes, from the bulk check, for the statistics; None if it could not make them.
    encoded: TokenBytes | None = None


def input_schema(limits: Limits, options: Mapping[str, Any]) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``, with the tool's ``options``."""
    tokens = fields.token_list(limits.max_token_bytes)
    references = fields.reference_set(tokens, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(
                tokens, limits.max_segments, "Token list of each segment."
            ),
            "references": fields.segments(
                references, limits.max_segments, "References of each segment."
            ),
            "max_order": fields.integer(1, MAX_ORDER, "Largest n-gram order N.", DEFAULT_MAX_ORDER),
            **options,
        },
        ["hypotheses", "references"],
    )


SEGMENTS = SameLength("hypotheses", "references", "reference set", "reference sets", "hypothesis")
TOKEN_LISTS = (("hypotheses", EVERY), ("references", EVERY, EVERY))


def parser(
    limits: Limits, options: Mapping[str, Any], read_options: Callable[[Checked], Options]
) -> RequestParser[CorpusRequest[Options]]:
    """The parser of a corpus tool's input: the shared fields, and ``options`` (the schemas of
    the tool's own properties) read by ``read_options``."""
    tokens = TokenLists(
        TOKEN_LISTS, limits.max_token_bytes, limits.max_total_tokens, limits.max_total_token_bytes
    )

    def build(checked: Checked) -> CorpusRequest[Options]:
        return CorpusRequest(
            hypotheses=checked.raw["hypotheses"],
            references=checked.raw["references"],
            max_order=int(checked.get("max_order", DEFAULT_MAX_ORDER)),
            options=read_options(checked),
            encoded=checked.made_by(tokens),
        )

    return RequestParser(input_schema(limits, options), [SEGMENTS, tokens], build)


def decimals_of(checked: Checked) -> int | None:
    """The ``decimals`` option as an int (4.0 is 4), or None when left out."""
    decimals = checked.get("decimals", None)
    return None if decimals is None else int(decimals)
