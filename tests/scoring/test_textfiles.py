"""Text files as segments: "\n"-separated UTF-8 lines, CRLF read as LF, a final newline optional,
and every file problem an ``InputError`` that names the file (and the line)."""

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mtcompute.errors import InputError
from mtcompute.scoring.textfiles import (
    TextFile,
    check_same_length,
    read_text_file,
    split_lines,
    tokens,
)


def _codes(error: pytest.ExceptionInfo[InputError]) -> list[str]:
    return [violation["code"] for violation in error.value.errors]


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (b"a b\nc\n", ("a b", "c")),
        (b"a b\nc", ("a b", "c")),
        (b"a b\r\nc\r\n", ("a b", "c")),
        (b"a b\r\nc", ("a b", "c")),
        (b"\n", ("",)),
        (b"a\n\nb\n", ("a", "", "b")),
        (b"a\rb\n", ("a\rb",)),  # a lone CR is inside the line: only LF separates
        ("x\u2028y\x0cz\n".encode(), ("x\u2028y\x0cz",)),  # str.splitlines would cut here
    ],
)
def test_lines_are_separated_by_lf_only_with_crlf_and_a_final_newline_handled(
    data: bytes, lines: tuple[str, ...]
) -> None:
    assert split_lines("f.txt", data) == lines


def test_an_empty_file_is_an_error_naming_it() -> None:
    with pytest.raises(InputError, match=r"f\.txt: the file is empty") as error:
        split_lines("f.txt", b"")
    assert _codes(error) == ["empty_file"]


def test_invalid_utf8_names_the_line_and_the_byte() -> None:
    with pytest.raises(InputError) as error:
        split_lines("f.txt", b"ok\nstill ok\nab\xffc\n")
    assert _codes(error) == ["invalid_utf8"]
    assert str(error.value) == (
        "f.txt: line 3 is not UTF-8 (byte 0xff at byte 3 of the line); expected UTF-8 text"
    )


def test_a_missing_file_is_an_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    with pytest.raises(InputError, match="no such file") as error:
        read_text_file(str(missing))
    assert _codes(error) == ["file_not_found"]


def test_a_directory_is_not_a_text_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory") as error:
        read_text_file(str(tmp_path))
    assert _codes(error) == ["file_unreadable"]


def test_a_dash_reads_the_given_standard_input() -> None:
    assert read_text_file("-", io.BytesIO(b"a\nb\n")) == TextFile("-", ("a", "b"))


def test_files_of_different_line_counts_are_each_named() -> None:
    hypotheses = TextFile("hyp.txt", ("a", "b", "c"))
    references = [TextFile("r1.txt", ("a", "b")), TextFile("r2.txt", ("a", "b", "c"))]
    with pytest.raises(InputError) as error:
        check_same_length(hypotheses, references)
    assert str(error.value) == (
        "r1.txt has 2 lines but hyp.txt has 3: expected one reference line for each hypothesis line"
    )


def test_files_of_the_same_line_count_pass() -> None:
    check_same_length(TextFile("h", ("a",)), [TextFile("r", ("b",))])


def test_tokens_are_split_at_every_whitespace_code_point_of_the_chrf_pages() -> None:
    line = " a\tb\u00a0c\u3000d\u2028e\x1cf\x85g  \u200bh "
    # U+200B (zero width space) is not whitespace: it stays in its token.
    assert tokens(line) == ["a", "b", "c", "d", "e", "f", "g", "\u200bh"]


def test_tokens_of_a_blank_line_are_none() -> None:
    assert tokens(" \t ") == []


# Any text but a line break or a lone surrogate (not UTF-8), and not ending in CR (CRLF's half).
_LINE = st.text(st.characters(codec="utf-8", exclude_characters="\n"), max_size=12).filter(
    lambda line: not line.endswith("\r")
)


@given(
    lines=st.lists(_LINE, min_size=1, max_size=8),
    newline=st.sampled_from(["\n", "\r\n"]),
    final=st.booleans(),
)
def test_any_lines_written_with_lf_or_crlf_read_back_as_they_were(
    lines: list[str], newline: str, final: bool
) -> None:
    final = final or lines[-1] == ""  # an empty last line needs its newline
    data = (newline.join(lines) + (newline if final else "")).encode("utf-8")
    assert split_lines("f.txt", data) == tuple(lines)
