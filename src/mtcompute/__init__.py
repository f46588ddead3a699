"""mtcompute: exact, fast, versioned compute tools for machine-translation evaluation."""

from mtcompute.api import corpus_bleu, describe, execute, tools
from mtcompute.errors import (
    InputError,
    MalformedJsonError,
    MtcomputeError,
    ServiceError,
    UnknownToolError,
    Violation,
)
from mtcompute.metrics.bleu import BleuResult, BleuStatistics

__all__ = [
    "BleuResult",
    "BleuStatistics",
    "InputError",
    "MalformedJsonError",
    "MtcomputeError",
    "ServiceError",
    "UnknownToolError",
    "Violation",
    "corpus_bleu",
    "describe",
    "execute",
    "tools",
]
