"""``mtcompute score`` with several systems: every file after ``-i`` (and every ``-i``) scored,
``-m`` taking several metrics, ``--confidence``, ``--paired-bs``, ``--paired-ar`` and
``--paired-all`` as sacreBLEU 2.6's CLI prints them, JSON with every number, and the seed."""

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from mtcompute import jsonio
from mtcompute.cli.group import cli
from tests.fast.resampling.corpora import corpus


def score(*args: str, env: dict[str, str] | None = None, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["score", *args], env=env, input=stdin)


def _files(tmp_path: Path, systems: int, segments: int = 40, seed: int = 8) -> list[str]:
    """The reference file, then each system's."""
    hypotheses, streams = corpus(segments, systems, seed=seed)
    paths = []
    for name, lines in [("ref.txt", streams[0])] + [
        (f"sys{k}.txt", hyps) for k, hyps in enumerate(hypotheses)
    ]:
        path = tmp_path / name
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths.append(str(path))
    return paths


def _json(*args: str, env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """mtcompute's objects (``--format jsonl``): every number, one object a line."""
    result = score(*args, "--format", "jsonl", env=env)
    assert result.exit_code == 0, result.stderr
    return [jsonio.loads(line) for line in result.stdout.splitlines()]  # type: ignore[misc]


def _sacrebleu(*args: str) -> str:
    completed = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *args, "-f", "text", "-w", "1"],
        capture_output=True,
        text=True,
        check=True,
        env={"SACREBLEU_SEED": "12345", "NO_COLOR": "1", "PATH": ""},
    )
    return completed.stdout


def _table(text: str) -> str:
    """The table and the explanation, without the signatures (ours name the tool)."""
    return text.split("Metric signatures", maxsplit=1)[0]


@pytest.mark.parametrize(
    "spelling",
    [
        ["-i", "A", "B", "C"],
        ["-i", "A", "-i", "B", "-i", "C"],
        ["-i", "A", "B", "-i", "C"],
        ["--input", "A", "B", "--input", "C"],
    ],
)
def test_every_system_after_i_is_scored(tmp_path: Path, spelling: list[str]) -> None:
    ref, *systems = _files(tmp_path, 3)
    named = dict(zip("ABC", systems, strict=True))
    rows = _json(ref, *[named.get(word, word) for word in spelling])
    assert [row["system"] for row in rows] == systems


@pytest.mark.parametrize(
    "spelling", [["-m", "bleu", "chrf", "ter"], ["-m", "bleu", "-m", "chrf", "-m", "ter"]]
)
def test_metrics_come_with_spaces_or_repeated(tmp_path: Path, spelling: list[str]) -> None:
    ref, one, two = _files(tmp_path, 2)
    rows = _json(ref, *spelling, "-i", one, two)
    assert [row["metric"] for row in rows] == ["bleu", "chrf", "ter"] * 2


def test_metrics_then_systems_then_options_each_take_their_words(tmp_path: Path) -> None:
    ref, one, two = _files(tmp_path, 2)
    rows = _json(ref, "-m", "BLEU", "chrF", "-i", one, two, "-w", "1")
    assert [(row["system"], row["name"]) for row in rows] == [
        (one, "BLEU"), (one, "chrF2"), (two, "BLEU"), (two, "chrF2"),
    ]  # fmt: skip


def test_standard_input_is_a_word_and_a_double_dash_ends_the_words(tmp_path: Path) -> None:
    ref, one, two = _files(tmp_path, 2)
    stdin = Path(two).read_text(encoding="utf-8")
    result = score("-i", one, "-", "--", ref, stdin=stdin)
    assert result.exit_code == 0, result.stderr
    rows: list[dict[str, Any]] = jsonio.loads(result.stdout)  # type: ignore[assignment]
    assert [row["system"] for row in rows] == [one, "-"]  # sacreBLEU's JSON of several


def test_references_after_the_systems_are_a_usage_error_that_says_why(tmp_path: Path) -> None:
    ref, one = _files(tmp_path, 1)
    result = score("-i", one, ref)
    assert result.exit_code == 2
    assert "before -i" in result.stderr


def test_several_systems_without_a_test_print_sacrebleus_table(tmp_path: Path) -> None:
    ref, *systems = _files(tmp_path, 3)
    ours = score(ref, "-i", *systems, "-m", "bleu", "chrf", "-f", "text")
    assert ours.exit_code == 0, ours.stderr
    assert _table(ours.stdout) == _table(_sacrebleu(ref, "-i", *systems, "-m", "bleu", "chrf"))


@pytest.mark.parametrize(
    ("flags", "metrics"),
    [
        (["--paired-bs", "--paired-bs-n", "300"], ["bleu", "chrf"]),
        (["--paired-ar", "--paired-ar-n", "500"], ["ter", "chrf"]),
    ],
)
def test_paired_tests_print_sacrebleus_table(
    tmp_path: Path, flags: list[str], metrics: list[str]
) -> None:
    ref, *systems = _files(tmp_path, 3)
    ours = score(ref, "-i", *systems, "-m", *metrics, *flags, "-f", "text")
    assert ours.exit_code == 0, ours.stderr
    theirs = _sacrebleu(ref, "-i", *systems, "-m", *metrics, *flags)
    assert _table(ours.stdout) == _table(theirs)
    assert "|bs:300|seed:12345|" in ours.stdout or "|ar:500|seed:12345|" in ours.stdout


