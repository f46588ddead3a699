"""``score``'s files read whole, as sacreBLEU 2.6 reads them, where the streamed reader does not
apply: another ``--encoding``, references split on tabs (``--num-refs``), or the systems on
standard input (one a tab-separated column, sacreBLEU's ``System 1``, ``System 2``, ...).

Every line is split at "\\n" and ``rstrip``-ed, as sacreBLEU does; a file that is missing, empty,
not in the encoding, or whose lines do not match is an ``InputError`` naming it and the line.
"""

import codecs
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.scale import text_errors
from mtcompute.scale.system_files import (
    STDIN_SHOWN,
    shown_name,
    stdin_names,
    stream_names,
    system_files,
    system_names,
)
from mtcompute.scoring.textfiles import STDIN, file_error

UTF8 = "utf-8"


@dataclass(frozen=True, slots=True)
class ReadTexts:
    """The systems (name and lines) and the reference streams."""

    systems: list[tuple[str, tuple[str, ...]]]
    references: list[tuple[str, ...]]


def is_utf8(encoding: str) -> bool:
    """Whether ``encoding`` names UTF-8 (the streamed reader's)."""
    return _codec(encoding).name == UTF8


def _codec(encoding: str) -> codecs.CodecInfo:
    try:
        return codecs.lookup(encoding)
    except LookupError:
        message = (
            f"--encoding: expected an encoding Python knows (utf-8, latin-1, ...), got {encoding!r}"
        )
        raise file_error("unknown_encoding", message) from None


def read_lines(name: str, encoding: str) -> list[str]:
    """The file's lines (``-``: standard input), each ``rstrip``-ed."""
    codec = _codec(encoding)
    if name == STDIN:
        data = sys.stdin.buffer.read()
    else:
        try:
            with open(name, "rb") as file:  # not pathlib: a short run's start-up
                data = file.read()
        except FileNotFoundError:
            raise file_error("file_not_found", f"{name}: no such file") from None
        except IsADirectoryError:
            message = f"{name}: is a directory, expected a text file"
            raise file_error("file_unreadable", message) from None
        except OSError as error:
            message = f"{name}: cannot be read ({error.strerror})"
            raise file_error("file_unreadable", message) from None
    shown = shown_name(name)
    if not data:
        raise text_errors.empty_file(shown)
    try:
        text = codec.decode(data)[0]
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise text_errors.not_in_encoding(shown, line, codec.name, encoding) from None
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [line.rstrip() for line in lines]


def split_references(name: str, lines: Sequence[str], count: int) -> list[tuple[str, ...]]:
    """``count`` reference streams from one file whose lines hold them tab-separated."""
    streams: list[list[str]] = [[] for _ in range(count)]
    for number, line in enumerate(lines, start=1):
        fields = line.split("\t", count - 1)
        if len(fields) != count:
            raise text_errors.wrong_reference_count(name, number, len(fields), count)
        for stream, field in zip(streams, fields, strict=True):
            stream.append(field)
    return [tuple(stream) for stream in streams]


def stdin_systems(lines: Sequence[str], *, paired: bool) -> list[tuple[str, tuple[str, ...]]]:
    """Standard input's systems, one a tab-separated column, named as sacreBLEU names them."""
    width = len(lines[0].split("\t"))
    columns: list[list[str]] = [[] for _ in range(width)]
    for number, line in enumerate(lines, start=1):
        fields = line.split("\t")
        if len(fields) != width:
            raise text_errors.system_count_mismatch(number, len(fields), width)
        for column, field in zip(columns, fields, strict=True):
            # sacreBLEU strips each field but the first line's (it strips that line whole)
            column.append(field.rstrip() if number > 1 else field)
    names = stdin_names(width, paired=paired)
    return [(name, tuple(column)) for name, column in zip(names, columns, strict=True)]


def read_texts(
    hypothesis_files: Sequence[str],
    reference_files: Sequence[str],
    *,
    num_refs: int,
    encoding: str,
    paired: bool,
) -> ReadTexts:
    """Every system and reference stream, read whole; each file's first problem."""
    reads = [*reference_files, *(hypothesis_files or [STDIN])].count(STDIN)
    if reads > 1:
        raise text_errors.stdin_twice()
    references: list[tuple[str, ...]] = []
    for name in reference_files:
        lines = read_lines(name, encoding)
        if num_refs == 1:
            references.append(tuple(lines))
        else:
            references += split_references(name, lines, num_refs)
    if not hypothesis_files:
        systems = stdin_systems(read_lines(STDIN, encoding), paired=paired)
    else:
        systems = _file_systems(hypothesis_files, encoding, paired=paired)
    reference_names = stream_names(reference_files, num_refs)
    for name, segments in systems:
        shown = STDIN_SHOWN if not hypothesis_files else name
        for reference_name, stream in zip(reference_names, references, strict=True):
            if len(stream) != len(segments):
                raise text_errors.line_count_mismatch(
                    reference_name, len(stream), shown, len(segments)
                )
    return ReadTexts(systems, references)


def _file_systems(
    hypothesis_files: Sequence[str], encoding: str, *, paired: bool
) -> list[tuple[str, tuple[str, ...]]]:
    """Each file's system (``system_files``: a file named twice is refused, but a paired
    test's baseline), the first named ``Baseline: NAME`` in a paired test."""
    files = system_files(hypothesis_files, paired=paired)
    names = system_names(files, paired=paired)
    return [
        (name, tuple(read_lines(file, encoding))) for name, file in zip(names, files, strict=True)
    ]
