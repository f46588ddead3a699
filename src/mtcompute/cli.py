"""The ``mtcompute`` command: parse arguments, delegate to the library, print JSON, exit with the
code of the error class (0 success, 2 usage or input error, 1 anything else)."""

import sys
from typing import BinaryIO, NoReturn

import click

from mtcompute import api, jsonio
from mtcompute.errors import MtcomputeError


def _print_json(value: object) -> None:
    click.echo(jsonio.dumps(value, indent=True).decode("utf-8"))


def _fail(error: MtcomputeError) -> NoReturn:
    click.echo(jsonio.dumps({"errors": error.errors}, indent=True).decode("utf-8"), err=True)
    sys.exit(error.exit_code)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mtcompute")
def cli() -> None:
    """Exact, versioned compute tools for machine-translation evaluation."""


@cli.command()
@click.argument("tool_id", metavar="ID")
@click.argument("version")
@click.option(
    "--input",
    "input_file",
    type=click.File("rb"),
    required=True,
    help="JSON file with the tool's input; '-' reads standard input.",
)
def run(tool_id: str, version: str, input_file: BinaryIO) -> None:
    """Run tool ID at VERSION on an input and print {"result": ...}."""
    try:
        result = api.execute(tool_id, version, jsonio.loads(input_file.read()))
    except MtcomputeError as error:
        _fail(error)
    _print_json({"result": result})


@cli.command()
def tools() -> None:
    """List the tools with their versions."""
    _print_json({"tools": api.tools()})


@cli.command()
@click.argument("tool_id", metavar="ID")
@click.argument("version")
def describe(tool_id: str, version: str) -> None:
    """Print the contract of tool ID at VERSION."""
    try:
        contract = api.describe(tool_id, version)
    except MtcomputeError as error:
        _fail(error)
    _print_json(contract)


def main() -> None:
    """Entry point: anything unforeseen is one line on stderr and exit 1, never a traceback."""
    try:
        cli(standalone_mode=True)
    except Exception as error:
        click.echo(f"mtcompute: internal error: {type(error).__name__}: {error}", err=True)
        sys.exit(1)
