"""The input the sentence-level BLEU tools share: one hypothesis's tokens, its 1 to 8 references'
tokens and max_order, plus each tool's own options.

Every token is checked by the token rule. The compiled counts read the strings at any size;
without them, the rule's buffer of UTF-8 bytes serves the statistics of a long segment, and a
short one is scored from the strings, as numpy's fixed costs would exceed the whole work.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from mtcompute.contracts import fields
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import Rule
from mtcompute.contracts.validation.tokens import TokenLists
from mtcompute.fast import compiled
from mtcompute.fast.bleu.token_bytes import TokenBytes
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER

__all__ = ["LIMITS", "MAX_ORDER", "Limits", "SentenceRequest", "input_schema", "parser"]

MAX_ORDER = 8
Options = TypeVar("Options")

LIMITS = Limits(
    max_references=8,
    max_total_tokens=50_000,
    max_token_bytes=128,
    max_total_token_bytes=1_048_576,
)


class SentenceRequest(NamedTuple, Generic[Options]):
    """A valid request. A named tuple: a caller scoring segment after segment makes one per call,
    and a tuple is the cheapest immutable record."""

    hypothesis: Sequence[str]
    references: Sequence[Sequence[str]]
    max_order: int
    # The tool's own options, typed by the tool's ``read_options``.
    options: Options
    # The tokens' bytes, hypothesis first, from the bulk check; None if it could not make them.
    encoded: TokenBytes | None = None


def input_schema(limits: Limits, options: Mapping[str, Any]) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``, with the tool's ``options``."""
    hypothesis = fields.bounded(
        {**fields.token_list(limits.max_token_bytes), "minItems": 0},
        "maxItems",
        limits.max_total_tokens,
    )
    references = fields.reference_set(
        fields.token_list(limits.max_token_bytes),
        limits.max_references,
        "Reference token lists of the segment; a reference may be empty.",
    )
    return fields.closed_object(
        {
            "hypothesis": {**hypothesis, "description": "Token list of the hypothesis."},
            "references": references,
            "max_order": fields.integer(1, MAX_ORDER, "Largest n-gram order N.", DEFAULT_MAX_ORDER),
            **options,
        },
        ["hypothesis", "references"],
    )


def parser(
    limits: Limits,
    options: Mapping[str, Any],
    read_options: Callable[[Checked], Options],
    rules: Sequence[Rule[object]] = (),
) -> RequestParser[SentenceRequest[Options]]:
    """The parser of a sentence tool's input: the shared fields, ``options`` (the schemas of the
    tool's own properties) read by ``read_options``, and the tool's own ``rules``."""
    tokens = TokenLists(
        (("hypothesis",), ("references", EVERY)),
        limits.max_token_bytes,
        limits.max_total_tokens,
        limits.max_total_token_bytes,
        counted="hypothesis and references",
        makes_buffer=compiled.segment_statistics is None,  # the compiled counts read strings
    )

    def build(checked: Checked) -> SentenceRequest[Options]:
        return SentenceRequest(
            hypothesis=checked.raw["hypothesis"],
            references=checked.raw["references"],
            max_order=int(checked.get("max_order", DEFAULT_MAX_ORDER)),
            options=read_options(checked),
            encoded=checked.made_by(tokens),
        )

    return RequestParser(input_schema(limits, options), [tokens, *rules], build)
