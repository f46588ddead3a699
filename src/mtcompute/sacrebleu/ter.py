"""sacreBLEU's ``corpus_ter`` and ``sentence_ter``."""

from collections.abc import Sequence

from mtcompute import api
from mtcompute.sacrebleu.scores import TERScore
from mtcompute.sacrebleu.streams import Streams, per_segment


def corpus_ter(
    hypotheses: Sequence[str],
    references: Streams,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacreBLEU's ``corpus_ter``, bit for bit."""
    result = api.ter(
        list(hypotheses),
        per_segment(hypotheses, references),
        normalized=normalized,
        no_punct=no_punct,
        asian_support=asian_support,
        case_sensitive=case_sensitive,
    )
    return TERScore("TER", result.score, result.num_edits, result.ref_length)


def sentence_ter(
    hypothesis: str,
    references: Sequence[str],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacreBLEU's ``sentence_ter``, bit for bit."""
    streams = [[reference] for reference in references]
    return corpus_ter([hypothesis], streams, normalized, no_punct, asian_support, case_sensitive)
