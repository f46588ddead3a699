"""``score`` of one system, streamed: the files read in chunks (``scale.chunks``), scored where
``--jobs`` or ``--scheduler`` says (``scale.runners``, ``scale.cluster``), sentence-level lines
written as they are made and corpus statistics summed; a file or input error is JSON on stderr
with exit 2, even when it is found after the first lines were written."""

from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass

from mtcompute.cli.failure import fail
from mtcompute.cli.output import StandardOutput
from mtcompute.cli.progress import progress
from mtcompute.errors import InputError, ServiceError
from mtcompute.scale.chunks import DEFAULT_CHUNK_BYTES, Chunk, ChunkReader, FileSet
from mtcompute.scale.runners import InProcess, Runner, WorkersIfNeeded
from mtcompute.scale.stream import corpus_scores, write_sentences
from mtcompute.scale.work import JSONL, Plan
from mtcompute.scoring.report import score_json, score_text, single_results
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.signature import shortened


@dataclass(frozen=True, slots=True)
class Where:
    """Where the chunks are scored, and how big they are."""

    jobs: int
    chunk_lines: int
    max_line_bytes: int
    scheduler: str | None = None
    quiet: bool = False
    chunk_bytes: int = DEFAULT_CHUNK_BYTES


@dataclass(frozen=True, slots=True)
class Output:
    """How corpus scores are printed: sacreBLEU's ``-f`` (json, text, latex; latex is text for
    one system) or mtcompute's jsonl, ``-w``, ``-b``, ``-sh``."""

    format: str
    width: int
    score_only: bool = False
    short: bool = False


def score_streamed(files: FileSet, plan: Plan, where: Where, output: Output) -> None:
    """Score and print, as the plan says; exit 2 with the errors on an input error."""
    try:
        plan.scoring_metrics()  # refuse bad options before any file is read
        with ExitStack() as stack:
            reader = stack.enter_context(
                ChunkReader(
                    files,
                    lines=where.chunk_lines,
                    max_bytes=where.chunk_bytes,
                    max_line_bytes=where.max_line_bytes,
                )
            )
            scored = _scored(
                stack,
                plan,
                reader,
                (reader.total, reader.total_bytes),
                where,
                len(files.references),
            )
    except (InputError, ServiceError) as error:
        fail(error, one_line=True)
    if scored is not None:
        print_corpus(scored, output)


def score_read(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    plan: Plan,
    where: Where,
    output: Output,
) -> None:
    """Texts already read (``cli.texts``) scored as ``score_streamed`` scores files."""
    try:
        plan.scoring_metrics()
        with ExitStack() as stack:
            chunks = _chunks(hypotheses, references, where.chunk_lines)
            size = (len(hypotheses), sum(map(len, hypotheses)))  # characters: bytes at least
            scored = _scored(stack, plan, chunks, size, where, len(references))
    except (InputError, ServiceError) as error:
        fail(error, one_line=True)
    if scored is not None:
        print_corpus(scored, output)


def _chunks(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]], size: int
) -> Iterator[Chunk]:
    for start in range(0, len(hypotheses), size):
        part = [stream[start : start + size] for stream in references]
        yield Chunk.of(start + 1, hypotheses[start : start + size], part)


def _scored(  # noqa: PLR0917
    stack: ExitStack,
    plan: Plan,
    chunks: Iterable[Chunk],
    size: tuple[int | None, int | None],
    where: Where,
    nrefs: int,
) -> list[Scored] | None:
    """The corpus scores; None at sentence level, whose lines are written here. ``size`` is
    the segments and the hypotheses' bytes, where they are known."""
    total, total_bytes = size
    runner = stack.enter_context(_runner(where, total_bytes))
    advance = stack.enter_context(progress(total, quiet=where.quiet))
    if plan.sentence_level:
        write_sentences(plan, chunks, runner, StandardOutput(), advance)
        return None
    return corpus_scores(plan, chunks, runner, advance, nrefs)


# Files this small are scored here in less time than worker processes take to start.
IN_PROCESS_BYTES = 2 * 1024 * 1024


def _runner(where: Where, total_bytes: int | None) -> Runner:
    if where.scheduler:
        from mtcompute.scale.cluster import DaskCluster  # noqa: PLC0415 (asyncio, only here)

        return DaskCluster(where.scheduler)
    if where.jobs == 1 or (total_bytes is not None and total_bytes <= IN_PROCESS_BYTES):
        return InProcess()
    return WorkersIfNeeded(where.jobs)


def print_corpus(scored: list[Scored], output: Output) -> None:
    """One system's scores as sacreBLEU prints them (``print_single_results``), or jsonl."""
    if output.format == JSONL:
        from mtcompute import jsonio  # noqa: PLC0415 (orjson costs a short run's start-up)

        text = "\n".join(jsonio.dumps(item.to_json()).decode() for item in scored)
    else:
        as_json = output.format == "json"
        results = []
        for item in scored:
            sign = item.signature
            if output.short and not as_json:
                sign = shortened(sign, ter=item.name == "TER")
            if as_json and not output.score_only:
                line = score_json(
                    item.name, item.score, item.verbose_score, width=output.width, signature=sign
                )
            else:
                line = score_text(
                    item.name,
                    item.score,
                    item.verbose_score,
                    width=output.width,
                    signature=sign,
                    score_only=output.score_only,
                )
            results.append(line)
        text = single_results(results, as_json=as_json)
    out = StandardOutput()
    out.write(f"{text}\n".encode())
    out.flush()
    out.flush()
