"""The one way a command fails on an error of the library: the error shows itself on stderr and
the process exits with the code of its class (``MtcomputeError.exit_code``: 2 for what the user
can fix in the input or the call, 1 for anything else), as click's ``ClickException`` does."""

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
        click.echo(f"mtcompute: {error}", err=True)
    elif one_line:
        click.echo(jsonio.dumps({"errors": error.errors}).decode("utf-8"), err=True)
    else:
        click.echo(jsonio.dumps({"errors": error.errors}, indent=True).decode("utf-8"), err=True)
    sys.exit(error.exit_code)
