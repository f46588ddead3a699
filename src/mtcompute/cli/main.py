"""The ``mtcompute`` command's entry point. ``score`` (sacreBLEU's command line) goes straight
to its own parser, without click, so that a short run starts as fast as ``sacrebleu`` cannot;
every other command goes through the click group (``cli.group``).

Whatever happens, the process ends with a line on stderr and an exit code, never a traceback:
an interrupt (Ctrl-C) or a reader gone from the pipe exits 1, as click's commands do."""

import errno
import sys

from mtcompute.cli.failure import fail_line, fail_output_gone


def main() -> None:
    """Entry point: anything unforeseen is one line on stderr and exit 1, never a traceback."""
    arguments = sys.argv[1:]
    try:
        if arguments[:1] == ["score"]:
            from mtcompute.cli.score import run  # noqa: PLC0415 (click is not needed)

            run(arguments[1:])
        else:
            from mtcompute.cli.group import cli  # noqa: PLC0415

            cli(standalone_mode=True)
    except KeyboardInterrupt:
        fail_line("interrupted")
    except OSError as error:
        if error.errno != errno.EPIPE:
            fail_line(f"internal error: {type(error).__name__}: {error}")
        fail_output_gone()  # the reader left: nothing to say, as click's commands say nothing
    except Exception as error:
        fail_line(f"internal error: {type(error).__name__}: {error}")
