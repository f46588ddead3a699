"""The BLEU family as typed functions: each applies its tool's contract without its size
limits, and raises ``InputError`` listing every violation."""

from collections.abc import Sequence
from functools import partial

from mtcompute.api.parsing import TokenList, given, parsed
from mtcompute.contracts import bleu_brevity_penalty_1_0_0 as brevity_tool
from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts import bleu_ngrams_count_1_0_0 as ngrams_tool
from mtcompute.contracts import bleu_sentence_components_1_0_0 as sentence_components_tool
from mtcompute.contracts import bleu_sentence_compute_1_0_0 as sentence_bleu_tool
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.mistakes import token_corpus_hints, token_sentence_hints
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuResult
from mtcompute.metrics.brevity import BrevityPenaltyResult
from mtcompute.metrics.ngrams import ClippingTable, NgramCountsResult
from mtcompute.metrics.sentence import SentenceBleuResult, SentenceComponents
from mtcompute.metrics.smoothing import DEFAULT_SMOOTHING

_CORPUS_BLEU = bleu_corpus.parser(UNLIMITED)
_NGRAMS = ngrams_tool.parser(UNLIMITED)
_BREVITY = brevity_tool.parser(UNLIMITED)
_SENTENCE_BLEU = sentence_bleu_tool.parser(UNLIMITED)
_SENTENCE_COMPONENTS = sentence_components_tool.parser(UNLIMITED)


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
    raw = given(
        hypotheses=hypotheses, references=references, max_order=max_order, decimals=decimals
    )
    hints = partial(token_corpus_hints, hypotheses, references, "corpus_bleu")
    return bleu_corpus.score_request(parsed(_CORPUS_BLEU, raw, hints))


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
    raw = given(
        hypothesis=hypothesis,
        references=references,
        max_order=max_order,
        smoothing=smoothing,
        smoothing_value=smoothing_value,
        effective_order=effective_order,
        decimals=decimals,
    )
    hints = partial(token_sentence_hints, hypothesis, references, "sentence_bleu")
    return sentence_bleu_tool.score_request(parsed(_SENTENCE_BLEU, raw, hints))


def sentence_components(
    hypothesis: TokenList,
    references: Sequence[TokenList],
    *,
    max_order: int = DEFAULT_MAX_ORDER,
) -> SentenceComponents:
    """One segment's clipped matches, totals and lengths, by the rules of
    ``bleu-sentence-components`` without its size limits. Raises ``InputError`` listing every
    violation."""
    raw = given(hypothesis=hypothesis, references=references, max_order=max_order)
    hints = partial(token_sentence_hints, hypothesis, references, "sentence_components")
    return sentence_components_tool.components_of(parsed(_SENTENCE_COMPONENTS, raw, hints))


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
    raw = given(
        hypotheses=hypotheses,
        references=references,
        max_order=max_order,
        clipping_table=clipping_table,
    )
    hints = partial(token_corpus_hints, hypotheses, references, "ngram_counts")
    return ngrams_tool.count_request(parsed(_NGRAMS, raw, hints))


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
    raw = given(
        candidate_lengths=candidate_lengths, reference_lengths=reference_lengths, decimals=decimals
    )
    return brevity_tool.score_request(_BREVITY.parse(raw))
