"""chrF and chrF++ as a typed function, by the rules of their tools without their size limits."""

from collections.abc import Sequence
from functools import partial

from mtcompute.api.parsing import TextList, given, parsed
from mtcompute.contracts import chrf_compute_1_0_0 as chrf_tool
from mtcompute.contracts import chrf_plus_plus_compute_1_0_0 as chrf_plus_plus_tool
from mtcompute.contracts.inputs.chrf import score_request as score_chrf
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.contracts.mistakes import text_corpus_hints
from mtcompute.metrics.chrf import DEFAULT_BETA, DEFAULT_CHAR_ORDER, ChrfResult

_CHRF = chrf_tool.parser(UNLIMITED)
_CHRF_PLUS_PLUS = chrf_plus_plus_tool.parser(UNLIMITED)


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
    raw = given(
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
        return score_chrf(parsed(_CHRF, raw, hints))
    raw |= {"word_order": word_order, "return_words": return_words}
    return score_chrf(parsed(_CHRF_PLUS_PLUS, raw, hints))
