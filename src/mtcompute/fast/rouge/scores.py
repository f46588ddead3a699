"""Every segment's precision, recall and F-measure for each ROUGE type, as one float64 array of
segments x types x 3, equal to the oracle's ``score_multi`` segment by segment."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from mtcompute.fast import compiled
from mtcompute.metrics.rouge.result import RougeResult
from mtcompute.metrics.rouge.score import TOKENIZERS, score_multi
from mtcompute.metrics.rouge.scores import Score
from mtcompute.metrics.rouge.tokenizer import sentences
from mtcompute.metrics.rouge.types import DEFAULT_TYPES, is_rouge_type, ngram_order

Scores = npt.NDArray[np.float64]

# The LCS kernel's limits (``_rouge_lcs.h``), past which a long pair costs time, not memory: a
# pattern's bit masks over this many machine words (1 MiB) become its tokens' positions, and
# ROUGE-Lsum keeps a sentence pair's whole table up to this many bytes, else some of its rows,
# this many or that many bytes' worth: a sentence pair of a million tokens each (5 MB of text
# each) keeps 301 rows of 122 KiB in three forward passes. Tests lower them.
DENSE_MASK_WORDS = 1 << 17
LCS_TRACE_BYTES = 1 << 20
LCS_TRACE_ROWS = 320


def kinds(rouge_types: Sequence[str]) -> list[int]:
    """The compiled kernel's name of each type: n for ROUGE-N, 0 for ROUGE-L, -1 for Lsum."""
    result = []
    for rouge_type in rouge_types:
        if not is_rouge_type(rouge_type):
            raise ValueError(f"not a ROUGE type: {rouge_type!r}")
        n = ngram_order(rouge_type)
        result.append(n if n is not None else (0 if rouge_type == "rougeL" else -1))
    return result


def score_array(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    rouge_types: Sequence[str],
    use_stemmer: bool = False,
    tokenizer: str = "rouge-score",
) -> Scores:
    """``out[s, t]`` is (precision, recall, F-measure) of segment s for ``rouge_types[t]``
    against its best reference, as the oracle's ``score_multi`` gives it."""
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{len(hypotheses)} hypotheses but references for {len(references)} segments"
        )
    kernel_kinds = kinds(rouge_types)
    out = np.zeros((len(hypotheses), len(rouge_types), 3), dtype=np.float64)
    if tokenizer == "rouge-score" and compiled.rouge_scores is not None:
        limits = (DENSE_MASK_WORDS, LCS_TRACE_BYTES, LCS_TRACE_ROWS)
        compiled.rouge_scores(hypotheses, references, kernel_kinds, use_stemmer, limits, out)
        return out
    if tokenizer != "rouge-score" and compiled.rouge_token_scores is not None:
        split = TOKENIZERS[tokenizer]

        def lines(text: str) -> list[list[str]]:
            return [split(sentence, use_stemmer) for sentence in sentences(text)]

        compiled.rouge_token_scores(
            [lines(text) for text in hypotheses],
            [[lines(text) for text in texts] for texts in references],
            kernel_kinds,
            (DENSE_MASK_WORDS, LCS_TRACE_BYTES, LCS_TRACE_ROWS),
            out,
        )
        return out
    for s, (hypothesis, texts) in enumerate(zip(hypotheses, references, strict=True)):
        best = score_multi(texts, hypothesis, rouge_types, use_stemmer, tokenizer)
        for t, rouge_type in enumerate(rouge_types):
            kept = best[rouge_type]
            out[s, t] = (kept.precision, kept.recall, kept.fmeasure)
    return out


def segments_of(array: Scores, rouge_types: Sequence[str]) -> list[dict[str, Score]]:
    """Each segment's scores by type, from ``score_array``'s array."""
    if compiled.rouge_score_dicts is not None and len(rouge_types) > 0:
        contiguous = np.ascontiguousarray(array, dtype=np.float64)
        return compiled.rouge_score_dicts(contiguous, tuple(rouge_types), Score)
    return segments_in_python(array, rouge_types)


def segments_in_python(array: Scores, rouge_types: Sequence[str]) -> list[dict[str, Score]]:
    """``segments_of`` without the compiled kernel."""
    width = len(rouge_types)
    make = Score._make
    flat = array.reshape(len(array), width * 3).tolist()
    return [
        dict(zip(rouge_types, map(make, zip(*[iter(row)] * 3, strict=True)), strict=True))
        for row in flat
    ]


def rouge_fast(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    tokenizer: str = "rouge-score",
    decimals: int | None = None,
) -> RougeResult:
    """``metrics.rouge.result.rouge``, fast: the same result."""
    array = score_array(hypotheses, references, rouge_types, use_stemmer, tokenizer)
    return RougeResult(
        tuple(rouge_types),
        use_stemmer,
        tokenizer,
        tuple(segments_of(array, rouge_types)),
        means_of(array, rouge_types),
        decimals,
    )


def means_of(array: Scores, rouge_types: Sequence[str]) -> dict[str, Score]:
    """``metrics.rouge.result.means`` of the array's segments: ``np.add.accumulate`` adds
    strictly left to right, one segment after another, so its last row is the oracle's sums."""
    if len(array) == 0:
        return {name: Score(0.0, 0.0, 0.0) for name in rouge_types}
    sums = np.add.accumulate(array, axis=0)[-1] / len(array)
    return {name: Score(*sums[t].tolist()) for t, name in enumerate(rouge_types)}
