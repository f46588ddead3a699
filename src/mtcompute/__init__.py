"""mtcompute: exact, fast, versioned compute tools for machine-translation evaluation.

``Client`` (a remote service, over httpx) is imported on first use, so that ``import mtcompute``
and the CLI's local commands do not load the HTTP client.
"""

import typing as _typing

from mtcompute.api import (
    TextList,
    TokenList,
    brevity_penalty,
    cer,
    chrf,
    chrf_from_statistics,
    confidence_interval,
    corpus_bleu,
    corpus_bleu_from_statistics,
    corpus_bleu_statistics,
    describe,
    execute,
    execute_batch,
    mbr_select,
    ngram_counts,
    paired_test,
    pairwise_bleu,
    pairwise_bleu_batch,
    pairwise_chrf,
    pairwise_chrf_batch,
    resolve_version,
    rouge,
    sentence_bleu,
    sentence_components,
    ter,
    ter_from_statistics,
    tokenize,
    tools,
    use_helper_process,
    wer,
)
from mtcompute.errors import (
    InputError,
    InvalidBaseUrlError,
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
from mtcompute.metrics.pairwise import MbrSelection
from mtcompute.metrics.rouge.result import RougeResult
from mtcompute.metrics.sentence import SentenceBleuResult, SentenceComponents
from mtcompute.metrics.significance import SignificanceResult, SystemScore
from mtcompute.metrics.ter.result import TerResult
from mtcompute.metrics.ter.statistics import TerStatistics
from mtcompute.metrics.wer.result import CerResult, WerResult
from mtcompute.metrics.wer.statistics import EditStatistics
from mtcompute.version import __version__

if _typing.TYPE_CHECKING:
    from mtcompute.remote.client import Client

__all__ = [
    "BleuResult",
    "BleuStatistics",
    "BrevityPenaltyResult",
    "CerResult",
    "ChrfResult",
    "ChrfSegment",
    "ChrfStatistics",
    "ChrfWords",
    "Client",
    "EditStatistics",
    "InputError",
    "InvalidBaseUrlError",
    "MalformedJsonError",
    "MbrSelection",
    "MtcomputeError",
    "NgramCountsResult",
    "NgramSegment",
    "RougeResult",
    "SentenceBleuResult",
    "SentenceComponents",
    "ServiceError",
    "SignificanceResult",
    "SystemScore",
    "TerResult",
    "TerStatistics",
    "TextList",
    "TokenList",
    "UnknownToolError",
    "Violation",
    "WerResult",
    "__version__",
    "brevity_penalty",
    "cer",
    "chrf",
    "chrf_from_statistics",
    "confidence_interval",
    "corpus_bleu",
    "corpus_bleu_from_statistics",
    "corpus_bleu_statistics",
    "describe",
    "execute",
    "execute_batch",
    "mbr_select",
    "ngram_counts",
    "paired_test",
    "pairwise_bleu",
    "pairwise_bleu_batch",
    "pairwise_chrf",
    "pairwise_chrf_batch",
    "resolve_version",
    "rouge",
    "sentence_bleu",
    "sentence_components",
    "ter",
    "ter_from_statistics",
    "tokenize",
    "tools",
    "use_helper_process",
    "wer",
]


def __getattr__(name: str) -> object:
    if name == "Client":
        from mtcompute.remote.client import Client  # noqa: PLC0415 - httpx on first use

        globals()["Client"] = Client
        return Client
    raise AttributeError(f"module 'mtcompute' has no attribute {name!r}")
