"""sacreBLEU's ``corpus_bleu``, ``raw_corpus_bleu`` and ``sentence_bleu``: its ``BLEU`` class
made with the function's arguments, as sacreBLEU's ``compat`` does, so the numbers are the
class's, sacreBLEU's to the bit."""

from collections.abc import Sequence

from mtcompute.sacrebleu.metrics.bleu import BLEU, BLEUScore
from mtcompute.sacrebleu.streams import Streams


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Streams,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: str = BLEU.TOKENIZER_DEFAULT,
    use_effective_order: bool = False,
) -> BLEUScore:
    """sacreBLEU's ``corpus_bleu``: 13a tokens and exp smoothing unless told otherwise; ``force``
    is taken and changes nothing (no warning here to silence)."""
    metric = BLEU(
        lowercase=lowercase,
        force=force,
        tokenize=tokenize,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    return metric.corpus_score(hypotheses, references)


def raw_corpus_bleu(
    hypotheses: Sequence[str],
    references: Streams,
    smooth_value: float | None = BLEU.SMOOTH_DEFAULTS["floor"],
) -> BLEUScore:
    """sacreBLEU's ``raw_corpus_bleu``: whitespace tokens, floor smoothing, effective order."""
    return corpus_bleu(
        hypotheses,
        references,
        smooth_method="floor",
        smooth_value=smooth_value,
        force=True,
        tokenize="none",
        use_effective_order=True,
    )


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: str = BLEU.TOKENIZER_DEFAULT,
    use_effective_order: bool = True,
) -> BLEUScore:
    """sacreBLEU's ``sentence_bleu``: exp smoothing and effective order unless told otherwise."""
    metric = BLEU(
        lowercase=lowercase,
        tokenize=tokenize,
        force=False,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    return metric.sentence_score(hypothesis, references)
