"""A text file's lines, read block by block so that memory stays bounded by the block and the
longest line allowed, never by the file.

The lines are those of ``scoring.textfiles``: split at "\\n", a "\\r" right before it dropped, a
final newline ending the last line. A line longer than the bound, a line that is not UTF-8 and
an empty file are ``InputError``s naming the file and the line; nothing is truncated.
"""

import io
import mmap
import os
import stat
from dataclasses import dataclass
from typing import BinaryIO

from mtcompute.errors import InputError
from mtcompute.fast import compiled
from mtcompute.fast.survey import NOT_UTF8, TOO_LONG, survey_block
from mtcompute.scoring.textfiles import file_error

# Read this much at a time: large enough that Python's per-block cost vanishes.
BLOCK_BYTES = 1 << 20
# A segment longer than this is refused: no sentence is, and chrF's cost grows with it.
DEFAULT_MAX_LINE_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class RawLines:
    """Some consecutive lines of a file as read: ``data`` holds ``count`` lines joined by "\\n"
    (a CRLF's "\\r" still there); ``unterminated`` when the last is the file's last line and
    has no newline (it then keeps a final "\\r")."""

    data: bytes
    count: int
    unterminated: bool = False

    def texts(self, name: str, first_line: int, max_line_bytes: int) -> list[str]:
        """The lines as text: CRLF read as LF, each UTF-8 and at most ``max_line_bytes``."""
        try:
            text = self.data.decode("utf-8")
        except UnicodeDecodeError:
            decoded(name, self.data.split(b"\n"), first_line)
            raise
        if len(self.data) > max_line_bytes:  # only then can one line be too long
            for offset, line in enumerate(self.data.split(b"\n")):
                if len(line) > max_line_bytes:
                    raise _too_long(name, first_line + offset, max_line_bytes)
        lines = text.split("\n")
        if "\r" not in text:
            return lines
        last = lines.pop() if self.unterminated else None
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
        return lines if last is None else [*lines, last]


class LineSource:
    """A file's lines taken a number at a time, block by block: memory holds a block and the
    lines taken, and a line longer than the bound is refused as soon as it is."""

    def __init__(self, name: str, stream: BinaryIO, max_line_bytes: int) -> None:
        self.name, self.stream, self.max_line_bytes = name, stream, max_line_bytes
        self.buffer = b""
        self.position = 0  # where the lines not yet taken start
        self.taken = 0
        self.ended = False

    @property
    def exhausted(self) -> bool:
        """Every line of the file has been taken."""
        return self.ended and self.position >= len(self.buffer)

    def take(self, count: int, max_bytes: int | None = None) -> RawLines:
        """The next ``count`` lines, fewer at the end of the file (none past it), and fewer
        where more would pass ``max_bytes`` (newlines counted): never fewer than one."""
        start = at = self.position
        found = 0
        while found < count:
            newline = self.buffer.find(b"\n", at)
            if newline < 0:
                if len(self.buffer) - at > self.max_line_bytes:
                    raise _too_long(self.name, self.taken + found + 1, self.max_line_bytes)
                if self.ended:
                    break
                self._read_more(start)
                at, start = at - start, 0
                continue
            if newline - at > self.max_line_bytes:
                raise _too_long(self.name, self.taken + found + 1, self.max_line_bytes)
            if found and max_bytes is not None and newline - start >= max_bytes:
                break
            found, at = found + 1, newline + 1
        last_fits = max_bytes is None or not found or len(self.buffer) - start <= max_bytes
        if self.ended and found < count and at < len(self.buffer) and last_fits:
            self.position = len(self.buffer)  # a last line, without a newline
            self.taken += found + 1
            return RawLines(self.buffer[start:], found + 1, unterminated=True)
        self.position = at
        self.taken += found
        return RawLines(self.buffer[start : at - 1] if found else b"", found)

    def give_back(self, lines: RawLines) -> None:
        """Untakes ``lines``, the last ``take``'s: the next ``take`` starts where it started."""
        self.position -= len(lines.data) + (0 if lines.unterminated or not lines.count else 1)
        self.taken -= lines.count

    def _read_more(self, start: int) -> None:
        block = self.stream.read(BLOCK_BYTES)
        if not block:
            self.ended = True
            if not self.taken and not self.buffer:
                message = f"{self.name}: the file is empty, expected one segment a line"
                raise file_error("empty_file", message)
        self.buffer = self.buffer[start:] + block


def _too_long(name: str, line: int, limit: int) -> Exception:
    return file_error(
        "line_too_long",
        f"{name}: line {line} is longer than {limit:,} bytes; expected one segment a line "
        "(raise the bound with --max-line-bytes)",
    )


