"""The contract of ``cer-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import edits
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import Hint
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.edits import packed_counts_fast
from mtcompute.metrics.wer.corpus import segment_alignments
from mtcompute.metrics.wer.result import CerResult, cer_result
from mtcompute.metrics.wer.transforms import characters

# A text of at most 2,000 bytes has at most 2,000 characters: below the sizes where rapidfuzz
# splits its matrix (Hirschberg), so every pair is aligned by the compiled kernel. The largest
# request takes about 0.1 s compiled.
LIMITS = Limits(max_segments=10_000, max_string_bytes=2_000, max_total_string_bytes=262_144)


@dataclass(frozen=True)
class CerRequest:
    hypotheses: Sequence[str]
    references: Sequence[str]
    alignments: bool
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return edits.texts_input(limits, "characters")


def parser(limits: Limits) -> RequestParser[CerRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (("hypotheses", EVERY), ("references", EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    segments = SameLength("hypotheses", "references", "reference", "references", "hypothesis")

    def build(checked: Checked) -> CerRequest:
        return CerRequest(
            checked.raw["hypotheses"],
            checked.raw["references"],
            checked.get("alignments", False),
            decimals_of(checked),
        )

    return RequestParser(input_schema(limits), [segments, texts], build)


PARSER = parser(LIMITS)

_CER = edits.rate(
    "Character error rate: (S + D + I) / (H + S + D); may pass 1; the insertions where no "
    "reference has a character."
)
_SEGMENT = fields.output_object(
    {"cer": _CER, **edits.counts_output(), "alignment": edits.ALIGNMENT_SCHEMA},
    optional=("alignment",),
)
del _SEGMENT["$schema"]
OUTPUT_SCHEMA = fields.output_object(
    {"cer": _CER, **edits.counts_output(), "segments": {"type": "array", "items": _SEGMENT}}
)

EXAMPLES = (
    Example(
        title=(
            "Segment 0 has `h` for `c` (1 substitution in 7 characters, the space counted); "
            "segment 1 has `a` for `e` and an extra `!`: cer = (2 + 0 + 1) / (10 + 2 + 0), the "
            "same as jiwer.cer(references, hypotheses) for this input."
        ),
        input={"hypotheses": ["the hat", "Hallo!"], "references": ["the cat", "Hello"]},
        result={
            "cer": 0.25,
            "hits": 10,
            "substitutions": 2,
            "deletions": 0,
            "insertions": 1,
            "segments": [
                {
                    "cer": 0.14285714285714285,
                    "hits": 6,
                    "substitutions": 1,
                    "deletions": 0,
                    "insertions": 0,
                },
                {"cer": 0.4, "hits": 4, "substitutions": 1, "deletions": 0, "insertions": 1},
            ],
        },
    ),
)


def score_request(request: CerRequest) -> CerResult:
    """The CER of a validated request: the compiled counts, the oracle's alignments."""
    statistics = packed_counts_fast(request.hypotheses, request.references, by_characters=True)
    alignments = (
        segment_alignments(request.hypotheses, request.references, characters)
        if request.alignments
        else None
    )
    return cer_result(statistics, alignments, request.decimals)


def run(request: CerRequest) -> JsonObject:
    return score_request(request).to_dict()


def input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    return edits.text_hints(raw, "cer-compute", LIMITS)


CONTRACT = Contract(
    id="cer-compute",
    version="1.0.0",
    title="CER compute",
    summary=(
        "Compute exact character error rate (CER) as jiwer 4.0 does with its default "
        "transforms: character hits, substitutions, deletions and insertions, corpus and per "
        "segment, with jiwer's character alignment."
    ),
    use_when=(
        "character error rate of OCR or speech recognition output",
        "CER equal to jiwer's, from raw strings",
        "character edit distance of a transcript to its reference",
        "character alignment of a hypothesis to its reference",
    ),
    supported=(
        "character error rate of OCR or speech recognition output",
        "CER equal to jiwer's, from raw strings",
        "character edit distance of a transcript to its reference",
        "character alignment of a hypothesis to its reference",
        "languages written without spaces (Chinese, Japanese, Thai)",
        "empty references and empty hypotheses, as jiwer counts them",
    ),
    not_supported=(
        "several references per segment (CER takes one)",
        "grapheme clusters: a combining mark or an emoji modifier is a character of its own",
        "jiwer's other transforms (cer_contiguous, lowercasing, punctuation removal): "
        "normalize the texts yourself first",
        "word error rate: use wer-compute",
    ),
    behavior=(
        (
            "hypotheses[i] is the text of segment i and references[i] its one reference text. "
            "Each text becomes characters with jiwer 4.0's cer_default: the text is stripped "
            "of whitespace at both ends (Python's str.strip), then each Unicode code point is "
            "a character, spaces and other whitespace inside included."
        ),
        (
            "Each segment's characters are aligned as jiwer 4.0 aligns them (rapidfuzz 3's "
            "Levenshtein opcodes of the reference against the hypothesis), the path of least "
            "cost chosen as wer-compute@1.0.0 says; H hits, S substitutions, D deletions and I "
            "insertions are counted on it."
        ),
        (
            "The counts add over segments; cer = (S + D + I) / (H + S + D), a double. Where "
            "every reference is empty (H + S + D is 0) jiwer does not refuse: cer is the number "
            "of insertions I. Each segment's cer is the same formula on its own counts."
        ),
        (
            "cer and the counts are bit for bit jiwer 4.0.0's "
            "`process_characters(references, hypotheses)` (corpus) and "
            "`process_characters(reference, hypothesis)` (each segment)."
        ),
        (
            "With alignments, each segment has `alignment`: jiwer's chunks in order, each "
            "{type: equal | substitute | delete | insert, reference_start, reference_end, "
            "hypothesis_start, hypothesis_end}, character index ranges with the end excluded, "
            "over the stripped texts."
        ),
        (
            "decimals (0-15) rounds every cer with Number.prototype.toFixed (nearest, on the "
            "exact binary value); the counts are never rounded."
        ),
        (
            "Limits: a text is at most max string bytes (so at most 2,000 characters, where "
            "jiwer keeps rapidfuzz's whole matrix), all texts at most max total string bytes, "
            "at most max segments. A larger test set is scored in parts: cer-compute each "
            "part, then cer-from-statistics on their answers (the counts add up). The library "
            "function `mtcompute.cer` has no limits."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)

TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    input_hints,
    answer_bytes=edits.character_answer_bytes,
    answer_note=edits.ANSWER_NOTE,
    remedy=remedies.of_texts("cer-compute", None),
)
