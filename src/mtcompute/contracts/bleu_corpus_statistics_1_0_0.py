"""The contract of ``bleu-corpus-statistics@1.0.0`` and the function that fulfils it: the
statistics of a part of a corpus, which ``bleu-corpus-from-statistics`` combines.

A released version never changes behaviour: a change goes into a new module beside this one.
"""

from typing import Any

from mtcompute.contracts import fields, remedies
from mtcompute.contracts.contract import Contract, Example, JsonObject, Tool
from mtcompute.contracts.inputs import corpus as corpus_input
from mtcompute.contracts.inputs.corpus import CorpusRequest
from mtcompute.contracts.limits import Limits
from mtcompute.contracts.mistakes import token_corpus_input_hints
from mtcompute.contracts.validation.parser import Checked, RequestParser
from mtcompute.fast.bleu.corpus import corpus_statistics_fast
from mtcompute.metrics.bleu import BleuStatistics

LIMITS = corpus_input.LIMITS
MAX_ORDER = corpus_input.MAX_ORDER
OPTIONS: dict[str, Any] = {}

StatisticsRequest = CorpusRequest[None]  # no options of its own


def _no_options(checked: Checked) -> None:
    return None


def input_schema(limits: Limits) -> dict[str, Any]:
    """The input JSON Schema (draft 2020-12) under ``limits``."""
    return corpus_input.input_schema(limits, OPTIONS)


def parser(limits: Limits) -> RequestParser[StatisticsRequest]:
    """The request parser under ``limits``."""
    return corpus_input.parser(limits, OPTIONS, _no_options)


PARSER = parser(LIMITS)

OUTPUT_SCHEMA = fields.output_object(
    {
        "max_order": {"type": "integer", "minimum": 1, "maximum": MAX_ORDER},
        "matches": fields.counts("Clipped n-gram matches m_n summed over segments.", MAX_ORDER),
        "totals": fields.counts("Hypothesis n-gram totals l_n summed over segments.", MAX_ORDER),
        "candidate_length": fields.length(None, "c: hypothesis tokens, summed over segments."),
        "reference_length": fields.length(
            None, "r: per segment the closest reference length, summed over segments."
        ),
    }
)

EXAMPLES = (
    Example(
        title=(
            "The statistics of a part of two segments: bleu-corpus-from-statistics adds them to "
            "those of the other parts and scores the sum."
        ),
        input={
            "hypotheses": [["the", "cat", "sat", "on", "the", "mat"], ["dog"]],
            "references": [
                [["the", "cat", "sat", "on", "a", "mat"], ["a", "cat", "was", "on", "the", "mat"]],
                [["a", "dog", "barked"], ["the", "dog"]],
            ],
        },
        # c = 6 + 1; r = 6 + 2 (of 3 and 2, 2 is closest to 1)
        result={
            "max_order": 4,
            "matches": [6, 5, 3, 1],
            "totals": [7, 5, 4, 3],
            "candidate_length": 7,
            "reference_length": 8,
        },
    ),
)

CONTRACT = Contract(
    id="bleu-corpus-statistics",
    version="1.0.0",
    title="Bleu corpus statistics",
    summary=(
        "Count the statistics of a part of a test set that corpus BLEU adds up: clipped "
        "matches, totals, candidate and reference length."
    ),
    use_when=(
        "score a test set in parts: count the BLEU statistics of each part",
        "clipped matches, totals and lengths of a shard of a test set",
        "sufficient statistics of corpus BLEU to add up across shards",
    ),
    supported=(
        "score a test set in parts: count the BLEU statistics of each part",
        "clipped matches, totals and lengths of a shard of a test set",
        "sufficient statistics of corpus BLEU to add up across shards",
        "the parts of a test set larger than one request's limits, one request each or all in "
        "one execute_batch",
        "multiple references for each hypothesis, orders 1 to 8",
        "statistiques BLEU d'une partie d'un corpus",
    ),
    not_supported=(
        "tokenizing raw text; tokens must be supplied",
        "the BLEU score itself: bleu-corpus-from-statistics scores the parts' statistics, "
        "bleu-corpus-compute a corpus within one request",
        "per-segment statistics or clipping tables (see bleu-ngrams-count, "
        "bleu-sentence-components)",
    ),
    behavior=(
        "Input is pre-tokenized: hypotheses[i] is the token list of segment i and references[i] "
        "lists 1 to 8 reference token lists for it. Tokens are compared by exact string equality: "
        "no case folding, no Unicode normalization, no trimming.",
        "For each order n = 1..max_order (max_order omitted means 4), matches[n-1] sums over the "
        "segments the clipped matches of order n (clipping to the largest count of the n-gram "
        "in any single reference) and totals[n-1] sums max(0, len(hypotheses[i]) - n + 1).",
        "candidate_length c is the total hypothesis token count; reference_length r sums, per "
        "segment, the reference length closest to the hypothesis length, ties going to the "
        "shorter reference.",
        "These are the integers bleu-corpus-compute@1.0.0 reports (and scores) for the same "
        "input; they add up over any split of the segments, so the statistics of the parts of a "
        "test set, given to bleu-corpus-from-statistics@1.0.0, give the test set's corpus BLEU "
        "bit for bit.",
        "The result object is a part as bleu-corpus-from-statistics takes it: bind it whole "
        '(pointer "") into its parts.',
    ),
    input_schema=PARSER.schema,
    output_schema=OUTPUT_SCHEMA,
    limits=LIMITS.to_json(),
    examples=EXAMPLES,
)


def statistics_of(request: StatisticsRequest) -> BleuStatistics:
    """The statistics of a validated request, from the token bytes its validation encoded."""
    return corpus_statistics_fast(
        request.hypotheses, request.references, request.max_order, request.encoded
    )


def run(request: StatisticsRequest) -> JsonObject:
    return statistics_of(request).to_dict()


TOOL = Tool(CONTRACT, PARSER, run, token_corpus_input_hints, remedy=remedies.TOKEN_CORPUS)
