"""What the commands print: JSON on standard output, or exit 1 when it cannot be written."""

import os
import sys

import click

from mtcompute import jsonio
from mtcompute.cli.failure import fail_line


def print_json(value: object) -> None:
    """The answer as JSON on stdout (see ``print_text``)."""
    print_text(jsonio.dumps(value, indent=True).decode("utf-8"))


def print_text(text: str) -> None:
    """The answer on stdout; exit 1 with a message when it cannot be written there (stdout
    closed, a pipe whose reader is gone, a full disk), never exit 0 with the answer lost."""
    if sys.stdout is None:
        fail_line("cannot write the answer: standard output is closed")
    try:
        click.echo(text)
    except OSError as error:
        # Nothing more can reach stdout; the interpreter's last flush must not try again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        reason = error.strerror or type(error).__name__
        fail_line(f"cannot write the answer to standard output: {reason}")