@pytest.mark.parametrize(
    "options",
    [
        ["-cw", "2", "--chrf-lowercase"],
        ["-cc", "4", "--chrf-beta", "3", "--chrf-whitespace"],
        ["--chrf-eps-smoothing"],
    ],
)
def test_paired_tests_take_chrfs_options_as_sacrebleu_does(
    tmp_path: Path, options: list[str]
) -> None:
    ref, *systems = _files(tmp_path, 3)
    flags = ["--paired-bs", "--paired-bs-n", "200", *options]
    ours = score(ref, "-i", *systems, "-m", "chrf", *flags, "-f", "text")
    assert ours.exit_code == 0, ours.stderr
    assert _table(ours.stdout) == _table(_sacrebleu(ref, "-i", *systems, "-m", "chrf", *flags))


def test_one_systems_confidence_prints_sacrebleus_line(tmp_path: Path) -> None:
    ref, one = _files(tmp_path, 1)
    args = ("-m", "bleu", "chrf", "--confidence", "-cin", "200", "-f", "text")
    ours = score(ref, "-i", one, *args)
    assert ours.exit_code == 0, ours.stderr
    theirs = _sacrebleu(ref, "-i", one, "-m", "bleu", "chrf", "--confidence", "-cin", "200")
    numbers = re.compile(r"= (\S+) \(μ = (\S+) ± (\S+)\)")
    assert numbers.findall(ours.stdout) == numbers.findall(theirs)
    assert "|bs:200|seed:12345|" in ours.stdout


def test_json_gives_every_number_per_system_and_metric(tmp_path: Path) -> None:
    ref, one, two = _files(tmp_path, 2)
    rows = _json(ref, "-i", one, two, "-m", "chrf", "--paired-bs", "--paired-bs-n", "100")
    assert [set(row) for row in rows] == [
        {"system", "metric", "name", "score", "mean", "ci", "p_value", "signature"}
    ] * 2
    assert rows[0]["p_value"] is None
    assert 0 < rows[1]["p_value"] <= 1
    assert isinstance(rows[1]["mean"], float)


def test_every_pair_is_tested_with_paired_all(tmp_path: Path) -> None:
    ref, *systems = _files(tmp_path, 3)
    rows = _json(ref, "-i", *systems, "--paired-all", "--paired-ar", "--paired-ar-n", "100")
    assert [(row["baseline"], row["system"]) for row in rows] == [
        (systems[0], systems[1]), (systems[0], systems[2]), (systems[1], systems[2]),
    ]  # fmt: skip
    text = score(ref, "-i", *systems, "--paired-all", "--paired-bs-n", "50", "-f", "text").stdout
    assert "Baseline" in text
    assert text.count("(p = ") == 3


def test_the_seed_comes_from_seed_then_sacrebleu_seed(tmp_path: Path) -> None:
    ref, one, two = _files(tmp_path, 2)
    args = (ref, "-i", one, two, "--paired-bs", "--paired-bs-n", "100")
    from_flag = _json(*args, "--seed", "7")
    from_variable = _json(*args, env={"SACREBLEU_SEED": "7"})
    assert from_flag == from_variable
    assert "|seed:7|" in from_flag[0]["signature"]
    zero = _json(*args, "--seed", "0")
    assert zero == _json(*args, "--seed", "0")  # 0 is a seed, not the operating system's
    assert "|seed:0|" in zero[0]["signature"]


def test_seed_none_draws_from_the_operating_system_and_says_so(tmp_path: Path) -> None:
    ref, one, two = _files(tmp_path, 2)
    args = (ref, "-i", one, two, "--paired-bs", "--paired-bs-n", "100", "--seed", "None")
    rows = _json(*args)
    assert "|seed:none|" in rows[0]["signature"]
    means = {_json(*args)[1]["mean"] for _ in range(3)}
    assert len(means | {rows[1]["mean"]}) > 1


def test_portable_resampling_is_named_in_the_signature_and_repeats(tmp_path: Path) -> None:
    ref, one, two = _files(tmp_path, 2)
    args = (ref, "-i", one, two, "--paired-ar", "--paired-ar-n", "200", "--resampling", "portable")
    rows = _json(*args)
    assert "|ar:200|seed:12345|resample:portable|" in rows[0]["signature"]
    assert rows == _json(*args)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--paired-bs", "--paired-ar"], "exclude each other"),
        (["--seed", "abc"], "expected an integer or none"),
        (["--seed", "-3"], "expected an integer from 0"),
        (["--sentence-level"], "--sentence-level"),
    ],
)
def test_contradictions_are_usage_errors(tmp_path: Path, extra: list[str], message: str) -> None:
    ref, one, two = _files(tmp_path, 2)
    result = score(ref, "-i", one, two, *extra)
    assert result.exit_code == 2
    assert message in result.stderr


def test_a_paired_test_needs_two_systems(tmp_path: Path) -> None:
    ref, one = _files(tmp_path, 1)
    result = score(ref, "-i", one, "--paired-bs")
    assert result.exit_code == 2
    assert "at least two systems" in result.stderr


def test_a_system_given_twice_or_of_another_length_is_an_input_error(tmp_path: Path) -> None:
    ref, one = _files(tmp_path, 1)
    twice = score(ref, "-i", one, one)
    assert twice.exit_code == 2
    assert "given twice" in twice.stderr
    short = tmp_path / "short.txt"
    short.write_text("a\n", encoding="utf-8")
    result = score(ref, "-i", one, str(short))
    assert result.exit_code == 2
    assert "line_count_mismatch" in result.stderr
