"""One segment's ROUGE scores against one reference (rouge-score's ``score``) or several (its
``score_multi``: for each type, the reference with the highest F-measure, the first of those that
tie)."""

from collections.abc import Callable, Sequence

from mtcompute.metrics.rouge.scores import Score, rouge_l, rouge_lsum, rouge_n
from mtcompute.metrics.rouge.tokenizer import sentences, tokenize, tokenize_unicode
from mtcompute.metrics.rouge.types import DEFAULT_TYPES, TOKENIZER_NAMES, ngram_order

Tokenizer = Callable[[str, bool], list[str]]
TOKENIZERS: dict[str, Tokenizer] = dict(
    zip(TOKENIZER_NAMES, (tokenize, tokenize_unicode), strict=True)
)


def score(
    reference: str,
    hypothesis: str,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    tokenizer: str = "rouge-score",
) -> dict[str, Score]:
    """Each type's score of ``hypothesis`` against ``reference``. The types are names
    ``is_rouge_type`` accepts."""
    split = TOKENIZERS[tokenizer]
    reference_tokens = split(reference, use_stemmer)
    hypothesis_tokens = split(hypothesis, use_stemmer)
    scores: dict[str, Score] = {}
    for rouge_type in rouge_types:
        n = ngram_order(rouge_type)
        if n is not None:
            scores[rouge_type] = rouge_n(reference_tokens, hypothesis_tokens, n)
        elif rouge_type == "rougeL":
            scores[rouge_type] = rouge_l(reference_tokens, hypothesis_tokens)
        elif rouge_type == "rougeLsum":
            scores[rouge_type] = rouge_lsum(
                [split(sentence, use_stemmer) for sentence in sentences(reference)],
                [split(sentence, use_stemmer) for sentence in sentences(hypothesis)],
            )
        else:
            raise ValueError(f"not a ROUGE type: {rouge_type!r}")
    return scores


def score_multi(
    references: Sequence[str],
    hypothesis: str,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    tokenizer: str = "rouge-score",
) -> dict[str, Score]:
    """Each type's score against the reference that gives it the highest F-measure (the first of
    those that tie), as rouge-score's ``score_multi``. At least one reference."""
    if not references:
        raise ValueError("score_multi needs at least one reference")
    each = [
        score(reference, hypothesis, rouge_types, use_stemmer, tokenizer)
        for reference in references
    ]
    best: dict[str, Score] = {}
    for rouge_type in rouge_types:
        kept = each[0][rouge_type]
        for scores in each[1:]:
            if scores[rouge_type].fmeasure > kept.fmeasure:
                kept = scores[rouge_type]
        best[rouge_type] = kept
    return best
