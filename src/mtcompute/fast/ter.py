"""TER's statistics of a corpus, fast: each segment's words become integer ids and the compiled
kernel (``_ter.c``) counts the edits where the package has it; otherwise the oracle does. Both
give the same integers, and the reference lengths and the score are the oracle's own code.
"""

from collections.abc import Sequence

from mtcompute.fast import compiled
from mtcompute.metrics.ter.options import TerOptions
from mtcompute.metrics.ter.result import TerResult, ter_result
from mtcompute.metrics.ter.statistics import TerStatistics, average_length, word_statistics
from mtcompute.metrics.ter.tokenizer import reference_words, tercom_words

Words = Sequence[str]


def word_ids(hypothesis: Words, references: Sequence[Words]) -> tuple[list[int], list[list[int]]]:
    """The words as ids, equal ids for equal words, numbered in order of first appearance."""
    ids: dict[str, int] = {}
    hypothesis_ids = [ids.setdefault(word, len(ids)) for word in hypothesis]
    return hypothesis_ids, [[ids.setdefault(word, len(ids)) for word in r] for r in references]


def word_statistics_fast(hypothesis: Words, references: Sequence[Words]) -> TerStatistics:
    """``ter.statistics.word_statistics``, on the compiled kernel where there is one."""
    if compiled.ter_edits is None or not references:
        return word_statistics(hypothesis, references)
    edits = compiled.ter_edits(*word_ids(hypothesis, references))
    return TerStatistics(edits, average_length(references))


def corpus_statistics_fast(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: TerOptions
) -> list[TerStatistics]:
    """Every segment's statistics, as ``ter.statistics.corpus_statistics`` gives them."""
    if len(hypotheses) != len(references):
        raise ValueError(
            f"{len(hypotheses)} hypotheses but references for {len(references)} segments"
        )
    return [
        word_statistics_fast(
            tercom_words(hypothesis, options), [reference_words(text, options) for text in texts]
        )
        for hypothesis, texts in zip(hypotheses, references, strict=True)
    ]


def ter_fast(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TerResult:
    """``ter.result.ter``, fast: the same result."""
    options = TerOptions(normalized, no_punct, asian_support, case_sensitive)
    return ter_result(corpus_statistics_fast(hypotheses, references, options), options)
