"""``score`` of one system, streamed: the files read in chunks (``scale.chunks``), scored where
``--jobs`` or ``--scheduler`` says (``scale.runners``, ``scale.cluster``), sentence-level lines
written as they are made and corpus statistics summed; a file or input error is JSON on stderr
with exit 2, even when it is found after the first lines were written."""

import sys
from contextlib import ExitStack
from dataclasses import dataclass

import click

from mtcompute import jsonio
from mtcompute.cli.failure import fail
from mtcompute.cli.progress import progress
from mtcompute.errors import InputError
from mtcompute.scale.chunks import ChunkReader, FileSet
from mtcompute.scale.cluster import DaskCluster
from mtcompute.scale.runners import InProcess, Runner, WorkersIfNeeded
from mtcompute.scale.stream import corpus_scores, write_sentences
from mtcompute.scale.work import JSON, JSONL, Plan
from mtcompute.scoring.scored import Scored


@dataclass(frozen=True, slots=True)
class Where:
    """Where the chunks are scored, and how big they are."""

    jobs: int
    chunk_lines: int
    max_line_bytes: int
    scheduler: str | None = None
    quiet: bool = False


def score_streamed(files: FileSet, plan: Plan, where: Where) -> None:
    """Score and print, as the plan says; exit 2 with the errors on an input error."""
    try:
        plan.scoring_metrics()  # refuse bad options before any file is read
        with ExitStack() as stack:
            reader = stack.enter_context(
                ChunkReader(files, lines=where.chunk_lines, max_line_bytes=where.max_line_bytes)
            )
            runner = stack.enter_context(_runner(where, reader.total_bytes))
            advance = stack.enter_context(progress(reader.total, quiet=where.quiet))
            out = sys.stdout.buffer
            if plan.sentence_level:
                write_sentences(plan, reader, runner, out, advance)
                return
            scored = corpus_scores(plan, reader, runner, advance, len(files.references))
    except InputError as error:
        fail(error)
    _print_corpus(scored, plan)


# Files this small are scored here in less time than worker processes take to start.
IN_PROCESS_BYTES = 2 * 1024 * 1024


def _runner(where: Where, total_bytes: int | None) -> Runner:
    if where.scheduler:
        return DaskCluster(where.scheduler)
    if where.jobs == 1 or (total_bytes is not None and total_bytes <= IN_PROCESS_BYTES):
        return InProcess()
    return WorkersIfNeeded(where.jobs)


def _print_corpus(scored: list[Scored], plan: Plan) -> None:
    if plan.output_format == JSON:
        click.echo(jsonio.dumps([item.to_json() for item in scored], indent=True).decode())
        return
    if plan.output_format == JSONL:
        lines = [jsonio.dumps(item.to_json()).decode() for item in scored]
    elif plan.score_only:
        lines = [f"{item.score:.{plan.decimals}f}" for item in scored]
    else:
        lines = [item.text(plan.decimals) for item in scored]
    out = sys.stdout.buffer
    out.write("".join(f"{line}\n" for line in lines).encode("utf-8"))
    out.flush()
