"""The contract of ``ter-compute@1.0.0`` and the function that fulfils it.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs.corpus import decimals_of
from mtcompute.contracts.inputs.pairs import PairBytes
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import text_corpus_input_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.contracts.validation.paths import EVERY
from mtcompute.contracts.validation.rules import SameLength
from mtcompute.contracts.validation.texts import Texts
from mtcompute.fast.ter import corpus_statistics_fast
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import TerResult, ter_result

# The pair bytes bound the work: at its dearest (texts of a few words repeated, which invite
# shifts) a pair costs about 15 us per byte compiled, so the largest request takes about 1 s.
LIMITS = Limits(
    max_segments=1000,
    max_references_per_segment=8,
    max_string_bytes=4096,
    max_total_string_bytes=262_144,
    max_total_pair_bytes=65_536,
)

OPTIONS = {
    "normalized": fields.boolean(False, "Split punctuation as tercom's normalizer does."),
    "no_punct": fields.boolean(False, "Remove punctuation before scoring."),
    "asian_support": fields.boolean(False, "Split CJK text into characters (with the above)."),
    "case_sensitive": fields.boolean(False, "Keep case; by default every text is lowercased."),
    "decimals": fields.decimals("ter and every segment's ter"),
}


@dataclass(frozen=True)
class TerRequest:
    hypotheses: Sequence[str]
    references: Sequence[Sequence[str]]
    options: TerOptions
    decimals: int | None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    text = fields.text(limits.max_string_bytes)
    references = fields.reference_set(text, limits.max_references_per_segment)
    return fields.closed_object(
        {
            "hypotheses": fields.segments(text, limits.max_segments, "Text of each segment."),
            "references": fields.segments(
                references, limits.max_segments, "Reference texts of each segment."
            ),
            **OPTIONS,
        },
        ["hypotheses", "references"],
    )


def parser(limits: Limits) -> RequestParser[TerRequest]:
    """The request parser under ``limits``."""
    texts = Texts(
        (("hypotheses", EVERY), ("references", EVERY, EVERY)),
        limits.max_string_bytes,
        limits.max_total_string_bytes,
    )
    segments = SameLength(
        "hypotheses", "references", "reference set", "reference sets", "hypothesis"
    )
    pairs = PairBytes("hypotheses", "references", limits.max_total_pair_bytes)

    def build(checked: Checked) -> TerRequest:
        options = TerOptions(
            normalized=checked.get("normalized", False),
            no_punct=checked.get("no_punct", False),
            asian_support=checked.get("asian_support", False),
            case_sensitive=checked.get("case_sensitive", False),
        )
        return TerRequest(
            checked.raw["hypotheses"], checked.raw["references"], options, decimals_of(checked)
        )

    return RequestParser(input_schema(limits), [segments, texts, pairs], build)


PARSER = parser(LIMITS)

_TER = {"type": "number", "minimum": 0, "description": "Edits over reference words; may pass 1."}
_EDITS = {"type": "integer", "minimum": 0}
_LENGTH = {"type": "number", "minimum": 0}
OUTPUT_SCHEMA = fields.output_object(
    {
        "ter": _TER,
        "num_edits": {**_EDITS, "description": "Each segment's fewest edits, summed."},
        "ref_length": {
            **_LENGTH,
            "description": "Each segment's average reference length, summed.",
        },
        "normalized": {"type": "boolean"},
        "no_punct": {"type": "boolean"},
        "asian_support": {"type": "boolean"},
        "case_sensitive": {"type": "boolean"},
        "segments": {
            "type": "array",
            "items": fields.output_object(
                {"ter": _TER, "num_edits": _EDITS, "ref_length": _LENGTH}
            ),
        },
    }
)

EXAMPLES = (
    Example(
        title=(
            "Segment 0 needs one shift (`the cat` moved to the front) and one substitution "
            "(`the` for `a`) against 6 reference words; segment 1's closer reference, `Hi "
            "there!` (2 words: `there!` keeps its `!` unless normalized), needs one "
            "substitution, and its ref_length is the average of 2 and 4 words: ter = (2 + 1) / "
            "(6 + 3). 100 * ter is sacreBLEU's `TER().corpus_score` for this input."
        ),
        input={
            "hypotheses": ["sat on the mat the cat", "Hello there!"],
            "references": [["the cat sat on a mat"], ["Hi there!", "Good morning to you."]],
        },
        result={
            "ter": 0.3333333333333333,
            "num_edits": 3,
            "ref_length": 9.0,
            "normalized": False,
            "no_punct": False,
            "asian_support": False,
            "case_sensitive": False,
            "segments": [
                {"ter": 0.3333333333333333, "num_edits": 2, "ref_length": 6.0},
                {"ter": 0.3333333333333333, "num_edits": 1, "ref_length": 3.0},
            ],
        },
    ),
)


def score_request(request: TerRequest) -> TerResult:
    """The TER of a validated request."""
    segments = corpus_statistics_fast(request.hypotheses, request.references, request.options)
    return ter_result(segments, request.options, request.decimals)


def run(request: TerRequest) -> JsonObject:
    return score_request(request).to_dict()


CONTRACT = Contract(
    id="ter-compute",
    version="1.0.0",
    title="Ter compute",
    summary=(
        "Compute exact TER (translation edit rate, Snover et al. 2006) as sacreBLEU 2.6 and "
        "tercom do: word edits with shifts over reference words, corpus and per segment."
    ),
    use_when=(
        "translation edit rate of a machine translation test set",
        "TER equal to sacreBLEU's, from raw strings",
        "sentence-level TER (edit rate) for every segment",
    ),
    supported=(
        "translation edit rate of a machine translation test set",
        "TER equal to sacreBLEU's, from raw strings",
        "sentence-level TER (edit rate) for every segment",
        "multiple references per segment: the fewest edits, the average reference length",
        "tercom's options: normalized, no_punct, asian_support, case_sensitive",
    ),
    not_supported=(
        "HTER with human post-edits as a separate workflow (pass them as references instead)",
        "character-level TER (CharacTER) or edit costs other than 1",
        "scores on tokens you split yourself: the tercom tokenizer always runs",
        "confidence intervals and significance tests",
    ),
    behavior=(
        (
            "hypotheses[i] is the text of segment i and references[i] lists its 1 to 8 "
            "reference texts. Each text becomes words with sacreBLEU 2.6's tercom tokenizer "
            "and the options: lowercased unless case_sensitive; with normalized, tercom's "
            "normalization (punctuation split off, with asian_support CJK split into "
            "characters); with no_punct, punctuation removed; then split at spaces."
        ),
        (
            "A segment's edits are sacreBLEU 2.6's `translation_edit_rate` of its words against "
            "each reference, the fewest kept: insertions, deletions, substitutions and shifts "
            "cost 1 each; the edit distance is the beam search of width 25 around the "
            "pseudo-diagonal; a shift moves at most 10 words at most 50 positions, candidates "
            "are ranked as sacreBLEU ranks them and at most 1,000 are tried per round, and "
            "shifting stops when no shift lowers the edits."
        ),
        (
            "A segment's ref_length is the average of its references' word counts (their sum "
            "over their number, a double); num_edits and ref_length add over segments left to "
            "right in segment order, from 0."
        ),
        (
            "ter is num_edits / ref_length; 1 when ref_length is 0 and there are edits; 0 when "
            "both are 0. The same rule gives each segment's ter. ter may exceed 1."
        ),
        (
            "100 * ter (unrounded) is bit for bit sacreBLEU 2.6's "
            "`TER(normalized, no_punct, asian_support, case_sensitive).corpus_score(...).score`, "
            "and 100 * segments[i].ter its `sentence_score`."
        ),
        (
            "decimals (0-15) rounds ter and every segments[i].ter with Number.prototype.toFixed "
            "(nearest, on the exact binary value); num_edits and ref_length are never rounded."
        ),
        (
            "Limits: the work grows with the words of each (hypothesis, reference) pair, so the "
            "UTF-8 bytes of both texts of every pair, summed over the pairs (a hypothesis "
            "counting once per reference), are at most max total pair bytes; at its dearest "
            "(few distinct words, repeated) the largest request takes about 1 s of CPU on the "
            "compiled kernel. The library function `mtcompute.ter` has no limits."
        ),
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)

COST_NOTE = (
    "Measured since the release: the dearest valid request is 8 pairs of 4,096 brackets with "
    "`normalized` (each bracket a word), 2 to 3.4 s of CPU on a shared 2-core machine; a "
    "server admits it by its estimated cost."
)
TOOL = Tool(
    CONTRACT,
    PARSER,
    run,
    text_corpus_input_hints,
    cost_note=COST_NOTE,
    remedy=remedies.of_texts("ter-compute", "ter-from-statistics"),
)
