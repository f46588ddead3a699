"""The Python interface: run a tool by id and version (or a batch of such calls), read its
contract, or call a metric directly, by the rules of its contract without the contract's size
limits."""

from collections.abc import Sequence

from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts import chrf_compute_1_0_0 as chrf_tool
from mtcompute.contracts import chrf_plus_plus_compute_1_0_0 as chrf_plus_plus_tool
from mtcompute.contracts.chrf_input import score_request as score_chrf
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.helper.process import use_helper_process
from mtcompute.meta.batch import execute_batch
from mtcompute.meta.execute import describe, execute, tools
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult
from mtcompute.metrics.chrf import DEFAULT_BETA, DEFAULT_CHAR_ORDER, ChrfResult

__all__ = [
    "chrf",
    "corpus_bleu",
    "describe",
    "execute",
    "execute_batch",
    "tools",
    "use_helper_process",
]

_CORPUS_BLEU = bleu_corpus.parser(UNLIMITED)
_CHRF = chrf_tool.parser(UNLIMITED)
_CHRF_PLUS_PLUS = chrf_plus_plus_tool.parser(UNLIMITED)


def _given(**options: object) -> dict[str, object]:
    """The options a caller set: ``None`` stands for an option left out of the request."""
    return {name: value for name, value in options.items() if value is not None}


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
    raw = _given(
        hypotheses=hypotheses, references=references, max_order=max_order, decimals=decimals
    )
    return bleu_corpus.score_request(_CORPUS_BLEU.parse(raw))


def chrf(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    char_order: int = DEFAULT_CHAR_ORDER,
    word_order: int = 0,
    beta: int = DEFAULT_BETA,
    eps_smoothing: bool = False,
    include_whitespace: bool = False,
    decimals: int | None = None,
    return_words: bool = False,
) -> ChrfResult:
    """chrF of texts by the rules of ``chrf-compute``, or with word_order 1 or 2 chrF++ by those
    of ``chrf-plus-plus-compute``, without their size limits.

    ``hypotheses[i]`` is the text of segment i and ``references[i]`` its reference texts (at
    least one). ``return_words`` (chrF++ only) adds every text's word tokens to the result.
    Corpus statistics add with ``+``, so parts of a corpus can be scored apart. Raises
    ``InputError`` listing every violation.
    """
    raw = _given(
        hypotheses=hypotheses,
        references=references,
        char_order=char_order,
        beta=beta,
        eps_smoothing=eps_smoothing,
        include_whitespace=include_whitespace,
        decimals=decimals,
    )
    if word_order == 0 and not return_words:
        return score_chrf(_CHRF.parse(raw))
    raw |= {"word_order": word_order, "return_words": return_words}
    return score_chrf(_CHRF_PLUS_PLUS.parse(raw))
