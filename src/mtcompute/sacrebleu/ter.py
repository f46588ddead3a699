"""sacreBLEU's ``corpus_ter`` and ``sentence_ter``: its ``TER`` class made with the function's
arguments, as sacreBLEU's ``compat`` does."""

from collections.abc import Sequence

from mtcompute.sacrebleu.metrics.ter import TER, TERScore
from mtcompute.sacrebleu.streams import Streams


def corpus_ter(
    hypotheses: Sequence[str],
    references: Streams,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacreBLEU's ``corpus_ter``, bit for bit."""
    metric = TER(
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
    )
    return metric.corpus_score(hypotheses, references)


def sentence_ter(
    hypothesis: str,
    references: Sequence[str],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacreBLEU's ``sentence_ter``, bit for bit."""
    metric = TER(
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
    )
    return metric.sentence_score(hypothesis, references)
