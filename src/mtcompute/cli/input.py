"""What the CLI reads, an input file or standard input no further than the body limit, and how
it gives up on a stream it cannot use."""

from typing import Any, BinaryIO

import click

from mtcompute.cli.failure import fail_line
from mtcompute.errors import InputError, Violation
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES


class InputFile(click.File):
    """A binary input file; a closed standard input is a usage error, as a missing file is."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except RuntimeError:  # click's answer when sys.stdin is None
            self.fail("standard input is closed", param, ctx)


def read_input(input_file: BinaryIO, limit: int = DEFAULT_MAX_BODY_BYTES) -> bytes:
    """The whole input, read no further than one byte past the body limit (a service's for the
    tool, ``limit``): a larger input is an input error (exit 2) before it fills memory, the same
    refusal as the service's 413."""
    try:
        data = input_file.read(limit + 1)
    except OSError as error:
        fail_line(f"cannot read the input: {error.strerror or error}")
    if len(data) > limit:
        message = f"expected an input of at most {limit} bytes, got more"
        raise InputError([Violation(code="body_too_large", pointer="", message=message)])
    return data
