"""sacreBLEU's ``corpus_chrf`` and ``sentence_chrf``."""

from collections.abc import Sequence

from mtcompute import api
from mtcompute.sacrebleu.scores import CHRFScore
from mtcompute.sacrebleu.streams import Streams, per_segment


def corpus_chrf(
    hypotheses: Sequence[str],
    references: Streams,
    char_order: int = 6,
    word_order: int = 0,
    beta: int = 2,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacreBLEU's ``corpus_chrf`` (``word_order=2`` for chrF++), bit for bit."""
    result = api.chrf(
        list(hypotheses),
        per_segment(hypotheses, references),
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        eps_smoothing=eps_smoothing,
        include_whitespace=not remove_whitespace,
    )
    return CHRFScore(result.name, result.score, char_order, word_order, beta)


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str],
    char_order: int = 6,
    word_order: int = 0,
    beta: int = 2,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacreBLEU's ``sentence_chrf``, bit for bit."""
    streams = [[reference] for reference in references]
    return corpus_chrf(
        [hypothesis], streams, char_order, word_order, beta, remove_whitespace, eps_smoothing
    )
