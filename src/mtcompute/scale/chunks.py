"""A test set's files read together in chunks: the hypotheses and every reference file, line
by line in step, a chunk of at most ``lines`` segments at a time.

Regular files are counted first (a pass that only counts newlines), so that files of different
lengths are refused before anything is scored and the progress knows the total; standard input
is read once, and a length mismatch there is found where the shorter file ends.
"""

import os
import stat
import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import islice
from typing import BinaryIO

from mtcompute.errors import InputError, Violation
from mtcompute.scale.lines import DEFAULT_MAX_LINE_BYTES, decoded, raw_lines, surveyed
from mtcompute.scoring.textfiles import STDIN, file_error

# Segments a chunk holds unless told: big enough to amortize sending it to a worker, small
# enough that a chunk's texts and results take a few megabytes.
DEFAULT_CHUNK_LINES = 2000


@dataclass(frozen=True, slots=True)
class Chunk:
    """Segments ``first_line`` (1-based) on: their hypotheses, and ``references[k]`` the k-th
    reference of each, as sacreBLEU's streams."""

    first_line: int
    hypotheses: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.hypotheses)


@dataclass(frozen=True, slots=True)
class FileSet:
    """The files of one system's test set (hypotheses, references), as the user named them."""

    hypotheses: str
    references: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return (self.hypotheses, *self.references)


class ChunkReader:
    """Opens the files and surveys the regular ones (every problem at once: a missing file, an
    empty one, a line too long or not UTF-8, different line counts), then yields the chunks."""

    def __init__(
        self,
        files: FileSet,
        *,
        lines: int = DEFAULT_CHUNK_LINES,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        stdin: BinaryIO | None = None,
    ) -> None:
        self.files = files
        self.lines = lines
        self.max_line_bytes = max_line_bytes
        self._stack = ExitStack()
        try:
            self.streams, self.total = self._opened_and_surveyed(stdin or sys.stdin.buffer)
        except BaseException:
            self._stack.close()
            raise

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> "ChunkReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _opened_and_surveyed(self, stdin: BinaryIO) -> tuple[list[BinaryIO], int | None]:
        """The open files and, when all are regular, their segment count; every problem of
        every file at once otherwise, not one per run."""
        names = self.files.names
        if names.count(STDIN) > 1:
            raise file_error(
                "file_unreadable", "standard input ('-') can be read for one file only"
            )
        errors: list[Violation] = []
        streams: list[BinaryIO] = []
        counts: list[int] = []
        for name in names:
            try:
                stream = stdin if name == STDIN else self._stack.enter_context(_open(name))
                streams.append(stream)
                if _seekable(stream):
                    counts.append(surveyed(name, stream, self.max_line_bytes))
                    stream.seek(0)
            except InputError as error:
                errors += error.errors
        if errors:
            raise InputError(errors)
        if len(counts) < len(names):  # standard input or a pipe: counted as it is read
            return streams, None
        _check_counts(self.files, counts)
        return streams, counts[0]

    def __iter__(self) -> Iterator[Chunk]:
        names = self.files.names
        readers = [
            raw_lines(name, stream, self.max_line_bytes)
            for name, stream in zip(names, self.streams, strict=True)
        ]
        first = 1
        while True:
            pieces = [list(islice(reader, self.lines)) for reader in readers]
            sizes = [len(piece) for piece in pieces]
            if len(set(sizes)) > 1:  # a file ended before another: count what is left
                counts = [
                    first - 1 + size + sum(1 for _ in reader)
                    for size, reader in zip(sizes, readers, strict=True)
                ]
                _check_counts(self.files, counts)
            if not sizes[0]:
                return
            texts = [decoded(name, piece, first) for name, piece in zip(names, pieces, strict=True)]
            yield Chunk(first, tuple(texts[0]), tuple(tuple(stream) for stream in texts[1:]))
            first += sizes[0]


def _open(name: str) -> BinaryIO:
    try:
        if stat.S_ISDIR(os.stat(name).st_mode):
            raise file_error("file_unreadable", f"{name}: is a directory, expected a text file")
        return open(name, "rb")
    except FileNotFoundError:
        raise file_error("file_not_found", f"{name}: no such file") from None
    except OSError as error:
        raise file_error("file_unreadable", f"{name}: cannot be read ({error.strerror})") from None


def _seekable(stream: BinaryIO) -> bool:
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError, AttributeError):  # no file descriptor: read as it comes
        return False


def _check_counts(files: FileSet, counts: Sequence[int]) -> None:
    """Every reference file has as many lines as the hypotheses, or an error naming each."""
    expected = counts[0]
    errors = [
        Violation(
            code="line_count_mismatch",
            pointer="",
            message=(
                f"{name} has {count} lines but {files.hypotheses} has {expected}: expected one "
                "reference line for each hypothesis line"
            ),
        )
        for name, count in zip(files.references, counts[1:], strict=True)
        if count != expected
    ]
    if errors:
        raise InputError(errors)
