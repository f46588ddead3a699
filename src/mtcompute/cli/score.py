"""``mtcompute score``: score plain text files as sacreBLEU does, in this process and without
request limits. The command parses its options, reads the files (``textfiles``), delegates to
``scoring`` and prints; a file or input error is JSON on stderr with exit 2."""

from collections.abc import Callable
from typing import Any, TypeVar

import click

from mtcompute.cli.resampling import KEYS as RESAMPLING_KEYS
from mtcompute.cli.resampling import resampling_of, resampling_options
from mtcompute.cli.streamed import Where, score_streamed
from mtcompute.cli.systems import print_systems, read_systems
from mtcompute.cli.words import Words
from mtcompute.metrics.display import DEFAULT_WIDTH
from mtcompute.scale.chunks import DEFAULT_CHUNK_LINES, FileSet
from mtcompute.scale.lines import DEFAULT_MAX_LINE_BYTES
from mtcompute.scale.runners import default_jobs
from mtcompute.scale.work import FORMATS, TEXT, Plan
from mtcompute.scoring.metric import Option
from mtcompute.scoring.registry import every_option, metrics
from mtcompute.scoring.textfiles import STDIN
from mtcompute.version import __version__

F = TypeVar("F", bound=Callable[..., Any])

_HELP = (
    """Score a hypothesis file against reference files, as sacreBLEU does.

References are named after the command, as sacreBLEU's, or with -r; the hypotheses come with
-i, or on standard input. One segment a line (UTF-8; CRLF read as LF; a final newline
optional); every reference file has as many lines as HYP. BLEU tokenizes each line as
sacreBLEU does (13a unless -tok says otherwise; -tok none splits at whitespace only:
U+0009-U+000D, U+001C-U+0020, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
U+205F, U+3000) and smooths as it does (exp); chrF reads the raw line. The numbers are
sacreBLEU's with the same options. Nothing is truncated and no request limit applies.

One system is read in chunks and scored on every core (--jobs) or a Dask cluster
(--scheduler); sentence-level lines are written as they are made, the same bytes whatever the
split. Several systems: REF... -i A B C (the first is the baseline) prints sacreBLEU's table;
--paired-bs or --paired-ar tests each against the baseline (--paired-all: every pair),
--confidence adds bootstrap intervals; --resampling portable gives the same numbers on every
platform.

\b
Example (the files are in the repository's examples/score/):
  mtcompute score ref1.txt ref2.txt -i hyp.txt -m bleu -m chrf
"""
    "  BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|tool:bleu-corpus-compute@1.0.0|"
    f"mtcompute:{__version__} = 65.21 96.4/83.3/60.0/37.5 "
    "(BP = 1.000 ratio = 1.037 hyp_len = 28 ref_len = 27)\n"
    f"  chrF2|nrefs:2|nc:6|nw:0|space:no|eps:no|tool:chrf-compute@1.0.0|mtcompute:{__version__}"
    " = 78.81\n"
)


def _click_option(option: Option) -> Callable[[F], F]:
    """A metric's option (``scoring.metric.Option``) as click declares it."""
    if option.is_flag:
        return click.option(*option.flags, option.name, is_flag=True, help=option.help)
    kind: Any = click.Choice(option.choices) if option.choices else option.type
    return click.option(
        *option.flags,
        option.name,
        type=kind,
        default=option.default,
        show_default=option.default is not None,
        metavar=option.metavar,
        help=option.help,
    )


def metric_options(command: F) -> F:
    """Every registered metric's options, in registration order."""
    for option in reversed(every_option()):
        command = _click_option(option)(command)
    return command


