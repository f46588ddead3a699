"""``score`` with several systems, or with resampling: read every file, score through
``scoring.systems`` and print sacreBLEU's table (one system with ``--confidence``: its lines
with ``(μ = MEAN ± CI)``), or JSON: a list of objects, one per system and metric."""

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import click

from mtcompute import jsonio
from mtcompute.cli.failure import fail
from mtcompute.errors import InputError, Violation
from mtcompute.scoring.score import score_corpus
from mtcompute.scoring.systems import (
    Resampling,
    SystemsReport,
    json_rows,
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
        fail(error)
    return [(system.name, system.lines) for system in systems], [r.lines for r in references]


def print_systems(
    read: tuple[Systems, list[tuple[str, ...]]],
    metrics: Sequence[str],
    *,
    settings: Mapping[str, Any],
    resampling: Resampling | None,
    output_format: str,
    width: int,
) -> None:
    """Score and print, as ``--format`` says."""
    systems, references = read
    asked = resampling or Resampling(seed=None)
    try:
        report = score_systems(systems, references, metrics, settings, asked)
        if output_format == "json":
            body = jsonio.dumps(json_rows(report), indent=True)
            click.echo(body.decode("utf-8"))
            return
        if len(systems) == 1:
            text = _one_system(
                report,
                hypotheses=systems[0][1],
                references=references,
                metrics=metrics,
                settings=settings,
                width=width,
            )
        else:
            text = text_report(report, width)
    except InputError as error:
        fail(error)
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
    width: int,
) -> str:
    """sacreBLEU's line of one system with ``--confidence``: ``NAME|SIG = S (μ = M ± CI) ...``."""
    lines = []
    scored = score_corpus(hypotheses, references, metrics, settings)
    for metric, row, one in zip(metrics, report.rows, scored, strict=True):
        head = f"{one.name}|{report.signatures[metric]} = {row.score:.{width}f}"
        head += f" (μ = {row.mean:.{width}f} ± {row.ci:.{width}f})"
        lines.append(f"{head} {one.verbose_score}" if one.verbose_score else head)
    return "\n".join(lines)
