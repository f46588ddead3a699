"""Several systems' files read in chunks give the lines, systems and names the whole read
(``cli.texts.read_texts``) gives, whatever the chunks, and refuse what it refuses with the same
message, found in the same order."""

import io
from pathlib import Path

import pytest

from mtcompute.cli.texts import read_texts
from mtcompute.errors import InputError
from mtcompute.scale.system_files import SystemFiles, SystemsReader

_TEXTS = {
    "ref.txt": "a b c  \nÜber café\r\n\n東京 x\t\n",
    "ref2.txt": "one\ntwo\nthree\nfour",
    "tabs.txt": "a\tb\nc\td \n\te\nf\tg\th\n",
    "one.txt": "x y\n  z \nw\n\n",
    "two.txt": "q\nr\r\ns\nt",
    "short.txt": "only\n",
    "empty.txt": "",
}


def _write(folder: Path) -> None:
    for name, text in _TEXTS.items():
        (folder / name).write_bytes(text.encode())
    (folder / "bad.txt").write_bytes(b"ok\nfine\nnot \xff here\nend\n")
    (folder / "bad_late.txt").write_bytes(b"one\ntwo\nthree\nfo\xc3\n")


def _whole(files: SystemFiles, stdin: bytes = b"") -> object:
    import sys  # noqa: PLC0415

    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        read = read_texts(
            files.systems,
            files.references,
            num_refs=files.num_refs,
            encoding=files.encoding,
            paired=files.paired,
        )
    except InputError as error:
        return error.errors
    finally:
        sys.stdin = saved
    return (
        [name for name, _ in read.systems],
        [lines for _, lines in read.systems],
        [list(stream) for stream in read.references],
    )


def _chunked(files: SystemFiles, size: int, stdin: bytes = b"") -> object:
    try:
        with SystemsReader(files, io.BytesIO(stdin)) as reader:
            systems: list[list[str]] = [[] for _ in reader.names]
            references: list[list[str]] | None = None
            for chunk in reader.chunks(size, 1 << 20):
                for k, lines in enumerate(chunk.systems):
                    systems[k] += lines
                references = references or [[] for _ in chunk.references]
                for k, stream in enumerate(chunk.references):
                    references[k] += stream
            return reader.names, [tuple(lines) for lines in systems], references
    except InputError as error:
        return error.errors


_CASES = [
    SystemFiles(("one.txt", "two.txt"), ("ref.txt", "ref2.txt")),
    SystemFiles(("one.txt", "two.txt", "one.txt"), ("ref.txt",), paired=True),
    SystemFiles(("one.txt", "two.txt", "one.txt"), ("ref.txt",)),
    SystemFiles(("two.txt", "one.txt", "two.txt"), ("ref.txt",), paired=True),
    SystemFiles(("one.txt", "two.txt"), ("tabs.txt",), num_refs=2),
    SystemFiles(("one.txt", "two.txt"), ("ref2.txt",), num_refs=3),
    SystemFiles(("one.txt", "short.txt"), ("ref.txt",)),
    SystemFiles(("short.txt", "one.txt"), ("ref.txt",), paired=True),
    SystemFiles(("one.txt", "bad.txt"), ("ref.txt",), encoding="UTF8"),
    SystemFiles(("bad.txt", "one.txt"), ("bad_late.txt",)),
    SystemFiles(("one.txt", "missing.txt"), ("ref.txt",)),
    SystemFiles(("one.txt", "two.txt"), ("empty.txt",)),
    SystemFiles(("one.txt", "."), ("ref.txt",)),
    SystemFiles(("one.txt", "one.txt"), ("missing.txt",)),
    SystemFiles(("one.txt", "-"), ("-",)),
]


@pytest.mark.parametrize("size", [1, 2, 1000])
@pytest.mark.parametrize("files", _CASES, ids=range(len(_CASES)))
def test_files_read_in_chunks_are_what_the_whole_read_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: SystemFiles, size: int
) -> None:
    _write(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert _chunked(files, size) == _whole(files)


_STDIN = [
    ("a b\tc d\nx\ty  \n\tz\n e \t f \n", False),
    ("a b\tc d\nx\ty  \n\tz\n e \t f \n", True),
    ("a\tb\tc  \n1\t2\t3\n4\t5\n", False),
    ("only\n", False),
    ("", False),
    ("a\tb\n\xff\n", False),
]


@pytest.mark.parametrize("size", [1, 1000])
@pytest.mark.parametrize(("text", "paired"), _STDIN)
def test_systems_on_standard_input_are_its_columns_as_the_whole_read_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, paired: bool, size: int
) -> None:
    _write(tmp_path)
    monkeypatch.chdir(tmp_path)
    lines = max(text.count("\n"), 1)
    (tmp_path / "r.txt").write_text("r\n" * lines, encoding="utf-8")
    data = text.encode("utf-8", "surrogateescape").replace(b"\xc3\xbf", b"\xff")
    files = SystemFiles((), ("r.txt",), paired=paired)
    assert _chunked(files, size, data) == _whole(files, data)


def test_a_reference_on_standard_input_is_read_as_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path)
    monkeypatch.chdir(tmp_path)
    files = SystemFiles(("one.txt", "two.txt"), ("-",))
    data = b"r1\nr2 \nr3\nr4\n"
    assert _chunked(files, 3, data) == _whole(files, data)


def test_chunks_are_bounded_by_bytes_and_read_again_from_the_start(tmp_path: Path) -> None:
    for name in ("r", "a", "b"):
        (tmp_path / name).write_text("".join(f"{name}{k} {'x' * 50}\n" for k in range(40)))
    files = SystemFiles((str(tmp_path / "a"), str(tmp_path / "b")), (str(tmp_path / "r"),))
    with SystemsReader(files) as reader:
        sizes = [len(chunk.references[0]) for chunk in reader.chunks(100, 3 * 200)]
        again = [len(chunk.references[0]) for chunk in reader.chunks(100, 3 * 200)]
    assert sizes == again
    assert max(sizes) <= 4
    assert sum(sizes) == reader.total == 40
