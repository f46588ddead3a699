"""The contract of ``wer-compute@1.0.0`` and the function that fulfils it.

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
from mtcompute.metrics.wer.result import WerResult, wer_result
from mtcompute.metrics.wer.transforms import words

# A text of at most 4,000 bytes has at most 2,000 words: below the sizes where rapidfuzz splits
# its matrix (Hirschberg), so every pair is aligned by the compiled kernel. The largest request
# takes about 0.1 s compiled.
LIMITS = Limits(max_segments=10_000, max_string_bytes=4_000, max_total_string_bytes=262_144)


@dataclass(frozen=True)
class WerRequest:
    hypotheses: Sequence[str]
    references: Sequence[str]
    alignments: bool
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return edits.texts_input(limits, "words")


def parser(limits: Limits) -> RequestParser[WerRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (("hypotheses", EVERY), ("references", EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    segments = SameLength("hypotheses", "references", "reference", "references", "hypothesis")

    def build(checked: Checked) -> WerRequest:
        return WerRequest(
            checked.raw["hypotheses"],
            checked.raw["references"],
            checked.get("alignments", False),
            decimals_of(checked),
        )

    return RequestParser(input_schema(limits), [segments, texts], build)


PARSER = parser(LIMITS)

_MEASURES = {
    "wer": edits.rate(
        "Word error rate: (S + D + I) / (H + S + D); may pass 1; the insertions where no "
        "reference has a word."
    ),
    "mer": edits.rate("Match error rate: (S + D + I) / (H + S + D + I).", at_most_one=True),
    "wil": edits.rate("Word information lost: 1 - wip.", at_most_one=True),
    "wip": edits.rate("Word information preserved: (H / N) * (H / M).", at_most_one=True),
}
_SEGMENT = fields.output_object(
    {**_MEASURES, **edits.counts_output(), "alignment": edits.ALIGNMENT_SCHEMA},
    optional=("alignment",),
)
del _SEGMENT["$schema"]
OUTPUT_SCHEMA = fields.output_object(
    {**_MEASURES, **edits.counts_output(), "segments": {"type": "array", "items": _SEGMENT}}
)

EXAMPLES = (
    Example(
        title=(
            "Segment 0 misses `sat` (a deletion) and has `a` for `the` (a substitution): 2 "
            "errors in 6 reference words; segment 1 is exact. wer = (1 + 1 + 0) / (6 + 1 + 1), the "
            "same as "
            "jiwer.wer(references, hypotheses) for this input."
        ),
        input={
            "hypotheses": ["the cat on a mat", "good morning"],
            "references": ["the cat sat on the mat", "good morning"],
        },
        result={
            "wer": 0.25,
            "mer": 0.25,
            "wil": 0.3571428571428572,
            "wip": 0.6428571428571428,
            "hits": 6,
            "substitutions": 1,
            "deletions": 1,
            "insertions": 0,
            "segments": [
                {
                    "wer": 0.3333333333333333,
                    "mer": 0.3333333333333333,
                    "wil": 0.4666666666666667,
                    "wip": 0.5333333333333333,
                    "hits": 4,
                    "substitutions": 1,
                    "deletions": 1,
                    "insertions": 0,
                },
                {
                    "wer": 0,
                    "mer": 0,
                    "wil": 0,
                    "wip": 1,
                    "hits": 2,
                    "substitutions": 0,
                    "deletions": 0,
                    "insertions": 0,
                },
            ],
        },
    ),
)


def score_request(request: WerRequest) -> WerResult:
    """The WER of a validated request: the compiled counts, the oracle's alignments."""
    statistics = packed_counts_fast(request.hypotheses, request.references)
    alignments = (
        segment_alignments(request.hypotheses, request.references, words)
        if request.alignments
        else None
    )
    return wer_result(statistics, alignments, request.decimals)


def run(request: WerRequest) -> JsonObject:
    return score_request(request).to_dict()


def input_hints(raw: Mapping[str, Any]) -> list[Hint]:
    return edits.text_hints(raw, "wer-compute", LIMITS)


