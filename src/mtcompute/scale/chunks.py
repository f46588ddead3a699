"""A test set's files read together in chunks: the hypotheses and every reference file, line
by line in step, a chunk of at most ``lines`` segments at a time and, past its first segment, of
at most ``max_bytes`` bytes of text in all, so that a chunk of long lines stays as small as one of
short lines.

Regular files are counted first (a pass that only counts newlines), so that files of different
lengths are refused before anything is scored and the progress knows the total; standard input
is read once, and a length mismatch there is found where the shorter file ends.
"""

import os
import stat
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import BinaryIO, cast

from mtcompute.errors import InputError, Violation
from mtcompute.scale.lines import DEFAULT_MAX_LINE_BYTES, LineSource, RawLines, surveyed
from mtcompute.scoring.textfiles import STDIN, file_error

# Segments a chunk holds unless told: big enough to amortize sending it to a worker, small
# enough that a chunk's texts and results take a few megabytes.
DEFAULT_CHUNK_LINES = 2000
# Bytes of text a chunk holds at most (every file's together) unless told: 2,000 lines of a
# test set take well under it; 2,000 lines of any length would not.
DEFAULT_CHUNK_BYTES = 4 << 20


@dataclass(frozen=True, slots=True)
class Chunk:
    """Segments ``first_line`` (1-based) on, as read from each file (the hypotheses', then each
    reference file's): raw bytes are cheap to send to a worker, which decodes them."""

    first_line: int
    names: tuple[str, ...]
    parts: tuple[RawLines, ...]
    max_line_bytes: int = DEFAULT_MAX_LINE_BYTES

    def __len__(self) -> int:
        return self.parts[0].count

    @classmethod
    def of(
        cls, first_line: int, hypotheses: Sequence[str], references: Sequence[Sequence[str]]
    ) -> "Chunk":
        """A chunk of texts (without newlines) as files would give them."""
        streams = (hypotheses, *references)
        if any("\n" in text for stream in streams for text in stream):
            raise ValueError("a segment of a text file holds no newline")
        parts = tuple(RawLines("\n".join(s).encode("utf-8"), len(s)) for s in streams)
        names = tuple(f"text {k}" for k in range(len(streams)))
        return cls(first_line, names, parts)

    def texts(self) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """The hypotheses and the reference streams, decoded; an ``InputError`` naming the
        file and line of a line that is not UTF-8 or is too long."""
        first, bound = self.first_line, self.max_line_bytes
        streams = [
            tuple(part.texts(name, first, bound))
            for name, part in zip(self.names, self.parts, strict=True)
        ]
        return streams[0], tuple(streams[1:])


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
    empty one, a line too long or not UTF-8, different line counts), then yields the chunks.
    ``total`` is the segment count and ``total_bytes`` the files' size, where every file is
    regular (None otherwise)."""

    def __init__(
        self,
        files: FileSet,
        *,
        lines: int = DEFAULT_CHUNK_LINES,
        max_bytes: int = DEFAULT_CHUNK_BYTES,
        max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
        stdin: BinaryIO | None = None,
    ) -> None:
        self.files = files
        self.lines = lines
        self.max_bytes = max_bytes
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
        opened: list[BinaryIO | InputError] = [self._opened(name, stdin) for name in names]
        outcomes = _surveyed_where_regular(names, opened, self.max_line_bytes)
        errors = [e for found in outcomes if isinstance(found, InputError) for e in found.errors]
        if errors:
            raise InputError(errors)
        streams = cast(list[BinaryIO], opened)
        counts = [count for count in outcomes if isinstance(count, int)]
        regular = [
            stream
            for stream, count in zip(streams, outcomes, strict=True)
            if isinstance(count, int)
        ]
        self.total_bytes: int | None = sum(stream.seek(0, os.SEEK_END) for stream in regular)
        for stream in regular:
            stream.seek(0)
        if len(counts) < len(names):  # standard input or a pipe: counted as it is read
            self.total_bytes = None
            return streams, None
        _check_counts(self.files, counts)
        return streams, counts[0]

    def _opened(self, name: str, stdin: BinaryIO) -> BinaryIO | InputError:
        try:
            return stdin if name == STDIN else self._stack.enter_context(open_file(name))
        except InputError as error:
            return error

    def __iter__(self) -> Iterator[Chunk]:
        names = self.files.names
        sources = [
            LineSource(name, stream, self.max_line_bytes)
            for name, stream in zip(names, self.streams, strict=True)
        ]
        first = 1
        for parts in step(sources, self.lines, self.max_bytes, self._uneven):
            yield Chunk(first, names, tuple(parts), self.max_line_bytes)
            first += parts[0].count

    def _uneven(self, sources: Sequence[LineSource]) -> None:
        """A file ended before another: count what is left."""
        _check_counts(self.files, [_rest(source) for source in sources])


def step(
    sources: Sequence[LineSource],
    lines: int,
    max_bytes: int,
    uneven: Callable[[Sequence[LineSource]], None] | None = None,
) -> Iterator[list[RawLines]]:
    """The files' lines in step, as many of each file a chunk: at most ``lines`` and, past the
    first, at most ``max_bytes`` bytes of them all (each file its share); ``uneven`` is told
    when a file ends before another (surveyed files end together)."""
    share = max(1, max_bytes // len(sources))  # each file's part of the bytes
    while True:
        parts = [source.take(lines, share) for source in sources]
        count = min(part.count for part in parts)
        for k, source in enumerate(sources):
            if parts[k].count > count:  # another file's lines were longer: keep in step
                source.give_back(parts[k])
                parts[k] = source.take(count)
        ended = [source.exhausted for source in sources]
        if uneven is not None and any(ended) and not all(ended):
            uneven(sources)
        if not count:
            return
        yield parts


def _surveyed_where_regular(
    names: Sequence[str], opened: Sequence[BinaryIO | InputError], max_line_bytes: int
) -> list[BinaryIO | InputError | int]:
    """``opened`` with each regular file's line count (or its survey's error) in its place."""
    regular = [
        k
        for k, stream in enumerate(opened)
        if not isinstance(stream, InputError) and _seekable(stream)
    ]
    files = [(names[k], cast(BinaryIO, opened[k])) for k in regular]
    outcomes: list[BinaryIO | InputError | int] = list(opened)
    for k, survey in zip(regular, _surveyed_at_once(files, max_line_bytes), strict=True):
        outcomes[k] = survey
    return outcomes


def _surveyed_at_once(
    regular: Sequence[tuple[str, BinaryIO]], max_line_bytes: int
) -> list[int | InputError]:
    """Each file's line count, or the error that stopped its survey; the files surveyed in
    threads at once (the compiled pass reads the bytes without the GIL), each thread ended
    before the pool forks its workers."""
    if len(regular) < 2:
        return [_survey(name, stream, max_line_bytes) for name, stream in regular]
    # Plain threads, each its share of the files: concurrent.futures (and the logging it
    # imports) would add a tenth of the start-up of a command that scores a small file.
    workers = min(len(regular), os.cpu_count() or 1)
    found: list[int | InputError | BaseException] = [0] * len(regular)

    def survey_share(first: int) -> None:
        for k in range(first, len(regular), workers):
            try:
                found[k] = _survey(*regular[k], max_line_bytes)
            except BaseException as error:  # raised again in the caller
                found[k] = error

    threads = [threading.Thread(target=survey_share, args=(k,)) for k in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for outcome in found:
        if isinstance(outcome, BaseException) and not isinstance(outcome, InputError):
            raise outcome
    return cast(list[int | InputError], found)


def _survey(name: str, stream: BinaryIO, max_line_bytes: int) -> int | InputError:
    try:
        return surveyed(name, stream, max_line_bytes)
    except InputError as error:
        return error


def _rest(source: LineSource) -> int:
    """The file's line count: those taken, and the rest, taken and counted."""
    while source.take(DEFAULT_CHUNK_LINES).count:
        pass
    return source.taken


def open_file(name: str) -> BinaryIO:
    """The file opened to read bytes; ``InputError`` naming it if it cannot be."""
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
