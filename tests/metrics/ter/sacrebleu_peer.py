"""sacreBLEU 2.6's TER, the reference the oracle and the compiled kernel are checked against."""

from collections.abc import Sequence
from functools import cache
from itertools import product
from typing import Any

from sacrebleu.metrics.ter import TER

from mtcompute.metrics.ter.options import TerOptions

# A corpus as hashable data: (hypothesis, its references) per segment.
Corpus = tuple[tuple[str, tuple[str, ...]], ...]
Segments = tuple[tuple[int, float], ...]

EVERY_OPTION_COMBINATION = [TerOptions(*flags) for flags in product((False, True), repeat=4)]


def streams(references: Sequence[Sequence[str]]) -> list[list[str | None]]:
    """Per-segment reference lists as sacreBLEU's streams, padded with None where a segment has
    fewer references than the most."""
    most = max(map(len, references))
    return [[refs[k] if k < len(refs) else None for refs in references] for k in range(most)]


def sacrebleu_ter(options: TerOptions) -> Any:
    return TER(
        normalized=options.normalized,
        no_punct=options.no_punct,
        asian_support=options.asian_support,
        case_sensitive=options.case_sensitive,
    )


def sacrebleu_segments(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: TerOptions
) -> tuple[list[tuple[int, float]], float]:
    """Every segment's (edits, average reference length) and the corpus score (0-100), from the
    two steps ``TER.corpus_score`` takes (statistics, then their aggregate), run once."""
    metric = sacrebleu_ter(options)
    statistics = metric._extract_corpus_statistics(hypotheses, streams(references))
    score = metric._aggregate_and_compute(statistics).score
    return [(edits, length) for edits, length in statistics], score


def sacrebleu_corpus_score(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: TerOptions
) -> float:
    score: float = sacrebleu_ter(options).corpus_score(hypotheses, streams(references)).score
    return score


@cache
def expected(corpus: Corpus, options: TerOptions) -> tuple[Segments, float]:
    """sacreBLEU's (edits, average reference length) per segment and corpus score of a corpus,
    from one run of its statistics, kept for every test that asks again."""
    hypotheses = [hypothesis for hypothesis, _ in corpus]
    segments, score = sacrebleu_segments(hypotheses, [list(r) for _, r in corpus], options)
    return tuple(segments), score


def hypothesis_words(text: str, options: TerOptions) -> list[str]:
    """A hypothesis's words as sacreBLEU's ``TER`` aligns them: preprocessed once, split."""
    words: list[str] = sacrebleu_ter(options)._preprocess_segment(text).split()
    return words


def reference_words(text: str, options: TerOptions) -> list[str]:
    """A reference's words as sacreBLEU's ``TER`` aligns them, through its own reference path
    (``_cache_references``, which preprocesses and then extracts the words)."""
    words: list[str] = sacrebleu_ter(options)._cache_references([[text]])[0]["ref_words"][0]
    return words
