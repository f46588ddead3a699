"""The one way a command fails: the error shows itself on stderr and the process exits with the
code of its class (``MtcomputeError.exit_code``: 2 for what the user can fix in the input or the
call, 1 for anything else), as click's ``ClickException`` does; a failure with nothing to point
at (a closed pipe, a missing extra, an unforeseen error) is one ``mtcompute:`` line and exit 1."""

import sys
from typing import NoReturn

import click

from mtcompute import jsonio
from mtcompute.errors import MtcomputeError, ServiceError


def fail(error: MtcomputeError, *, one_line: bool = False) -> NoReturn:
    """Show ``error`` (a service's as one line, an input's as its errors in JSON, on one line
    with ``one_line``) and exit."""
    if isinstance(error, ServiceError):
        # Nothing about the input to point at: one line saying what went wrong.
        fail_line(str(error))
    if one_line:
        click.echo(jsonio.dumps({"errors": error.errors}).decode("utf-8"), err=True)
    else:
        click.echo(jsonio.dumps({"errors": error.errors}, indent=True).decode("utf-8"), err=True)
    sys.exit(error.exit_code)


def fail_line(message: str) -> NoReturn:
    """One line on stderr and exit 1: a failure with nothing about the input to point at."""
    click.echo(f"mtcompute: {message}", err=True)
    sys.exit(1)
