"""``score`` with several systems, or with resampling: read every file, score through
``scoring.systems`` and print sacreBLEU's table (one system with ``--confidence``: its lines
with ``(μ = MEAN ± CI)``), or JSON: a list of objects, one per system and metric."""

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mtcompute import jsonio
from mtcompute.cli.failure import fail
from mtcompute.cli.streamed import Output
from mtcompute.errors import InputError, Violation
from mtcompute.scale.work import JSONL
from mtcompute.scoring.report import (
    score_json,
    score_text,
    single_results,
    systems_json,
)
from mtcompute.scoring.score import score_corpus
from mtcompute.scoring.signature import shortened
from mtcompute.scoring.systems import (
    Resampling,
    SystemsReport,
    confident_scores,
    json_rows,
    printed_rows,
    score_systems,
    text_report,
)
from mtcompute.scoring.textfiles import STDIN, TextFile, check_same_length, read_text_file

Systems = list[tuple[str, tuple[str, ...]]]


def read_systems(
    hypothesis_files: Sequence[str], reference_files: Sequence[str]
) -> tuple[Systems, list[tuple[str, ...]]]:
    """Every system's lines and every reference stream; every file's problem at once."""
    names = (*hypothesis_files, *reference_files)
    errors: list[Violation] = []
    if names.count(STDIN) > 1:
        message = "standard input ('-') can be read for one file only"
        errors.append(Violation(code="file_unreadable", pointer="", message=message))
    repeated = sorted({name for name in hypothesis_files if hypothesis_files.count(name) > 1})
    for name in repeated:
        message = f"{name} is given twice after -i: expected each system once"
        errors.append(Violation(code="duplicate_system", pointer="", message=message))
    files: list[TextFile] = []
    if not errors:
        for name in names:
            try:
                files.append(read_text_file(name, sys.stdin.buffer))
            except InputError as error:
                errors += error.errors
    try:
        if errors:
            raise InputError(errors)
        systems, references = files[: len(hypothesis_files)], files[len(hypothesis_files) :]
        for system in systems:
            check_same_length(system, references)
    except InputError as error:
        fail(error, one_line=True)
    return [(system.name, system.lines) for system in systems], [r.lines for r in references]


def print_systems(
    read: tuple[Systems, Sequence[Sequence[str]]],
    metrics: Sequence[str],
    *,
    settings: Mapping[str, Any],
    resampling: Resampling | None,
    output: Output,
) -> None:
    """Score and print as sacreBLEU does: its JSON (``-f json``), table (``text``, ``latex``),
    or one system's lines with ``--confidence``; jsonl: mtcompute's objects, one a line."""
    systems, references = read
    asked = resampling or Resampling(seed=None)
    try:
        report = score_systems(systems, references, metrics, settings, asked)
        if len(systems) == 1:
            text = _one_system(
                report,
                hypotheses=systems[0][1],
                references=references,
                metrics=metrics,
                settings=settings,
                output=output,
            )
        elif output.format == JSONL:
            text = "\n".join(jsonio.dumps(row).decode() for row in json_rows(report))
        elif output.format == "json":
            text = systems_json(printed_rows(report, output.width))
        else:
            text = text_report(
                report, output.width, latex=output.format == "latex", short=output.short
            )
    except InputError as error:
        fail(error, one_line=True)
    out = sys.stdout.buffer
    out.write(f"{text}\n".encode())
    out.flush()


def _one_system(
    report: SystemsReport,
    *,
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    metrics: Sequence[str],
    settings: Mapping[str, Any],
    output: Output,
) -> str:
    """sacreBLEU's result of one system with ``--confidence``: its lines, or JSON objects,
    with the bootstrap mean and interval."""
    if output.format == JSONL:
        return "\n".join(jsonio.dumps(row).decode() for row in json_rows(report))
    as_json = output.format == "json"
    results = []
    scored = score_corpus(hypotheses, references, metrics, settings)
    for one in confident_scores(report, scored):
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
