"""What the WER and CER tools share: their texts (one reference a segment), the counts and
alignment chunks of their answers, their parts (the counts, which add up), the hints for the
commonest mistakes, and the bound of an answer with alignments.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields
from mtcompute.contracts.inputs.parts import MAX_COUNT, count, is_count
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint
from mtcompute.contracts.validation.paths import Path
from mtcompute.contracts.validation.rules import FAILED, _Failed
from mtcompute.contracts.validation.violations import Violations

COUNTS = ("hits", "substitutions", "deletions", "insertions")
_COUNT_TEXT = {
    "hits": "Items of the reference matched by equal items of the hypothesis.",
    "substitutions": "Reference items replaced by other hypothesis items.",
    "deletions": "Reference items missing from the hypothesis.",
    "insertions": "Hypothesis items with no reference item.",
}


def counts_output() -> dict[str, Any]:
    """The four counts of an answer."""
    return {
        name: {"type": "integer", "minimum": 0, "description": _COUNT_TEXT[name]} for name in COUNTS
    }


def rate(description: str, *, at_most_one: bool = False) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "number", "minimum": 0, "description": description}
    return {**schema, "maximum": 1} if at_most_one else schema


CHUNK_SCHEMA = fields.output_object(
    {
        "type": {"enum": ["equal", "substitute", "delete", "insert"]},
        "reference_start": {"type": "integer", "minimum": 0},
        "reference_end": {"type": "integer", "minimum": 0},
        "hypothesis_start": {"type": "integer", "minimum": 0},
        "hypothesis_end": {"type": "integer", "minimum": 0},
    }
)
del CHUNK_SCHEMA["$schema"]
ALIGNMENT_SCHEMA = {
    "type": "array",
    "items": CHUNK_SCHEMA,
    "description": (
        "jiwer's alignment chunks of the segment, in order: item index ranges, end excluded."
    ),
}


def texts_input(limits: Limits, items: str) -> dict[str, Any]:
    """``hypotheses``, ``references`` (one a segment), ``alignments`` and ``decimals``."""
    text = fields.text(limits.max_string_bytes)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
            "references": fields.segments(
                text, limits.max_segments, "The reference text of each segment (one each)."
            ),
            "alignments": fields.boolean(
                False, f"Answer each segment's alignment of {items} (jiwer's chunks)."
            ),
            "decimals": fields.decimals("every rate"),
        },
        ["hypotheses", "references"],
    )


# A chunk's JSON, with the largest indexes a request allows and a comma: at most 5 + 9 + 17 +
# 15 + 18 + 16 + 4 * 7 bytes, under 120.
_CHUNK_BYTES = 120
_SEGMENT_BYTES = 400  # a segment's rates and counts, without its alignment


def _answer_bytes(raw: object, by_words: bool) -> int:
    if not isinstance(raw, dict):
        return 0
    hypotheses, references = raw.get("hypotheses"), raw.get("references")
    if not isinstance(hypotheses, list) or not isinstance(references, list):
        return 0
    size = _SEGMENT_BYTES * len(hypotheses)
    if raw.get("alignments") is True:
        lengths = [len(t) for t in (*hypotheses, *references) if isinstance(t, str)]
        # A word is a character and the space after it, at least (the last has none).
        items = sum((n + 1) // 2 for n in lengths) if by_words else sum(lengths)
        size += _CHUNK_BYTES * (items + len(hypotheses))
    return size


def word_answer_bytes(raw: object) -> int:
    """wer-compute's answer bytes beyond its input's: its segments, and with ``alignments`` at
    most one chunk per word (each chunk spends at least one item)."""
    return _answer_bytes(raw, by_words=True)


def character_answer_bytes(raw: object) -> int:
    """cer-compute's: as ``word_answer_bytes``, a chunk per character at most."""
    return _answer_bytes(raw, by_words=False)


ANSWER_NOTE = (
    "With alignments, the answer can be larger than the input: at most one chunk (about 120 "
    "bytes) per word or character of the texts, 10 to 30 times the body at most."
)


