"""The README's Python examples, run in order as one session, print what their comments say;
its ``mtcompute score`` commands print the output shown under them."""

import contextlib
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtcompute.cli.group import cli
from mtcompute.version import __version__

_README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
_BLOCKS = re.findall(r"```python\n(.*?)```", _README, re.S)
_PRINTED = re.compile(r"^print\(.*\)  # (.*)$", re.M)


def test_every_readme_python_example_prints_something() -> None:
    assert _BLOCKS
    assert all(_PRINTED.search(block) for block in _BLOCKS)


def test_the_readme_python_examples_print_what_their_comments_say() -> None:
    session: dict[str, object] = {}
    for block in _BLOCKS:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, "README.md", "exec"), session)
        assert printed.getvalue().splitlines() == _PRINTED.findall(block)


_SCORE_SHOWN = re.compile(
    r"```sh\n\.venv/bin/mtcompute (score [^\n]*)\n```\n\n```text\n(.*?)```", re.S
)


def test_the_readme_score_commands_print_the_output_shown_under_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shown = _SCORE_SHOWN.findall(_README)
    assert len(shown) >= 2
    monkeypatch.chdir(Path(__file__).parents[1])
    for command, output in shown:
        ran = CliRunner().invoke(cli, [*command.split(), "-q"])
        assert ran.exit_code == 0, ran.output
        assert ran.stdout == output.replace("0.3.0", __version__), command


def test_ci_runs_the_readme_s_test_command_word_for_word_on_every_core() -> None:
    command = re.search(r"```sh\n(python3 -m venv .*pytest.*)\n```", _README)
    assert command is not None
    assert "-n auto" in command.group(1)
    ci = (Path(__file__).parents[1] / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.splitlines()[-1] == command.group(1)
