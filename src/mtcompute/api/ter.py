"""TER as a typed function, by the rules of ``ter-compute`` without its size limits."""

from collections.abc import Sequence
from functools import partial

from mtcompute.api.mistakes import text_corpus_hints
from mtcompute.api.parsing import TextList, given, parsed
from mtcompute.contracts import ter_compute_1_0_0 as ter_tool
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.metrics.ter.result import TerResult

_TER = ter_tool.parser(UNLIMITED)


def ter(
    hypotheses: TextList,
    references: Sequence[TextList],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
    decimals: int | None = None,
) -> TerResult:
    """TER of texts by the rules of ``ter-compute``, without its size limits: sacreBLEU 2.6's
    ``TER(...).corpus_score`` (``result.score``, 0-100) bit for bit, ``result.ter`` on the 0-1
    scale, every segment's statistics in ``result.segments``.

    ``hypotheses[i]`` is the text of segment i and ``references[i]`` its reference texts (at
    least one), per segment as in ``chrf`` (not sacreBLEU's streams). Statistics of parts of a
    corpus add with ``+``. Raises ``InputError`` listing every violation.
    """
    raw = given(
        hypotheses=hypotheses,
        references=references,
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
        decimals=decimals,
    )
    hints = partial(text_corpus_hints, hypotheses, references)
    return ter_tool.score_request(parsed(_TER, raw, hints))
