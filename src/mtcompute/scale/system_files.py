"""Several systems' files and their references read in chunks, as ``score`` reads them whole
(``cli.texts``, UTF-8): the same lines (split at "\\n", each ``rstrip``-ed), the same systems
and names, the same problems in the same order, found before anything is scored.

Every file is surveyed first, a block at a time (``survey``): standard input is copied to a
temporary file on the way, so that every file can be read again; then ``chunks`` reads them in
step, a chunk bounded in segments and bytes, as often as asked, holding one chunk's texts.
"""

import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import BinaryIO

from mtcompute.scale import text_errors
from mtcompute.scale.chunks import DEFAULT_CHUNK_BYTES, DEFAULT_CHUNK_LINES, open_file, step
from mtcompute.scale.lines import BLOCK_BYTES, LineSource
from mtcompute.scoring.report import as_baseline
from mtcompute.scoring.textfiles import STDIN

STDIN_SHOWN = "standard input"
_CODEC = "utf-8"
_NO_BOUND = 1 << 62  # a line of any length, as the whole read takes it


@dataclass(frozen=True, slots=True)
class SystemFiles:
    """The files of several systems: ``systems`` (none: standard input, a system a
    tab-separated column), ``references``, ``num_refs`` (tab-separated references in one
    file), ``paired`` (the first system named ``Baseline: NAME``, a baseline named again
    skipped) and ``encoding`` as the user spelled UTF-8 (it is in the messages)."""

    systems: tuple[str, ...]
    references: tuple[str, ...]
    num_refs: int = 1
    paired: bool = False
    encoding: str = _CODEC


@dataclass(frozen=True, slots=True)
class SystemsChunk:
    """Consecutive segments: each system's lines, and each reference stream's."""

    systems: list[tuple[str, ...]]
    references: list[tuple[str, ...]]


def shown_name(name: str) -> str:
    """A file as its problems name it: standard input in words."""
    return STDIN_SHOWN if name == STDIN else name


def stream_names(reference_files: Sequence[str], num_refs: int) -> list[str]:
    """The reference streams as a line-count problem names them."""
    if num_refs == 1:
        return list(reference_files)
    return [f"{reference_files[0]} (reference {k + 1})" for k in range(num_refs)]


def system_files(hypothesis_files: Sequence[str], *, paired: bool) -> list[str]:
    """Each system's file once; a file named twice is refused (with a paired test, sacreBLEU
    skips the baseline named again)."""
    named: list[str] = []
    for file in hypothesis_files:
        if file not in named:
            named.append(file)
        elif not (paired and file == named[0]):
            raise text_errors.duplicate_system(file)
    return named


def system_names(files: Sequence[str], *, paired: bool) -> list[str]:
    """The systems' names: their files', the first ``Baseline: NAME`` in a paired test."""
    names = list(files)
    if paired and names:
        names[0] = as_baseline(names[0])
    return names


def stdin_names(width: int, *, paired: bool) -> list[str]:
    """Standard input's systems, named as sacreBLEU names them."""
    names = [f"System {k + 1}" for k in range(width)]
    return ["Baseline", *names[:-1]] if paired else names


