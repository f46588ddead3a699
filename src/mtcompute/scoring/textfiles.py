"""Plain text files as MT researchers keep them: one segment a line, UTF-8, tokens separated
by whitespace.

A file's lines are split at "\\n" only, a "\\r" right before it is dropped (CRLF files), and a
final newline ends the last line rather than starting an empty one (so an empty last segment
needs its final newline). Every other character stays as it is: chrF reads the line raw, BLEU
splits it on the chrF pages' whitespace set. A file that cannot be read, is empty or is not
UTF-8, and files of different line counts, are ``InputError``s that name the file and the line;
nothing is truncated.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import BinaryIO

from mtcompute.errors import InputError, Violation
from mtcompute.metrics.whitespace import WHITESPACE_CODE_POINTS

# "-" names standard input, as in most Unix tools.
STDIN = "-"
_TO_SPACE = dict.fromkeys(WHITESPACE_CODE_POINTS, " ")


@dataclass(frozen=True, slots=True)
class TextFile:
    """A file's name as the user gave it, and its segments."""

    name: str
    lines: tuple[str, ...]


def file_error(code: str, message: str) -> InputError:
    """A file problem as an ``InputError``: there is no JSON document to point into."""
    return InputError([Violation(code=code, pointer="", message=message)])


def read_text_file(name: str, stdin: BinaryIO | None = None) -> TextFile:
    """The segments of file ``name`` (``-`` reads ``stdin``)."""
    return TextFile(name, split_lines(name, _read_bytes(name, stdin)))


def _read_bytes(name: str, stdin: BinaryIO | None) -> bytes:
    if name == STDIN:
        if stdin is None:
            raise file_error("file_unreadable", "standard input ('-') is not available here")
        return stdin.read()
    try:
        with open(name, "rb") as file:  # not pathlib: a short run's start-up
            return file.read()
    except FileNotFoundError:
        raise file_error("file_not_found", f"{name}: no such file") from None
    except IsADirectoryError:
        raise file_error(
            "file_unreadable", f"{name}: is a directory, expected a text file"
        ) from None
    except OSError as error:
        raise file_error("file_unreadable", f"{name}: cannot be read ({error.strerror})") from None


def split_lines(name: str, data: bytes) -> tuple[str, ...]:
    """The lines of ``data``: "\\n"-separated, CRLF read as LF, a final newline optional."""
    if not data:
        raise file_error("empty_file", f"{name}: the file is empty, expected one segment a line")
    text = _decoded(name, data).replace("\r\n", "\n")
    if text.endswith("\n"):
        text = text[:-1]
    return tuple(text.split("\n"))


def _decoded(name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        byte = data[error.start]
        raise file_error(
            "invalid_utf8",
            f"{name}: line {line} is not UTF-8 (byte 0x{byte:02x} at byte {column} of the line);"
            " expected UTF-8 text",
        ) from None


def check_same_length(hypotheses: TextFile, references: Sequence[TextFile]) -> None:
    """Every reference file has as many lines as the hypotheses, or an error naming each."""
    expected = len(hypotheses.lines)
    errors = [
        Violation(
            code="line_count_mismatch",
            pointer="",
            message=(
                f"{reference.name} has {len(reference.lines)} lines but {hypotheses.name} has "
                f"{expected}: expected one reference line for each hypothesis line"
            ),
        )
        for reference in references
        if len(reference.lines) != expected
    ]
    if errors:
        raise InputError(errors)


def tokens(line: str) -> list[str]:
    """The line's tokens: the runs between whitespace (the chrF pages' whitespace set)."""
    return [token for token in line.translate(_TO_SPACE).split(" ") if token]
