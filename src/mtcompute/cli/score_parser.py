"""``score``'s command line, parsed as sacreBLEU 2.6 parses its own: with argparse, so that every
``sacrebleu`` command line means the same here (``-i A B C`` and ``-m bleu chrf`` take the
words after them, a long option may be abbreviated to any unambiguous prefix, ``-w2`` is
``-w 2``). Beyond sacreBLEU's: repeated ``-i``, ``-m`` or ``--echo`` add to the list, and
reference files may come on both sides of the options.

The parser is built from the registered metrics' options (``scoring.registry``) and the
resampling options (``cli.resampling``); it needs neither click nor the scoring code, so a
plain ``score`` run starts in a few milliseconds."""

import argparse
from collections.abc import Sequence
from typing import Any

from mtcompute.cli.arguments import (
    Parser,
    RawHelpFormatter,
    add_integer,
    add_switch,
    int_in,
    shown_default,
)
from mtcompute.cli.resampling import add_resampling_arguments
from mtcompute.cli.texts import UTF8
from mtcompute.scale.chunks import DEFAULT_CHUNK_BYTES, DEFAULT_CHUNK_LINES
from mtcompute.scale.lines import DEFAULT_MAX_LINE_BYTES
from mtcompute.scale.runners import default_jobs
from mtcompute.scale.work import JSONL
from mtcompute.scoring.metric import Option
from mtcompute.scoring.registry import every_option, metrics
from mtcompute.version import __version__

PROG = "mtcompute score"
DESCRIPTION = (
    """Score hypotheses against references and print what sacreBLEU 2.6 prints.

`mtcompute score ARGS` takes `sacrebleu ARGS`: REF... -i HYP... (or the hypotheses on standard
input, systems tab-separated), the same options, defaults and output (JSON for one system,
-w 1), the same numbers; each signature's version part names mtcompute (tool:...|mtcompute:...).
Each line's trailing whitespace is removed first, as sacreBLEU does. -f text (or -b for the
score alone) prints sacreBLEU's text line; --format jsonl prints mtcompute's objects with the
summed statistics, one a line.

One system is read in chunks and scored on every core (--jobs) or a Dask cluster
(--scheduler); sentence-level lines are written as they are made, the same bytes whatever the
split. Several systems: REF... -i A B C (the first is the baseline) prints sacreBLEU's table;
--paired-bs or --paired-ar tests each against the baseline (--paired-all: every pair),
--confidence adds bootstrap intervals; --resampling portable gives the same numbers on every
platform. -t SET -l PAIR reads a test set sacreBLEU has fetched into its cache ($SACREBLEU,
else ~/.sacrebleu); nothing is ever downloaded.

  Example (the files are in the repository's examples/score/):
    mtcompute score ref1.txt ref2.txt -i hyp.txt -f text
"""
    "    BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|tool:bleu-corpus-compute@1.0.0|"
    f"mtcompute:{__version__} = 65.2 96.4/83.3/60.0/37.5 "
    "(BP = 1.000 ratio = 1.037 hyp_len = 28 ref_len = 27)\n"
)

# sacreBLEU's -f choices, then mtcompute's own: one JSON object a line, written as made.
SACREBLEU_FORMATS = ("json", "text", "latex")
FORMATS = (*SACREBLEU_FORMATS, JSONL)


def _add_metric_option(group: Any, option: Option) -> None:
    """A metric's option (``scoring.metric.Option``) as argparse declares it."""
    if option.is_flag:
        group.add_argument(*option.flags, dest=option.name, action="store_true", help=option.help)
        return
    shown = option.help if option.default is None else shown_default(option.help, option.default)
    group.add_argument(
        *option.flags,
        dest=option.name,
        type=option.type,
        choices=option.choices or None,
        default=option.default,
        metavar=option.metavar,
        help=shown,
    )