class SystemsReader:
    """The files opened and surveyed (``InputError`` as the whole read's otherwise); ``names``
    are the systems', ``total`` their segment count; ``chunks`` reads them in step."""

    def __init__(self, files: SystemFiles, stdin: BinaryIO | None = None) -> None:
        self.files = files
        self._stack = ExitStack()
        try:
            self._survey(stdin or sys.stdin.buffer)
        except BaseException:
            self._stack.close()
            raise

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> "SystemsReader":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _survey(self, stdin: BinaryIO) -> None:
        """``cli.texts.read_texts``'s checks, in its order, a block at a time."""
        files = self.files
        if [*files.references, *(files.systems or [STDIN])].count(STDIN) > 1:
            raise text_errors.stdin_twice()
        self._streams: list[tuple[str, BinaryIO]] = []  # as ``chunks`` reads them
        counts = []
        for name in files.references:
            width = files.num_refs if files.num_refs > 1 else None
            counts.append(self._surveyed(self._opened(name, stdin), width))
        if not files.systems:
            lines, width = self._stdin_systems(stdin)
            self.names = stdin_names(width, paired=files.paired)
            self.width: int | None = width
            shown, segments = [STDIN_SHOWN] * width, [lines] * width
        else:
            self._files = system_files(files.systems, paired=files.paired)
            self.names = system_names(self._files, paired=files.paired)
            self.width = None
            segments = [self._surveyed(self._opened(name, stdin), None) for name in self._files]
            shown = self.names
        streams = [count for count in counts for _ in range(files.num_refs)]
        reference_names = stream_names(files.references, files.num_refs)
        for system, lines in zip(shown, segments, strict=True):
            for reference, count in zip(reference_names, streams, strict=True):
                if count != lines:
                    raise text_errors.line_count_mismatch(reference, count, system, lines)
        self.total = segments[0]

    def _stdin_systems(self, stdin: BinaryIO) -> tuple[int, int]:
        """Standard input's segment count and system count (its first line's columns)."""
        widths: list[int] = []
        count = self._surveyed(self._opened(STDIN, stdin), None, widths=widths)
        return count, widths[0]

    def _opened(self, name: str, stdin: BinaryIO) -> tuple[str, BinaryIO]:
        """The file opened (standard input copied to a temporary file first), kept."""
        if name == STDIN:
            # Loaded here, for standard input alone: a file's command starts sooner.
            import shutil  # noqa: PLC0415
            import tempfile  # noqa: PLC0415

            spooled = self._stack.enter_context(tempfile.TemporaryFile())  # noqa: SIM115
            shutil.copyfileobj(stdin, spooled, BLOCK_BYTES)
            stream: BinaryIO = spooled
        else:
            stream = self._stack.enter_context(open_file(name))
        self._streams.append((name, stream))
        return name, stream

    def _surveyed(
        self, opened: tuple[str, BinaryIO], width: int | None, *, widths: list[int] | None = None
    ) -> int:
        """The file's line count, having checked it decodes (and, with ``width``, that every
        line holds that many tab-separated references; with ``widths``, as many systems as
        the first line)."""
        name, stream = opened
        stream.seek(0)
        shown = shown_name(name)
        survey = _Survey(shown, self.files.encoding)
        problem = None
        while block := stream.read(BLOCK_BYTES):
            for number, line in survey.lines(block):
                if problem is None:
                    problem = _line_problem(name, number, line, width, widths)
        for number, line in survey.end():
            if problem is None:
                problem = _line_problem(name, number, line, width, widths)
        if problem is not None:
            raise problem
        return survey.count

    def chunks(
        self, lines: int = DEFAULT_CHUNK_LINES, max_bytes: int = DEFAULT_CHUNK_BYTES
    ) -> Iterator[SystemsChunk]:
        """The segments in chunks of at most ``lines`` and, past a chunk's first, of at most
        ``max_bytes`` bytes of every file's text; from the start each time."""
        sources = []
        for name, stream in self._streams:
            stream.seek(0)
            sources.append(LineSource(shown_name(name), stream, _NO_BOUND))
        first = 1
        for parts in step(sources, lines, max_bytes):
            texts = [
                [line.rstrip() for line in part.texts(source.name, first, _NO_BOUND)]
                for source, part in zip(sources, parts, strict=True)
            ]
            yield self._chunk(texts, first)
            first += parts[0].count

    def _chunk(self, texts: list[list[str]], first: int) -> SystemsChunk:
        count = len(self.files.references)
        references: list[tuple[str, ...]] = []
        for lines in texts[:count]:
            if self.files.num_refs == 1:
                references.append(tuple(lines))
            else:
                fields = [line.split("\t", self.files.num_refs - 1) for line in lines]
                references += [tuple(column) for column in zip(*fields, strict=True)]
        if self.width is None:
            return SystemsChunk([tuple(lines) for lines in texts[count:]], references)
        # sacreBLEU strips each field but the first line's (it strips that line whole)
        rows = [
            fields if first + offset == 1 else [field.rstrip() for field in fields]
            for offset, fields in enumerate(line.split("\t") for line in texts[count])
        ]
        columns = [tuple(column) for column in zip(*rows, strict=True)]
        return SystemsChunk(columns, references)


def _line_problem(
    name: str, number: int, line: str, width: int | None, widths: list[int] | None
) -> Exception | None:
    """A line's problem other than its decoding, if it has one."""
    if width is not None:
        found = len(line.split("\t", width - 1))
        if found != width:
            return text_errors.wrong_reference_count(name, number, found, width)
    if widths is not None:
        found = len(line.split("\t"))
        if not widths:
            widths.append(found)
        elif found != widths[0]:
            return text_errors.system_count_mismatch(number, found, widths[0])
    return None


class _Survey:
    """A file's lines counted and decoded a block at a time, as a whole read decodes them:
    the first byte that is not UTF-8 is named by its line."""

    def __init__(self, shown: str, encoding: str) -> None:
        self.shown, self.encoding = shown, encoding
        self.count = 0  # whole lines so far
        self.carried = b""
        self.seen = False

    def lines(self, block: bytes) -> Iterator[tuple[int, str]]:
        """The block's whole lines (1-based number, ``rstrip``-ed text); a part line is
        carried to the next block."""
        self.seen = True
        data = self.carried + block
        cut = data.rfind(b"\n") + 1
        self.carried = data[cut:]
        if cut:
            yield from self._decoded(data[: cut - 1])

    def end(self) -> Iterator[tuple[int, str]]:
        """The last line, where the file does not end with a newline."""
        if not self.seen:
            raise text_errors.empty_file(self.shown)
        if self.carried:
            yield from self._decoded(self.carried)

    def _decoded(self, data: bytes) -> Iterator[tuple[int, str]]:
        try:
            text = data.decode(_CODEC)
        except UnicodeDecodeError as error:
            line = self.count + data.count(b"\n", 0, error.start) + 1
            raise text_errors.not_in_encoding(self.shown, line, _CODEC, self.encoding) from None
        first = self.count + 1
        lines = text.split("\n")
        self.count += len(lines)
        for offset, text_line in enumerate(lines):
            yield first + offset, text_line.rstrip()
