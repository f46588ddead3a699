"""The Python interface: run a tool by id and version, read its contract, or score BLEU directly."""

from collections.abc import Sequence

from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.meta.execute import describe, execute, tools
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult

__all__ = ["corpus_bleu", "describe", "execute", "tools"]

_CORPUS_BLEU = bleu_corpus.parser(UNLIMITED)


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
