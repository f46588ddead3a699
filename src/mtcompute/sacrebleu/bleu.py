"""sacreBLEU's ``corpus_bleu`` and ``sentence_bleu``."""

from collections.abc import Sequence

from mtcompute import api
from mtcompute.fast.text_bleu import corpus_statistics_from_streams
from mtcompute.metrics.bleu import BleuStatistics
from mtcompute.metrics.sentence import SentenceBleuResult, sentence_score
from mtcompute.metrics.smoothing import Smoothing, adjusted_counts
from mtcompute.sacrebleu.scores import BLEUScore
from mtcompute.sacrebleu.streams import Streams, per_segment


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Streams,
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: str = "13a",
    use_effective_order: bool = False,
) -> BLEUScore:
    """sacreBLEU's ``corpus_bleu``: 13a tokens and exp smoothing unless told otherwise; ``force``
    is taken and changes nothing (no warning here to silence)."""
    smoothing = Smoothing.of(smooth_method, _value(smooth_method, smooth_value))
    try:  # tokenized and counted in one compiled pass where it was built
        stats = corpus_statistics_from_streams(
            hypotheses, references, tokenizer=tokenize, lowercase=lowercase
        )
    except (TypeError, ValueError):  # the tools' rules then say what is wrong, and where
        stats = _checked_statistics(hypotheses, references, tokenize, lowercase)
    return _bleu_score(sentence_score(stats, smoothing, use_effective_order))


def _checked_statistics(
    hypotheses: Sequence[str], references: Streams, tokenize: str, lowercase: bool
) -> BleuStatistics:
    segments = per_segment(hypotheses, references)
    tokens = api.tokenize(list(hypotheses), tokenizer=tokenize, lowercase=lowercase)
    reference_tokens = [
        api.tokenize(refs, tokenizer=tokenize, lowercase=lowercase) for refs in segments
    ]
    result = api.corpus_bleu(tokens, reference_tokens)
    return BleuStatistics(
        result.matches, result.totals, result.candidate_length, result.reference_length
    )


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: str = "13a",
    use_effective_order: bool = True,
) -> BLEUScore:
    """sacreBLEU's ``sentence_bleu``: exp smoothing and effective order unless told otherwise."""
    (tokens,) = api.tokenize([hypothesis], tokenizer=tokenize, lowercase=lowercase)
    reference_tokens = api.tokenize(list(references), tokenizer=tokenize, lowercase=lowercase)
    result = api.sentence_bleu(
        tokens,
        reference_tokens,
        smoothing=smooth_method,
        smoothing_value=_value(smooth_method, smooth_value),
        effective_order=use_effective_order,
    )
    return _bleu_score(result)


def _value(method: str, value: float | None) -> float | None:
    # sacreBLEU ignores a value its method takes none of; the tools refuse one.
    return value if method in ("floor", "add-k") else None


def _bleu_score(result: SentenceBleuResult) -> BLEUScore:
    # sacreBLEU reports add-k's adjusted counts (k added to orders 2 and up).
    smoothing = Smoothing.of(result.smoothing, result.smoothing_value)
    counts, totals = (
        tuple(map(_number, adjusted))
        for adjusted in adjusted_counts(result.matches, result.totals, smoothing)
    )
    precisions = tuple(0.0 if p is None else 100.0 * p for p in result.precisions)
    if result.matches and result.matches[0] == 0:
        precisions = (0.0,) * result.max_order  # as sacreBLEU shows a score without a match
    return BLEUScore(
        name="BLEU",
        score=result.score,
        counts=counts,
        totals=totals,
        precisions=precisions,
        bp=result.brevity_penalty,
        sys_len=result.candidate_length,
        ref_len=result.reference_length,
    )


def _number(count: float) -> int | float:
    return int(count) if count.is_integer() else count
