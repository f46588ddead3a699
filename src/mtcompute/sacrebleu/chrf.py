"""sacreBLEU's ``corpus_chrf`` and ``sentence_chrf``: its ``CHRF`` class made with the
function's arguments, as sacreBLEU's ``compat`` does."""

from collections.abc import Sequence

from mtcompute.sacrebleu.metrics.chrf import CHRF, CHRFScore
from mtcompute.sacrebleu.streams import Streams


def corpus_chrf(
    hypotheses: Sequence[str],
    references: Streams,
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacreBLEU's ``corpus_chrf`` (``word_order=2`` for chrF++), bit for bit."""
    metric = CHRF(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        whitespace=not remove_whitespace,
        eps_smoothing=eps_smoothing,
    )
    return metric.corpus_score(hypotheses, references)


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str],
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: int = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacreBLEU's ``sentence_chrf``, bit for bit."""
    metric = CHRF(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        whitespace=not remove_whitespace,
        eps_smoothing=eps_smoothing,
    )
    return metric.sentence_score(hypothesis, references)