@click.command(
    help=_HELP, short_help="Score text files (BLEU, chrF, chrF++, TER) as sacreBLEU does."
)
@click.argument("positional_references", metavar="[REF]...", nargs=-1)
@click.option(
    "-i",
    "--input",
    "hypothesis_files",
    cls=Words,
    metavar="HYP...",
    help="The hypotheses, one a line; '-' (or no -i) reads standard input. Several systems: "
    "-i A B C or -i A -i B; the first is the baseline.",
)
@click.option(
    "-r",
    "--reference",
    "reference_files",
    metavar="REF",
    multiple=True,
    help="A reference file, one reference a line; repeat for more references.",
)
@click.option(
    "-m",
    "--metric",
    "metrics",
    cls=Words,
    type=click.Choice(list(metrics()), case_sensitive=False),
    help="Metrics to compute (any case: BLEU, chrF): -m bleu chrf, or -m repeated.  "
    "[default: bleu]",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default=TEXT,
    show_default=True,
    help="text: one sacreBLEU line a metric (at sentence level after the line number and a tab); "
    "json: an array of {name, score, signature, verbose_score, result}, the result holding the "
    "summed statistics; jsonl: one such object a line, written as it is made.",
)
@click.option(
    "--sentence-level",
    is_flag=True,
    help="Score each segment: a line (or JSON object, with its line number) a segment and metric,"
    " written as the segments are scored.",
)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(1, 1024),
    default=default_jobs(),
    show_default="this machine's cores",
    help="Worker processes scoring chunks; the output is the same whatever the number.",
)
@click.option(
    "--chunk-size",
    type=click.IntRange(1, 10_000_000),
    default=DEFAULT_CHUNK_LINES,
    show_default=True,
    help="Segments read and scored at a time: memory grows with it, not with the files.",
)
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    help="Score the chunks on this running Dask cluster (needs mtcompute[dask]).",
)
@click.option(
    "--max-line-bytes",
    type=click.IntRange(1, 1 << 30),
    default=DEFAULT_MAX_LINE_BYTES,
    show_default=True,
    help="Refuse a line longer than this, naming it, rather than read it.",
)
@click.option("-q", "--quiet", is_flag=True, help="No progress bar on a terminal's stderr.")
@metric_options
@click.option(
    "-w",
    "--width",
    "--decimals",
    "decimals",
    type=click.IntRange(0, 20),
    default=DEFAULT_WIDTH,
    show_default=True,
    help="Decimals of the scores in text output (JSON scores are unrounded).",
)
@click.option(
    "-b", "--score-only", is_flag=True, help="Print the scores only, one a line, without names."
)
@resampling_options
def score(
    *,
    positional_references: tuple[str, ...],
    hypothesis_files: tuple[str, ...],
    reference_files: tuple[str, ...],
    metrics: tuple[str, ...],
    output_format: str,
    sentence_level: bool,
    jobs: int,
    chunk_size: int,
    scheduler: str | None,
    max_line_bytes: int,
    quiet: bool,
    decimals: int,
    score_only: bool,
    **settings: Any,
) -> None:
    references_named = (*positional_references, *reference_files)
    if not references_named:
        raise click.UsageError(
            "expected at least one reference file (REF or -r REF), got none; -i takes every "
            "word after it, so name the references before -i (REF... -i HYP...) or with -r"
        )
    asked = {key: settings.pop(key) for key in RESAMPLING_KEYS}
    hypothesis_files = hypothesis_files or (STDIN,)
    resampling = resampling_of(asked, len(hypothesis_files))
    chosen = tuple(dict.fromkeys(name.lower() for name in metrics)) or ("bleu",)
    if len(hypothesis_files) > 1 or resampling is not None:
        if sentence_level:
            raise click.UsageError("--sentence-level scores one system, without resampling")
        several = read_systems(hypothesis_files, references_named)
        print_systems(
            several,
            chosen,
            settings=settings,
            resampling=resampling,
            output_format=output_format,
            width=decimals,
        )
        return
    plan = Plan.of(
        chosen,
        settings,
        sentence_level=sentence_level,
        output_format=output_format,
        decimals=decimals,
        score_only=score_only,
    )
    files = FileSet(hypothesis_files[0], references_named)
    where = Where(jobs, chunk_size, max_line_bytes, scheduler, quiet)
    score_streamed(files, plan, where)
