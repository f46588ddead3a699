"""What the commands print: JSON or text on standard output, or exit 1 when it cannot be
written (closed, a full disk; a reader gone from the pipe exits 1 without a word, as ``head``
expects)."""

import errno
import sys
from typing import BinaryIO, NoReturn

from mtcompute.cli.failure import fail_line, fail_output_gone


def print_json(value: object) -> None:
    """The answer as JSON on stdout (see ``print_text``)."""
    from mtcompute import jsonio  # noqa: PLC0415 (orjson costs a short run's start-up)

    print_text(jsonio.dumps(value, indent=True).decode("utf-8"))


def print_text(text: str) -> None:
    """The answer on stdout; exit 1 when it cannot be written there (stdout closed, a full
    disk: with a message; a pipe whose reader is gone), never exit 0 with the answer lost."""
    if sys.stdout is None:
        fail_line("cannot write the answer: standard output is closed")
    try:
        sys.stdout.write(f"{text}\n")
        sys.stdout.flush()
    except OSError as error:
        _gone(error)


class StandardOutput:
    """Standard output's bytes, for a command that writes them as it makes them: a write that
    fails ends the run as ``print_text`` does."""

    def __init__(self) -> None:
        if sys.stdout is None:
            fail_line("cannot write the answer: standard output is closed")
        self._out: BinaryIO = sys.stdout.buffer

    def write(self, data: bytes) -> int:
        try:
            return self._out.write(data)
        except OSError as error:
            _gone(error)

    def flush(self) -> None:
        try:
            self._out.flush()
        except OSError as error:
            _gone(error)


def _gone(error: OSError) -> NoReturn:
    if error.errno == errno.EPIPE:
        fail_output_gone()
    reason = error.strerror or type(error).__name__
    fail_output_gone(f"cannot write the answer to standard output: {reason}")
