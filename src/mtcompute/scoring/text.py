"""Scoring text segments with the library, the way ``mtcompute score`` reports them: one
``Scored`` per metric (or per metric and segment), each with sacreBLEU's name, 0-100 score,
signature and verbose part beside the tool's own result object.

Everything goes through the library functions (``corpus_bleu``, ``sentence_bleu``, ``chrf``),
so the contracts' rules apply and their request limits do not.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from mtcompute import api
from mtcompute.contracts import bleu_corpus_compute_1_0_0 as bleu_corpus
from mtcompute.contracts import bleu_sentence_compute_1_0_0 as bleu_sentence
from mtcompute.contracts import chrf_compute_1_0_0 as chrf_tool
from mtcompute.contracts import chrf_plus_plus_compute_1_0_0 as chrf_plus_plus_tool
from mtcompute.contracts.contract import Contract
from mtcompute.errors import InputError, Violation
from mtcompute.metrics.bleu import DEFAULT_MAX_ORDER
from mtcompute.metrics.chrf import DEFAULT_WORD_ORDER, ChrfResult
from mtcompute.metrics.display import DEFAULT_WIDTH, score_line
from mtcompute.scoring import signature
from mtcompute.scoring.textfiles import tokens

Metric = Literal["bleu", "chrf", "chrf++"]
METRICS: tuple[Metric, ...] = ("bleu", "chrf", "chrf++")
NO_SMOOTHING = "none"


@dataclass(frozen=True, slots=True)
class ScoreOptions:
    """What the scores are asked for; smoothing applies to sentence BLEU only."""

    max_order: int = DEFAULT_MAX_ORDER
    smoothing: str = NO_SMOOTHING
    smoothing_value: float | None = None


@dataclass(frozen=True, slots=True)
class Scored:
    """One metric's score as sacreBLEU reports it, and the tool's result object."""

    name: str
    score: float
    signature: str
    verbose_score: str
    result: dict[str, object]
    line: int | None = None  # the segment's 1-based line number, at sentence level

    def text(self, width: int = DEFAULT_WIDTH) -> str:
        """``NAME|SIGNATURE = SCORE VERBOSE``."""
        return score_line(
            self.name, self.score, self.verbose_score, width=width, signature=self.signature
        )

    def to_json(self) -> dict[str, object]:
        line = {} if self.line is None else {"line": self.line}
        return line | {
            "name": self.name,
            "score": self.score,
            "signature": self.signature,
            "verbose_score": self.verbose_score,
            "result": self.result,
        }


def _tool(contract: Contract) -> str:
    return f"{contract.id}@{contract.version}"


def check_options(options: ScoreOptions, sentence_level: bool) -> None:
    """Corpus BLEU is unsmoothed by its contract: smoothing is for sentence level only."""
    if options.smoothing != NO_SMOOTHING and not sentence_level:
        message = (
            f"corpus BLEU ({_tool(bleu_corpus.TOOL.contract)}) has no smoothing, got smoothing"
            f" '{options.smoothing}': drop it, or score each segment with --sentence-level"
        )
        raise InputError(
            [Violation(code="smoothing_needs_sentence_level", pointer="", message=message)]
        )


def score_corpus(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    options: ScoreOptions,
) -> list[Scored]:
    """One ``Scored`` per metric; ``references[k]`` is the k-th reference of every segment."""
    check_options(options, sentence_level=False)
    return [_corpus_score(metric, hypotheses, references, options) for metric in metrics]


def _per_segment(references: Sequence[Sequence[str]]) -> list[list[str]]:
    return [list(segment) for segment in zip(*references, strict=True)]


def _corpus_score(
    metric: Metric,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ScoreOptions,
) -> Scored:
    if metric == "bleu":
        return _corpus_bleu(hypotheses, references, options)
    result = _chrf(hypotheses, references, metric)
    sign = _chrf_signature(len(references), result)
    return Scored(result.name, result.score, sign, "", result.to_dict())


def _corpus_bleu(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ScoreOptions
) -> Scored:
    hypothesis_tokens = [tokens(line) for line in hypotheses]
    reference_tokens = [[tokens(line) for line in refs] for refs in _per_segment(references)]
    result = api.corpus_bleu(hypothesis_tokens, reference_tokens, max_order=options.max_order)
    sign = signature.bleu_signature(
        len(references), options.max_order, _tool(bleu_corpus.TOOL.contract)
    )
    return Scored(result.name, result.score, sign, result.verbose_score, result.to_dict())


def _chrf(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], metric: Metric
) -> ChrfResult:
    word_order = DEFAULT_WORD_ORDER if metric == "chrf++" else 0
    return api.chrf(list(hypotheses), _per_segment(references), word_order=word_order)


def _chrf_signature(nrefs: int, result: ChrfResult) -> str:
    tool = chrf_plus_plus_tool if result.word_order else chrf_tool
    return signature.chrf_signature(
        nrefs,
        char_order=result.char_order,
        word_order=result.word_order,
        include_whitespace=result.include_whitespace,
        eps_smoothing=result.eps_smoothing,
        tool=_tool(tool.TOOL.contract),
    )


def score_sentences(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    metrics: Sequence[Metric],
    options: ScoreOptions,
) -> Iterator[Scored]:
    """Per segment, one ``Scored`` per metric, in line order."""
    check_options(options, sentence_level=True)
    per_metric = [list(_sentence_scores(m, hypotheses, references, options)) for m in metrics]
    for segment_scores in zip(*per_metric, strict=True):
        yield from segment_scores


def _sentence_scores(
    metric: Metric,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    options: ScoreOptions,
) -> Iterator[Scored]:
    if metric == "bleu":
        yield from _sentence_bleu(hypotheses, references, options)
        return
    result = _chrf(hypotheses, references, metric)
    sign = _chrf_signature(len(references), result)
    for line, segment in enumerate(result.segments, start=1):
        yield Scored(result.name, segment.score, sign, "", segment.to_dict(), line)


def _sentence_bleu(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: ScoreOptions
) -> Iterator[Scored]:
    sign = signature.sentence_bleu_signature(
        len(references),
        options.max_order,
        options.smoothing,
        options.smoothing_value,
        _tool(bleu_sentence.TOOL.contract),
    )
    segments = zip(hypotheses, _per_segment(references), strict=True)
    for line, (hypothesis, refs) in enumerate(segments, start=1):
        result = api.sentence_bleu(
            tokens(hypothesis),
            [tokens(reference) for reference in refs],
            max_order=options.max_order,
            smoothing=options.smoothing,
            smoothing_value=options.smoothing_value,
        )
        yield Scored(result.name, result.score, sign, result.verbose_score, result.to_dict(), line)
