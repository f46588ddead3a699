"""Every released tool version, found by id and version."""

from typing import Any

from mtcompute.contracts import (
    bleu_brevity_penalty_1_0_0,
    bleu_corpus_compute_1_0_0,
    bleu_corpus_from_statistics_1_0_0,
    bleu_corpus_from_statistics_1_1_0,
    bleu_corpus_statistics_1_0_0,
    bleu_ngrams_count_1_0_0,
    bleu_pairwise_compute_1_0_0,
    bleu_sentence_components_1_0_0,
    bleu_sentence_compute_1_0_0,
    bleu_tokenize_1_0_0,
    bleu_tokenize_1_1_0,
    cer_compute_1_0_0,
    cer_from_statistics_1_0_0,
    chrf_compute_1_0_0,
    chrf_from_statistics_1_0_0,
    chrf_from_statistics_1_1_0,
    chrf_pairwise_compute_1_0_0,
    chrf_plus_plus_compute_1_0_0,
    paired_significance_1_0_0,
    paired_significance_1_1_0,
    rouge_compute_1_0_0,
    ter_compute_1_0_0,
    ter_from_statistics_1_0_0,
    wer_compute_1_0_0,
    wer_from_statistics_1_0_0,
)
from mtcompute.contracts.contract import JsonObject, Tool
from mtcompute.contracts.declared import declared_tools
from mtcompute.contracts.titles import display_title
from mtcompute.errors import UnknownToolError

# The version name that stands for a tool's newest released version, wherever a version is named.
LATEST = "latest"

_RELEASED: tuple[Tool[Any], ...] = (
    bleu_brevity_penalty_1_0_0.TOOL,
    bleu_corpus_compute_1_0_0.TOOL,
    bleu_corpus_from_statistics_1_0_0.TOOL,
    bleu_corpus_from_statistics_1_1_0.TOOL,
    bleu_corpus_statistics_1_0_0.TOOL,
    bleu_ngrams_count_1_0_0.TOOL,
    bleu_pairwise_compute_1_0_0.TOOL,
    bleu_sentence_components_1_0_0.TOOL,
    bleu_sentence_compute_1_0_0.TOOL,
    bleu_tokenize_1_0_0.TOOL,
    bleu_tokenize_1_1_0.TOOL,
    cer_compute_1_0_0.TOOL,
    cer_from_statistics_1_0_0.TOOL,
    chrf_compute_1_0_0.TOOL,
    chrf_from_statistics_1_0_0.TOOL,
    chrf_from_statistics_1_1_0.TOOL,
    chrf_pairwise_compute_1_0_0.TOOL,
    chrf_plus_plus_compute_1_0_0.TOOL,
    paired_significance_1_0_0.TOOL,
    paired_significance_1_1_0.TOOL,
    rouge_compute_1_0_0.TOOL,
    ter_compute_1_0_0.TOOL,
    ter_from_statistics_1_0_0.TOOL,
    wer_compute_1_0_0.TOOL,
    wer_from_statistics_1_0_0.TOOL,
)


def _released() -> tuple[Tool[Any], ...]:
    """The versions declared here and those declared above this layer (``declared``)."""
    return _RELEASED + declared_tools()


def version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def all_tools() -> tuple[Tool[Any], ...]:
    """Every released version, ordered by id then version."""
    return tuple(
        sorted(_released(), key=lambda t: (t.contract.id, version_key(t.contract.version)))
    )


def tool_ids() -> list[str]:
    return sorted({tool.contract.id for tool in _released()})


def versions_of(tool_id: str) -> list[str]:
    """Released versions of ``tool_id``, oldest first; ``UnknownToolError`` if there are none."""
    versions = [t.contract.version for t in all_tools() if t.contract.id == tool_id]
    if not versions:
        known = ", ".join(tool_ids())
        raise UnknownToolError(f"no tool named '{tool_id}'; the tools are: {known}")
    return versions


def get_tool(tool_id: str, version: str) -> Tool[Any]:
    """The tool ``tool_id`` at ``version`` (``latest``: its newest), or ``UnknownToolError``
    naming what exists."""
    versions = versions_of(tool_id)
    if version == LATEST:
        version = versions[-1]
    for tool in _released():
        if tool.contract.id == tool_id and tool.contract.version == version:
            return tool
    raise UnknownToolError(
        f"tool '{tool_id}' has no version '{version}'; its versions are: {', '.join(versions)}",
        code="unknown_version",
    )


def latest(tool_id: str) -> Tool[Any]:
    return get_tool(tool_id, versions_of(tool_id)[-1])


def catalog() -> list[JsonObject]:
    """One entry per tool id: id, versions, latest version, title and summary."""
    entries = []
    for tool_id in tool_ids():
        newest = latest(tool_id).contract
        entries.append(
            {
                "id": tool_id,
                "versions": versions_of(tool_id),
                "latest": newest.version,
                "title": display_title(newest.title),
                "summary": newest.summary,
            }
        )
    return entries
