import io
import tempfile
from pathlib import Path
from typing import BinaryIO

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtcompute.errors import InputError
from mtcompute.scale import lines
from mtcompute.scale.lines import LineSource, surveyed
from mtcompute.scoring.textfiles import split_lines

# Bytes rich in what splits lines: newlines, carriage returns, and text around them.
LINE_BYTES = st.lists(st.sampled_from([b"\n", b"\r", b"\r\n", b"a", b"\xc3\xa9", b" "])).map(
    b"".join
)


def _lines(
    data: bytes, max_line_bytes: int = 1 << 20, at_a_time: int = 3, max_bytes: int | None = None
) -> list[str]:
    """Every line of ``data``, taken ``at_a_time`` lines (and ``max_bytes``) at a time."""
    source = LineSource("f.txt", io.BytesIO(data), max_line_bytes)
    texts: list[str] = []
    while (part := source.take(at_a_time, max_bytes)).count:
        taken_bytes = len(part.data) + (0 if part.unterminated else 1)  # newlines counted
        assert max_bytes is None or part.count == 1 or taken_bytes <= max_bytes
        texts += part.texts("f.txt", len(texts) + 1, max_line_bytes)
    return texts


@given(LINE_BYTES.filter(bool), st.integers(1, 5))
def test_streamed_lines_are_the_lines_of_the_whole_file(data: bytes, at_a_time: int) -> None:
    assert tuple(_lines(data, at_a_time=at_a_time)) == split_lines("f.txt", data)


@given(LINE_BYTES.filter(bool), st.integers(1, 5), st.integers(1, 12))
def test_lines_taken_within_a_byte_bound_are_the_lines_of_the_whole_file(
    data: bytes, at_a_time: int, max_bytes: int
) -> None:
    lines_read = _lines(data, at_a_time=at_a_time, max_bytes=max_bytes)
    assert tuple(lines_read) == split_lines("f.txt", data)


@given(LINE_BYTES.filter(bool), st.integers(1, 5), st.integers(1, 12))
def test_lines_given_back_are_taken_again(data: bytes, at_a_time: int, max_bytes: int) -> None:
    source = LineSource("f.txt", io.BytesIO(data), 1 << 20)
    texts: list[str] = []
    while (part := source.take(at_a_time, max_bytes)).count:
        source.give_back(part)
        again = source.take(part.count)
        assert again == part
        texts += again.texts("f.txt", len(texts) + 1, 1 << 20)
    assert source.exhausted
    assert tuple(texts) == split_lines("f.txt", data)


@given(LINE_BYTES.filter(bool))
def test_the_survey_counts_the_lines_the_stream_yields(data: bytes) -> None:
    assert surveyed("f.txt", io.BytesIO(data)) == len(split_lines("f.txt", data))


def test_lines_across_block_boundaries_are_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lines, "BLOCK_BYTES", 3)
    data = b"first line\r\nsecond\n\nfourth \xc3\xa9 line"
    assert tuple(_lines(data)) == split_lines("f.txt", data)
    assert surveyed("f.txt", io.BytesIO(data)) == 4


def test_an_empty_file_is_refused() -> None:
    with pytest.raises(InputError) as raised:
        LineSource("f.txt", io.BytesIO(b""), 10).take(1)
    assert raised.value.errors[0]["code"] == "empty_file"
    with pytest.raises(InputError):
        surveyed("f.txt", io.BytesIO(b""))


@pytest.mark.parametrize("data", [b"ok\n" + b"x" * 11 + b"\nok\n", b"ok\nok\n" + b"x" * 11])
def test_a_line_over_the_bound_is_refused_by_its_number(data: bytes) -> None:
    line = 2 if data.startswith(b"ok\nx") else 3
    for read in (lambda: _lines(data, 10), lambda: surveyed("f.txt", io.BytesIO(data), 10)):
        with pytest.raises(InputError) as raised:
            read()
        (error,) = raised.value.errors
        assert error["code"] == "line_too_long"
        assert error["message"].startswith(f"f.txt: line {line} is longer than 10 bytes")


def test_a_line_at_the_bound_is_read_whole() -> None:
    assert _lines(b"x" * 10 + b"\n", 10) == ["x" * 10]


def test_an_endless_line_costs_the_bound_not_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    class Endless(io.RawIOBase):
        served = 0

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            self.served += len(buffer)
            buffer[:] = b"z" * len(buffer)
            return len(buffer)

    stream = Endless()
    with pytest.raises(InputError):
        LineSource("zero", stream, 4096).take(1)  # type: ignore[arg-type]
    assert stream.served <= 4096 + 2 * lines.BLOCK_BYTES


def test_a_line_that_is_not_utf8_is_named_with_its_byte() -> None:
    data = b"fine\nbad \xff here\n"
    for read in (lambda: _lines(data), lambda: surveyed("f.txt", io.BytesIO(data))):
        with pytest.raises(InputError) as raised:
            read()
        (error,) = raised.value.errors
        assert error["code"] == "invalid_utf8"
        assert error["message"].startswith("f.txt: line 2 is not UTF-8 (byte 0xff at byte 5")


def _outcome(name: str, stream: BinaryIO, bound: int) -> int | str:
    """The survey's count, or its refusal's message."""
    try:
        return surveyed(name, stream, bound)
    except InputError as error:
        return "; ".join(e["message"] for e in error.errors)


@settings(max_examples=60)
@given(st.lists(st.sampled_from([b"ab", b"\n", b"\xc3\xa9", b"\xff", b"x" * 7, b"\r\n"])))
def test_a_file_on_disk_is_surveyed_as_its_bytes_streamed(pieces: list[bytes]) -> None:
    # A regular file is mapped, a stream read block by block: the same blocks, counts and
    # refusals (a bound and blocks small enough that lines cross them).
    data = b"".join(pieces) or b"x"
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setattr(lines, "BLOCK_BYTES", 5)
        path = Path(folder) / "f.txt"
        path.write_bytes(data)
        with path.open("rb") as stream:
            on_disk = _outcome("f.txt", stream, 9)
            assert isinstance(on_disk, str) or stream.read() == b""  # counted: at its end
        assert on_disk == _outcome("f.txt", io.BytesIO(data), 9)


def test_a_mapped_file_refused_is_closed_and_named() -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.txt"
        path.write_bytes(b"fine\n" * 1000 + b"bad \xff here\n")
        with path.open("rb") as stream, pytest.raises(InputError) as raised:
            surveyed("f.txt", stream)
        assert raised.value.errors[0]["message"].startswith("f.txt: line 1001 is not UTF-8")
