"""What is done to each chunk, wherever it runs: a ``Plan`` (the metrics, their options and the
output asked for; small and picklable, sent with every chunk) and ``run_chunk``, which gives
either the chunk's output bytes (sentence level) or each metric's statistics (corpus level).

Sentence-level output is made where the chunk is scored, so that the process writing it only
concatenates; the bytes of a chunk do not depend on where the chunks were split.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from mtcompute.scale.chunks import Chunk
from mtcompute.scoring.metric import ScoringMetric
from mtcompute.scoring.report import score_text
from mtcompute.scoring.score import chosen_metrics
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.signature import shortened

TEXT, JSON, JSONL = "text", "json", "jsonl"
FORMATS = (TEXT, JSON, JSONL)


@dataclass(frozen=True, slots=True)
class Plan:
    """The metrics (names, options as sorted items) and the output: ``output_format``, the
    decimals of text, ``score_only``, ``short`` signatures; ``strip`` removes each line's
    trailing whitespace first, as sacreBLEU's command line does."""

    metrics: tuple[str, ...]
    settings: tuple[tuple[str, Any], ...]
    sentence_level: bool = False
    output_format: str = TEXT
    decimals: int = 2
    score_only: bool = False
    short: bool = False
    strip: bool = False

    @classmethod
    def of(cls, metrics: tuple[str, ...], settings: Mapping[str, Any], **output: Any) -> "Plan":
        return cls(metrics, tuple(sorted(settings.items())), **output)

    def scoring_metrics(self) -> list[ScoringMetric]:
        """The metrics, made once per process and plan."""
        return _metrics(self.metrics, self.settings, self.sentence_level)


@cache
def _metrics(
    names: tuple[str, ...], settings: tuple[tuple[str, Any], ...], sentence_level: bool
) -> list[ScoringMetric]:
    return chosen_metrics(names, dict(settings), sentence_level=sentence_level)


ChunkResult = bytes | list[Any]


def run_chunk(plan: Plan, chunk: Chunk) -> ChunkResult:
    """The chunk's sentence-level output, or every metric's statistics of the chunk."""
    metrics = plan.scoring_metrics()
    hypotheses, references = chunk.texts()
    if plan.strip:
        hypotheses = tuple(line.rstrip() for line in hypotheses)
        references = tuple(tuple(line.rstrip() for line in stream) for stream in references)
    texts = Texts(hypotheses, references, chunk.first_line)
    if not plan.sentence_level:
        return [metric.statistics(texts.hypotheses, texts.references) for metric in metrics]
    if plan.output_format == TEXT:
        return _text_lines(plan, metrics, texts)
    per_metric = [
        list(metric.sentence_groups(texts.hypotheses, texts.references, texts.first_line))
        for metric in metrics
    ]
    scored = [
        item for segment in zip(*per_metric, strict=True) for group in segment for item in group
    ]
    from mtcompute import jsonio  # noqa: PLC0415 (orjson costs a short text run's start-up)

    if plan.output_format == JSONL:
        return b"".join(jsonio.dumps(item.to_json()) + b"\n" for item in scored)
    return b"".join(_array_item(item) for item in scored)


@dataclass(frozen=True, slots=True)
class Texts:
    """A chunk's texts: the hypotheses, the reference streams, the first segment's line."""

    hypotheses: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    first_line: int


def _text_lines(plan: Plan, metrics: list[ScoringMetric], chunk: Texts) -> bytes:
    """sacreBLEU's ``-sl`` lines, ``NAME|SIGNATURE = SCORE VERBOSE`` (or the score alone with
    ``score_only``), a line per segment and metric."""
    per_metric = [_texts(plan, metric, chunk) for metric in metrics]
    blocks = (
        per_metric[0]
        if len(per_metric) == 1
        else ["\n".join(segment) for segment in zip(*per_metric, strict=True)]
    )
    return "\n".join([*blocks, ""]).encode("utf-8") if blocks else b""


def _texts(plan: Plan, metric: ScoringMetric, chunk: Texts) -> list[str]:
    """Each segment's lines of ``metric``, joined: one, or one per score where it gives
    several."""
    width = plan.decimals
    sign = signature_shown(metric, len(chunk.references), short=plan.short)
    lines = metric.sentence_lines(
        chunk.hypotheses, chunk.references, sign, width, score_only=plan.score_only
    )
    if lines is not None:
        return lines
    quick = metric.sentence_scores(chunk.hypotheses, chunk.references)
    if quick is not None:
        name, scores = quick
        head = "" if plan.score_only else f"{name}|{sign} = "
        return [f"{head}{score:.{width}f}" for score in scores]
    groups = metric.sentence_groups(chunk.hypotheses, chunk.references, chunk.first_line)
    return [
        "\n".join(
            score_text(
                item.name,
                item.score,
                item.verbose_score,
                width=width,
                signature=sign,
                score_only=plan.score_only,
            )
            for item in group
        )
        for group in groups
    ]


def signature_shown(metric: ScoringMetric, nrefs: int, *, short: bool) -> str:
    """The metric's signature, in sacreBLEU's ``--short`` form if asked."""
    full = metric.signature(nrefs)
    return shortened(full, ter=metric.name == "ter") if short else full


def _array_item(item: Scored) -> bytes:
    """One item of an indented JSON array, as ``jsonio.dumps(array, indent=True)`` writes it,
    followed by ",\\n" (the writer drops the last one)."""
    from mtcompute import jsonio  # noqa: PLC0415 (loaded by the caller)

    body = jsonio.dumps(item.to_json(), indent=True)
    return b"  " + body.replace(b"\n", b"\n  ") + b",\n"
