"""``score``'s command line as sacreBLEU's argparse reads its own: the words after ``-i`` and
``-m``, abbreviated long options, ``-w2``; repeated lists add up, references may come on both
sides of the options, and a bad value is refused with the usage and exit 2."""

import pytest

from mtcompute.cli.score_parser import parsed, score_parser
from mtcompute.scoring.registry import every_option


def options(*arguments: str) -> dict[str, object]:
    return parsed(score_parser(), arguments)


def test_the_words_after_i_and_m_are_the_systems_and_the_metrics() -> None:
    got = options("ref.txt", "-i", "a.txt", "b.txt", "-m", "BLEU", "chrF++")
    assert got["positional_references"] == ("ref.txt",)
    assert got["hypothesis_files"] == ("a.txt", "b.txt")
    assert got["metrics"] == ("bleu", "chrf++")


def test_repeated_lists_add_up_and_references_come_on_both_sides() -> None:
    got = options("r1.txt", "-b", "r2.txt", "-i", "a.txt", "-m", "bleu", "-i", "b.txt", "-m", "ter")
    assert got["positional_references"] == ("r1.txt", "r2.txt")
    assert got["hypothesis_files"] == ("a.txt", "b.txt")
    assert got["metrics"] == ("bleu", "ter")


def test_a_dash_is_standard_input_and_an_empty_i_is_too() -> None:
    assert options("ref.txt", "-i", "-")["hypothesis_files"] == ("-",)
    assert options("ref.txt", "-i")["hypothesis_files"] == ()


@pytest.mark.parametrize(
    ("arguments", "key", "value"),
    [
        (("--sentence",), "sentence_level", True),
        (("--score-o",), "score_only", True),
        (("--metr", "chrf"), "metrics", ("chrf",)),
        (("--smooth-m", "floor"), "smoothing", "floor"),
        (("-w2",), "width", 2),
        (("--width=3",), "width", 3),
        (("-tok", "intl"), "tokenize", "intl"),
    ],
)
def test_abbreviated_and_joined_options_mean_what_they_mean_to_sacrebleu(
    arguments: tuple[str, ...], key: str, value: object
) -> None:
    assert options("ref.txt", "-i", "h.txt", *arguments)[key] == value


def test_defaults_are_sacrebleu_s() -> None:
    got = options("ref.txt")
    assert (got["metrics"], got["width"], got["output_format"], got["num_refs"]) == (
        (),
        1,
        "json",
        1,
    )
    assert got["tokenize"] is None  # sacreBLEU's default follows -l's target
    assert got["echo"] is None


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (("-w", "21"), "argument -w/--width: expected an integer 0 to 20, got 21"),
        (("-nr", "0"), "argument -nr/--num-refs: expected an integer 1 or more, got 0"),
        (("-m", "bluert"), "argument -m/--metrics/--metric: invalid choice: 'bluert'"),
        (("--jobs", "x"), "argument --jobs: expected an integer, got 'x'"),
        (("--no-such-option",), "unrecognized arguments: --no-such-option"),
        (("--s",), "ambiguous option: --s could match"),
    ],
)
def test_a_bad_call_shows_the_usage_and_what_is_wrong_and_exits_2(
    arguments: tuple[str, ...], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        options("ref.txt", "-i", "h.txt", *arguments)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: mtcompute score [REF ...] [-i HYP ...] [options]")
    assert f"mtcompute score: error: {says}" in err


def test_the_help_lists_every_registered_metric_option_and_the_version_is_the_package_s(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        options("--help")
    assert exited.value.code == 0
    shown = capsys.readouterr().out
    for option in every_option():
        assert all(flag in shown for flag in option.flags), option.name
    with pytest.raises(SystemExit):
        options("-V")
    assert capsys.readouterr().out.startswith("mtcompute score, version ")
