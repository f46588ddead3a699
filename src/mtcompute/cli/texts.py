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
from pathlib import Path

from mtcompute.errors import InputError
from mtcompute.scoring.report import as_baseline
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
            data = Path(name).read_bytes()
        except FileNotFoundError:
            raise file_error("file_not_found", f"{name}: no such file") from None
        except IsADirectoryError:
            message = f"{name}: is a directory, expected a text file"
            raise file_error("file_unreadable", message) from None
        except OSError as error:
            message = f"{name}: cannot be read ({error.strerror})"
            raise file_error("file_unreadable", message) from None
    shown = "standard input" if name == STDIN else name
    if not data:
        raise file_error("empty_file", f"{shown}: the file is empty, expected one segment a line")
    try:
        text = codec.decode(data)[0]
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        message = (
            f"{shown}: line {line} is not {codec.name}; expected text in --encoding {encoding}"
        )
        raise file_error("invalid_encoding", message) from None
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
            message = (
                f"{name}: line {number} has {len(fields)} tab-separated references, expected "
                f"{count} (--num-refs {count})"
            )
            raise file_error("wrong_reference_count", message)
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
            message = (
                f"standard input: line {number} has {len(fields)} tab-separated systems, the "
                f"first line {width}: expected as many on every line"
            )
            raise file_error("system_count_mismatch", message)
        for column, field in zip(columns, fields, strict=True):
            # sacreBLEU strips each field but the first line's (it strips that line whole)
            column.append(field.rstrip() if number > 1 else field)
    names = [f"System {k + 1}" for k in range(width)]
    if paired:  # sacreBLEU's names: the others keep counting from 1
        names = ["Baseline", *names[:-1]]
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
        message = "standard input ('-') can be read for one file only"
        raise file_error("file_unreadable", message)
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
    stream_names = _stream_names(reference_files, num_refs)
    for name, segments in systems:
        shown = "standard input" if not hypothesis_files else name
        for reference_name, stream in zip(stream_names, references, strict=True):
            if len(stream) != len(segments):
                message = (
                    f"{reference_name} has {len(stream)} lines but {shown} has {len(segments)}: "
                    "expected one reference line for each hypothesis line"
                )
                raise InputError(file_error("line_count_mismatch", message).errors)
    return ReadTexts(systems, references)


def _file_systems(
    hypothesis_files: Sequence[str], encoding: str, *, paired: bool
) -> list[tuple[str, tuple[str, ...]]]:
    """Each file's system; a file named twice is refused (with a paired test, sacreBLEU skips
    the baseline named again)."""
    named: list[str] = []
    for file in hypothesis_files:
        if file not in named:
            named.append(file)
        elif not (paired and file == named[0]):
            message = f"{file} is given twice after -i: expected each system once"
            raise file_error("duplicate_system", message)
    systems = [(file, tuple(read_lines(file, encoding))) for file in named]
    if paired:
        systems[0] = (as_baseline(systems[0][0]), systems[0][1])
    return systems


def _stream_names(reference_files: Sequence[str], num_refs: int) -> list[str]:
    if num_refs == 1:
        return list(reference_files)
    return [f"{reference_files[0]} (reference {k + 1})" for k in range(num_refs)]
