"""The Python interface: run a tool by id and version, read its contract, or score BLEU directly."""

from collections.abc import Sequence

from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts.contract import JsonObject
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.registry import catalog, get_tool
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult

_CORPUS_BLEU = bleu_corpus.parser(UNLIMITED)


def execute(tool_id: str, version: str, input: object) -> JsonObject:
    """The tool's result object for ``input``, JSON-ready; ``InputError`` if the input breaks
    the contract, ``UnknownToolError`` if there is no such tool or version."""
    return get_tool(tool_id, version).execute(input)


def describe(tool_id: str, version: str) -> JsonObject:
    """The machine-readable contract of the tool at ``version``."""
    return get_tool(tool_id, version).contract.to_json()


def tools() -> list[JsonObject]:
    """Every tool: id, versions, latest version, title and summary."""
    return catalog()


def corpus_bleu(
    hypotheses: Sequence[Sequence[str]],
    references: Sequence[Sequence[Sequence[str]]],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    decimals: int | None = None,
) -> BleuResult:
    """Corpus BLEU of token lists, by the rules of ``bleu-corpus-compute`` without its size limits.

    ``hypotheses[i]`` is the token list of segment i and ``references[i]`` its reference token
    lists (at least one). Raises ``InputError`` listing every violation.
    """
    raw: dict[str, object] = {
        "hypotheses": hypotheses,
        "references": references,
        "max_order": max_order,
    }
    if decimals is not None:
        raw["decimals"] = decimals
    return bleu_corpus.score_request(_CORPUS_BLEU.parse(raw))