def _add_files(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("positional_references", metavar="REF", nargs="*", default=[])
    parser.add_argument(
        "-i",
        "--input",
        dest="hypothesis_files",
        nargs="*",
        action="extend",
        default=[],
        metavar="HYP",
        help="The hypotheses, one a line; none (or '-'): standard input, systems "
        "tab-separated. Several systems: -i A B C; the first is the baseline.",
    )
    parser.add_argument(
        "-r",
        "--reference",
        dest="reference_files",
        action="append",
        default=[],
        metavar="REF",
        help="A reference file, one reference a line; repeat for more references.",
    )
    add_integer(
        parser,
        "-nr",
        "--num-refs",
        low=1,
        default=1,
        help_text="Split the one reference file's lines on tabs into this many.",
    )
    parser.add_argument(
        "-e", "--encoding", default=UTF8, help=shown_default("The files' text encoding.", UTF8)
    )
    parser.add_argument(
        "-m",
        "--metrics",
        "--metric",
        dest="metrics",
        nargs="+",
        action="extend",
        type=str.lower,
        choices=list(metrics()),
        default=[],
        metavar="METRIC",
        help=f"Metrics to compute (any case: BLEU, chrF), of {', '.join(metrics())}: "
        "-m bleu chrf ter; chrf++ is chrF with -cw 2.  [default: bleu]",
    )
    add_switch(
        parser, "-sl", "--sentence-level", help_text="Score each segment: a line each, as made."
    )


def _add_test_set(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("test sets (read from sacreBLEU's cache)")
    group.add_argument("-t", "--test-set", help="A test set sacreBLEU has in its cache.")
    group.add_argument(
        "-l",
        "--language-pair",
        dest="langpair",
        metavar="SRC-TGT",
        help="The language pair; BLEU's default tokenizer follows TGT (zh, ja-mecab, "
        "ko-mecab, else 13a).",
    )
    group.add_argument(
        "-ol",
        "--origlang",
        metavar="LANG",
        help="With -t: only the documents originally in LANG (non-LANG: in any other).",
    )
    group.add_argument(
        "--subset",
        metavar="REGEX",
        help="With -t: only the documents whose domain matches REGEX (the WMT XML sets).",
    )
    group.add_argument(
        "--echo",
        nargs="+",
        action="extend",
        metavar="FIELD",
        help="Print the test set's fields (src, ref, docid, ...), tab-separated, and exit.",
    )
    group.add_argument(
        "--list",
        dest="list_sets",
        action="store_true",
        help="With -t: the cached pairs and their fields.",
    )
    group.add_argument(
        "--download", help="sacreBLEU downloads a test set; mtcompute never downloads."
    )
    add_switch(group, "--citation", "--cite", help_text="A test set's citation: not read here.")


def _add_metrics(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("the metrics' options")
    for option in every_option():
        _add_metric_option(group, option)


def _add_report(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("reporting")
    group.add_argument(
        "-j",
        "--paired-jobs",
        type=int_in(0),
        default=1,
        help="sacreBLEU's workers of the paired tests: accepted; the results do not change "
        "(see --jobs).",
    )
    add_switch(group, "--force", help_text="sacreBLEU's: insist the input is detokenized.")
    add_switch(group, "-q", "--quiet", help_text="No progress bar on a terminal's stderr.")
    add_switch(group, "-sh", "--short", help_text="sacreBLEU's shorter signatures.")
    add_switch(
        group, "-b", "--score-only", help_text="Print the scores only, one a line, without names."
    )
    add_integer(
        group,
        "-w",
        "--width",
        low=0,
        high=20,
        default=1,
        help_text="Decimals of the printed scores, 0 to 20.",
    )
    add_switch(
        group,
        "-d",
        "--detail",
        help_text="With -t: the scores per original language and domain after the scores (text "
        "output); without: sacreBLEU's note.",
    )
    add_switch(group, "-nc", "--no-color", help_text="No colours (none are printed).")
    group.add_argument(
        "-f",
        "--format",
        dest="output_format",
        choices=FORMATS,
        default="json",
        help=shown_default(
            "json, text (latex for several systems) as sacreBLEU prints them, overridden by "
            "SACREBLEU_FORMAT; jsonl: mtcompute's objects with the summed statistics, one a "
            "line.",
            "json",
        ),
    )


def _add_running(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("reading and running")
    group.add_argument(
        "--jobs",
        type=int_in(1, 1024),
        default=default_jobs(),
        help="Worker processes scoring chunks; the output is the same whatever the number.  "
        "[default: this machine's cores]",
    )
    add_integer(
        group,
        "--chunk-size",
        low=1,
        high=10_000_000,
        default=DEFAULT_CHUNK_LINES,
        help_text="Segments read and scored at a time: memory grows with it, not with the files.",
    )
    add_integer(
        group,
        "--chunk-bytes",
        low=1,
        high=1 << 40,
        default=DEFAULT_CHUNK_BYTES,
        help_text="Bytes of text (every file's) a chunk holds at most past its first line, "
        "whatever --chunk-size says: a chunk of long lines stays small.",
    )
    group.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="Score the chunks on this running Dask cluster (needs mtcompute[dask]).",
    )
    add_integer(
        group,
        "--max-line-bytes",
        low=1,
        high=1 << 30,
        default=DEFAULT_MAX_LINE_BYTES,
        help_text="Refuse a line longer than this, naming it, rather than read it.",
    )


def score_parser() -> argparse.ArgumentParser:
    """The parser, its options listed in sacreBLEU's order of concerns."""
    parser = Parser(
        prog=PROG,
        usage="%(prog)s [REF ...] [-i HYP ...] [options]  (-h lists them)",
        description=DESCRIPTION,
        formatter_class=RawHelpFormatter,
    )
    _add_files(parser)
    _add_test_set(parser)
    _add_metrics(parser)
    add_resampling_arguments(parser.add_argument_group("several systems"))
    _add_report(parser)
    _add_running(parser)
    parser.add_argument(
        "-V", "--version", action="version", version=f"{PROG}, version {__version__}"
    )
    return parser


def parsed(parser: argparse.ArgumentParser, arguments: Sequence[str]) -> dict[str, Any]:
    """The options as ``score`` takes them: lists as tuples. A bad call exits 2."""
    namespace = parser.parse_intermixed_args(list(arguments))
    return {
        key: tuple(value) if isinstance(value, list) else value
        for key, value in vars(namespace).items()
    }
