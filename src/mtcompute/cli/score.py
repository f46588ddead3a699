"""``mtcompute score``: score plain text files as sacreBLEU does, in this process and without
request limits. The command parses its options, reads the files (``textfiles``), delegates to
``scoring`` and prints; a file or input error is JSON on stderr with exit 2."""

import sys
from collections.abc import Callable
from typing import Any, BinaryIO, TypeVar

import click

from mtcompute import jsonio
from mtcompute.cli.failure import fail
from mtcompute.errors import InputError
from mtcompute.metrics.display import DEFAULT_WIDTH
from mtcompute.scoring.metric import Option
from mtcompute.scoring.registry import every_option, metrics
from mtcompute.scoring.score import score_corpus, score_sentences
from mtcompute.scoring.scored import Scored
from mtcompute.scoring.textfiles import (
    STDIN,
    TextFile,
    check_same_length,
    file_error,
    read_text_file,
)
from mtcompute.version import __version__

F = TypeVar("F", bound=Callable[..., Any])

_HELP = (
    """Score a hypothesis file against reference files, as sacreBLEU does.

One segment a line (UTF-8; CRLF read as LF; a final newline optional); every reference file
has as many lines as HYP. BLEU splits each line into tokens at whitespace (the chrF pages' set:
U+0009-U+000D, U+001C-U+0020, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F,
U+205F, U+3000), like sacreBLEU's --tokenize none; chrF reads the raw line. Nothing is
truncated and no request limit applies. The numbers equal sacreBLEU's with
`-tok none -s none` (BLEU) and its default chrF.

\b
Example (the files are in the repository's examples/score/):
  mtcompute score -i hyp.txt -r ref1.txt -r ref2.txt -m bleu -m chrf
"""
    f"  BLEU|nrefs:2|tok:whitespace|smooth:none|tool:bleu-corpus-compute@1.0.0|"
    f"mtcompute:{__version__} = 59.92 91.7/75.0/56.2/33.3 "
    "(BP = 1.000 ratio = 1.043 hyp_len = 24 ref_len = 23)\n"
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


@click.command(help=_HELP, short_help="Score text files (BLEU, chrF, chrF++) as sacreBLEU does.")
@click.option(
    "-i",
    "--input",
    "hypothesis_file",
    metavar="HYP",
    required=True,
    help="The hypotheses, one a line; '-' reads standard input.",
)
@click.option(
    "-r",
    "--reference",
    "reference_files",
    metavar="REF",
    required=True,
    multiple=True,
    help="A reference file, one reference a line; repeat for more references.",
)
@click.option(
    "-m",
    "--metric",
    "metrics",
    type=click.Choice(list(metrics())),
    multiple=True,
    help="A metric to compute; repeatable.  [default: bleu]",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one sacreBLEU line a metric; json: an array of {name, score, signature, "
    "verbose_score, result}.",
)
@click.option(
    "--sentence-level",
    is_flag=True,
    help="Score each segment: a line (or JSON object, with its line number) a segment and metric.",
)
@metric_options
@click.option(
    "--decimals",
    type=click.IntRange(0, 20),
    default=DEFAULT_WIDTH,
    show_default=True,
    help="Decimals of the scores in text output (JSON scores are unrounded).",
)
def score(
    *,
    hypothesis_file: str,
    reference_files: tuple[str, ...],
    metrics: tuple[str, ...],
    output_format: str,
    sentence_level: bool,
    decimals: int,
    **settings: Any,
) -> None:
    try:
        hypotheses, references = _read_files(hypothesis_file, reference_files)
        chosen = metrics or ("bleu",)
        if sentence_level:
            scored = list(score_sentences(hypotheses.lines, references, chosen, settings))
        else:
            scored = score_corpus(hypotheses.lines, references, chosen, settings)
    except InputError as error:
        fail(error)
    _print(scored, output_format, decimals)


def _read_files(
    hypothesis_file: str, reference_files: tuple[str, ...]
) -> tuple[TextFile, list[tuple[str, ...]]]:
    names = (hypothesis_file, *reference_files)
    if names.count(STDIN) > 1:
        raise file_error("file_unreadable", "standard input ('-') can be read for one file only")
    files, errors = [], []
    for name in names:  # every file's problem at once, not one per run
        try:
            files.append(read_text_file(name, sys.stdin.buffer))
        except InputError as error:
            errors += error.errors
    if errors:
        raise InputError(errors)
    hypotheses, *references = files
    check_same_length(hypotheses, references)
    return hypotheses, [reference.lines for reference in references]


def _print(scored: list[Scored], output_format: str, decimals: int) -> None:
    if output_format == "json":
        body = jsonio.dumps([item.to_json() for item in scored], indent=True)
        click.echo(body.decode("utf-8"))
        return
    out: BinaryIO = sys.stdout.buffer
    out.write("".join(f"{item.text(decimals)}\n" for item in scored).encode("utf-8"))
    out.flush()