def text_hints(raw: Mapping[str, Any], tool: str, limits: Limits) -> list[Hint]:
    """References nested per segment (as ter-compute and chrf-compute take them) where one text a
    segment is due, a text where a list is due, and a test set over the limits."""
    hypotheses, references = raw.get("hypotheses"), raw.get("references")
    if isinstance(hypotheses, str):
        return [Hint("/hypotheses", "hypotheses are a list of texts, one a segment: `[text]`")]
    if isinstance(references, str):
        return [Hint("/references", "references are a list of texts, one a segment: `[text]`")]
    if isinstance(references, list):
        nested = next((i for i, r in enumerate(references) if isinstance(r, list)), None)
        if nested is not None:
            message = (
                "references are one text a segment, not a list of references: with one "
                "reference each, unwrap them: `[refs[0] for refs in references]` (WER and CER "
                "take a single reference)"
            )
            return [Hint(f"/references/{nested}", message)]
    segments = len(hypotheses) if isinstance(hypotheses, list) else 0
    over = limits.max_segments is not None and segments > limits.max_segments
    most = limits.max_total_string_bytes
    if over or (most is not None and _total_bytes(hypotheses, references) > most):
        message = (
            f"score the test set in parts: {tool} each part of at most {limits.max_segments} "
            f"segments and {limits.max_total_string_bytes} bytes, then give their results to "
            f"{tool.replace('-compute', '-from-statistics')} (the counts add up)"
        )
        return [Hint("/hypotheses" if over else "", message)]
    return []


def _total_bytes(*lists: object) -> int:
    total = 0
    for texts in lists:
        if isinstance(texts, list):
            for text in texts:
                if isinstance(text, str):
                    total += len(text.encode("utf-8", "surrogatepass"))
    return total


# -- Parts -----------------------------------------------------------------------------------


def part_schema(tool: str, rates: tuple[str, ...]) -> dict[str, Any]:
    """One part: its four counts, as the tool answers them; its rates and segments beside them
    may be present and are not read, so that a whole answer is a part."""
    unread: dict[str, Any] = {
        name: {"type": "number", "description": f"{tool}'s {name} beside the counts: not read."}
        for name in rates
    }
    unread["segments"] = {
        "type": "array",
        "description": f"{tool}'s segments beside the counts: not read.",
    }
    return {
        "type": "object",
        "description": f"One part's counts: a {tool} answer, or its four counts.",
        "properties": {
            **{name: count(_COUNT_TEXT[name]) for name in COUNTS},
            **unread,
        },
        "required": list(COUNTS),
        "additionalProperties": False,
    }


@dataclass(frozen=True)
class CountSums:
    """Each count, summed over the parts, is at most 2^53 - 1, so that the sums and the rates
    are what a JavaScript engine adds up and divides."""

    checks_items_at: Sequence[Path] = ()

    @property
    def walks_items(self) -> bool:
        return True

    def bulk(self, raw: dict[str, Any]) -> _Failed | None:
        for name in COUNTS:
            if sum(int(part[name]) for part in raw["parts"]) > MAX_COUNT:
                return FAILED
        return None

    def walk(self, raw: dict[str, Any], found: Violations) -> None:
        parts = raw.get("parts")
        if not isinstance(parts, list | tuple):
            return
        for name in COUNTS:
            total = sum(
                int(part[name])
                for part in parts
                if isinstance(part, dict) and is_count(part.get(name))
            )
            if total > MAX_COUNT:
                message = (
                    f"expected at most {MAX_COUNT} {name} in all its parts, got {total} at /parts"
                )
                found.add("too_many_counts", "/parts", message)


def part_hints(raw: Mapping[str, Any], tool: str) -> list[Hint]:
    """A part given as the array of a result's segments where one object a part is due."""
    parts = raw.get("parts")
    if not isinstance(parts, list):
        return []
    for index, part in enumerate(parts):
        if isinstance(part, list):
            message = (
                f"a part is one object with its four counts ({tool}'s whole answer will do), "
                "not the array of its segments"
            )
            return [Hint(f"/parts/{index}", message)]
    return []
