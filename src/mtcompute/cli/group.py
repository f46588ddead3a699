"""The ``mtcompute`` click group: parse arguments, delegate to the library, print JSON, exit with
the code of the error class (0 success, 2 usage or input error, 1 anything else).

Each command's module is imported when that command runs, not before: ``mtcompute --help``
loads click and this module only (the commands' one-line helps are written here, and a test
holds them to the commands' own), and ``mtcompute serve`` loads the server, not the scoring.
``score`` parses its own arguments (argparse, as sacreBLEU): click hands them over whole."""

import importlib
from collections.abc import Sequence
from dataclasses import dataclass

import click


@dataclass(frozen=True)
class LazyCommand:
    """Where a command is defined, and what its line in ``mtcompute --help`` shows: the first
    paragraph of its help, cut as click cuts it, or its ``short_help`` as it is."""

    module: str
    attribute: str
    help: str
    is_short_help: bool = False


COMMANDS = {
    "batch": LazyCommand(
        "mtcompute.cli.tools",
        "batch",
        'Run a batch of tool calls and print {"results": ...}, whatever their statuses.',
    ),
    "describe": LazyCommand(
        "mtcompute.cli.tools",
        "describe",
        "Print the contract of tool ID at VERSION (or latest).",
    ),
    "mcp": LazyCommand(
        "mtcompute.cli.serve",
        "mcp_stdio",
        "Serve MCP on stdin and stdout, for an MCP client to start.",
    ),
    "run": LazyCommand(
        "mtcompute.cli.tools",
        "run",
        'Run tool ID at VERSION (or latest) on an input and print {"result": ...} (with latest, '
        'also the "version" it named).',
    ),
    "score": LazyCommand(
        "mtcompute.cli.group",
        "score",
        "Score text files as sacreBLEU does (and WER, CER, ROUGE): its options and output.",
        is_short_help=True,
    ),
    "serve": LazyCommand(
        "mtcompute.cli.serve",
        "serve",
        "Serve the HTTP API, tool pages and MCP at /mcp until SIGTERM or Ctrl-C.",
    ),
    "tools": LazyCommand(
        "mtcompute.cli.tools",
        "tools",
        "List the tools with their versions: a table, or JSON with --json.",
    ),
}


class LazyGroup(click.Group):
    """A group whose commands are imported when one is asked for by name."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        known = COMMANDS.get(cmd_name)
        if known is None:
            return super().get_command(ctx, cmd_name)
        command = getattr(importlib.import_module(known.module), known.attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{known.module}.{known.attribute} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = [(name, short_help(name, limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def short_help(name: str, limit: int) -> str:
    """The command's line in the group's help, as click would cut it, without importing it."""
    known = COMMANDS[name]
    if known.is_short_help:
        return known.help
    return click.Command(name, help=known.help).get_short_help_str(limit)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtcompute")
def cli() -> None:
    """Exact, versioned compute tools for machine-translation evaluation.

    \b
    Examples:
      mtcompute score -i hyp.txt -r ref.txt -m bleu -m chrf
      mtcompute run bleu-corpus-compute latest --input input.json
      mtcompute tools --base-url http://127.0.0.1:8000
    """


class OwnParser(click.Command):
    """A command that parses its arguments itself: click passes every one on, ``--help``
    and ``--`` included."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.params = {"arguments": tuple(args)}
        return []


def _run_score(arguments: Sequence[str]) -> None:
    from mtcompute.cli.score import run  # noqa: PLC0415 (the scoring, when asked for)

    run(arguments)


score = OwnParser(
    "score",
    callback=_run_score,
    short_help=COMMANDS["score"].help,
    add_help_option=False,
)
