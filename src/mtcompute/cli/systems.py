"""``score`` with several systems, or with resampling: the files read in chunks
(``scale.system_files``; whole where ``cli.texts`` reads them), scored through
``scoring.systems`` and printed as sacreBLEU's table (one system with ``--confidence``: its
lines with ``(μ = MEAN ± CI)``), or JSON: a list of objects, one per system and metric."""

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from mtcompute import jsonio
from mtcompute.cli.failure import fail
from mtcompute.cli.output import StandardOutput
from mtcompute.cli.streamed import Output
from mtcompute.errors import InputError
from mtcompute.scale.system_files import SystemsReader
from mtcompute.scale.work import JSONL
from mtcompute.scoring.registry import metric_named
from mtcompute.scoring.report import (
    score_json,
    score_text,
    single_results,
    systems_json,
)
from mtcompute.scoring.score import score_corpus, score_corpus_in_chunks
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.signature import shortened
from mtcompute.scoring.systems import (
    Resampling,
    SystemsReport,
    compare_in_chunks,
    confident_scores,
    json_rows,
    printed_rows,
    score_systems,
    text_report,
)

Systems = list[tuple[str, tuple[str, ...]]]


def print_systems(
    read: tuple[Systems, Sequence[Sequence[str]]],
    metrics: Sequence[str],
    *,
    settings: Mapping[str, Any],
    resampling: Resampling | None,
    output: Output,
) -> None:
    """Texts read whole (another encoding, a test set's subset or detail) scored and printed
    as sacreBLEU does: its JSON (``-f json``), table (``text``, ``latex``), or one system's
    lines with ``--confidence``; jsonl: mtcompute's objects, one a line."""
    systems, references = read
    asked = resampling or Resampling(seed=None)

    def scored() -> list[Scored]:
        return score_corpus(systems[0][1], references, metrics, settings)

    try:
        report = score_systems(systems, references, metrics, settings, asked)
        text = _printed(report, scored, output)
    except InputError as error:
        fail(error, one_line=True)
    _write(text)


def print_systems_streamed(
    reader: SystemsReader,
    metrics: Sequence[str],
    *,
    settings: Mapping[str, Any],
    resampling: Resampling | None,
    output: Output,
    chunk: tuple[int, int],
) -> None:
    """``print_systems`` of files read ``chunk`` (lines, bytes) at a time: each resampled
    metric's statistics made chunk by chunk and held alone, the same bytes printed."""
    asked = resampling or Resampling(seed=None)
    nrefs = len(reader.files.references) * reader.files.num_refs

    def chunks() -> Iterator[tuple[list[tuple[str, ...]], list[tuple[str, ...]]]]:
        for part in reader.chunks(*chunk):
            yield part.systems, part.references

    def scored() -> list[Scored]:
        parts = ((texts[0], streams) for texts, streams in chunks())
        return score_corpus_in_chunks(parts, metrics, settings)

    try:
        chosen = [metric_named(metric)(settings) for metric in metrics]
        report = compare_in_chunks(reader.names, chunks, chosen, asked, nrefs)
        text = _printed(report, scored, output)
    except InputError as error:
        fail(error, one_line=True)
    _write(text)


def _printed(report: SystemsReport, scored: Callable[[], list[Scored]], output: Output) -> str:
    if len(report.systems) == 1:
        return _one_system(report, scored, output)
    if output.format == JSONL:
        return "\n".join(jsonio.dumps(row).decode() for row in json_rows(report))
    if output.format == "json":
        return systems_json(printed_rows(report, output.width))
    return text_report(report, output.width, latex=output.format == "latex", short=output.short)


def _write(text: str) -> None:
    out = StandardOutput()
    out.write(f"{text}\n".encode())
    out.flush()


def _one_system(report: SystemsReport, scored: Callable[[], list[Scored]], output: Output) -> str:
    """sacreBLEU's result of one system with ``--confidence``: its lines, or JSON objects,
    with the bootstrap mean and interval."""
    if output.format == JSONL:
        return "\n".join(jsonio.dumps(row).decode() for row in json_rows(report))
    as_json = output.format == "json"
    results = []
    for one in confident_scores(report, scored()):
        sign = one.signature
        if output.short and not as_json:
            sign = shortened(sign, ter=one.metric == "ter")
        if as_json and not output.score_only:
            line = score_json(
                one.name,
                one.score,
                one.verbose,
                width=output.width,
                signature=sign,
                confidence=one.confidence,
            )
        else:
            line = score_text(
                one.name,
                one.score,
                one.verbose,
                width=output.width,
                signature=sign,
                score_only=output.score_only,
                confidence=one.confidence,
            )
        results.append(line)
    return single_results(results, as_json=as_json)
