"""Corpus BLEU statistics from raw texts, as sacreBLEU's ``BLEU(tokenize=T, lowercase=L)``
counts them: exactly ``metrics.bleu.corpus_statistics`` of the texts' tokens.

Where ``_tokenize.c`` was built, each text is cut into tokens and its n-grams counted in the
same compiled pass: no str is made per token, and no array per segment, so a corpus of short
segments costs little more than reading its texts. Otherwise (and for the multilingual
tokenizers, which run their libraries) the texts are tokenized
(``fast.tokenize``) and their tokens counted (``fast.bleu.corpus``), which gives the same integers.
"""

from collections.abc import Sequence
from typing import cast

from mtcompute.fast import compiled
from mtcompute.fast.tokenize import tokenize_many
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER, BleuStatistics
from mtcompute.metrics.smoothing import EXP, FLOOR, NONE, Smoothing
from mtcompute.metrics.tokenizers import DEFAULT_TOKENIZER, TOKENIZER_NAMES, check_tokenizer

# The compiled pass counts up to this order (as ``_segment.c``); a larger one takes the tokens.
COMPILED_MAX_ORDER = 64


def corpus_statistics_from_text(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    tokenizer: str = DEFAULT_TOKENIZER,
    lowercase: bool = False,
    max_order: int = DEFAULT_MAX_ORDER,
) -> BleuStatistics:
    """The corpus statistics of raw texts: ``references[i]`` holds segment i's reference texts
    (at least one). A ValueError for an unknown tokenizer, a ``max_order`` below 1, as many
    segments of references as hypotheses not, or a segment without a reference."""
    return _statistics(hypotheses, references, False, tokenizer, lowercase, max_order)


def corpus_statistics_from_streams(
    hypotheses: Sequence[str],
    streams: Sequence[Sequence[str | None]],
    *,
    tokenizer: str = DEFAULT_TOKENIZER,
    lowercase: bool = False,
    max_order: int = DEFAULT_MAX_ORDER,
) -> BleuStatistics:
    """``corpus_statistics_from_text`` of sacreBLEU's reference streams: ``streams[k][i]`` is
    segment i's k-th reference, each stream as long as ``hypotheses``; None leaves a segment's
    reference out, as sacreBLEU does, and every segment keeps at least one."""
    return _statistics(hypotheses, streams, True, tokenizer, lowercase, max_order)


def _statistics(  # noqa: PLR0917 - the compiled function's arguments, in its order
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    by_streams: bool,
    tokenizer: str,
    lowercase: bool,
    max_order: int,
) -> BleuStatistics:
    check_tokenizer(tokenizer)  # one message for an unknown name, on either path
    if max_order < 1:
        raise ValueError(f"max_order must be at least 1, not {max_order}")
    counted = compiled.text_statistics
    if counted is not None and max_order <= COMPILED_MAX_ORDER and tokenizer in TOKENIZER_NAMES:
        return BleuStatistics(
            *counted(hypotheses, references, by_streams, tokenizer, lowercase, max_order)
        )
    per_segment = (
        _per_segment(len(hypotheses), references)
        if by_streams
        else cast(Sequence[Sequence[str]], references)
    )
    from mtcompute.fast.bleu.corpus import corpus_statistics_fast  # noqa: PLC0415 - numpy, if needed

    hypothesis_tokens = tokenize_many(hypotheses, tokenizer, lowercase)
    reference_tokens = _tokenized_segments(per_segment, tokenizer, lowercase)
    return corpus_statistics_fast(hypothesis_tokens, reference_tokens, max_order)


# The smoothing methods the compiled lines take, as ``_sentence_bleu.h`` numbers them.
_METHOD_CODES = {NONE: 0, FLOOR: 1, EXP: 2}
_MOST_DECIMALS = 20


def sentence_lines(
    hypotheses: Sequence[str],
    streams: Sequence[Sequence[str]],
    *,
    tokenizer: str,
    lowercase: bool,
    max_order: int,
    smoothing: Smoothing,
    head: str,
    decimals: int,
    verbose: bool,
) -> list[str] | None:
    """Each segment's sentence BLEU (with effective order, unrounded) as sacreBLEU's ``-sl``
    text line: ``head``, the score to ``decimals`` and, with ``verbose``, the precisions, BP,
    ratio and lengths (``scoring.report.score_text`` of ``metrics.sentence.sentence_score``'s
    result), tokenized, counted, scored and written in one compiled pass. None where that pass
    was not built or does not take these (add-k, a multilingual tokenizer, an order above 64):
    then each segment is scored on its own."""
    write = compiled.sentence_lines
    code = _METHOD_CODES.get(smoothing.method)
    if (
        write is None
        or code is None
        or tokenizer not in TOKENIZER_NAMES
        or not 1 <= max_order <= COMPILED_MAX_ORDER
        or not 0 <= decimals <= _MOST_DECIMALS
    ):
        return None
    value = 0.0 if smoothing.value is None else smoothing.value
    return write(
        hypotheses, streams, tokenizer, lowercase, max_order, code, value, head, decimals, verbose
    )


def _per_segment(segments: int, streams: Sequence[Sequence[str | None]]) -> list[list[str]]:
    """Each segment's references from the streams, None left out."""
    for k, stream in enumerate(streams):
        if len(stream) != segments:
            raise ValueError(
                f"{segments} hypotheses but reference stream {k} has {len(stream)} texts"
            )
    if not streams:
        return [[] for _ in range(segments)]
    return [
        [text for text in segment if text is not None] for segment in zip(*streams, strict=True)
    ]


def _tokenized_segments(
    per_segment: Sequence[Sequence[str]], tokenizer: str, lowercase: bool
) -> list[list[list[str]]]:
    """Every segment's references tokenized in one call, then regrouped."""
    texts = [text for segment in per_segment for text in segment]
    flat = tokenize_many(texts, tokenizer, lowercase)
    grouped: list[list[list[str]]] = []
    start = 0
    for segment in per_segment:
        grouped.append(flat[start : start + len(segment)])
        start += len(segment)
    return grouped
