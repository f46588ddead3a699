import io
from pathlib import Path

import pytest

from mtcompute.errors import InputError
from mtcompute.scale.chunks import ChunkReader, FileSet


def _write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_chunks_cover_every_line_in_order_with_their_first_line(tmp_path: Path) -> None:
    hyp = _write(tmp_path / "h", "".join(f"h{i}\n" for i in range(10)))
    ref = _write(tmp_path / "r", "".join(f"r{i}\r\n" for i in range(10)))
    with ChunkReader(FileSet(hyp, (ref,)), lines=4) as reader:
        chunks = list(reader)
        assert reader.total == 10
    assert [(c.first_line, len(c)) for c in chunks] == [(1, 4), (5, 4), (9, 2)]
    assert chunks[1].texts()[0] == ("h4", "h5", "h6", "h7")
    assert chunks[2].texts()[1] == (("r8", "r9"),)


def test_a_chunk_of_long_lines_holds_fewer_of_them_the_files_in_step(tmp_path: Path) -> None:
    hyp = _write(tmp_path / "h", "".join(f"h{i}\n" for i in range(10)))
    ref = _write(tmp_path / "r", "".join(f"r{i}{'x' * 30 * (i % 3)}\n" for i in range(10)))
    with ChunkReader(FileSet(hyp, (ref,)), lines=4, max_bytes=80) as reader:
        chunks = list(reader)
    # 40 bytes a file: the references' lines take 3, 33 and 63 bytes in turn.
    sizes = [(1, 2), (3, 1), (4, 2), (6, 1), (7, 2), (9, 1), (10, 1)]
    assert [(c.first_line, len(c)) for c in chunks] == sizes
    hypotheses = [text for chunk in chunks for text in chunk.texts()[0]]
    references = [text for chunk in chunks for text in chunk.texts()[1][0]]
    assert hypotheses == [f"h{i}" for i in range(10)]
    assert references == [f"r{i}{'x' * 30 * (i % 3)}" for i in range(10)]


def test_a_line_longer_than_the_chunks_bytes_is_a_chunk_of_its_own(tmp_path: Path) -> None:
    hyp = _write(tmp_path / "h", "a\n" + "b" * 100 + "\nc\nd")
    ref = _write(tmp_path / "r", "a\nb\nc\n" + "d" * 100)
    with ChunkReader(FileSet(hyp, (ref,)), max_bytes=20) as reader:
        assert [(c.first_line, len(c)) for c in reader] == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_standard_input_shorter_than_a_file_is_found_whatever_the_bytes(tmp_path: Path) -> None:
    ref = _write(tmp_path / "r", "a\nb\nc\n")
    stdin = io.BytesIO(b"x" * 50 + b"\ny\n")
    with ChunkReader(FileSet("-", (ref,)), lines=4, max_bytes=20, stdin=stdin) as reader:
        chunks = iter(reader)
        assert next(chunks).texts()[0] == ("x" * 50,)
        with pytest.raises(InputError, match="has 3 lines but - has 2"):
            next(chunks)


def test_every_file_problem_is_named_at_once_before_any_chunk(tmp_path: Path) -> None:
    files = FileSet(
        _write(tmp_path / "h", "fine\n"),
        (
            _write(tmp_path / "empty", ""),
            str(tmp_path / "missing"),
            _write(tmp_path / "latin1", "caf\xe9\n".encode("latin-1").decode("latin-1")),
        ),
    )
    (tmp_path / "latin1").write_bytes(b"caf\xe9\n")
    with pytest.raises(InputError) as raised:
        ChunkReader(files)
    codes = [error["code"] for error in raised.value.errors]
    assert codes == ["empty_file", "file_not_found", "invalid_utf8"]


def test_files_of_different_lengths_are_refused_before_any_chunk(tmp_path: Path) -> None:
    hyp = _write(tmp_path / "h", "a\nb\nc\n")
    ref = _write(tmp_path / "r", "a\nb\n")
    with pytest.raises(InputError, match=r"r has 2 lines but .*h has 3"):
        ChunkReader(FileSet(hyp, (ref,)))


def test_standard_input_is_read_once_and_its_length_checked_where_it_ends(tmp_path: Path) -> None:
    ref = _write(tmp_path / "r", "a\nb\nc\n")
    with ChunkReader(FileSet("-", (ref,)), lines=2, stdin=io.BytesIO(b"x\ny\n")) as reader:
        assert reader.total is None
        chunks = iter(reader)
        assert next(chunks).texts()[0] == ("x", "y")
        with pytest.raises(InputError, match="has 3 lines but - has 2"):
            next(chunks)


def test_standard_input_can_stand_for_one_file_only() -> None:
    with pytest.raises(InputError, match="one file only"):
        ChunkReader(FileSet("-", ("-",)), stdin=io.BytesIO(b"x\n"))


def test_a_directory_is_not_a_text_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        ChunkReader(FileSet(str(tmp_path), (str(tmp_path),)))
