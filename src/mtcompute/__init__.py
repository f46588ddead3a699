"""mtcompute: exact, fast, versioned compute tools for machine-translation evaluation.

Every name below is imported on first use (module ``__getattr__``), so that ``import mtcompute``
and the CLI load only what they use: ``mtcompute --help`` neither numpy nor the contracts, and
``Client`` (a remote service, over httpx) only when it is asked for.
"""

import importlib as _importlib
import typing as _typing

from mtcompute import api as _api  # itself lazy: its names load on first use
from mtcompute.contracts.declared import declare as _declare
from mtcompute.errors import (
    InputError,
    InvalidBaseUrlError,
    MalformedJsonError,
    MtcomputeError,
    ServiceError,
    UnknownToolError,
    Violation,
)
from mtcompute.version import __version__

if _typing.TYPE_CHECKING:
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
    from mtcompute.remote.client import Client


def _scoring_tools() -> "_typing.Sequence[_typing.Any]":
    """The released tools the scoring layer declares, loaded when the tools are first listed:
    the registry sits below them, so this top of the package hands them over."""
    from mtcompute.scoring.tools import TOOLS  # noqa: PLC0415 - on first use only

    return TOOLS


_declare(_scoring_tools)

# Where each lazily imported name lives.
_HOMES = {
    **dict.fromkeys(_api.__all__, "mtcompute.api"),  # the library's functions, its own list
    "BleuResult": "mtcompute.metrics.bleu",
    "BleuStatistics": "mtcompute.metrics.bleu",
    "BrevityPenaltyResult": "mtcompute.metrics.brevity",
    "ChrfResult": "mtcompute.metrics.chrf",
    "ChrfSegment": "mtcompute.metrics.chrf",
    "ChrfStatistics": "mtcompute.metrics.chrf",
    "ChrfWords": "mtcompute.metrics.chrf",
    "NgramCountsResult": "mtcompute.metrics.ngrams",
    "NgramSegment": "mtcompute.metrics.ngrams",
    "MbrSelection": "mtcompute.metrics.pairwise",
    "SentenceBleuResult": "mtcompute.metrics.sentence",
    "SentenceComponents": "mtcompute.metrics.sentence",
    "SignificanceResult": "mtcompute.metrics.significance",
    "SystemScore": "mtcompute.metrics.significance",
    "TerResult": "mtcompute.metrics.ter.result",
    "TerStatistics": "mtcompute.metrics.ter.statistics",
    "RougeResult": "mtcompute.metrics.rouge.result",
    "CerResult": "mtcompute.metrics.wer.result",
    "WerResult": "mtcompute.metrics.wer.result",
    "EditStatistics": "mtcompute.metrics.wer.statistics",
    "Client": "mtcompute.remote.client",
}

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
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'mtcompute' has no attribute {name!r}")
    value = getattr(_importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
