"""The ``mtcompute`` command: parse arguments, delegate to the library, print JSON, exit with the
code of the error class (0 success, 2 usage or input error, 1 anything else)."""

import sys

import click

from mtcompute.cli.score import score
from mtcompute.cli.serve import mcp_stdio, serve
from mtcompute.cli.tools import batch, describe, run, tools


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtcompute")
def cli() -> None:
    """Exact, versioned compute tools for machine-translation evaluation.

    \b
    Examples:
      mtcompute score -i hyp.txt -r ref.txt -m bleu -m chrf
      mtcompute run bleu-corpus-compute latest --input input.json
      mtcompute tools --base-url http://127.0.0.1:8000
    """


for command in (run, batch, tools, describe, serve, mcp_stdio, score):
    cli.add_command(command)


def main() -> None:
    """Entry point: anything unforeseen is one line on stderr and exit 1, never a traceback."""
    try:
        cli(standalone_mode=True)
    except Exception as error:
        click.echo(f"mtcompute: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(1)
