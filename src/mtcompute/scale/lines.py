"""A text file's lines, read block by block so that memory stays bounded by the block and the
longest line allowed, never by the file.

The lines are those of ``scoring.textfiles``: split at "\\n", a "\\r" right before it dropped, a
final newline ending the last line. A line longer than the bound, a line that is not UTF-8 and
an empty file are ``InputError``s naming the file and the line; nothing is truncated.
"""

from collections.abc import Iterator
from typing import BinaryIO

from mtcompute.scoring.textfiles import file_error

# Read this much at a time: large enough that Python's per-block cost vanishes.
BLOCK_BYTES = 1 << 20
# A segment longer than this is refused: no sentence is, and chrF's cost grows with it.
DEFAULT_MAX_LINE_BYTES = 1 << 20


def raw_lines(
    name: str, stream: BinaryIO, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES
) -> Iterator[bytes]:
    """The lines of ``stream`` as bytes, without their "\\n" or CRLF's "\\r"."""
    carried = b""
    number = 0  # lines yielded so far
    seen_any = False
    while block := stream.read(BLOCK_BYTES):
        seen_any = True
        pieces = (carried + block).split(b"\n")
        carried = pieces.pop()
        if len(carried) > max_line_bytes:
            raise _too_long(name, number + len(pieces) + 1, max_line_bytes)
        for piece in pieces:
            if len(piece) > max_line_bytes:
                raise _too_long(name, number + 1, max_line_bytes)
            number += 1
            yield piece[:-1] if piece.endswith(b"\r") else piece
    if not seen_any:
        raise file_error("empty_file", f"{name}: the file is empty, expected one segment a line")
    if carried:  # a last line without its final newline keeps a lone "\r", as textfiles does
        yield carried


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
    none is too long and all are UTF-8, block by block; the stream is left at its end."""
    count, carried, seen_any = 0, b"", False
    while block := stream.read(BLOCK_BYTES):
        seen_any = True
        data = carried + block
        cut = data.rfind(b"\n") + 1  # a character never spans a newline: decode whole lines
        _check_lines(name, data[:cut], count + 1, max_line_bytes)
        count += data.count(b"\n", 0, cut)
        carried = data[cut:]
        if len(carried) > max_line_bytes:
            raise _too_long(name, count + 1, max_line_bytes)
    if not seen_any:
        raise file_error("empty_file", f"{name}: the file is empty, expected one segment a line")
    if carried:
        _check_lines(name, carried, count + 1, max_line_bytes)
        count += 1
    return count


def _check_lines(name: str, data: bytes, first_line: int, max_line_bytes: int) -> None:
    """Whole lines of ``data`` (from ``first_line``): UTF-8, and none longer than the bound."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = data.rfind(b"\n", 0, error.start) + 1
        end = data.find(b"\n", error.start)
        line = data[start : len(data) if end < 0 else end]
        decoded(name, [line], first_line + data.count(b"\n", 0, error.start))
    if max_line_bytes < len(data):
        start = 0
        for offset, end in enumerate(_newlines(data)):
            if end - start > max_line_bytes:
                raise _too_long(name, first_line + offset, max_line_bytes)
            start = end + 1


def _newlines(data: bytes) -> Iterator[int]:
    at = data.find(b"\n")
    while at >= 0:
        yield at
        at = data.find(b"\n", at + 1)
