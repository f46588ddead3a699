"""mtcompute: exact, fast, versioned compute tools for machine-translation evaluation."""

from mtcompute.api import (
    brevity_penalty,
    chrf,
    corpus_bleu,
    describe,
    execute,
    execute_batch,
    ngram_counts,
    sentence_bleu,
    sentence_components,
    tools,
    use_helper_process,
)
from mtcompute.errors import (
    InputError,
    MalformedJsonError,
    MtcomputeError,
    ServiceError,
    UnknownToolError,
    Violation,
)
from mtcompute.metrics.bleu import BleuResult, BleuStatistics
from mtcompute.metrics.brevity import BrevityPenaltyResult
from mtcompute.metrics.chrf import ChrfResult, ChrfSegment, ChrfStatistics, ChrfWords
from mtcompute.metrics.ngrams import NgramCountsResult, NgramSegment
from mtcompute.metrics.sentence import SentenceBleuResult, SentenceComponents

__all__ = [
    "BleuResult",
    "BleuStatistics",
    "BrevityPenaltyResult",
    "ChrfResult",
    "ChrfSegment",
    "ChrfStatistics",
    "ChrfWords",
    "InputError",
    "MalformedJsonError",
    "MtcomputeError",
    "NgramCountsResult",
    "NgramSegment",
    "SentenceBleuResult",
    "SentenceComponents",
    "ServiceError",
    "UnknownToolError",
    "Violation",
    "brevity_penalty",
    "chrf",
    "corpus_bleu",
    "describe",
    "execute",
    "execute_batch",
    "ngram_counts",
    "sentence_bleu",
    "sentence_components",
    "tools",
    "use_helper_process",
]