def decoded(name: str, lines: list[bytes], first_line: int) -> list[str]:
    """``lines`` as text; an ``InputError`` naming the first that is not UTF-8 otherwise."""
    try:
        return [line.decode("utf-8") for line in lines]
    except UnicodeDecodeError:
        pass
    for offset, line in enumerate(lines):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as error:
            raise file_error(
                "invalid_utf8",
                f"{name}: line {first_line + offset} is not UTF-8 (byte 0x{line[error.start]:02x}"
                f" at byte {error.start + 1} of the line); expected UTF-8 text",
            ) from None
    raise AssertionError("unreachable: some line failed to decode")


def surveyed(name: str, stream: BinaryIO, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES) -> int:
    """How many lines ``raw_lines`` will yield for the rest of ``stream``, having checked that
    none is too long and all are UTF-8, block by block; the stream is left at its end. A
    regular file read from its start is surveyed where the page cache holds it (mapped), with
    no copy of its bytes: the same blocks, the same answer."""
    mapped = _mapped(stream)
    if mapped is not None:
        with mapped:
            count = _surveyed_mapped(name, mapped, max_line_bytes)
        stream.seek(0, os.SEEK_END)
        return count
    count, carried, seen_any = 0, b"", False
    while block := stream.read(BLOCK_BYTES):
        seen_any = True
        data = carried + block
        cut = data.rfind(b"\n") + 1  # a character never spans a newline: check whole lines
        count += _check_lines(name, data, cut, count + 1, max_line_bytes)
        carried = data[cut:]
        if len(carried) > max_line_bytes:
            raise _too_long(name, count + 1, max_line_bytes)
    if not seen_any:
        raise file_error("empty_file", f"{name}: the file is empty, expected one segment a line")
    if carried:
        _check_lines(name, carried, len(carried), count + 1, max_line_bytes)
        count += 1
    return count


def _mapped(stream: BinaryIO) -> mmap.mmap | None:
    """The file mapped for reading, where ``stream`` is a non-empty regular file at its start
    and the survey is compiled (Python's decoder would copy the bytes anyway); else None."""
    if compiled.survey_lines is None:
        return None
    try:
        if stream.tell() != 0:
            return None
        number = stream.fileno()
        if not stat.S_ISREG(os.fstat(number).st_mode) or os.fstat(number).st_size == 0:
            return None
        return mmap.mmap(number, 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError, io.UnsupportedOperation):
        return None


def _surveyed_mapped(name: str, mapped: mmap.mmap, max_line_bytes: int) -> int:
    """``surveyed``'s blocks over a mapped file. A refusal is raised once the file's views are
    let go (its traceback would hold them, and a mapping with views cannot close)."""
    refusal: InputError | None = None
    with memoryview(mapped) as view:
        try:
            return _mapped_blocks(name, mapped, view, max_line_bytes)
        except InputError as error:
            refusal = error.with_traceback(None)
    raise refusal


def _mapped_blocks(name: str, mapped: mmap.mmap, view: memoryview, max_line_bytes: int) -> int:
    """Each block's whole lines, then the rest."""
    size, count, start = len(mapped), 0, 0
    for block_end in range(BLOCK_BYTES, size + BLOCK_BYTES, BLOCK_BYTES):
        found = mapped.rfind(b"\n", start, min(block_end, size))
        cut = start if found < 0 else found + 1
        count += _check_lines(name, view[start:cut], cut - start, count + 1, max_line_bytes)
        if min(block_end, size) - cut > max_line_bytes:
            raise _too_long(name, count + 1, max_line_bytes)
        start = cut
    if start < size:
        _check_lines(name, view[start:size], size - start, count + 1, max_line_bytes)
        count += 1
    return count


def _check_lines(
    name: str, data: bytes | memoryview, end: int, first_line: int, max_line_bytes: int
) -> int:
    """The newlines of ``data[:end]``, whole lines from ``first_line``, having checked that each
    is UTF-8 and none longer than the bound."""
    newlines, problem, offset = survey_block(data, end, max_line_bytes)
    if problem == NOT_UTF8:
        data = bytes(data[:end])  # a copy, for the message alone
        start = data.rfind(b"\n", 0, offset) + 1
        stop = data.find(b"\n", offset, end)
        decoded(name, [data[start : end if stop < 0 else stop]], first_line + newlines)
    if problem == TOO_LONG:
        raise _too_long(name, first_line + newlines, max_line_bytes)
    return newlines
