"""The input of corpus BLEU: its JSON Schema, the rules a schema cannot say, and the typed request.

One parser serves both the service, with the contract's limits, and the Python library, which
has none: the schema is built from the limits, compiled once, and is the very object a contract
publishes. A valid input, the common case, is answered in bulk: the schema checks its shape, and
the tokens are checked on their UTF-8 bytes, encoded once into a buffer that the statistics then
use too. Any other input is walked to say where each violation is. Validating a maximum-size
input so costs a fraction of computing it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from mtcompute.contracts.validation.schema import compile_schema
from mtcompute.contracts.validation.violations import Violations, describe_value, where
from mtcompute.fast.token_bytes import TokenBytes, sentences_of
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER

MIN_ORDER, MAX_ORDER = 1, 8
MIN_DECIMALS, MAX_DECIMALS = 0, 15


@dataclass(frozen=True)
class CorpusLimits:
    """Size limits of one request; ``None`` means unlimited."""

    max_segments: int | None = None
    max_references_per_segment: int | None = None
    max_total_tokens: int | None = None
    max_token_bytes: int | None = None
    max_total_token_bytes: int | None = None


UNLIMITED = CorpusLimits()


@dataclass(frozen=True)
class BleuRequest:
    hypotheses: Sequence[Sequence[str]]
    references: Sequence[Sequence[Sequence[str]]]
    max_order: int
    decimals: int | None
    # The tokens' bytes, from the bulk check, for the statistics; None if it could not make them.
    encoded: TokenBytes | None = None


def _bounded(schema: dict[str, Any], keyword: str, bound: int | None) -> dict[str, Any]:
    return schema if bound is None else {**schema, keyword: bound}


def _token_description(limits: CorpusLimits) -> str:
    # maxLength counts characters; the byte limit is a rule of its own, so the text states it.
    most = limits.max_token_bytes
    size = "" if most is None else f" of at most {most} UTF-8 bytes"
    return f"One token: a non-empty string of valid Unicode{size}, compared by exact equality."


def input_schema(limits: CorpusLimits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    token = _bounded(
        {"type": "string", "minLength": 1, "description": _token_description(limits)},
        "maxLength",
        limits.max_token_bytes,
    )
    return _corpus_schema(limits, {"type": "array", "items": token})


def _shape_schema(limits: CorpusLimits) -> dict[str, Any]:
    """The input schema without the tokens' own rules, which the bulk check reads from bytes."""
    return _corpus_schema(limits, {"type": "array"})


def _corpus_schema(limits: CorpusLimits, token_list: dict[str, Any]) -> dict[str, Any]:
    segments = {"type": "array", "minItems": 1}
    reference_set = _bounded(
        {"type": "array", "minItems": 1, "items": token_list},
        "maxItems",
        limits.max_references_per_segment,
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {
            "hypotheses": _bounded(
                {**segments, "items": token_list, "description": "Token list of each segment."},
                "maxItems",
                limits.max_segments,
            ),
            "references": _bounded(
                {**segments, "items": reference_set, "description": "References of each segment."},
                "maxItems",
                limits.max_segments,
            ),
            "max_order": {
                "type": "integer",
                "minimum": MIN_ORDER,
                "maximum": MAX_ORDER,
                "default": DEFAULT_MAX_ORDER,
                "description": "Largest n-gram order N.",
            },
            "decimals": {
                "type": "integer",
                "minimum": MIN_DECIMALS,
                "maximum": MAX_DECIMALS,
                "description": "Round bleu and brevity_penalty as Number.prototype.toFixed does.",
            },
        },
        "required": ["hypotheses", "references"],
        "additionalProperties": False,
    }


class BleuRequestParser:
    """Validates raw input against the schema and the rules, and builds a ``BleuRequest``."""

    def __init__(self, limits: CorpusLimits) -> None:
        self.limits = limits
        self.schema = input_schema(limits)
        self._compiled = compile_schema(self.schema)
        self._shape = compile_schema(_shape_schema(limits))

    def parse(self, raw: object) -> BleuRequest:
        """The typed request, or ``InputError`` listing every violation."""
        request = self.parse_in_bulk(raw)
        if request is None:
            self.violations(raw).raise_if_any()
            request = _request(cast(dict[str, Any], raw), None)  # violations() raised on others
        return request

    def parse_in_bulk(self, raw: object) -> BleuRequest | None:
        """The request when ``raw`` breaks neither the schema nor a rule, found fast from the
        tokens' bytes. None means "walk it to find out": usually a violation, not always."""
        if not self._shape.valid(raw):
            return None
        raw = cast(dict[str, Any], raw)
        if len(raw["hypotheses"]) != len(raw["references"]):
            return None
        encoded = TokenBytes.encode(sentences_of(raw["hypotheses"], raw["references"]))
        if encoded is None or not _tokens_within(encoded, self.limits):
            return None
        return _request(raw, encoded)

    def violations(self, raw: object) -> Violations:
        """Every violation of the schema and the rules, each with where it is."""
        found = Violations()
        self._compiled.check(raw, "", found)
        if isinstance(raw, dict):
            _check_segment_counts(raw, found)
            _TokenRules(self.limits, found).check(raw)
        return found


def _request(raw: dict[str, Any], encoded: TokenBytes | None) -> BleuRequest:
    decimals = raw.get("decimals")
    return BleuRequest(
        hypotheses=raw["hypotheses"],
        references=raw["references"],
        max_order=int(raw.get("max_order", DEFAULT_MAX_ORDER)),
        decimals=None if decimals is None else int(decimals),
        encoded=encoded,
    )


