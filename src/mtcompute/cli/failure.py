"""The one way a command fails: the error shows itself on stderr and the process exits with the
code of its class (``MtcomputeError.exit_code``: 2 for what the user can fix in the input or the
call, 1 for anything else), as click's ``ClickException`` does; a failure with nothing to point
at (a closed pipe, a missing extra, an unforeseen error) is one ``mtcompute:`` line and exit 1."""

import contextlib
import os
import sys
from typing import NoReturn

from mtcompute.errors import MtcomputeError, ServiceError


def fail(error: MtcomputeError, *, one_line: bool = False) -> NoReturn:
    """Show ``error`` (a service's as one line, an input's as its errors in JSON, on one line
    with ``one_line``) and exit."""
    if isinstance(error, ServiceError):
        # Nothing about the input to point at: one line saying what went wrong.
        fail_line(str(error))
    from mtcompute import jsonio  # noqa: PLC0415 (orjson costs a short run's start-up)

    shown = jsonio.dumps({"errors": error.errors}, indent=not one_line).decode("utf-8")
    _say(shown)
    sys.exit(error.exit_code)


def fail_line(message: str) -> NoReturn:
    """One line on stderr and exit 1: a failure with nothing about the input to point at."""
    _say(f"mtcompute: {message}")
    sys.exit(1)


def fail_output_gone(message: str | None = None) -> NoReturn:
    """Standard output cannot be written (a closed pipe, a full disk): exit 1, with a line
    on stderr if ``message``; the interpreter's last flush must not try stdout again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no descriptor behind it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if message is not None:
        fail_line(message)
    sys.exit(1)


def _say(line: str) -> None:
    """A line on stderr, if there is one to write to."""
    if sys.stderr is not None:
        sys.stderr.write(f"{line}\n")
        sys.stderr.flush()