CONTRACT = Contract(
    id="wer-compute",
    version="1.0.0",
    title="WER compute",
    summary=(
        "Compute exact word error rate (WER) with MER, WIL and WIP as jiwer 4.0 does with its "
        "default transforms: hits, substitutions, deletions and insertions, corpus and per "
        "segment, with jiwer's word alignment."
    ),
    use_when=(
        "word error rate of speech recognition output",
        "WER equal to jiwer's, from raw strings",
        "match error rate, word information lost and preserved",
        "hits substitutions deletions insertions of a transcript",
        "word alignment of a hypothesis to its reference",
    ),
    supported=(
        "word error rate of speech recognition output",
        "WER equal to jiwer's, from raw strings",
        "match error rate, word information lost and preserved",
        "hits substitutions deletions insertions of a transcript",
        "word alignment of a hypothesis to its reference",
        "post-editing effort of machine translation as a word error rate",
        "empty references and empty hypotheses, as jiwer counts them",
    ),
    not_supported=(
        "several references per segment (WER takes one)",
        "jiwer's other transforms (lowercasing, punctuation removal, wer_standardize): "
        "normalize the texts yourself first",
        "character error rate: use cer-compute",
        "confidence intervals and significance tests",
    ),
    behavior=(
        (
            "hypotheses[i] is the text of segment i and references[i] its one reference text. "
            "Each text becomes words with jiwer 4.0's wer_default: every run of two or more "
            "whitespace characters (Python's str.isspace) becomes one space, the text is "
            "stripped of whitespace at both ends, then split on the space character alone, "
            "empty words dropped. A single tab, newline or no-break space between two words "
            "does not split them; nothing is lowercased or removed."
        ),
        (
            "Each segment's words are aligned as jiwer 4.0 aligns them (rapidfuzz 3's "
            "Levenshtein opcodes of the reference against the hypothesis): unit costs, and "
            "among the paths of least cost the one rapidfuzz's trace takes (the common prefix "
            "and suffix are hits; then from the end: a deletion where the reference word's "
            "column is one higher, else an insertion where the hypothesis word's is one lower, "
            "else a hit or a substitution). H hits, S substitutions, D deletions and I "
            "insertions are counted on that path."
        ),
        (
            "The counts add over segments. With N = H + S + D reference words and M = H + S + "
            "I hypothesis words in all: wer = (S + D + I) / (H + S + D), mer = (S + D + I) / "
            "(H + S + D + I), wip = (H / N) * (H / M) (0 where M is 0), wil = 1 - wip, each "
            "the double of these operations in this order. Where N is 0 (every reference "
            "empty) jiwer does not refuse: wer is the number of insertions I, mer 1 and wip 0, "
            "or mer 0 and wip 1 where M is 0 too. Each segment's measures are the same "
            "formulas on its own counts."
        ),
        (
            "wer, mer, wil, wip and the counts are bit for bit jiwer 4.0.0's "
            "`process_words(references, hypotheses)` (corpus) and `process_words(reference, "
            "hypothesis)` (each segment)."
        ),
        (
            "With alignments, each segment has `alignment`: jiwer's chunks in order, each "
            "{type: equal | substitute | delete | insert, reference_start, reference_end, "
            "hypothesis_start, hypothesis_end}, word index ranges with the end excluded, over "
            "the words above."
        ),
        (
            "decimals (0-15) rounds every rate with Number.prototype.toFixed (nearest, on the "
            "exact binary value); the counts are never rounded."
        ),
        (
            "Limits: a text is at most max string bytes (so at most 2,000 words, where jiwer "
            "keeps rapidfuzz's whole matrix), all texts at most max total string bytes, at most "
            "max segments. A larger test set is scored in parts: wer-compute each part, then "
            "wer-from-statistics on their answers (the counts add up). The library function "
            "`mtcompute.wer` has no limits."
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
    answer_bytes=edits.word_answer_bytes,
    answer_note=edits.ANSWER_NOTE,
    remedy=remedies.of_texts("wer-compute", None),
)