def _tokens_within(encoded: TokenBytes, limits: CorpusLimits) -> bool:
    """Whether every token is non-empty and within the limits, read from their UTF-8 bytes: a
    token within the byte limit is within the same number of characters, the schema's bound."""
    if encoded.token_count == 0:
        return True
    if _over(encoded.token_count, limits.max_total_tokens):
        return False
    if _over(encoded.total_bytes, limits.max_total_token_bytes):
        return False
    sizes = encoded.lengths
    return int(sizes.min()) > 0 and not _over(int(sizes.max()), limits.max_token_bytes)


def _over(value: int, limit: int | None) -> bool:
    return limit is not None and value > limit


def _no_token_over(tokens: Sequence[str], joined: str, longest: int) -> bool:
    """True when no token can have more than ``longest`` UTF-8 bytes, by a bound: the most
    characters in a token times 4, or else times the bytes of the widest character (slower)."""
    most_characters = max(map(len, tokens))
    if most_characters * 4 <= longest:
        return True
    # The largest code point takes the most UTF-8 bytes of any character (the join encoded).
    return most_characters * len(max(joined).encode("utf-8")) <= longest


def _check_segment_counts(raw: dict[str, Any], found: Violations) -> None:
    hypotheses, references = raw.get("hypotheses"), raw.get("references")
    if not isinstance(hypotheses, list | tuple) or not isinstance(references, list | tuple):
        return
    if len(hypotheses) != len(references):
        sets = "reference set" if len(hypotheses) == 1 else "reference sets"
        message = (
            f"expected {len(hypotheses)} {sets} (one per hypothesis), "
            f"got {len(references)} {where('/references')}"
        )
        found.add("segment_count_mismatch", "/references", message)


class _TokenRules:
    """Valid Unicode, UTF-8 bytes per token, and the totals over every token of the request."""

    def __init__(self, limits: CorpusLimits, found: Violations) -> None:
        self.limits = limits
        self.found = found
        self.tokens = 0
        self.token_bytes = 0

    def check(self, raw: dict[str, Any]) -> None:
        # Pointers are built only for a list that breaks a rule: a valid list costs a join.
        hypotheses = raw.get("hypotheses")
        if isinstance(hypotheses, list | tuple):
            for index, tokens in enumerate(hypotheses):
                if isinstance(tokens, list | tuple) and tokens:
                    self._check_list(tokens, "/hypotheses", index)
        references = raw.get("references")
        if isinstance(references, list | tuple):
            for index, segment in enumerate(references):
                if isinstance(segment, list | tuple):
                    self._check_segment(segment, f"/references/{index}")
        self._check_totals()

    def _check_segment(self, segment: Sequence[Any], pointer: str) -> None:
        for index, tokens in enumerate(segment):
            if isinstance(tokens, list | tuple) and tokens:
                self._check_list(tokens, pointer, index)

    def _check_list(self, tokens: Sequence[Any], parent: str, index: int) -> None:
        self.tokens += len(tokens)
        try:
            joined = "".join(tokens)
            size = len(joined.encode("utf-8"))
        except (TypeError, UnicodeEncodeError):
            self._check_each(tokens, f"{parent}/{index}")
            return
        self.token_bytes += size
        longest = self.limits.max_token_bytes
        # All ASCII (size == characters): a token's bytes are its characters, which the schema's
        # maxLength bounds. Otherwise only a list whose widest token might be over is walked.
        if longest is None or size <= longest or size == len(joined):
            return
        if not _no_token_over(tokens, joined, longest):
            self._check_each(tokens, f"{parent}/{index}", count_bytes=False)

    def _check_each(self, tokens: Sequence[Any], pointer: str, *, count_bytes: bool = True) -> None:
        for index, token in enumerate(tokens):
            if not isinstance(token, str):
                continue  # the schema check reported it
            try:
                size = len(token.encode("utf-8"))
            except UnicodeEncodeError:
                if self.found.full:
                    self.found.count_unreported()
                else:
                    self._invalid_unicode(token, f"{pointer}/{index}")
                continue
            self.token_bytes += size if count_bytes else 0
            self._check_token_bytes(token, size, f"{pointer}/{index}")

    def _invalid_unicode(self, token: str, pointer: str) -> None:
        message = (
            f"expected a token of valid Unicode, got {describe_value(token)} "
            f"with a lone surrogate {where(pointer)}"
        )
        self.found.add("invalid_unicode", pointer, message)

    def _check_token_bytes(self, token: str, size: int, pointer: str) -> None:
        longest = self.limits.max_token_bytes
        # A token over the limit in characters too was already reported by the schema check.
        if longest is not None and size > longest >= len(token):
            message = (
                f"expected a token of at most {longest} UTF-8 bytes, "
                f"got {size} bytes {where(pointer)}"
            )
            self.found.add("token_too_long", pointer, message)

    def _check_totals(self) -> None:
        most_tokens = self.limits.max_total_tokens
        if most_tokens is not None and self.tokens > most_tokens:
            message = (
                f"expected at most {most_tokens} tokens in all (hypotheses and references), "
                f"got {self.tokens} in the whole input"
            )
            self.found.add("too_many_tokens", "", message)
        most_bytes = self.limits.max_total_token_bytes
        if most_bytes is not None and self.token_bytes > most_bytes:
            message = (
                f"expected at most {most_bytes} UTF-8 bytes of tokens in all "
                f"(hypotheses and references), got {self.token_bytes} in the whole input"
            )
            self.found.add("too_many_token_bytes", "", message)
