"""mtcompute: exact, fast, versioned compute tools for machine-translation evaluation."""

from mtcompute.api import (
    chrf,
    corpus_bleu,
    describe,
    execute,
    execute_batch,
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
from mtcompute.metrics.chrf import ChrfResult, ChrfSegment, ChrfStatistics, ChrfWords

__all__ = [
    "BleuResult",
    "BleuStatistics",
    "ChrfResult",
    "ChrfSegment",
    "ChrfStatistics",
    "ChrfWords",
    "InputError",
    "MalformedJsonError",
    "MtcomputeError",
    "ServiceError",
    "UnknownToolError",
    "Violation",
    "chrf",
    "corpus_bleu",
    "describe",
    "execute",
    "execute_batch",
    "tools",
    "use_helper_process",
]
