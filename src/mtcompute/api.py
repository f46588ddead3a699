"""The Python interface: run a tool by id and version (or a batch of such calls), read its
contract, or call a metric directly, by the rules of its contract without the contract's size
limits."""

from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol, TypeAlias, TypeVar

from mtcompute.contracts import bleu_brevity_penalty_1_0_0 as brevity_tool
from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts import bleu_ngrams_count_1_0_0 as ngrams_tool
from mtcompute.contracts import bleu_sentence_components_1_0_0 as sentence_components_tool
from mtcompute.contracts import bleu_sentence_compute_1_0_0 as sentence_bleu_tool
from mtcompute.contracts import chrf_compute_1_0_0 as chrf_tool
from mtcompute.contracts import chrf_plus_plus_compute_1_0_0 as chrf_plus_plus_tool
from mtcompute.contracts.chrf_input import score_request as score_chrf
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.errors import InputError
from mtcompute.helper.process import use_helper_process
from mtcompute.meta.batch import execute_batch
from mtcompute.meta.execute import describe, execute, execute_answer, resolve_version, tools
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult
from mtcompute.metrics.brevity import BrevityPenaltyResult
from mtcompute.metrics.chrf import DEFAULT_BETA, DEFAULT_CHAR_ORDER, ChrfResult
from mtcompute.metrics.ngrams import ClippingTable, NgramCountsResult
from mtcompute.metrics.sentence import SentenceBleuResult, SentenceComponents
from mtcompute.metrics.smoothing import DEFAULT_SMOOTHING
from mtcompute.mistakes import (
    Hint,
    text_corpus_hints,
    token_corpus_hints,
    token_sentence_hints,
    with_hints,
)

__all__ = [
    "brevity_penalty",
    "chrf",
    "corpus_bleu",
    "describe",
    "execute",
    "execute_answer",
    "execute_batch",
    "ngram_counts",
    "resolve_version",
    "sentence_bleu",
    "sentence_components",
    "tools",
    "use_helper_process",
]

# A token list: a list or tuple of strings. Not Sequence[str], which a str also is, so that a
# type checker catches a text passed where its tokens are due ("a b".split() is the fix).
TokenList: TypeAlias = list[str] | tuple[str, ...]
# Texts the same way: a str is not a list of texts.
TextList: TypeAlias = list[str] | tuple[str, ...]

_CORPUS_BLEU = bleu_corpus.parser(UNLIMITED)
_CHRF = chrf_tool.parser(UNLIMITED)
_CHRF_PLUS_PLUS = chrf_plus_plus_tool.parser(UNLIMITED)
_NGRAMS = ngrams_tool.parser(UNLIMITED)
_BREVITY = brevity_tool.parser(UNLIMITED)
_SENTENCE_BLEU = sentence_bleu_tool.parser(UNLIMITED)
_SENTENCE_COMPONENTS = sentence_components_tool.parser(UNLIMITED)


R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)


class _Parser(Protocol[R_co]):
    def parse(self, raw: object) -> R_co: ...


def _parsed(parser: _Parser[R], raw: dict[str, object], hints: Callable[[], list[Hint]]) -> R:
    """The request, or the parser's errors led by a fix for a common mistake it recognises."""
    try:
        return parser.parse(raw)
    except InputError as error:
        raise with_hints(error, hints()) from None


def _given(**options: object) -> dict[str, object]:
    """The options a caller set: ``None`` stands for an option left out of the request."""
    return {name: value for name, value in options.items() if value is not None}


def corpus_bleu(
    hypotheses: Sequence[TokenList],
    references: Sequence[Sequence[TokenList]],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    decimals: int | None = None,
) -> BleuResult:
    """Corpus BLEU of token lists, by the rules of ``bleu-corpus-compute`` without its size limits.

    ``hypotheses[i]`` is the token list of segment i and ``references[i]`` its reference token
    lists (at least one): per segment, not sacreBLEU's streams (``refs[k][i]``; transpose them
    with ``[list(refs) for refs in zip(*streams)]``). A transposed list is pointed out where the
    number of references differs from the number of segments; with as many of each it is valid
    input of another meaning and cannot be. Raises ``InputError`` listing every violation, with
    how to fix the commonest mistakes.
    """
    raw = _given(
        hypotheses=hypotheses, references=references, max_order=max_order, decimals=decimals
    )
    hints = partial(token_corpus_hints, hypotheses, references, "corpus_bleu")
    return bleu_corpus.score_request(_parsed(_CORPUS_BLEU, raw, hints))


