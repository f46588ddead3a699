"""What the commands parsed with argparse share: integer ranges refused as argparse refuses a
value, defaults shown in the help, and the usage error a command raises after parsing."""

import argparse
import os
import sys
from collections.abc import Callable
from typing import Any


class Parser(argparse.ArgumentParser):
    """argparse's parser, where an abbreviation that matches several names of one option
    (``--metr``: ``--metrics`` and ``--metric``) means that option instead of being ambiguous:
    an alias must not take away an abbreviation the option had without it."""

    def _get_option_tuples(self, option_string: str) -> list[tuple[Any, ...]]:
        matches = super()._get_option_tuples(option_string)
        by_option: dict[int, tuple[Any, ...]] = {}
        for match in matches:
            by_option.setdefault(id(match[0]), match)  # the option's first name that matches
        return list(by_option.values())


class UsageError(Exception):
    """A call the parser would refuse had it known: shown as the parser shows its own, exit 2."""


def int_in(low: int, high: int | None = None) -> Callable[[str], int]:
    """An integer from ``low`` to ``high`` (no bound: None), refused as argparse refuses."""

    def parsed(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < low or (high is not None and value > high):
            upper = f" to {high}" if high is not None else " or more"
            raise argparse.ArgumentTypeError(f"expected an integer {low}{upper}, got {value}")
        return value

    return parsed


def shown_default(help_text: str, default: object) -> str:
    """The help with its default, as the other options show theirs."""
    return f"{help_text}  [default: {default}]"


def add_switch(group: Any, *flags: str, help_text: str) -> None:
    """An option that is off unless given."""
    group.add_argument(*flags, action="store_true", help=help_text)


def add_integer(
    group: Any, *flags: str, low: int, high: int | None = None, default: int, help_text: str
) -> None:
    """An integer option from ``low`` to ``high``, its default shown in the help."""
    group.add_argument(
        *flags, type=int_in(low, high), default=default, help=shown_default(help_text, default)
    )


class RawHelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter that keeps the description's lines, as wide as the terminal, found
    as ``shutil.get_terminal_size`` finds it (``COLUMNS``, else standard output's terminal,
    else 80) without loading shutil and its compression modules: argparse makes a formatter
    for every option it declares, and a short run prints no help."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=terminal_columns())


def terminal_columns() -> int:
    """The terminal's width in columns."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        columns = _stdout_columns()
    return columns or 80


def _stdout_columns() -> int:
    """Standard output's terminal width; 0 if it is not a terminal."""
    stream = sys.__stdout__
    if stream is None:
        return 0
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (ValueError, OSError):
        return 0
