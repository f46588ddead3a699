"""The problems of ``score``'s files as its readers of several systems report them, whether
they read the files whole (``cli.texts``) or in chunks (``scale.system_files``): each message
written once, so that both say the same words."""

from mtcompute.errors import InputError
from mtcompute.scoring.textfiles import file_error

ONE_STDIN = "standard input ('-') can be read for one file only"


def stdin_twice() -> InputError:
    return file_error("file_unreadable", ONE_STDIN)


def empty_file(shown: str) -> InputError:
    return file_error("empty_file", f"{shown}: the file is empty, expected one segment a line")


def not_in_encoding(shown: str, line: int, codec: str, encoding: str) -> InputError:
    message = f"{shown}: line {line} is not {codec}; expected text in --encoding {encoding}"
    return file_error("invalid_encoding", message)


def wrong_reference_count(name: str, line: int, found: int, count: int) -> InputError:
    message = (
        f"{name}: line {line} has {found} tab-separated references, expected {count} "
        f"(--num-refs {count})"
    )
    return file_error("wrong_reference_count", message)


def system_count_mismatch(line: int, found: int, width: int) -> InputError:
    message = (
        f"standard input: line {line} has {found} tab-separated systems, the first line "
        f"{width}: expected as many on every line"
    )
    return file_error("system_count_mismatch", message)


def duplicate_system(name: str) -> InputError:
    return file_error(
        "duplicate_system", f"{name} is given twice after -i: expected each system once"
    )


def line_count_mismatch(reference: str, lines: int, shown: str, segments: int) -> InputError:
    message = (
        f"{reference} has {lines} lines but {shown} has {segments}: expected one reference "
        "line for each hypothesis line"
    )
    return InputError(file_error("line_count_mismatch", message).errors)