def chrf(
    hypotheses: TextList,
    references: Sequence[TextList],
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
    least one), per segment as in ``corpus_bleu`` (not sacreBLEU's streams). ``return_words``
    (chrF++ only) adds every text's word tokens to the result. Corpus statistics add with ``+``,
    so parts of a corpus can be scored apart. Raises ``InputError`` listing every violation.
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
    hints = partial(text_corpus_hints, hypotheses, references)
    if word_order == 0 and not return_words:
        return score_chrf(_parsed(_CHRF, raw, hints))
    raw |= {"word_order": word_order, "return_words": return_words}
    return score_chrf(_parsed(_CHRF_PLUS_PLUS, raw, hints))


def ngram_counts(
    hypotheses: Sequence[TokenList],
    references: Sequence[Sequence[TokenList]],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    clipping_table: ClippingTable = "none",
) -> NgramCountsResult:
    """Clipped n-gram matches and totals per order, summed and per segment, by the rules of
    ``bleu-ngrams-count`` without its size limits.

    ``clipping_table`` "all" adds each segment's rows [start, hypothesis_count,
    max_reference_count] per distinct hypothesis n-gram, "clipped" only those cut by clipping.
    Results of parts of a corpus add with ``+``. Raises ``InputError`` listing every violation.
    """
    raw = _given(
        hypotheses=hypotheses,
        references=references,
        max_order=max_order,
        clipping_table=clipping_table,
    )
    hints = partial(token_corpus_hints, hypotheses, references, "ngram_counts")
    return ngrams_tool.count_request(_parsed(_NGRAMS, raw, hints))


def brevity_penalty(
    candidate_lengths: Sequence[int],
    reference_lengths: Sequence[Sequence[int]],
    *,
    decimals: int | None = None,
) -> BrevityPenaltyResult:
    """The corpus brevity penalty of segments' candidate and reference lengths, by the rules of
    ``bleu-brevity-penalty`` without its size limits.

    ``reference_lengths[i]`` lists the lengths of segment i's references (at least one). Raises
    ``InputError`` listing every violation.
    """
    raw = _given(
        candidate_lengths=candidate_lengths, reference_lengths=reference_lengths, decimals=decimals
    )
    return brevity_tool.score_request(_BREVITY.parse(raw))


def sentence_bleu(
    hypothesis: TokenList,
    references: Sequence[TokenList],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
    smoothing: str = DEFAULT_SMOOTHING,
    smoothing_value: float | None = None,
    effective_order: bool = True,
    decimals: int | None = None,
) -> SentenceBleuResult:
    """Sentence BLEU of one token list, by the rules of ``bleu-sentence-compute`` without its
    size limits.

    ``references`` are the hypothesis's reference token lists (at least one). ``smoothing`` is
    "none", "floor" (ε = ``smoothing_value``, 0.1 if None), "add-k" (k, 1 if None) or "exp".
    Raises ``InputError`` listing every violation, a ``smoothing_value`` with "none" or "exp"
    among them.
    """
    raw = _given(
        hypothesis=hypothesis,
        references=references,
        max_order=max_order,
        smoothing=smoothing,
        smoothing_value=smoothing_value,
        effective_order=effective_order,
        decimals=decimals,
    )
    hints = partial(token_sentence_hints, hypothesis, references, "sentence_bleu")
    return sentence_bleu_tool.score_request(_parsed(_SENTENCE_BLEU, raw, hints))


def sentence_components(
    hypothesis: TokenList,
    references: Sequence[TokenList],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
) -> SentenceComponents:
    """One segment's clipped matches, totals and lengths, by the rules of
    ``bleu-sentence-components`` without its size limits. Raises ``InputError`` listing every
    violation."""
    raw = _given(hypothesis=hypothesis, references=references, max_order=max_order)
    hints = partial(token_sentence_hints, hypothesis, references, "sentence_components")
    return sentence_components_tool.components_of(_parsed(_SENTENCE_COMPONENTS, raw, hints))
