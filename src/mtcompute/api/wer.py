"""WER and CER as typed functions, by the rules of ``wer-compute`` and ``cer-compute`` without
their size limits: jiwer 4.0's numbers, every segment's counts, and ``+`` to add parts."""

from functools import partial

from mtcompute.api.parsing import TextList, given, parsed
from mtcompute.contracts import cer_compute_1_0_0 as cer_tool
from mtcompute.contracts import wer_compute_1_0_0 as wer_tool
from mtcompute.contracts.inputs.edits import text_hints
from mtcompute.contracts.limits import UNLIMITED
from mtcompute.metrics.wer.result import CerResult, WerResult

_WER = wer_tool.parser(UNLIMITED)
_CER = cer_tool.parser(UNLIMITED)


def wer(
    hypotheses: TextList,
    references: TextList,
    *,
    alignments: bool = False,
    decimals: int | None = None,
) -> WerResult:
    """Word error rate of texts by the rules of ``wer-compute``, without its size limits:
    jiwer 4.0.0's ``process_words(references, hypotheses)`` (note the order: hypotheses first,
    as everywhere in mtcompute) with ``.wer .mer .wil .wip`` and the counts ``.hits
    .substitutions .deletions .insertions``; each segment's in ``.segments`` (with its
    ``.alignment``, jiwer's chunks, where ``alignments``). ``references[i]`` is segment i's one
    reference text. Results of parts add with ``+``. Raises ``InputError`` listing every
    violation.
    """
    raw = given(
        hypotheses=hypotheses, references=references, alignments=alignments, decimals=decimals
    )
    hints = partial(
        text_hints, {"hypotheses": hypotheses, "references": references}, "wer", UNLIMITED
    )
    return wer_tool.score_request(parsed(_WER, raw, hints))


def cer(
    hypotheses: TextList,
    references: TextList,
    *,
    alignments: bool = False,
    decimals: int | None = None,
) -> CerResult:
    """Character error rate of texts by the rules of ``cer-compute``, without its size limits:
    jiwer 4.0.0's ``process_characters(references, hypotheses)``, ``.cer`` and the counts; each
    segment's in ``.segments``. Results of parts add with ``+``. Raises ``InputError``.
    """
    raw = given(
        hypotheses=hypotheses, references=references, alignments=alignments, decimals=decimals
    )
    hints = partial(
        text_hints, {"hypotheses": hypotheses, "references": references}, "cer", UNLIMITED
    )
    return cer_tool.score_request(parsed(_CER, raw, hints))
