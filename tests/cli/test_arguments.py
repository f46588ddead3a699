"""What the argparse commands share: integer ranges refused with what arrived, defaults in the
help, and the terminal's width found as shutil finds it."""

import argparse
import shutil

import pytest

from mtcompute.cli import arguments


@pytest.mark.parametrize(
    ("low", "high", "text", "says"),
    [
        (0, 20, "21", "expected an integer 0 to 20, got 21"),
        (1, None, "0", "expected an integer 1 or more, got 0"),
        (1, None, "one", "expected an integer, got 'one'"),
        (1, None, "2.5", "expected an integer, got '2.5'"),
    ],
)
def test_an_integer_out_of_its_range_is_refused_with_what_arrived(
    low: int, high: int | None, text: str, says: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match=says):
        arguments.int_in(low, high)(text)


def test_an_integer_in_its_range_is_taken_as_python_reads_it() -> None:
    assert [arguments.int_in(0, 20)(text) for text in ("0", "+20", " 7 ")] == [0, 20, 7]


def test_a_default_is_shown_after_the_help() -> None:
    assert arguments.shown_default("Decimals.", 1) == "Decimals.  [default: 1]"


@pytest.mark.parametrize("columns", ["57", "200"])
def test_the_width_is_columns_when_set_as_shutil_reads_it(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert arguments.terminal_columns() == int(columns) == shutil.get_terminal_size().columns


@pytest.mark.parametrize("columns", ["", "0", "wide"])
def test_without_columns_the_width_is_shutil_s(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert arguments.terminal_columns() == shutil.get_terminal_size().columns


def test_the_help_keeps_the_description_s_lines_and_wraps_at_the_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    parser = argparse.ArgumentParser(
        prog="p",
        description="one line\n    kept as written",
        formatter_class=arguments.RawHelpFormatter,
    )
    parser.add_argument("--x", help="a help long enough to be wrapped at forty columns wide")
    shown = parser.format_help()
    assert "one line\n    kept as written\n" in shown
    assert max(len(line) for line in shown.splitlines()) <= 40


def test_an_abbreviation_of_one_option_s_names_is_that_option_and_of_two_is_ambiguous(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = arguments.Parser(prog="p")
    parser.add_argument("--metrics", "--metric", dest="metrics")
    parser.add_argument("--mode")
    assert parser.parse_args(["--metr", "bleu"]).metrics == "bleu"
    with pytest.raises(SystemExit):
        parser.parse_args(["--m", "x"])
    assert "ambiguous option: --m could match --metrics, --mode\n" in capsys.readouterr().err


def test_a_switch_is_off_unless_given_and_an_integer_option_shows_its_default() -> None:
    parser = arguments.Parser(prog="p")
    arguments.add_switch(parser, "-q", "--quiet", help_text="Quiet.")
    arguments.add_integer(parser, "-w", "--width", low=0, high=20, default=1, help_text="Decimals.")
    assert vars(parser.parse_args([])) == {"quiet": False, "width": 1}
    assert vars(parser.parse_args(["-q", "-w", "20"])) == {"quiet": True, "width": 20}
    assert "Decimals. [default: 1]" in " ".join(parser.format_help().split())
